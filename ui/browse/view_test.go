package browse

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// checkScreen asserts the screen is exactly w × h cells and matches its golden.
func checkScreen(t *testing.T, m Page, w, h int) {
	t.Helper()
	uitest.CheckScreen(t, m.Render(), w, h)
}

func TestViewMain(t *testing.T) {
	for _, size := range []struct{ w, h int }{{120, 30}, {80, 24}, {60, 15}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			// The screen as it opens: on the first problem.
			m, _ := newTestModel(t, size.w, size.h, uitest.DemoItems())
			checkScreen(t, m, size.w, size.h)
		})
	}
}

func sizeName(w, h int) string { return fmt.Sprintf("%dx%d", w, h) }

func TestViewTabs(t *testing.T) {
	for i, name := range []string{"response", "request", "diff", "secrets", "raw"} {
		t.Run(name, func(t *testing.T) {
			m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
			m = selectPath(t, m, "parallel_lookups/01-")
			m = keys(t, m, string(rune('1'+i)))
			checkScreen(t, m, 120, 30)
		})
	}
}

func TestViewSecretsRevealed(t *testing.T) {
	m, _ := newTestModel(t, 120, 24, uitest.DemoItems())
	m = keys(t, m, "g", "j", "j", "4", "R")
	if !m.Detail.Revealed() {
		t.Fatal("R did not reveal")
	}
	if !strings.Contains(screenText(m), "AKIAFAKEFAKEFAKEQ7") {
		t.Errorf("revealed secret not on screen:\n%s", screenText(m))
	}
	m = keys(t, m, "R")
	if strings.Contains(screenText(m), "AKIAFAKEFAKEFAKEQ7") {
		t.Errorf("secret still on screen after hiding it again")
	}
}

func TestViewHelp(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = keys(t, m, "?")
	checkScreen(t, m, 120, 30)
}

func TestViewConfirmDialog(t *testing.T) {
	m, _ := newTestModel(t, 120, 30, uitest.DemoItems())
	m = markPaths(t, m, "no_flights_found", "weather_check_repeated", "unknown_order_apologises")
	m = keys(t, m, "d")
	if !m.Dialog.Visible() {
		t.Fatal("d did not open the dialog")
	}
	checkScreen(t, m, 120, 30)
}

func TestViewEmpty(t *testing.T) {
	for _, size := range []struct{ w, h int }{{100, 24}, {60, 15}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m, _ := newTestModel(t, size.w, size.h, nil)
			checkScreen(t, m, size.w, size.h)
		})
	}
}

func TestViewTooSmall(t *testing.T) {
	m, _ := newTestModel(t, 30, 6, uitest.DemoItems())
	if got := screenText(m); !strings.HasPrefix(got, "Terminal too small (30×6)") {
		t.Errorf("got %q", got)
	}
}

// selectPath puts the cursor on the recording whose path contains sub.
func selectPath(t *testing.T, m Page, sub string) Page {
	t.Helper()
	for _, it := range uitest.DemoItems() {
		if strings.Contains(it.Path, sub) {
			var ok bool
			if m.tree, ok = m.tree.SelectID(it.ID); !ok {
				t.Fatalf("cannot select %s", it.ID)
			}
			var cmd tea.Cmd
			m, cmd = m.syncDetail()
			return run(t, m, cmd)
		}
	}
	t.Fatalf("no item matches %q", sub)
	return m
}

// markPaths moves to each recording whose path contains one of subs and marks it.
func markPaths(t *testing.T, m Page, subs ...string) Page {
	t.Helper()
	for _, sub := range subs {
		found := false
		for _, it := range uitest.DemoItems() {
			if strings.Contains(it.Path, sub) {
				var ok bool
				m.tree, ok = m.tree.SelectID(it.ID)
				if !ok {
					t.Fatalf("cannot select %s", it.ID)
				}
				m = keys(t, m, "space")
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("no item matches %q", sub)
		}
	}
	return m
}
