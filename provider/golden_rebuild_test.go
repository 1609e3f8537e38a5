package provider_test

import (
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// rebuild returns the request dryfire sent for f's turn (see
// TestRecordFixtures); previous holds this test's responses to the case
// repetition's earlier turns.
func rebuild(t *testing.T, p *suite.Project, f cassetteFile, previous []cassette.Response) *provider.Request {
	t.Helper()
	req, err := provider.FromHashArgs(f.c.RequestDigest)
	if err != nil {
		t.Fatalf("%s: %v", f.rel, err)
	}
	msgs := f.c.RequestDigest.Field("messages").Items
	n, turn := len(msgs), f.c.Turn
	if !loopTurn(msgs, turn) {
		// A judge call: a conversation of its own, with no ids to restore.
		for _, m := range req.Messages {
			if m.Role == "assistant" || len(m.ToolResults) > 0 {
				t.Fatalf("%s: turn %d is neither the loop's nor a judge's", f.rel, turn)
			}
		}
		return req
	}
	input := caseInput(t, p, f)
	if len(input) != n-2*turn {
		t.Fatalf("%s: the case input has %d messages, the digest %d before the loop's", f.rel, len(input), n-2*turn)
	}
	seen := map[string]string{}
	out := make([]provider.Message, 0, n)
	add := func(m provider.Message, want jsonv.Value) {
		got := cassette.NormaliseIDs(hashForm(m), seen)
		if g, w := sortedValue(t, got), sortedValue(t, want); g != w {
			t.Fatalf("%s: rebuilt message %d hashes as\n%s\nthe digest has\n%s", f.rel, len(out), g, w)
		}
		out = append(out, m)
	}
	for i, m := range input {
		add(m, msgs[i])
	}
	for k := range turn {
		at := n - 2*turn + 2*k
		add(provider.AssistantMessage(previous[k]), msgs[at])
		tool := restoreOrder(t, p, f, restoreIDs(t, f.rel, msgs[at+1], invert(seen)))
		parsed, err := provider.FromHashArgs(jsonv.ObjectValue(jsonv.M("model", jsonv.StringValue("")),
			jsonv.M("messages", jsonv.ArrayValue(tool))))
		if err != nil {
			t.Fatalf("%s: %v", f.rel, err)
		}
		add(parsed.Messages[0], msgs[at+1])
	}
	req.Messages = out
	return req
}

// loopTurn reports whether the digest ends with the turn-many
// assistant/tool pairs of the loop's earlier turns.
func loopTurn(msgs []jsonv.Value, turn int) bool {
	n := len(msgs)
	if n < 2*turn+1 {
		return false
	}
	for k := range turn {
		at := n - 2*turn + 2*k
		if msgs[at].Field("role").Str() != "assistant" || msgs[at+1].Field("role").Str() != "tool" {
			return false
		}
	}
	return true
}

// caseInput reads the case's input from its suite file: a string is one
// user message, a list is the seeded history.
func caseInput(t *testing.T, p *suite.Project, f cassetteFile) []provider.Message {
	t.Helper()
	for _, s := range p.Suites {
		for _, c := range s.Cases {
			if s.Name != f.c.Suite || c.Name != f.c.Case {
				continue
			}
			input := c.Input
			if input.Kind == jsonv.String {
				input = jsonv.ArrayValue(jsonv.ObjectValue(jsonv.M("role", jsonv.StringValue("user")), jsonv.M("content", c.Input)))
			}
			req, err := provider.FromHashArgs(jsonv.ObjectValue(jsonv.M("model", jsonv.StringValue("")), jsonv.M("messages", input)))
			if err != nil {
				t.Fatalf("%s: input: %v", f.rel, err)
			}
			return req.Messages
		}
	}
	t.Fatalf("%s: no case %q in suite %q", f.rel, f.c.Case, f.c.Suite)
	return nil
}

// hashForm is a message as dryfire's caching layer reduces it for hashing.
func hashForm(m provider.Message) jsonv.Value {
	calls := jsonv.ArrayValue()
	for _, c := range m.ToolCalls {
		calls.Items = append(calls.Items, jsonv.ObjectValue(
			jsonv.M("id", jsonv.StringValue(c.ID)), jsonv.M("name", jsonv.StringValue(c.Name)),
			jsonv.M("arguments", c.Arguments), jsonv.M("malformed_arguments", c.MalformedArguments)))
	}
	results := jsonv.ArrayValue()
	for _, r := range m.ToolResults {
		results.Items = append(results.Items, jsonv.ObjectValue(
			jsonv.M("call_id", jsonv.StringValue(r.CallID)), jsonv.M("content", r.Content),
			jsonv.M("is_error", jsonv.BoolValue(r.IsError))))
	}
	return jsonv.ObjectValue(jsonv.M("role", jsonv.StringValue(m.Role)), jsonv.M("content", m.Content),
		jsonv.M("tool_calls", calls), jsonv.M("tool_results", results))
}

func invert(seen map[string]string) map[string]string {
	out := make(map[string]string, len(seen))
	for id, placeholder := range seen {
		out[placeholder] = id
	}
	return out
}

// restoreIDs maps the digest's call_N placeholders back to the ids they
// stand for; a placeholder no earlier message explains fails the test.
func restoreIDs(t *testing.T, rel string, v jsonv.Value, ids map[string]string) jsonv.Value {
	t.Helper()
	switch v.Kind {
	case jsonv.Array:
		items := make([]jsonv.Value, len(v.Items))
		for i, x := range v.Items {
			items[i] = restoreIDs(t, rel, x, ids)
		}
		v.Items = items
	case jsonv.Object:
		members := make([]jsonv.Member, len(v.Members))
		for i, m := range v.Members {
			x := m.Value
			switch m.Key {
			case "id", "call_id", "tool_call_id", "tool_use_id":
				if x.Kind == jsonv.String {
					r, ok := ids[x.Text]
					if !ok {
						t.Fatalf("%s: no earlier message explains the id %q", rel, x.Text)
					}
					x = jsonv.StringValue(r)
				}
			default:
				x = restoreIDs(t, rel, x, ids)
			}
			members[i] = jsonv.M(m.Key, x)
		}
		v.Members = members
	default:
	}
	return v
}

// restoreOrder gives each object result of a tool message the key order of
// the mock value it equals. The digest was written with sorted keys, and
// the Anthropic and OpenAI wires carry a result as json.dumps text, where
// the order the suite file gives shows.
func restoreOrder(t *testing.T, p *suite.Project, f cassetteFile, msg jsonv.Value) jsonv.Value {
	t.Helper()
	byText := map[string]jsonv.Value{}
	for _, s := range p.Suites {
		if s.Name != f.c.Suite {
			continue
		}
		mocks := s.Mocks
		for _, c := range s.Cases {
			if c.Name == f.c.Case {
				mocks = append(append([]suite.ToolMocks(nil), mocks...), c.Mocks...)
			}
		}
		for _, tm := range mocks {
			for _, r := range tm.Rules {
				byText[sortedValue(t, r.Return)] = r.Return
				for _, st := range r.Sequence {
					byText[sortedValue(t, st.Value)] = st.Value
				}
			}
		}
	}
	results := msg.Field("tool_results")
	out := jsonv.ArrayValue()
	for _, r := range results.Items {
		if c := r.Field("content"); c.Kind == jsonv.Object {
			if v, ok := byText[sortedValue(t, c)]; ok {
				r = r.Clone()
				r.Set("content", v)
			}
		}
		out.Items = append(out.Items, r)
	}
	msg = msg.Clone()
	msg.Set("tool_results", out)
	return msg
}
