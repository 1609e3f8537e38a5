package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

func TestSlabNeverRewritesWhatItHandedOut(t *testing.T) {
	t.Parallel()
	s := slab[int]{chunk: 8}
	var kept [][]int
	var want [][]int
	for i, n := range []int{3, 0, 4, 1, 9, 2, 2, 20, 5} {
		got := s.open(2)
		for j := range n {
			got = append(got, 100*i+j)
			kept = append(kept, got[:len(got):len(got)]) // a prefix handed out mid-way
			want = append(want, slices.Clone(got))
		}
		got = s.close(got)
		if n == 0 && got != nil {
			t.Errorf("close of an empty slice = %v, want nil", got)
		}
		if len(got) != cap(got) {
			t.Errorf("closed slice has len %d cap %d", len(got), cap(got))
		}
		kept = append(kept, got)
		want = append(want, slices.Clone(got))
	}
	for i := range kept {
		if !slices.Equal(kept[i], want[i]) {
			t.Errorf("slice %d now %v, was %v when handed out", i, kept[i], want[i])
		}
	}
}

// keepingGateway answers from a script and keeps every call's messages,
// as a gateway that records requests for later may.
type keepingGateway struct {
	mu   sync.Mutex
	kept [][]conversation.Message
	was  []string
	// sent is what each call was given, by case and turn.
	sent map[string]string
}

func (g *keepingGateway) Complete(_ context.Context, call *Call) (Reply, error) {
	g.mu.Lock()
	g.kept = append(g.kept, call.Request.Messages)
	g.was = append(g.was, messagesText(call.Request.Messages))
	if g.sent != nil {
		g.sent[fmt.Sprintf("%s/%d", call.Case, call.Turn)] = messagesText(call.Request.Messages)
	}
	g.mu.Unlock()
	if len(call.Request.Messages) >= 2*call.Turn+1 && call.Turn < 3 {
		return Reply{Response: &cassette.Response{StopReason: "tool_use", Text: jsonv.NullValue(), ToolCalls: []cassette.ToolCall{
			{ID: fmt.Sprintf("toolu_%s_%d", call.Case, call.Turn), Name: "lookup", Arguments: jsonv.ObjectValue(), MalformedArguments: jsonv.NullValue()}}}}, nil
	}
	return Reply{Response: &cassette.Response{StopReason: "end_turn", Text: jsonv.StringValue("done " + call.Case)}}, nil
}

func messagesText(ms []conversation.Message) string {
	var b strings.Builder
	for _, m := range ms {
		v, _ := jsonv.Canonical(m.Value())
		b.Write(v)
	}
	return b.String()
}

// TestRunKeepsEveryRequestIntact runs many cases through two workers and
// checks that the messages each call was given still hold what they held
// (the slabs the loop grows them in are shared by the cases a worker
// runs), and that each turn's request, made again from the trace, is what
// its call was given.
func TestRunKeepsEveryRequestIntact(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("name: s\nmax_turns: 6\nmocks:\n  lookup:\n    - return: {found: true}\ncases:\n")
	for i := range 300 {
		fmt.Fprintf(&b, "  - {name: c%d, input: \"question %d\", expect: []}\n", i, i)
	}
	st := suiteFromYAML(t, b.String())
	g := &keepingGateway{sent: map[string]string{}}
	res := Run(context.Background(), &suite.Project{Suites: []*suite.Suite{st}}, nil,
		Options{Workers: 2, Gateways: func(*suite.Case, suite.Resolved, int) Gateway { return g }})
	if len(res.Cases) != 300 || len(g.kept) != 1200 {
		t.Fatalf("%d cases, %d calls", len(res.Cases), len(g.kept))
	}
	for i, ms := range g.kept {
		if got := messagesText(ms); got != g.was[i] {
			t.Fatalf("call %d's messages now\n%s\nwere\n%s", i, got, g.was[i])
		}
	}
	for _, c := range res.Cases {
		turns := c.Trace.Turns
		if len(turns) != 4 || c.Trace.FinalText != "done "+c.Case {
			t.Fatalf("%s: %d turns, final %q", c.Case, len(turns), c.Trace.FinalText)
		}
		requests := c.Trace.Requests()
		last := requests[3]
		for i := range turns {
			sent := g.sent[fmt.Sprintf("%s/%d", c.Case, i)]
			if len(requests[i]) != 2*i+1 || messagesText(requests[i]) != sent {
				t.Fatalf("%s turn %d request is\n%s\nthe call was given\n%s", c.Case, i, messagesText(requests[i]), sent)
			}
		}
		if !strings.Contains(messagesText(last), "question "+strings.TrimPrefix(c.Case, "c")+`"`) ||
			!strings.Contains(messagesText(last), "toolu_"+c.Case+"_2") {
			t.Fatalf("%s: last request is another case's: %s", c.Case, messagesText(last))
		}
	}
}
