package browse

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/dryfire-tui/dryfire-tui/examples"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// projectB is the golden project whose tool description changed: 15
// stale recordings, 10 of them turns replay never reaches.
var projectB = filepath.Join("..", "..", "testdata", "golden", "dryfire", "project-B-tool-description")

// demoRoot writes the demo (its fake secret filled in, as --demo does)
// into a temporary directory.
func demoRoot(t testing.TB) string {
	t.Helper()
	root, err := examples.Materialize(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// coreModel is the app on the real core, scanned, at w × h.
func coreModel(t *testing.T, root string, w, h int) Page {
	t.Helper()
	m := New(Options{Path: root, Backend: backend.Core{}}, theme.New(true))
	m = resize(m, w, h)
	return run(t, m, scanWorkspaceCmd(m.ctx, backend.Core{}, root, m.gen))
}

// TestHeaderOnTheDemo: the header of the demo as it opens, at the sizes
// people use; every problem count is there at each.
func TestHeaderOnTheDemo(t *testing.T) {
	root := demoRoot(t)
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 35}, {200, 50}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := coreModel(t, root, size.w, size.h)
			header := strings.Split(ansi.Strip(m.Render()), "\n")[0]
			if ansi.StringWidth(header) > size.w {
				t.Errorf("header is %d wide", ansi.StringWidth(header))
			}
			for _, want := range []string{"⚠2", "⊠1", "≠1", "◐2", "?1", "◌2", "○1"} {
				if !strings.Contains(header, want) {
					t.Errorf("header %q hides %s", header, want)
				}
			}
			// With room for them, the most urgent kinds keep their words.
			for _, want := range []string{"⚠2 secret", "⊠1 invalid"} {
				if !strings.Contains(header, want) {
					t.Errorf("header %q says %s without its word", header, want)
				}
			}
			golden.RequireEqual(t, []byte(header+"\n"))
		})
	}
}

// TestProjectBEveryStaleRecordingIsExplained: on the real core, the Diff
// tab of every stale recording of project-B says something: the change
// (turn 0 of each case) or the miss before it, and where it is written.
func TestProjectBEveryStaleRecordingIsExplained(t *testing.T) {
	m := coreModel(t, projectB, 120, 35)
	seen, misses := 0, 0
	for range 15 {
		d, ok := m.Detail.Data()
		if !ok || d.Status != "stale" || d.Diff == nil {
			t.Fatalf("%s: no explanation (%+v)", d.Path, d.Diff)
		}
		seen++
		switch {
		case d.Diff.Miss != nil:
			misses++
			if d.Diff.Miss.ID == "" || d.Diff.Miss.Turn != 0 {
				t.Errorf("%s: miss %+v", d.Path, d.Diff.Miss)
			}
		case len(d.Diff.Lines) == 0 || len(d.Diff.Changes) != 1:
			t.Errorf("%s: %d changes, %d diff lines", d.Path, len(d.Diff.Changes), len(d.Diff.Lines))
		}
		if len(d.Diff.Sources) == 0 || d.Diff.Sources[0].File != "evals/support/refund_agent.eval.yaml" || d.Diff.Sources[0].Line != 10 {
			t.Errorf("%s: sources %+v", d.Path, d.Diff.Sources)
		}
		m = keys(t, m, "n")
	}
	if seen != 15 || misses != 10 {
		t.Errorf("%d stale recordings explained, %d by the miss before them; want 15 and 10", seen, misses)
	}
}

// TestFirstScreenShowsTheSuiteOfTheProblem: at 120×35 the demo opens on
// its most urgent problem with the suite and case it is in on screen, not
// scrolled off the top (at 80×24 the suite is 15 rows up: the case is).
func TestFirstScreenShowsTheSuiteOfTheProblem(t *testing.T) {
	root := demoRoot(t)
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 35}, {200, 50}} {
		m := coreModel(t, root, size.w, size.h)
		it, _ := m.Selected()
		body := strings.Join(strings.Split(ansi.Strip(m.Render()), "\n")[1:size.h-2], "\n")
		for i, want := range []string{"▾ " + it.Sub, "▾ " + it.Group} {
			if i == 1 && size.h < 35 {
				continue
			}
			if !strings.Contains(body, want) {
				t.Errorf("%dx%d: opened on %s without %q on screen:\n%s", size.w, size.h, it.Path, want, body)
			}
		}
	}
}
