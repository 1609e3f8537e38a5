package browse

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
)

// unreachedDemo is demoItems with the stale recording made a turn replay
// never reaches (its case misses at turn 0), selected.
func unreachedDemo(t *testing.T, w, h int) (Page, *uitest.FakeBackend) {
	t.Helper()
	m, b := newTestModel(t, w, h, uitest.DemoItems())
	b.Miss = map[string]string{demoProblems[1]: ".dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json"}
	m = keys(t, selectPath(t, m, "parallel_lookups/01-"), "3") // the stale recording, on the Diff tab
	if selectedPath(m) != demoProblems[1] || m.Detail.Tab() != detail.TabDiff {
		t.Fatalf("on %q, tab %v", selectedPath(m), m.Detail.Tab())
	}
	return m, b
}

// TestNarrowEnterOpensTheDetail: below the split width the tree hides the
// Diff tab, so enter on a turn replay never reaches opens the detail
// (where the tab says why) instead of jumping out of sight; enter there
// then goes to the miss.
func TestNarrowEnterOpensTheDetail(t *testing.T) {
	m, b := unreachedDemo(t, 80, 24)
	if line := lastLine(screenText(m)); !strings.Contains(line, "enter open") || strings.Contains(line, "go to the miss") {
		t.Errorf("key line on a narrow tree: %q", line)
	}
	m = keys(t, m, "enter")
	if m.Focus != page.FocusDetail || selectedPath(m) != demoProblems[1] {
		t.Fatalf("enter: focus %v, on %q", m.Focus, selectedPath(m))
	}
	if s := screenText(m); !strings.Contains(s, "Replay never reaches this turn") || !strings.Contains(lastLine(s), "enter go to the miss") {
		t.Fatalf("the opened detail does not explain the miss:\n%s", s)
	}
	m = keys(t, m, "enter")
	if got := selectedPath(m); got != b.Miss[demoProblems[1]] {
		t.Errorf("enter in the detail went to %q", got)
	}
	// Side by side the tab is in view, and enter from the tree jumps.
	m, b = unreachedDemo(t, 120, 30)
	if m = keys(t, m, "enter"); selectedPath(m) != b.Miss[demoProblems[1]] {
		t.Errorf("wide: enter from the tree went to %q", selectedPath(m))
	}
}

// TestLeftScrollsBeforeGoingBack: with wrapping off and the pane scrolled
// sideways, ← scrolls back; only at the left edge does it go back to the
// tree.
func TestLeftScrollsBeforeGoingBack(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = selectPath(t, m, "parallel_lookups/01-")
	m = keys(t, m, "enter", "3", "W", "right", "right")
	col := m.Detail.Column()
	if col == 0 || m.Detail.Wrapping() {
		t.Fatalf("→ did not scroll (column %d, wrapping %v)", col, m.Detail.Wrapping())
	}
	m = keys(t, m, "left")
	if m.Focus != page.FocusDetail || m.Detail.Column() >= col {
		t.Fatalf("←: focus %v, column %d after %d", m.Focus, m.Detail.Column(), col)
	}
	for range 10 {
		if m.Detail.Column() == 0 {
			break
		}
		m = keys(t, m, "left")
	}
	if m.Detail.Column() != 0 || m.Focus != page.FocusDetail {
		t.Fatalf("← did not scroll back to the edge: column %d, focus %v", m.Detail.Column(), m.Focus)
	}
	if m = keys(t, m, "left"); m.Focus != page.FocusList {
		t.Error("← at the left edge did not go back to the tree")
	}
}

// TestDetailKeyLineOnANarrowScreen: when the detail fills the screen the
// key line offers the way back and the tabs before the page's actions.
func TestDetailKeyLineOnANarrowScreen(t *testing.T) {
	m, _ := newTestModel(t, 80, 24, uitest.DemoItems())
	m = selectPath(t, m, "parallel_lookups/01-")
	m = keys(t, m, "enter")
	line := lastLine(screenText(m))
	for _, want := range []string{"esc back", "1-5 tabs"} {
		if !strings.Contains(line, want) {
			t.Errorf("key line %q lacks %q", line, want)
		}
	}
}

// TestEveryKeyOnTheKeyLineActs: in each state the browser is commonly in,
// every key the key line offers changes the screen or starts something
// (quit, the editor, the clipboard, a scan): none does nothing.
func TestEveryKeyOnTheKeyLineActs(t *testing.T) {
	states := map[string]struct {
		w, h int
		keys []string
	}{
		"tree":                {120, 30, nil},
		"tree on a stale one": {120, 30, []string{"n"}},
		"detail":              {120, 30, []string{"n", "enter"}},
		"raw tab":             {120, 30, []string{"n", "enter", "5"}},
		"no wrap, scrolled":   {120, 30, []string{"n", "enter", "3", "W", "right"}},
		"searching":           {120, 30, []string{"n", "enter", "5", "/", "o", "r", "d", "enter"}},
		"marked":              {120, 30, []string{"n", "n", "n", "space"}},
		"narrow tree":         {80, 24, []string{"n"}},
		"narrow detail":       {80, 24, []string{"n", "enter"}},
		"small":               {60, 15, nil},
	}
	for name, st := range states {
		t.Run(name, func(t *testing.T) {
			m, _ := newTestModel(t, st.w, st.h, uitest.DemoItems())
			m = keys(t, m, st.keys...)
			line := m.keyLine()
			shown := lastLine(screenText(m))
			for _, b := range append(line.Keys, line.Tail...) {
				if !strings.Contains(shown, b.Help().Key+" "+b.Help().Desc) {
					continue // not on screen at this width
				}
				if !acts(t, m, b) {
					t.Errorf("%q on the key line does nothing", b.Help().Key+" "+b.Help().Desc)
				}
			}
		})
	}
}

// acts reports whether pressing one of b's keys changes the screen (its
// styles too: a cursor is drawn in reverse video) or returns a command.
func acts(t *testing.T, m Page, b key.Binding) bool {
	t.Helper()
	before := m.Render()
	for _, k := range b.Keys() {
		nm, cmd := m.Update(uitest.PressKey(k))
		if cmd != nil || nm.Render() != before {
			return true
		}
	}
	return false
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestGrowingTheScreenShowsWhatComesBefore: opened on a screen too small
// to use, then grown, the tree shows the problem it landed on under its
// suite and case, not on its top row with them scrolled away.
func TestGrowingTheScreenShowsWhatComesBefore(t *testing.T) {
	m, _ := newTestModel(t, 30, 8, uitest.DemoItems())
	m = selectPath(t, m, "parallel_lookups/01-") // the stale recording of parallel_lookups
	m = resize(m, 60, 15)
	body := strings.Split(screenText(m), "\n")[1:13]
	if !strings.Contains(strings.Join(body, "\n"), "parallel_lookups") || strings.Contains(body[0], "01 3d3d45") {
		t.Errorf("the cursor's case is out of view:\n%s", strings.Join(body, "\n"))
	}
}
