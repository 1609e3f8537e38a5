package report

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Show is the show document: one recording and its body (the whole
// cassette, or the tape entry).
type Show struct {
	Recording Recording       `json:"recording"`
	Body      json.RawMessage `json:"body"`
	// Value is the body the text is written from.
	Value jsonv.Value `json:"-"`
}

// NewShow makes the show document of a recording and its body.
func NewShow(r Recording, body jsonv.Value) *Show {
	return &Show{Recording: r, Body: Value(body), Value: body}
}

// WriteText writes the recording's status, then for a dryfire cassette the
// request it was recorded for and the response it replays, for a tape
// entry the entry as pretty JSON.
func (s *Show) WriteText(w io.Writer) error {
	t := newText(w)
	r, body := &s.Recording, s.Value
	t.printf("%s\n", r.Label())
	if r.Format == format.Dryfire {
		t.printf("  %s › %s › turn %d", r.Suite, r.Case, r.Turn)
		if r.RepeatIndex > 0 {
			t.printf(" › repetition #%d", r.RepeatIndex)
		}
		t.printf(" · key %s\n", r.Key)
	}
	t.printf("  %s: %s\n", r.Status, r.Reason)
	if r.Secrets > 0 {
		t.printf("  %s: run 'dryfire-tui secrets' for where\n", count(r.Secrets, "secret"))
	}
	if r.Format != format.Dryfire {
		t.printf("\n%s\n", block(diff.Pretty(body)))
		return t.err
	}
	t.printf("  %s %s · recorded %s\n", body.Field("provider").Str(), body.Field("model").Str(), body.Field("recorded_at").Str())
	writeRequest(t, body.Field("request_digest"))
	writeResponse(t, body.Field("response"))
	return t.err
}

func writeRequest(t *text, req jsonv.Value) {
	t.println()
	t.println("Request")
	if s := req.Field("system"); s.Kind == jsonv.String {
		t.printf("  system: %s\n", block(indentText(s.Text, "    ")))
	}
	for i, m := range req.Field("messages").Items {
		t.printf("  [%d] %s", i, m.Field("role").Str())
		if c := m.Field("content"); c.Kind == jsonv.String {
			t.printf(": %s", block(indentText(c.Text, "      ")))
		} else if c.Kind != jsonv.Null {
			t.printf(": %s", Value(c))
		}
		t.println()
		for _, tc := range m.Field("tool_calls").Items {
			t.printf("      → %s(%s)\n", tc.Field("name").Str(), Value(tc.Field("arguments")))
		}
		for _, tr := range m.Field("tool_results").Items {
			mark := "←"
			if tr.Field("is_error").Bool {
				mark = "← error"
			}
			t.printf("      %s %s: %s\n", mark, tr.Field("call_id").Str(), Value(tr.Field("content")))
		}
	}
	var tools []string
	for _, tool := range req.Field("tools").Items {
		tools = append(tools, tool.Field("name").Str())
	}
	if len(tools) > 0 {
		t.printf("  tools: %s\n", strings.Join(tools, ", "))
	}
	if p := req.Field("params"); p.Len() > 0 {
		t.printf("  params: %s\n", Value(p))
	}
}

func writeResponse(t *text, resp jsonv.Value) {
	t.println()
	t.println("Response")
	if s := resp.Field("text"); s.Kind == jsonv.String {
		t.printf("  %s\n", block(indentText(s.Text, "  ")))
	}
	for _, tc := range resp.Field("tool_calls").Items {
		t.printf("  → %s(%s)\n", tc.Field("name").Str(), Value(tc.Field("arguments")))
	}
	u := resp.Field("usage")
	t.printf("  stop: %s · tokens in %s out %s\n", resp.Field("stop_reason").Str(),
		Value(u.Field("input_tokens")), Value(u.Field("output_tokens")))
}
