package detail

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

func press(s string) tea.KeyPressMsg {
	switch s {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	}
	return tea.KeyPressMsg{Code: []rune(s)[0], Text: s}
}

func keys(m Model, ks ...string) Model {
	for _, k := range ks {
		m, _ = m.Update(press(k))
	}
	return m
}

func body(t *testing.T, s string) jsonv.Value {
	t.Helper()
	v, err := jsonv.Decode([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func screen(m Model) []string { return strings.Split(ansi.Strip(m.View()), "\n") }

const recording = `{"response": {"text": "Refund issued.", "tool_calls": [{"name": "lookup_order", "id": "c1",
 "arguments": {"order_id": "A-991"}}], "stop_reason": "end_turn"}, "request_digest": {"model": "m"}}`

func staleData(t *testing.T) Data {
	before, after := `"Retrieve order details by order ID."`, `"Retrieve order details by order id."`
	a, b, _ := diff.Inline(before, after)
	return Data{ID: "r1", Title: "refund_agent › parallel_lookups › turn 0", Status: "stale",
		Reason: "case misses at turn 0: tool lookup_order: description changed", HasBody: true, Body: body(t, recording),
		Diff: &Diff{
			Changes: []Change{{Path: "tools[0].description", Kind: "changed", Before: before, After: after, BeforeSpans: a, AfterSpans: b}},
			Sources: []Source{{File: "evals/support/refund_agent.eval.yaml", Line: 10, What: "tool lookup_order: description"}},
			Lines:   diff.Lines("--- recorded\n+++ current\n@@ -1 +1 @@\n-  \"d\": " + before + "\n+  \"d\": " + after + "\n"),
		}}
}

// TestDiffMarksTheChangedWord: inside the changed line only "ID" and "id"
// are marked, in the field changes and in the unified diff.
func TestDiffMarksTheChangedWord(t *testing.T) {
	t.Parallel()
	m := newPane(120, 30).SetData(staleData(t)).SetTab(TabDiff)
	s := theme.New(true)
	out := m.View()
	for _, want := range []string{s.Diff.DelWord.Render("ID"), s.Diff.AddWord.Render("id")} {
		if n := strings.Count(out, want); n != 2 {
			t.Errorf("%q marked %d times, want twice (field change and unified line)", ansi.Strip(want), n)
		}
	}
	if strings.Contains(out, s.Diff.DelWord.Render("Retrieve")) {
		t.Error("an unchanged word is marked")
	}
	if !strings.Contains(ansi.Strip(out), "evals/support/refund_agent.eval.yaml:10 · tool lookup_order: description") {
		t.Errorf("the suite line is not named:\n%s", ansi.Strip(out))
	}
}

// TestDiffOfAnUnreachedTurn: the tab says where the case misses, and
// enter (Jump) is offered on the Diff tab only.
func TestDiffOfAnUnreachedTurn(t *testing.T) {
	t.Parallel()
	d := staleData(t)
	d.Diff = &Diff{Miss: &Miss{ID: "r0", Turn: 0, Title: "refund_agent › parallel_lookups › turn 0 (00-6e943a.json)",
		Headline: "tool lookup_order: description changed"}, Sources: d.Diff.Sources}
	m := newPane(80, 30).SetData(d)
	if m.Keys().Jump.Enabled() {
		t.Error("jump offered on the Response tab")
	}
	m = m.SetTab(TabDiff)
	text := strings.Join(screen(m), "\n")
	for _, want := range []string{"Replay never reaches this turn: the case misses at turn 0 first.",
		"refund_agent › parallel_lookups › turn 0 (00-6e943a.json)", "tool lookup_order: description changed",
		"enter goes to turn 0", "evals/support/refund_agent.eval.yaml:10"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q:\n%s", want, text)
		}
	}
	if !m.Keys().Jump.Enabled() {
		t.Error("no jump on the Diff tab")
	}
	d.Diff.Miss.ID = "" // no recording at the missing turn: nowhere to go
	if newPane(80, 30).SetData(d).SetTab(TabDiff).Keys().Jump.Enabled() {
		t.Error("jump offered with nowhere to go")
	}
}

// TestReasonWrapsWhole: the status reason is never cut to one line.
func TestReasonWrapsWhole(t *testing.T) {
	t.Parallel()
	d := staleData(t)
	d.Reason = "case misses at turn 2 before reaching this turn; re-record refund_agent::refunds_small_order_after_retry"
	m := newPane(40, 20).SetData(d)
	rows := screen(m)
	var reason []string
	for _, r := range rows[1:] {
		if strings.Contains(r, "Response") || strings.Contains(r, "Res") && strings.Contains(r, "Req") {
			break
		}
		reason = append(reason, strings.TrimSpace(r))
	}
	// A word longer than the pane breaks inside; every character is there.
	if got := strings.Join(reason, ""); strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(d.Reason, " ", "") {
		t.Errorf("reason shown as %q, want it whole: %q", got, d.Reason)
	}
	if m.TabBarRow() != 1+len(reason) {
		t.Errorf("tab bar row %d, want %d", m.TabBarRow(), 1+len(reason))
	}
}

// TestNoWrapScrollsSideways: w stops wrapping; → and ← scroll; the left
// edge hands ← back to the page (Left disabled).
func TestNoWrapScrollsSideways(t *testing.T) {
	t.Parallel()
	d := staleData(t)
	d.Body = body(t, `{"response": {"text": "`+strings.Repeat("word ", 30)+`END"}}`)
	m := newPane(40, 12).SetData(d).SetTab(TabRaw)
	wrapped := len(m.rows)
	m = keys(m, "W")
	if m.Wrapping() || len(m.rows) >= wrapped {
		t.Fatalf("w: wrapping %v, %d rows (wrapped %d)", m.Wrapping(), len(m.rows), wrapped)
	}
	if m.Keys().Left.Enabled() {
		t.Error("← scrolls left at the left edge")
	}
	for range 20 {
		m = keys(m, "right")
	}
	if !strings.Contains(strings.Join(screen(m), "\n"), "END") {
		t.Errorf("scrolled right to column %d, the end of the line is not in view:\n%s", m.Column(), strings.Join(screen(m), "\n"))
	}
	for _, r := range screen(m) {
		if ansi.StringWidth(r) > 40 {
			t.Errorf("row %q is wider than the pane", r)
		}
	}
	m = keys(m, "left")
	if col := m.Column(); col == 0 || !m.Keys().Left.Enabled() {
		t.Errorf("← from column %d", col)
	}
	if m = keys(m, "W"); !m.Wrapping() || m.Column() != 0 {
		t.Error("w again does not wrap from the left edge")
	}
}

// TestWrappedJSONKeepsItsIndentation: a long string continues under its
// own indentation, not at column 0.
func TestWrappedJSONKeepsItsIndentation(t *testing.T) {
	t.Parallel()
	d := staleData(t)
	d.Body = body(t, `{"a": {"b": "`+strings.Repeat("word ", 20)+`"}}`)
	m := newPane(40, 30).SetData(d).SetTab(TabRaw)
	for _, r := range m.rows {
		if l := ansi.Strip(r.text); strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "  ") && l != "{" && l != "}" {
			t.Errorf("row %q starts at column 0", l)
		}
	}
}

// TestSearch: matches are counted in smart case, n and N go through them
// and wrap, the pane scrolls to each.
func TestSearch(t *testing.T) {
	t.Parallel()
	d := staleData(t)
	var b strings.Builder
	b.WriteString(`{"items": [`)
	for i := range 60 {
		if i > 0 {
			b.WriteString(",")
		}
		if i%20 == 0 {
			b.WriteString(`"Needle here"`)
		} else {
			b.WriteString(`"hay"`)
		}
	}
	b.WriteString("]}")
	d.Body = body(t, b.String())
	m := newPane(60, 12).SetData(d).SetTab(TabRaw).SetSearch("needle")
	if q, n := m.Search(); q != "needle" || n != 3 {
		t.Fatalf("search: %q %d matches, want 3", q, n)
	}
	if _, n := m.SetSearch("needle").SetSearch("Needle").Search(); n != 3 {
		t.Errorf("upper case: %d matches", n)
	}
	if _, n := m.SetSearch("NEEDLE").Search(); n != 0 {
		t.Errorf("an upper-case query matched another case %d times", n)
	}
	m.Focus()
	var seen []int
	for range 3 {
		m = keys(m, "n")
		seen = append(seen, m.SearchPosition())
		if !strings.Contains(strings.Join(screen(m), "\n"), "Needle here") {
			t.Errorf("match %d is not on screen", m.SearchPosition())
		}
	}
	if seen[0] != 2 || seen[1] != 3 || seen[2] != 1 {
		t.Errorf("n went to %v, want 2 3 1", seen)
	}
	if m = keys(m, "N"); m.SearchPosition() != 3 {
		t.Errorf("N from the first: %d", m.SearchPosition())
	}
	if bar := screen(m)[m.TabBarRow()]; !strings.Contains(bar, "/needle 3/3") {
		t.Errorf("the tab bar does not show the search: %q", bar)
	}
	if m = m.SetSearch(""); m.Keys().NextMatch.Enabled() {
		t.Error("n still goes through matches after the search ended")
	}
}

// TestRawCursorFoldAndCopy: the Raw tab has a cursor; enter folds the
// object under it, y and Y give its value and JSON path.
func TestRawCursorFoldAndCopy(t *testing.T) {
	t.Parallel()
	m := newPane(80, 30).SetData(staleData(t)).SetTab(TabRaw)
	full := len(m.rows)
	m = keys(m, "j", "j", "j", "j", "j") // { response text tool_calls { name
	path, value, ok := m.CursorValue()
	if !ok || path != "response.tool_calls[0].name" || value != "lookup_order" {
		t.Errorf("cursor on %q = %q (ok %v)", path, value, ok)
	}
	m = keys(m, "k", "enter") // fold tool_calls[0]
	if len(m.rows) != full-6 {
		t.Errorf("folding the call: %d rows, want %d", len(m.rows), full-6)
	}
	if !strings.Contains(strings.Join(screen(m), "\n"), "{…} 3 keys") {
		t.Errorf("folded value not shown as such:\n%s", strings.Join(screen(m), "\n"))
	}
	path, value, _ = m.CursorValue()
	if path != "response.tool_calls[0]" || value != `{"name":"lookup_order","id":"c1","arguments":{"order_id":"A-991"}}` {
		t.Errorf("folded cursor on %q = %q", path, value)
	}
	if m = keys(m, "enter"); len(m.rows) != full {
		t.Errorf("unfold: %d rows, want %d", len(m.rows), full)
	}
	m = keys(m, "z")
	if len(m.rows) != 4 {
		t.Errorf("z: %d rows, want { response… request_digest… }", len(m.rows))
	}
	if m = keys(m, "z"); len(m.rows) != full {
		t.Errorf("z again: %d rows", len(m.rows))
	}
	if m.SetTab(TabResponse).Keys().CopyValue.Enabled() {
		t.Error("copy value offered outside the Raw tab")
	}
}

func TestPlainText(t *testing.T) {
	t.Parallel()
	m := newPane(40, 10).SetData(staleData(t)).SetTab(TabRaw)
	m = keys(m, "z")
	text := m.PlainText()
	if strings.Contains(text, "\x1b") || !strings.Contains(text, `"order_id": "A-991"`) ||
		!strings.Contains(text, "case misses at turn 0: tool lookup_order: description changed") {
		t.Errorf("plain text:\n%s", text)
	}
}

// TestDiffTabOfARecordingThatIsNotStale says there is nothing to compare
// in words that read for every status ("a key mismatch", not "is key
// mismatch"), and which tab shows what there is.
func TestDiffTabOfARecordingThatIsNotStale(t *testing.T) {
	for _, c := range []struct{ status, want string }{
		{"key mismatch", "this one is a key mismatch."},
		{"key mismatch", "Request tab (2)"},
		{"invalid", "this one is invalid."},
		{"invalid", "Raw tab (5)"},
		{"error entry", "this one is an error entry."},
		{"live", "this one is live."},
		{"orphaned case", "this one is orphaned (its case is gone)."},
	} {
		m := New(theme.New(true), DefaultKeyMap())
		m.SetSize(200, 20)
		m = m.SetData(Data{ID: "r", Title: "t", Status: c.status, HasBody: true, Body: body(t, recording)}).SetTab(TabDiff)
		scr := strings.Join(screen(m), "\n")
		if !strings.Contains(scr, c.want) {
			t.Errorf("%s: the Diff tab does not say %q:\n%s", c.status, c.want, scr)
		}
		if strings.Contains(scr, "is "+c.status+".") && c.status != "live" && c.status != "invalid" {
			t.Errorf("%s: the Diff tab says %q", c.status, "is "+c.status)
		}
	}
}

// TestHalfPage: with the pane focused, ctrl+d and ctrl+u scroll half a
// page, as less does.
func TestHalfPage(t *testing.T) {
	long := `{"response": {"text": "` + strings.Repeat(`line\n`, 80) + `"}}`
	m := New(theme.New(true), DefaultKeyMap())
	m.SetSize(60, 24)
	m = m.SetData(Data{ID: "r", Title: "t", Status: "live", HasBody: true, Body: body(t, long)})
	m.Focus()
	half := m.bodyHeight() / 2
	m, _ = m.Update(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	if m.Offset() != half {
		t.Errorf("ctrl+d: offset %d, want %d", m.Offset(), half)
	}
	m, _ = m.Update(tea.KeyPressMsg{Code: 'd', Mod: tea.ModCtrl})
	m, _ = m.Update(tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl})
	if m.Offset() != half {
		t.Errorf("ctrl+d ctrl+d ctrl+u: offset %d, want %d", m.Offset(), half)
	}
}
