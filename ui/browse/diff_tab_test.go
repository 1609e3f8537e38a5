package browse

import (
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
)

func TestEditorArgs(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		editor string
		line   int
		want   []string
	}{
		"vi by default":       {"", 12, []string{"vi", "+12", "/p/s.yaml"}},
		"no line":             {"nvim", 0, []string{"nvim", "/p/s.yaml"}},
		"flags kept":          {"emacs -nw", 3, []string{"emacs", "-nw", "+3", "/p/s.yaml"}},
		"VS Code wants -g":    {"code --wait", 7, []string{"code", "--wait", "-g", "/p/s.yaml:7"}},
		"helix wants a colon": {"/usr/bin/hx", 7, []string{"/usr/bin/hx", "/p/s.yaml:7"}},
	}
	for name, tc := range tests {
		if got := editorArgs(tc.editor, "/p/s.yaml", tc.line); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", name, got, tc.want)
		}
	}
}

// TestEditOpensTheSuiteLine: e on a stale recording opens the suite at
// the line of the change; E still opens the recording.
func TestEditOpensTheSuiteLine(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = selectPath(t, m, "parallel_lookups/01-")
	path, line, suite := m.editTarget()
	if !suite || path != "/project/evals/support/refund_agent.eval.yaml" || line != 10 {
		t.Errorf("e opens %s:%d (suite %v)", path, line, suite)
	}
	k := m.keysNow()
	if k.Edit.Help().Desc != "edit suite:10" || !k.EditFile.Enabled() {
		t.Errorf("e is %q, E enabled %v", k.Edit.Help().Desc, k.EditFile.Enabled())
	}
	m = selectPath(t, m, "parallel_lookups/00-")
	if _, _, suite := m.editTarget(); suite || m.keysNow().EditFile.Enabled() {
		t.Error("e on a live recording does not open the recording")
	}
}

// TestJumpToTheMiss: on the Diff tab of a turn replay never reaches,
// enter goes to the turn where the case misses, on the same tab.
func TestJumpToTheMiss(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	unreached := ".dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json"
	b.Miss = map[string]string{unreached: ".dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json"}
	m = selectPath(t, m, "parallel_lookups/01-")
	m = keys(t, m, "3")
	if !strings.Contains(screenText(m), "Replay never reaches this turn") {
		t.Fatalf("no miss on the Diff tab:\n%s", screenText(m))
	}
	m = keys(t, m, "enter")
	if got := selectedPath(m); got != b.Miss[unreached] || m.Detail.Tab() != detail.TabDiff {
		t.Errorf("enter went to %q on tab %v", got, m.Detail.Tab())
	}
}

// TestSearchInThePane: / in the detail searches its text, n goes through
// the matches, esc ends the search, esc again goes back to the tree.
func TestSearchInThePane(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = selectPath(t, m, "parallel_lookups/00-")
	m = keys(t, m, "enter", "5", "/", "o", "r", "d", "e", "r")
	if m.mode != modeSearch || !strings.Contains(screenText(m), "search /order█") {
		t.Fatalf("mode %v:\n%s", m.mode, screenText(m))
	}
	m = keys(t, m, "enter")
	q, n := m.Detail.Search()
	if q != "order" || n < 3 || m.tree.Filter() != "" {
		t.Fatalf("search %q: %d matches (tree filter %q)", q, n, m.tree.Filter())
	}
	at := m.Detail.SearchPosition()
	if m = keys(t, m, "n"); m.Detail.SearchPosition() != at+1 || selectedPath(m) == "" {
		t.Errorf("n: match %d after %d", m.Detail.SearchPosition(), at)
	}
	if !strings.Contains(screenText(m), "n/N match") {
		t.Error("the key line does not say n goes through matches")
	}
	m = keys(t, m, "esc")
	if q, _ := m.Detail.Search(); q != "" || m.Focus != page.FocusDetail {
		t.Errorf("esc: search %q, focus %v", q, m.Focus)
	}
	if m = keys(t, m, "esc"); m.Focus != page.FocusList {
		t.Error("esc after the search did not go back to the tree")
	}
}
