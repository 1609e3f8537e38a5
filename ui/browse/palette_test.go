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
