package runplan

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/provider/redact"
)

// The keys of the test environment: the provider's, another provider's,
// one a suite names through *_API_KEY, and a placeholder value.
var testEnv = map[string]string{
	"ANTHROPIC_API_KEY":  "sk-ant-api03-recorderTESTkey-0001",
	"OPENAI_API_KEY":     "sk-proj-recorderOTHERkey-0002",
	"MY_SERVICE_API_KEY": "svc-recorderSUITEkey-0003",
	"GEMINI_API_KEY":     "ollama",
}

func testKeys() *redact.KeySet {
	env := func(name string) (string, bool) { v, ok := testEnv[name]; return v, ok }
	return recordKeys(LiveOptions{Env: env, Environ: []string{"MY_SERVICE_API_KEY=x", "HOME=/"}}, nil)
}

func decode(t *testing.T, text string) jsonv.Value {
	t.Helper()
	v, err := jsonv.Decode([]byte(text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return v
}

// record is a cassette record of one Anthropic turn: the user's input in
// the digest, the answer's raw payload, the text its text blocks join to.
func record(t *testing.T, caseName, input, raw string) *cassette.Record {
	t.Helper()
	rawV := decode(t, raw)
	var texts []string
	var calls []cassette.ToolCall
	for _, b := range rawV.Field("content").Items {
		switch b.Field("type").Str() {
		case "text":
			texts = append(texts, b.Field("text").Str())
		case "tool_use":
			calls = append(calls, cassette.ToolCall{ID: b.Field("id").Str(), Name: b.Field("name").Str(),
				Arguments: b.Field("input"), MalformedArguments: jsonv.NullValue()})
		}
	}
	text := jsonv.NullValue()
	if len(texts) > 0 {
		text = jsonv.StringValue(strings.Join(texts, ""))
	}
	if calls == nil {
		calls = []cassette.ToolCall{}
	}
	return &cassette.Record{
		Key: "0123456789abcdef", Suite: "s", Case: caseName, Turn: 0, Provider: "anthropic", Model: "claude-sonnet-4-6",
		Digest:     decode(t, `{"messages":[{"content":`+strconv.Quote(input)+`,"role":"user"}],"model":"claude-sonnet-4-6"}`),
		Response:   cassette.Response{Text: text, ToolCalls: calls, StopReason: "end_turn", Raw: rawV, LatencyMS: 3},
		RecordedAt: time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC),
	}
}

// blocks is an Anthropic content list with s in text blocks of n bytes.
func blocks(s string, n int) string {
	var out []string
	for i := 0; i < len(s); i += n {
		out = append(out, `{"type":"text","text":`+strconv.Quote(s[i:min(i+n, len(s))])+`}`)
	}
	return `{"content":[` + strings.Join(out, ",") + `],"stop_reason":"end_turn"}`
}

// holdsKey reports whether any string of v, decoded as JSON text again
// where it is some, holds a key of testEnv (the placeholder aside).
func holdsKey(v jsonv.Value) bool {
	switch v.Kind { //nolint:exhaustive // only strings and containers hold text
	case jsonv.String:
		for name, key := range testEnv {
			if name != "GEMINI_API_KEY" && strings.Contains(v.Text, key) {
				return true
			}
		}
		inner, err := jsonv.Decode([]byte(v.Text))
		return err == nil && holdsKey(inner)
	case jsonv.Array:
		for _, x := range v.Items {
			if holdsKey(x) {
				return true
			}
		}
	case jsonv.Object:
		for _, m := range v.Members {
			if holdsKey(jsonv.StringValue(m.Key)) || holdsKey(m.Value) {
				return true
			}
		}
	}
	return false
}

// TestKeyValuesAreNeverRecorded: a recording holding the value of a key
// variable, in whatever shape (interpolated into the request, echoed whole
// by the model, split across text blocks, escaped in a tool call's
// arguments, in a case name), is refused, naming the variable and never
// the value; with --redact-secrets it is written with the value replaced,
// and the case goes on with the redacted response.
func TestKeyValuesAreNeverRecorded(t *testing.T) {
	t.Parallel()
	anthropic, openai, suiteKey := testEnv["ANTHROPIC_API_KEY"], testEnv["OPENAI_API_KEY"], testEnv["MY_SERVICE_API_KEY"]
	escaped := strings.ReplaceAll(openai, "-", `\\u002d`)
	for _, tc := range []struct {
		name     string
		rec      func(t *testing.T) *cassette.Record
		variable string
		where    string
	}{
		{"interpolated into the input", func(t *testing.T) *cassette.Record {
			return record(t, "c", "call with "+suiteKey, blocks("ok", 10))
		}, "MY_SERVICE_API_KEY", "in the request digest at request_digest.messages[0].content"},
		{"split across text blocks", func(t *testing.T) *cassette.Record {
			return record(t, "c", "hi", blocks("it is "+openai+".", 5))
		}, "OPENAI_API_KEY", "in the recorded response at response.text"},
		{"escaped in tool arguments", func(t *testing.T) *cassette.Record {
			rec := record(t, "c", "hi", `{"content":[{"type":"tool_use","id":"t1","name":"save","input":{"note":"{\"k\":\"`+escaped+`\"}"}}]}`)
			return rec
		}, "OPENAI_API_KEY", "in the recorded response (raw provider payload) at response.raw.content[0].input.note (JSON-escaped)"},
		{"in the case name", func(t *testing.T) *cassette.Record {
			return record(t, "leak "+anthropic, "hi", blocks("ok", 10))
		}, "ANTHROPIC_API_KEY", "in the cassette's header fields at case"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			root := filepath.Join(dir, ".dryfire", "cassettes")
			r, err := newRecorder(dir, root, false, testKeys())
			if err != nil {
				t.Fatal(err)
			}
			_, err = r.Record(context.Background(), tc.rec(t))
			var refusal *SecretRefusal
			if !errors.As(err, &refusal) || len(refusal.Keys) == 0 {
				t.Fatalf("error %v, want a refusal naming a key", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, "the value of "+tc.variable+" "+tc.where) || !strings.Contains(msg, "--redact-secrets") {
				t.Errorf("refusal %q, want it to say %q", msg, tc.variable+" "+tc.where)
			}
			for _, key := range []string{anthropic, openai, suiteKey} {
				if strings.Contains(msg, key) || strings.Contains(refusal.Path, key) {
					t.Errorf("the refusal shows a key: %q", msg)
				}
			}
			if n := countFiles(t, dir); n != 0 {
				t.Errorf("%d files written for a refused recording", n)
			}

			r, _ = newRecorder(dir, root, true, testKeys())
			resp, err := r.Record(context.Background(), tc.rec(t))
			if err != nil {
				t.Fatal(err)
			}
			sum := r.summary()
			if len(sum.Written) != 1 || len(sum.Redacted) != 1 {
				t.Fatalf("written %v, redacted %v", sum.Written, sum.Redacted)
			}
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(sum.Written[0])))
			if err != nil {
				t.Fatal(err)
			}
			if holdsKey(decode(t, string(data))) || strings.Contains(sum.Written[0], anthropic) {
				t.Errorf("the redacted cassette %s holds a key:\n%s", sum.Written[0], data)
			}
			if !strings.Contains(string(data), "[REDACTED:env:"+tc.variable+"]") {
				t.Errorf("the cassette does not say what was redacted:\n%s", data)
			}
			if holdsKey(cassette.ResponseValue(resp)) {
				t.Errorf("the case goes on with a key: %+v", resp)
			}
		})
	}
}

// TestPlaceholderKeysDoNotBlockRecording: a key variable set to a word
// shorter than MinRecordedKey ("ollama" for a local server) is not a key a
// recording must not hold: text holding the word is recorded as is, with
// dryfire's bytes.
func TestPlaceholderKeysDoNotBlockRecording(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	root := filepath.Join(dir, ".dryfire", "cassettes")
	rec := record(t, "c", "which model runs on ollama?", blocks("ollama runs it", 100))
	plain, _ := newRecorder(dir, filepath.Join(dir, "plain"), false, nil)
	if _, err := plain.Record(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	r, _ := newRecorder(dir, root, false, testKeys())
	if _, err := r.Record(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(filepath.Join(dir, "plain", filepath.FromSlash(rec.RelPath())))
	got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rec.RelPath())))
	if err != nil || string(got) != string(want) {
		t.Errorf("written %q (%v), want the bytes written without keys", got, err)
	}
}

// TestUnreadableCassettesAreNotWritten: a cassette whose encoding is over
// the size limit of reads (a huge answer, or a request holding thousands
// of tool results) is not written, since replay could not read it back;
// the case ends with an error that says so. Not parallel: it sets the
// process's size limit.
func TestUnreadableCassettesAreNotWritten(t *testing.T) {
	safefile.SetMaxSize(4 << 10)
	defer safefile.SetMaxSize(0)
	dir := t.TempDir()
	root := filepath.Join(dir, ".dryfire", "cassettes")
	r, _ := newRecorder(dir, root, false, nil)
	_, err := r.Record(context.Background(), record(t, "c", "hi", blocks(strings.Repeat("long answer ", 500), 1000)))
	var tl *cassette.TooLargeError
	if !errors.As(err, &tl) || !errors.Is(err, safefile.ErrTooLarge) ||
		!strings.Contains(err.Error(), "s/c/00-0123456789abcdef.json: not written: the cassette would be 12.") ||
		!strings.Contains(err.Error(), "over the file size limit of 4 KiB that replay reads (raise it with DRYFIRE_TUI_MAX_FILE_SIZE)") {
		t.Fatalf("error %v", err)
	}
	if n := countFiles(t, dir); n != 0 || len(r.summary().Written) != 0 {
		t.Errorf("%d files left, %d said written", n, len(r.summary().Written))
	}
	if _, err := r.Record(context.Background(), record(t, "c", "hi", blocks("short", 10))); err != nil {
		t.Errorf("a cassette under the limit: %v", err)
	}
}

func countFiles(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
