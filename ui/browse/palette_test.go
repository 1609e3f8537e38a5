package browse

import (
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// TestPaletteAsksBeforeWriting: a command that writes files runs as a dry
// run first, and only y runs it for real; then the project is read again.
func TestPaletteAsksBeforeWriting(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	m = keys(t, m, ":")
	if !m.picker.Visible() || !strings.Contains(screenText(m), "Run a command") {
		t.Fatalf("':' did not open the palette:\n%s", screenText(m))
	}
	m = keys(t, m, "d", "o", "c")
	if got := m.picker.Selected(); got == "" || !strings.Contains(screenText(m), "doctor --fix") || strings.Contains(screenText(m), "secrets --redact") {
		t.Fatalf("typing 'doc' shows:\n%s", screenText(m))
	}
	m = keys(t, m, "enter")
	if !m.Dialog.Visible() || !strings.Contains(screenText(m), "doctor --fix · what it would change") ||
		!strings.Contains(screenText(m), "y changes one file") {
		t.Fatalf("no question before writing:\n%s", screenText(m))
	}
	gen := m.gen
	m = keys(t, m, "y")
	want := []backend.CommandRequest{{Command: backend.CommandDoctor}, {Command: backend.CommandDoctor, Apply: true}}
	if !slices.Equal(b.Ran(), want) {
		t.Errorf("ran %+v, want the dry run then the fix", b.Ran())
	}
	if !strings.Contains(screenText(m), "report of doctor --fix") || m.gen == gen {
		t.Errorf("the result is not shown, or the project not read again (gen %d → %d):\n%s", gen, m.gen, screenText(m))
	}
}

// TestPaletteReplaysTheCaseUnderTheCursor: the palette offers to replay
// the case of the recording under the cursor, as replay --filter does.
func TestPaletteReplaysTheCaseUnderTheCursor(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	m = selectPath(t, m, "parallel_lookups/01-")
	m = keys(t, m, ":")
	if !strings.Contains(screenText(m), "replay --filter parallel_lookups") {
		t.Fatalf("no replay of the case under the cursor:\n%s", screenText(m))
	}
	m = keys(t, m, "down", "enter") // check, then replay --filter
	if len(b.Ran()) != 1 || b.Ran()[0] != (backend.CommandRequest{Command: backend.CommandReplay, Filter: "parallel_lookups"}) {
		t.Errorf("ran %+v", b.Ran())
	}
	if !m.Dialog.Visible() || !strings.Contains(screenText(m), "report of replay parallel_lookups") {
		t.Errorf("the report is not shown:\n%s", screenText(m))
	}
	m = keys(t, m, "esc")
	if m.Dialog.Visible() || m.picker.Visible() {
		t.Error("esc did not close the report")
	}
}

// TestPaletteOffersRunDiffAndPrune: the palette has the command line's
// run (replay mode), diff and prune; on a stale recording it offers the
// diff of that one; prune is listed before anything is removed, and y
// removes what was listed, then the project is read again.
func TestPaletteOffersRunDiffAndPrune(t *testing.T) {
	m, b := newTestModel(t, 120, 30, uitest.DemoItems())
	m = selectPath(t, m, "parallel_lookups/01-")
	m = keys(t, m, ":")
	scr := screenText(m)
	for _, want := range []string{"diff 3d3d451719dd1a54", "run --cassette-mode replay", "explain every miss", "prune", "then remove them on y", "replayed offline"} {
		if !strings.Contains(scr, want) {
			t.Errorf("the palette lacks %q:\n%s", want, scr)
		}
	}
	m = keys(t, m, "down", "down", "enter") // check, replay --filter, then the diff of the recording
	if len(b.Ran()) != 1 || b.Ran()[0] != (backend.CommandRequest{Command: backend.CommandDiff, Ref: "3d3d451719dd1a54"}) {
		t.Errorf("ran %+v", b.Ran())
	}
	m = keys(t, m, "esc", ":", "p", "r", "u", "n", "e", "enter")
	if !m.Dialog.Visible() || !strings.Contains(screenText(m), "prune · what it would change") {
		t.Fatalf("prune did not list first:\n%s", screenText(m))
	}
	gen := m.gen
	m = keys(t, m, "y")
	ran := b.Ran()
	if len(ran) != 3 || ran[1] != (backend.CommandRequest{Command: backend.CommandPrune}) || !ran[2].Apply || ran[2].Command != backend.CommandPrune {
		t.Errorf("ran %+v, want prune's dry run then prune --yes", ran)
	}
	if m.gen == gen {
		t.Error("the project was not read again after the prune")
	}
}

// TestPaletteReplaysOnlyCasesThatExist: on a recording of a case deleted
// from its suite, and on that case's row, the palette offers no replay of
// it (replay --filter would match nothing).
func TestPaletteReplaysOnlyCasesThatExist(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = selectPath(t, m, "no_flights_found/00-")
	m = keys(t, m, ":")
	if scr := screenText(m); strings.Contains(scr, "replay --filter") || !strings.Contains(scr, "replay every case") {
		t.Errorf("the palette on an orphaned case:\n%s", scr)
	}
	m = keys(t, m, "esc", "up")
	if kind, names := m.tree.SelectedPath(); len(names) != 2 || names[1] != "no_flights_found" {
		t.Fatalf("the cursor is on %v %v", kind, names)
	}
	if scr := screenText(keys(t, m, ":")); strings.Contains(scr, "replay --filter") {
		t.Errorf("the palette on the orphaned case's row:\n%s", scr)
	}
}
