package browse

import (
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// evil holds the sequences a hostile recording carries: OSC 0 (window
// title), CSI 2J (clear the screen), SGR (colour) and U+202E
// (right-to-left override).
const evil = "\x1b]0;pwned\x07\x1b[2J\x1b[31mEVIL\u202e"

// TestBrowserShowsEscapesVisibly: names, reasons and recorded text with
// control sequences reach the screen as visible escapes, never raw.
func TestBrowserShowsEscapesVisibly(t *testing.T) {
	items := uitest.DemoItems()
	items[0].Group, items[0].Sub, items[0].Label = "suite"+evil, "case"+evil, "00 "+evil
	items[0].Reason = "read by replay" + evil
	m, b := newTestModel(t, 160, 40, items)
	b.Body = jsonv.ObjectValue(jsonv.M("response", jsonv.ObjectValue(
		jsonv.M("text", jsonv.StringValue("answer "+evil)), jsonv.M("stop_reason", jsonv.StringValue("end"+evil)))))
	m.summary.Name = "project" + evil
	m = keys(t, m, "g")
	var ok bool
	if m.tree, ok = m.tree.SelectID(items[0].ID); !ok {
		t.Fatal("cannot select the recording")
	}
	m = keys(t, m, "j", "k") // load its detail
	for _, tab := range []string{"1", "5"} {
		m = keys(t, m, tab)
		raw := m.Render()
		for _, bad := range []string{"\x1b]0;pwned", "\x1b[2J", "\x1b[31mEVIL", "\u202e"} {
			if strings.Contains(raw, bad) {
				t.Errorf("tab %s: the screen holds %q raw", tab, bad)
			}
		}
		if scr := screenText(m); !strings.Contains(scr, `\x1b]0;pwned\x07\x1b[2J\x1b[31mEVIL\u202e`) {
			t.Errorf("tab %s: the escapes are not shown:\n%s", tab, scr)
		}
	}
	if title := m.ProjectName(); strings.ContainsAny(title, "\x1b\x07\u202e") {
		t.Errorf("window title %q holds control characters", title)
	}
}

// TestPruneDialogListsMarksAsTheyAreNow: a recording marked while it was
// prunable, and live again by the time d is pressed (its suite was
// restored), is listed as kept, not removed: the dialog opens on a fresh
// scan.
func TestPruneDialogListsMarksAsTheyAreNow(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	m = markPaths(t, m, "no_flights_found", "weather_check_repeated")
	b.Items = slices.Clone(b.Items)
	for i, it := range b.Items {
		if strings.Contains(it.Path, "no_flights_found") {
			b.Items[i] = tree.Item{ID: it.ID, Path: it.Path, Format: it.Format, Group: it.Group, Sub: it.Sub,
				Label: it.Label, Turn: it.Turn, Key: it.Key, Status: "live", Reason: "read by replay of travel_booking::no_flights_found"}
		}
	}
	m = keys(t, m, "d")
	if !m.Dialog.Visible() || len(m.prunes) != 1 {
		t.Fatalf("d did not open the dialog after the rescan")
	}
	got := m.prunes[0].What
	if len(got) != 1 || !strings.Contains(got[0].Path, "weather_check_repeated") {
		t.Fatalf("the dialog asks to remove %v, want only the still superseded file", got)
	}
	if scr := screenText(m); !strings.Contains(scr, "live: read by replay of travel_booking::no_flights_found") {
		t.Errorf("the live file is not listed as kept:\n%s", scr)
	}
	m = keys(t, m, "y")
	if len(b.Pruned()) != 1 || !strings.Contains(b.Pruned()[0], "weather_check_repeated") {
		t.Errorf("pruned %v", b.Pruned())
	}
}
