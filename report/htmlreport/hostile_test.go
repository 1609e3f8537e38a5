package htmlreport

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html/atom"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
)

// texts are the texts a hostile document puts in every field the page
// shows.
type texts struct {
	suite, path, name, desc, message, expected, tool, argKey, argValue, result, response, reasoning, model, errText string
}

// runDoc is a run document of one failing case whose every text is
// given: one turn with one tool call and its result, one judge.
func runDoc(x texts) jsonv.Value {
	s, n := jsonv.StringValue, jsonv.IntValue
	usage := jsonv.ObjectValue(jsonv.M("input_tokens", n(10)), jsonv.M("output_tokens", n(5)))
	call := jsonv.ObjectValue(jsonv.M("id", s("c0")), jsonv.M("name", s(x.tool)),
		jsonv.M("arguments", jsonv.ObjectValue(jsonv.M(x.argKey, s(x.argValue)))))
	turn := jsonv.ObjectValue(
		jsonv.M("index", n(0)),
		jsonv.M("request_messages", jsonv.ArrayValue(jsonv.ObjectValue(jsonv.M("role", s("user")), jsonv.M("content", s(x.message))))),
		jsonv.M("response", jsonv.ObjectValue(jsonv.M("text", s(x.response)), jsonv.M("tool_calls", jsonv.ArrayValue(call)),
			jsonv.M("stop_reason", s("tool_use")), jsonv.M("usage", usage), jsonv.M("latency_ms", n(3)), jsonv.M("raw", jsonv.ObjectValue()))),
		jsonv.M("tool_results", jsonv.ArrayValue(jsonv.ObjectValue(jsonv.M("call_id", s("c0")), jsonv.M("content", s(x.result)), jsonv.M("is_error", jsonv.BoolValue(true))))),
	)
	verdict := jsonv.ObjectValue(jsonv.M("score", jsonv.FloatValue(0.2)), jsonv.M("passed", jsonv.BoolValue(false)),
		jsonv.M("reasoning", s(x.reasoning)), jsonv.M("judge_model", s(x.model)), jsonv.M("judge_model_version", s(x.model)),
		jsonv.M("rubric_hash", s("abc")), jsonv.M("threshold", jsonv.FloatValue(0.5)), jsonv.M("error", s(x.errText)))
	trace := jsonv.ObjectValue(
		jsonv.M("case_name", s(x.name)), jsonv.M("suite_name", s(x.suite)), jsonv.M("turns", jsonv.ArrayValue(turn)),
		jsonv.M("final_text", s(x.response)), jsonv.M("termination", s("provider_error")), jsonv.M("total_usage", usage),
		jsonv.M("total_cost_usd", jsonv.NullValue()), jsonv.M("duration_ms", n(7)), jsonv.M("error", s(x.errText)),
		jsonv.M("model", s(x.model)), jsonv.M("judge_verdicts", jsonv.ObjectValue(jsonv.M(x.model+"\n"+x.name, verdict))),
	)
	assertion := jsonv.ObjectValue(jsonv.M("kind", s(x.desc)), jsonv.M("description", s(x.desc)), jsonv.M("passed", jsonv.BoolValue(false)),
		jsonv.M("message", s(x.message)), jsonv.M("expected", s(x.expected)), jsonv.M("actual", s(x.expected)))
	c := jsonv.ObjectValue(jsonv.M("suite_name", s(x.suite)), jsonv.M("case_name", s(x.name)), jsonv.M("passed", jsonv.BoolValue(false)),
		jsonv.M("error", s(x.errText)), jsonv.M("assertions", jsonv.ArrayValue(assertion)), jsonv.M("trace", trace))
	return jsonv.ObjectValue(jsonv.M("schema_version", n(2)), jsonv.M("generated_at", s("2026-08-02T12:00:00Z")),
		jsonv.M("complete", jsonv.BoolValue(true)),
		jsonv.M("suites", jsonv.ArrayValue(jsonv.ObjectValue(jsonv.M("name", s(x.suite)), jsonv.M("path", s(x.path)),
			jsonv.M("cases", jsonv.ArrayValue(c))))))
}

func pageOf(t *testing.T, v jsonv.Value, o Options) string {
	t.Helper()
	doc, err := NewDocument(v)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteRun(&b, doc, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// hostile are texts that would be markup, script, a link, a style, a
// terminal sequence or reordered text if written as they are.
var hostile = []string{
	`<script>alert(1)</script>`,
	`"><img src=x onerror=alert(1)>`,
	`'><a href="https://example.invalid/">x</a>`,
	`</pre></details></main><script>alert(2)</script>`,
	`</style><link rel=stylesheet href=//example.invalid/a.css>`,
	`<!-- open comment`,
	`<![CDATA[ x ]]>`,
	`&amp; &lt;b&gt; &#x3c;script&#x3e;`,
	"osc 52 \x1b]52;c;Y3VybA==\x07 csi \x1b[2J one-byte csi \u009b2J",
	"rtl \u202eexe.pdf isolate \u2066x\u2069 mark \u200f",
	"nul \x00 nel \u0085 ls \u2028 ps \u2029 bom \ufeff zw \u200b del \x7f",
	"url(https://example.invalid/x.png) @import 'x';",
}

// TestHostileTextIsInert: whatever a document's texts hold, the page is
// well formed with only its own elements and attributes (no script, no
// image, no link out), shows each text as visible characters, and holds
// no control, bidi or invisible character, raw.
func TestHostileTextIsInert(t *testing.T) {
	t.Parallel()
	for _, h := range hostile {
		t.Run(visible.Line(h), func(t *testing.T) {
			t.Parallel()
			x := texts{h, h, h, h, h, h, h, h, h, h, h, h, h, h}
			page := pageOf(t, runDoc(x), Options{Now: now, Source: h})
			checkSelfContained(t, page)
			if !utf8.ValidString(page) {
				t.Error("the page is not UTF-8")
			}
			for _, r := range page {
				if r < 0x20 && r != '\n' || r >= 0x7f && r <= 0x9f || visible.Needs(string(r)) && r != '\n' {
					t.Fatalf("the page holds %U raw", r)
				}
			}
			root := parse(t, page)
			if got := text(one(t, root, atom.Span, "case-name")); got != visible.Line(h) {
				t.Errorf("case name shows %q, want %q", got, visible.Line(h))
			}
			if got := text(one(t, root, atom.Div, "reply")); got != "response"+visible.Text(h) {
				t.Errorf("response shows %q", got)
			}
		})
	}
}

// TestEscapesAreMarked: a character shown escaped is set apart from the
// same characters typed: the typed \u202e is text, the escaped one a mark.
func TestEscapesAreMarked(t *testing.T) {
	t.Parallel()
	var m markup
	m.text(`typed \u202e, real ` + "\u202e")
	want := `typed \u202e, real <span class="esc" title="a character shown escaped: a control, a bidi control or an invisible character">\u202e</span>`
	if m.String() != want {
		t.Errorf("got  %s\nwant %s", m.String(), want)
	}
}

// secretDoc is a run document whose recording holds an OpenAI key in the
// response, a password under its name in a tool call's arguments (and
// again in the final text) and, in the case name and a tool result, the
// value of an API key of the environment.
func secretDoc() (v jsonv.Value, recorded []secrettest.Secret, apiKey secrettest.Secret) {
	g := secrettest.New(23)
	key, pw, api := g.OpenAI(), g.Password(8), g.Anthropic()
	x := texts{
		suite: "s", path: "s.eval.yaml", name: "uses " + api.Text, desc: "calls_tool: login", message: "m", expected: "e",
		tool: "login", argKey: "password", argValue: pw.Text, result: "signed in with " + api.Text,
		response: "the key is " + key.Text + " and the password " + pw.Text, reasoning: "r", model: "claude-sonnet-4-6", errText: "",
	}
	return runDoc(x), []secrettest.Secret{key, pw}, api
}

// TestSecretsAreMasked: recorded secrets show as their masks, the API
// key as its own; --reveal shows the recorded secrets, never the key.
func TestSecretsAreMasked(t *testing.T) {
	t.Parallel()
	v, recorded, api := secretDoc()
	keys := visible.NewKeys(visible.Key{Name: "ANTHROPIC_API_KEY", Value: api.Text})
	page := pageOf(t, v, Options{Keys: keys})
	if leaked := secrettest.Leaked(page, append(recorded, api)); len(leaked) > 0 {
		t.Errorf("the page shows %v", leaked)
	}
	root := parse(t, page)
	masks := find(root, atom.Span, "mask")
	shown := map[string]bool{}
	for _, m := range masks {
		shown[text(m)] = true
	}
	if !shown["[$ANTHROPIC_API_KEY]"] || len(shown) < 3 {
		t.Errorf("masks shown: %v", shown)
	}
	revealed := pageOf(t, v, Options{Keys: keys, Reveal: true})
	if leaked := secrettest.Leaked(revealed, recorded); len(leaked) != len(recorded) {
		t.Errorf("--reveal shows %v of %d recorded secrets", leaked, len(recorded))
	}
	if leaked := secrettest.Leaked(revealed, []secrettest.Secret{api}); len(leaked) > 0 {
		t.Errorf("--reveal shows the API key")
	}
	if !strings.Contains(revealed, "[$ANTHROPIC_API_KEY]") {
		t.Error("--reveal does not show the key's mask")
	}
}
