package dryfire

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
)

// gatedProvider holds every request until the test releases it, and
// keeps how many it held at once.
type gatedProvider struct {
	srv     *providertest.Server
	arrived chan string // the user message of each request, as it arrives
	mu      sync.Mutex
	gates   map[string][]chan struct{}
	held    int
	most    int
	open    bool // answer at once from now on
}

func newGatedProvider(t *testing.T) *gatedProvider {
	g := &gatedProvider{arrived: make(chan string, 64), gates: map[string][]chan struct{}{}}
	answer := providertest.Text(`{"score": 1, "reasoning": "fine"}`)
	g.srv = providertest.New(t, func(path string, body jsonv.Value) (int, string) {
		msgs := body.Field("messages").Items
		what := msgs[len(msgs)-1].Field("content").Str()
		gate := make(chan struct{})
		g.mu.Lock()
		if g.open {
			g.mu.Unlock()
			return answer(path, body)
		}
		g.gates[what] = append(g.gates[what], gate)
		g.held++
		g.most = max(g.most, g.held)
		g.mu.Unlock()
		g.arrived <- what
		<-gate
		return answer(path, body)
	})
	t.Cleanup(g.openUp) // before the server closes
	return g
}

// next waits for the next request to arrive.
func (g *gatedProvider) next(t *testing.T) string {
	t.Helper()
	select {
	case what := <-g.arrived:
		return what
	case <-time.After(time.Minute):
		t.Fatal("no request arrived")
		return ""
	}
}

// release answers the oldest held request whose user message is what.
func (g *gatedProvider) release(what string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	gate := g.gates[what][0]
	g.gates[what] = g.gates[what][1:]
	g.held--
	close(gate)
}

// openUp answers every held request, and every later one at once.
func (g *gatedProvider) openUp() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.open = true
	for what, gates := range g.gates {
		for _, gate := range gates {
			close(gate)
			g.held--
		}
		delete(g.gates, what)
	}
}

const scheduledSuite = `name: s
cases:
  - {name: c1, input: one, expect: []}
  - {name: c2, input: two, expect: []}
  - {name: c3, input: three, repeat: 2, expect: []}
  - {name: c4, input: four, expect: []}
  - {name: c5, input: five, expect: []}
`

// TestLiveRunsAsDryfireSchedules: the case repetitions of a run that
// calls providers are one flat queue in suite order (a repeated case's
// repetitions one after the other), taken by --concurrency workers, 4
// without it: the first calls are the first units, and a finished unit
// makes room for the next.
func TestLiveRunsAsDryfireSchedules(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		workers int
		first   []string
		next    string // after c2 is answered
	}{
		{3, []string{"one", "three", "two"}, "three"},
		{0, []string{"one", "three", "three", "two"}, "four"},
		{1, []string{"one"}, ""},
	} {
		t.Run(strings.Join(tc.first, ","), func(t *testing.T) {
			t.Parallel()
			g := newGatedProvider(t)
			dir := writeProject(t, smallConfig, scheduledSuite)
			rp := prepare(t, dir, engine.ModeRecord, g.srv.Env(), func(o *RunRequest) { o.Engine.Workers = tc.workers })
			done := make(chan *runplan.Recorded)
			go func() { _, rec := rp.Execute(context.Background()); done <- rec }()
			var first []string
			for range tc.first {
				first = append(first, g.next(t))
			}
			sort.Strings(first)
			if !slices.Equal(first, tc.first) {
				t.Fatalf("the first calls are %q, want %q", first, tc.first)
			}
			if tc.next != "" {
				g.release("two")
				if got := g.next(t); got != tc.next {
					t.Errorf("after c2, the call of %q, want %q", got, tc.next)
				}
			}
			g.openUp()
			if rec := <-done; len(rec.Written) != 6 {
				t.Errorf("recorded %d cassettes, want 6", len(rec.Written))
			}
			if want := map[int]int{0: runplan.LiveConcurrency}[tc.workers]; g.most > max(want, tc.workers) {
				t.Errorf("%d calls at once, want at most %d", g.most, max(want, tc.workers))
			}
		})
	}
}

// TestJudgesAreAskedAtOnce: a case's judges are called together when
// recording, as dryfire gathers them, each still taking its turn number
// in the order of the expect list.
func TestJudgesAreAskedAtOnce(t *testing.T) {
	t.Parallel()
	g := newGatedProvider(t)
	dir := writeProject(t, smallConfig, `name: s
cases:
  - name: judged
    input: hi
    expect:
      - llm_judge: {rubric: "First rubric.", threshold: 0.5}
      - llm_judge: {rubric: "Second rubric.", threshold: 0.5}
      - llm_judge: {rubric: "Third rubric.", threshold: 0.5}
`)
	rp := prepare(t, dir, engine.ModeRecord, g.srv.Env(), nil)
	done := make(chan *engine.Result)
	go func() { res, _ := rp.Execute(context.Background()); done <- res }()
	if got := g.next(t); got != "hi" {
		t.Fatalf("first call %q", got)
	}
	g.release("hi")
	var judges []string
	for range 3 {
		judges = append(judges, g.next(t)) // all three held at once
	}
	g.openUp()
	res := <-done
	if len(judges) != 3 || !res.Cases[0].Passed {
		t.Fatalf("judges %d, passed %v", len(judges), res.Cases[0].Passed)
	}
	for turn, rubric := range []string{"First rubric.", "Second rubric.", "Third rubric."} {
		files, _ := filepath.Glob(filepath.Join(dir, ".dryfire", "cassettes", "s", "judged", "0"+string(rune('1'+turn))+"-*.json"))
		if len(files) != 1 {
			t.Fatalf("turn %d: %v", turn+1, files)
		}
		data, err := os.ReadFile(files[0])
		if err != nil {
			t.Fatal(err)
		}
		c, err := cassette.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		if msg := c.RequestDigest.Field("messages").Items[0].Field("content").Str(); !strings.HasPrefix(msg, "# Rubric\n"+rubric) {
			t.Errorf("turn %d asks %q, want the rubric %q", turn+1, msg[:30], rubric)
		}
	}
}
