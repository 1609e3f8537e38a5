package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
)

// startCoreFlow runs the app on the real core over root at w × h.
func startCoreFlow(t *testing.T, opts Options, w, h int) (*teatest.TestModel, *screenWatcher) {
	t.Helper()
	opts.Backend, opts.IsDark = backend.Core{}, true
	tm := teatest.NewTestModel(t, New(opts), teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	sw := newScreenWatcher(w, h)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("last screen:\n%s", sw.last)
		}
	})
	return tm, sw
}

func quit(t *testing.T, tm *teatest.TestModel) Model {
	t.Helper()
	tm.Type("q")
	return tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(Model)
}

// TestFlowOpensOnAProblem: the demo opens on its most urgent problem, the
// recording holding a secret, on the Secrets tab, and says which kind n
// walks; n then goes through the kinds in the problem summary's order, each
// on the tab that explains it, never on a tab with nothing to say.
func TestFlowOpensOnAProblem(t *testing.T) {
	tm, scr := startCoreFlow(t, Options{Path: demoRoot(t)}, 120, 35)
	scr.waitFor(t, tm, "9 problems need attention · ⚠ secret 1 of 1 · n walks secret, then ⊠ invalid · p: another kind, or all",
		"refund_agent › refunds_small_order_after_retry › turn 3", "2 secrets found", "p problems")
	for _, step := range []struct{ status, shows string }{
		{"⊠ invalid 1 of 1 · n walks invalid, then ≠ key mismatch", "This file could not be read as a recording."},
		{"≠ key mismatch 1 of 1 · n walks key mismatch, then ◐ stale", "Arguments"},
		{"◐ stale 1 of 2 · n walks stale, then ? unrecorded", "turn 2: result of issue_refund changed"},
	} {
		tm.Type("n")
		scr.waitFor(t, tm, step.status, step.shows)
		if strings.Contains(scr.last, "Nothing to compare") {
			t.Errorf("n opened a tab with nothing to say:\n%s", scr.last)
		}
	}
	fm := quit(t, tm)
	if it, _ := fm.browse.Selected(); it.Status != "stale" || fm.browse.Detail.Tab() != detail.TabDiff {
		t.Errorf("ended on a %s recording, tab %v", it.Status, fm.browse.Detail.Tab())
	}
}

// projectBStale is project-B's stale recordings in tree order: each
// case misses at turn 0 (a tool description changed), so its later turns
// are never reached.
var projectBStale = []struct {
	name  string
	turns int
}{
	{"escalates_refund_over_limit", 3}, {"parallel_lookups", 2}, {"refunds_disabled_escalates", 4},
	{"refunds_small_order_after_retry", 4}, {"unknown_order_apologises", 2},
}

// TestFlowNextThroughProjectB: n goes through every stale recording of
// project-B on the Diff tab, and the tab always says something: the
// change at turn 0, or, for a turn replay never reaches, the miss before
// it; enter there goes back to turn 0.
func TestFlowNextThroughProjectB(t *testing.T) {
	tm, scr := startCoreFlow(t, Options{Path: projectB}, 120, 35)
	first := true
	for _, c := range projectBStale {
		for turn := range c.turns {
			if !first {
				tm.Type("n")
			}
			first = false
			title := fmt.Sprintf("refund_agent › %s › turn %d · ◐ stale", c.name, turn)
			if turn == 0 {
				scr.waitFor(t, tm, title, "tools[0].description changed", `+ "Retrieve order details by order id."`,
					"Where it is written · e opens the first", "evals/support/refund_agent.eval.yaml:10 · tool lookup_order:")
				continue
			}
			scr.waitFor(t, tm, title, "Replay never reaches this turn: the case misses at turn 0 first.",
				"tool lookup_order: description changed", "enter goes to turn 0")
		}
	}
	// From the last (a turn never reached) enter goes to its case's miss.
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	scr.waitFor(t, tm, "refund_agent › unknown_order_apologises › turn 0 · ◐ stale", "tools[0].description changed")
	tm.Type("n")
	scr.waitFor(t, tm, "refund_agent › unknown_order_apologises › turn 1 · ◐ stale")
	tm.Type("n")
	scr.waitFor(t, tm, "back at the first one", "refund_agent › escalates_refund_over_limit › turn 0 · ◐ stale")
	fm := quit(t, tm)
	if s := screenText(fm); strings.Contains(s, "Working out what changed") {
		t.Errorf("the Diff tab is stuck:\n%s", s)
	}
}

// TestFlowEditorAtTheSuiteLine: e on a stale recording runs $EDITOR on
// the suite at the line of the change (an editor that records its
// arguments), then the browser reads the project again.
func TestFlowEditorAtTheSuiteLine(t *testing.T) {
	dir := t.TempDir()
	argsFile := filepath.Join(dir, "args")
	editor := filepath.Join(dir, "editor")
	script := "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + argsFile + "\n"
	if err := os.WriteFile(editor, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	tm, scr := startCoreFlow(t, Options{Path: projectB, Editor: editor}, 120, 35)
	scr.waitFor(t, tm, "escalates_refund_over_limit › turn 0 · ◐ stale", "refund_agent.eval.yaml:10")
	tm.Type("e")
	scr.waitFor(t, tm, "re-reading after edit")
	quit(t, tm)
	got, err := os.ReadFile(argsFile)
	if err != nil {
		t.Fatalf("the editor did not run: %v", err)
	}
	suite, err := filepath.Abs(filepath.Join(projectB, "evals", "support", "refund_agent.eval.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "+10\n" + suite + "\n"; string(got) != want {
		t.Errorf("editor ran with %q, want %q", got, want)
	}
}

// TestFlowSearchInThePane: / in the detail pane searches the tab, n goes
// to the next match, the tab bar counts them.
func TestFlowSearchInThePane(t *testing.T) {
	tm, _, scr := startFlow(t, 120, 30)
	scr.waitFor(t, tm, "5 recordings need attention")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	tm.Type("5/lookup")
	scr.waitFor(t, tm, "search /lookup█")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	scr.waitFor(t, tm, "/lookup 1/")
	tm.Type("n")
	scr.waitFor(t, tm, "/lookup 2/", "n/N match")
	fm := quit(t, tm)
	if q, n := fm.browse.Detail.Search(); q != "lookup" || n < 2 || fm.browse.Detail.SearchPosition() != 2 {
		t.Errorf("search %q: %d matches, at %d", q, n, fm.browse.Detail.SearchPosition())
	}
}

// TestFlowPagerGetsTheTabsText: v hands the tab's text to $PAGER on its
// standard input, unstyled and unwrapped (a pager that saves what it
// reads), and nothing is left on disk by the browser. The pager exits 3
// after saving, so that the browser says so: the test waits for that
// line, which only comes once the pager has run.
func TestFlowPagerGetsTheTabsText(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "paged")
	pager := filepath.Join(dir, "pager")
	if err := os.WriteFile(pager, []byte("#!/bin/sh\ncat > "+saved+"\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tm, scr := startCoreFlow(t, Options{Path: projectB, Pager: pager}, 120, 35)
	// The Diff tab's suite line shows once the detail has loaded: v has
	// text to hand over from then on.
	scr.waitFor(t, tm, "escalates_refund_over_limit › turn 0 · ◐ stale", "refund_agent.eval.yaml:10")
	tm.Type("v")
	scr.waitFor(t, tm, "pager: exit status 3")
	quit(t, tm)
	got, err := os.ReadFile(saved)
	if err != nil {
		t.Fatalf("the pager did not run: %v", err)
	}
	text := string(got)
	for _, want := range []string{
		"refund_agent › escalates_refund_over_limit › turn 0 · stale",
		"evals/support/refund_agent.eval.yaml:10 · tool lookup_order: description",
		`-      "description": "Retrieve order details by order ID.",`,
		"Never issue a refund over $500 without escalating to a human first.", // one line, though 80 columns wrap it on screen
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the pager did not get %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "\x1b") {
		t.Error("the pager got escape sequences")
	}
}

// TestFlowPaletteRunsCheck: ':' then "check" runs the CI gate on
// project-B through the same core as `dryfire-tui check`, and shows its
// report in the browser.
func TestFlowPaletteRunsCheck(t *testing.T) {
	tm, scr := startCoreFlow(t, Options{Path: projectB}, 120, 35)
	scr.waitFor(t, tm, "15 recordings need attention", ": commands")
	tm.Type(":")
	scr.waitFor(t, tm, "Run a command", "check", "doctor --fix", "secrets --redact")
	tm.Type("check")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	scr.waitFor(t, tm, "check · problems found", "replay   5 problems",
		"refund_agent::escalates_refund_over_limit  miss at turn 0 (key 889d4198e1d49324)")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape})
	scr.waitFor(t, tm, "check: problems found")
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}
