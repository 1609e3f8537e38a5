package diff

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

const golden = "../testdata/golden/dryfire"

// digest reads the request_digest of a golden cassette file.
func digest(t *testing.T, project, rel string) jsonv.Value {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(golden, project, ".dryfire/cassettes", rel))
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonv.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return v.Field("request_digest")
}

func mustDecode(t *testing.T, s string) jsonv.Value {
	t.Helper()
	v, err := jsonv.Decode([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// set replaces the value at a path of dotted keys and [i] indexes.
func set(t *testing.T, v jsonv.Value, path string, x jsonv.Value) jsonv.Value {
	t.Helper()
	v = v.Clone()
	setPath(t, &v, path, x)
	return v
}

func setPath(t *testing.T, v *jsonv.Value, path string, x jsonv.Value) {
	if path == "" {
		*v = x
		return
	}
	path = strings.TrimPrefix(path, ".")
	if i, rest := leadingIndex(path); i >= 0 {
		setPath(t, &v.Items[i], rest, x)
		return
	}
	head, rest := splitPath(path)
	for k := range v.Members {
		if v.Members[k].Key == head {
			setPath(t, &v.Members[k].Value, rest, x)
			return
		}
	}
	t.Fatalf("no member %q", head)
}

func TestExplainGolden(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		project, file string
		mutate        func(t *testing.T, v jsonv.Value) jsonv.Value
		path          string
		kind          ChangeKind
		summary       string
	}{
		"B tool description": {
			project: "project-B-tool-description",
			file:    "refund_agent/parallel_lookups/00-6e943a4a4125d90d.json",
			mutate: func(t *testing.T, v jsonv.Value) jsonv.Value {
				return set(t, v, "tools[0].description", jsonv.StringValue("Retrieve order details by order id."))
			},
			path:    "tools[0].description",
			kind:    Changed,
			summary: "tool lookup_order: description changed",
		},
		"C tools reordered": {
			project: "project-C-tools-reordered",
			file:    "travel_booking/books_cheapest_flight/00-38582377b98c78a5.json",
			mutate: func(t *testing.T, v jsonv.Value) jsonv.Value {
				tools := v.Field("tools").Items
				moved := append([]jsonv.Value{tools[len(tools)-1]}, tools[:len(tools)-1]...)
				return set(t, v, "tools", jsonv.ArrayValue(moved...))
			},
			path:    "tools[0]",
			kind:    Reordered,
			summary: "tools reordered: get_weather moved 2 → 0",
		},
		"S case mock override": {
			project: "project-S-case-mock-override",
			file:    "refund_agent/refunds_disabled_escalates/02-6771cd626322a509.json",
			mutate: func(t *testing.T, v jsonv.Value) jsonv.Value {
				return set(t, v, "messages[4].tool_results[0].content", jsonv.StringValue("refunds are disabled"))
			},
			path:    "messages[4].tool_results[0].content",
			kind:    Changed,
			summary: "turn 2: result of issue_refund changed",
		},
		"temperature": {
			project: "project-B-tool-description",
			file:    "refund_agent/parallel_lookups/00-6e943a4a4125d90d.json",
			mutate: func(t *testing.T, v jsonv.Value) jsonv.Value {
				return set(t, v, "params.temperature", jsonv.FloatValue(0.35))
			},
			path:    "params.temperature",
			kind:    Changed,
			summary: "temperature 0.0 → 0.35",
		},
		"system prompt": {
			project: "project-B-tool-description",
			file:    "refund_agent/parallel_lookups/00-6e943a4a4125d90d.json",
			mutate: func(t *testing.T, v jsonv.Value) jsonv.Value {
				return set(t, v, "system", jsonv.StringValue("You are a support agent.\nBe kind.\nNever refund over $500 without a human.\n"))
			},
			path:    "system",
			kind:    Changed,
			summary: "system prompt changed (+3 −2 lines)",
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			recorded := digest(t, tt.project, tt.file)
			r := Explain(recorded, tt.mutate(t, recorded))
			if len(r.Changes) != 1 {
				t.Fatalf("changes = %+v, want one", r.Changes)
			}
			if c := r.Changes[0]; c.Path != tt.path || c.Kind != tt.kind {
				t.Errorf("change = %s %s, want %s %s", c.Path, c.Kind, tt.path, tt.kind)
			}
			if len(r.Summary) != 1 || r.Summary[0] != tt.summary {
				t.Errorf("summary = %q, want %q", r.Summary, tt.summary)
			}
			if !strings.HasPrefix(r.Unified(), "--- recorded\n+++ current\n@@ ") {
				t.Errorf("unified diff:\n%s", r.Unified())
			}
		})
	}
}

// The K mutation changes only the file's schema_version: the request it
// recorded is the request sent now.
func TestExplainUnchangedRequest(t *testing.T) {
	t.Parallel()
	d := digest(t, "project-K-schema-version-bumped", "refund_agent/parallel_lookups/01-3d3d451719dd1a54.json")
	r := Explain(d, d)
	if !r.Equal() || len(r.Summary) != 0 || r.Unified() != "" {
		t.Errorf("Explain(d, d) = %+v", r)
	}
}

// Differences the fingerprint ignores are not reported: key order, NFD
// spellings, provider call ids.
func TestExplainIgnoresWhatIsNotHashed(t *testing.T) {
	t.Parallel()
	a := mustDecode(t, `{"schema_version":1,"provider":"p","model":"m","system":"caf\u00e9",
		"messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"toolu_A","name":"f","arguments":{},"malformed_arguments":null}],"tool_results":[]},
		{"role":"tool","content":null,"tool_calls":[],"tool_results":[{"call_id":"toolu_A","content":"ok","is_error":false}]}],
		"tools":[],"params":{"temperature":0.0}}`)
	b := mustDecode(t, `{"params":{"temperature":0.0},"tools":[],"model":"m","provider":"p","system":"cafe\u0301","schema_version":1,
		"messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"call_0","name":"f","arguments":{},"malformed_arguments":null}],"tool_results":[]},
		{"role":"tool","content":null,"tool_calls":[],"tool_results":[{"call_id":"call_0","content":"ok","is_error":false}]}]}`)
	if r := Explain(a, b); !r.Equal() {
		t.Errorf("changes = %+v, summary %q", r.Changes, r.Summary)
	}
	// 0 and 0.0 are different to the hash, so they are a change here.
	c := set(t, b, "params.temperature", jsonv.IntValue(0))
	if r := Explain(a, c); len(r.Changes) != 1 || r.Summary[0] != "temperature 0.0 → 0" {
		t.Errorf("int/float: %+v %q", r.Changes, r.Summary)
	}
}

func TestExplainIncomplete(t *testing.T) {
	t.Parallel()
	full := digest(t, "project-B-tool-description", "refund_agent/parallel_lookups/00-6e943a4a4125d90d.json")
	r := Explain(mustDecode(t, `{"messages": []}`), full)
	if !r.Incomplete || len(r.Changes) != 0 || r.Unified() != "" {
		t.Fatalf("result = %+v", r)
	}
	if want := "incomplete digest: the recording stores only messages (no schema_version, provider, model, system, tools, params), so it cannot be explained field by field"; r.Summary[0] != want {
		t.Errorf("summary = %q", r.Summary[0])
	}
}

func TestExplainListChanges(t *testing.T) {
	t.Parallel()
	base := digest(t, "project-S-case-mock-override", "refund_agent/refunds_disabled_escalates/02-6771cd626322a509.json")
	tools := base.Field("tools").Items
	msgs := base.Field("messages").Items
	tests := map[string]struct {
		current jsonv.Value
		changes []string // "path kind"
		summary []string
	}{
		"tool removed": {
			current: set(t, base, "tools", jsonv.ArrayValue(tools[0], tools[2])),
			changes: []string{"tools[1] removed"},
			summary: []string{"tool issue_refund removed"},
		},
		"tool added": {
			current: set(t, base, "tools", jsonv.ArrayValue(append(append([]jsonv.Value{}, tools...),
				mustDecode(t, `{"name":"cancel","description":null,"input_schema":null}`))...)),
			changes: []string{"tools[3] added"},
			summary: []string{"tool cancel added"},
		},
		"two tools swapped and one edited": {
			current: set(t, set(t, base, "tools", jsonv.ArrayValue(tools[1], tools[0], tools[2])),
				"tools[2].input_schema.required[0]", jsonv.StringValue("order_id")),
			changes: []string{"tools[1] reordered", "tools[2].input_schema.required[0] changed"},
			summary: []string{"tools reordered: lookup_order moved 0 → 1", "tool escalate_to_human: input_schema changed"},
		},
		"conversation shorter": {
			current: set(t, base, "messages", jsonv.ArrayValue(msgs[:3]...)),
			changes: []string{"messages[3] removed", "messages[4] removed"},
			summary: []string{"turn 2: assistant message removed", "turn 2: tool message removed"},
		},
		"tool call arguments": {
			current: set(t, base, "messages[3].tool_calls[0].arguments.amount", jsonv.IntValue(25)),
			changes: []string{"messages[3].tool_calls[0].arguments.amount changed"},
			summary: []string{"turn 2: call to issue_refund changed"},
		},
		"model": {
			current: set(t, base, "model", jsonv.StringValue("claude-opus-4-1")),
			changes: []string{"model changed"},
			summary: []string{"model claude-sonnet-4-6 → claude-opus-4-1"},
		},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := Explain(base, tt.current)
			var got []string
			for _, c := range r.Changes {
				got = append(got, c.Path+" "+c.Kind.String())
			}
			if strings.Join(got, "\n") != strings.Join(tt.changes, "\n") {
				t.Errorf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.changes, "\n"))
			}
			if strings.Join(r.Summary, "\n") != strings.Join(tt.summary, "\n") {
				t.Errorf("summary:\n%s\nwant:\n%s", strings.Join(r.Summary, "\n"), strings.Join(tt.summary, "\n"))
			}
		})
	}
}

func TestUnifiedSplitsLongStrings(t *testing.T) {
	t.Parallel()
	a := mustDecode(t, `{"schema_version":1,"provider":"p","model":"m","system":"one\ntwo\nthree\n","messages":[],"tools":[],"params":{}}`)
	b := set(t, a, "system", jsonv.StringValue("one\n2\nthree\n"))
	r := Explain(a, b)
	want := "--- recorded\n+++ current\n@@ -5,7 +5,7 @@\n   \"provider\": \"p\",\n   \"schema_version\": 1,\n   \"system\": \"one\\n\"\n-            \"two\\n\"\n+            \"2\\n\"\n             \"three\\n\",\n   \"tools\": []\n }\n"
	if r.Unified() != want {
		t.Errorf("unified:\n%s\nwant:\n%s", r.Unified(), want)
	}
}

func TestClosest(t *testing.T) {
	t.Parallel()
	base := digest(t, "project-S-case-mock-override", "refund_agent/refunds_disabled_escalates/02-6771cd626322a509.json")
	far := set(t, set(t, base, "model", jsonv.StringValue("x")), "system", jsonv.NullValue())
	near := set(t, base, "model", jsonv.StringValue("x"))
	stub := mustDecode(t, `{"messages":[]}`)
	if got := Closest(base, []jsonv.Value{stub, far, near}); got != 2 {
		t.Errorf("Closest = %d, want 2", got)
	}
	if got := Closest(base, nil); got != -1 {
		t.Errorf("Closest(nil) = %d", got)
	}
}
