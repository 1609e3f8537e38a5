package ui

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/examples"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// The tests of this package drive the whole program: the root model, its
// routing between the pages and the pages on a screen. Each page's own
// behaviour is tested in its package (ui/browse, ui/review).

// projectB is the golden project whose tool description changed: 15
// stale recordings, 10 of them turns replay never reaches.
var projectB = filepath.Join("..", "testdata", "golden", "dryfire", "project-B-tool-description")

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

// send feeds one message and runs what it returns.
func send(t testing.TB, m Model, msg tea.Msg) Model {
	t.Helper()
	nm, cmd := m.Update(msg)
	return run(t, nm.(Model), cmd)
}

// uiPackages is where the app's own messages come from: the pages' results
// and the components' answers.
const uiPackages = "github.com/dryfire-tui/dryfire-tui/ui/"

// run executes cmd synchronously and feeds back the app's own messages,
// never those that talk to the terminal (bubbletea's: quit, the
// clipboard, exec, the background colour).
func run(t testing.TB, m Model, cmd tea.Cmd) Model {
	t.Helper()
	update := func(m Model, msg tea.Msg) (Model, tea.Cmd) {
		nm, cmd := m.Update(msg)
		return nm.(Model), cmd
	}
	return uitest.Run(m, cmd, update, func(msg tea.Msg) bool {
		return msg != nil && strings.HasPrefix(reflect.TypeOf(msg).PkgPath(), uiPackages)
	})
}

func keys(t testing.TB, m Model, ks ...string) Model {
	t.Helper()
	for _, k := range ks {
		m = send(t, m, uitest.PressKey(k))
	}
	return m
}

// update feeds one message and returns the model and the Cmd, unrun.
func update(m Model, msg tea.Msg) (Model, tea.Cmd) {
	nm, cmd := m.Update(msg)
	return nm.(Model), cmd
}

// screenText is the rendered screen without escape codes.
func screenText(m Model) string { return ansi.Strip(m.render()) }
