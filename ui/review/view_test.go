package review

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
)

// checkScreen asserts the screen is exactly w × h cells and matches its
// golden (ANSI stripped, so the colour profile does not matter).
func checkScreen(t *testing.T, out string, w, h int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) != h {
		t.Errorf("screen has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("line %d is %d cells wide, want ≤ %d: %q", i, n, w, ansi.Strip(l))
		}
	}
	golden.RequireEqual(t, []byte(ansi.Strip(out)))
}

var sizes = []struct{ w, h int }{{120, 30}, {60, 15}}

func sizeName(w, h int) string { return fmt.Sprintf("%dx%d", w, h) }

func TestViewReview(t *testing.T) {
	f := newFixture(t)
	for _, size := range sizes {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := selectPath(t, f.model(t, size.w, size.h), pModified)
			m = keys(t, m, "s") // skipped, and the cursor moves on
			m = selectPath(t, m, pModified)
			checkScreen(t, m.Render(), size.w, size.h)
		})
	}
	t.Run("60x15-detail", func(t *testing.T) {
		m := selectPath(t, f.model(t, 60, 15), pModified)
		m = keys(t, m, "enter")
		checkScreen(t, m.Render(), 60, 15)
	})
}

func TestViewConfirm(t *testing.T) {
	f := newFixture(t)
	for _, size := range sizes {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := selectPath(t, f.model(t, size.w, size.h), pAdded)
			m = keys(t, m, "x")
			checkScreen(t, m.Render(), size.w, size.h)
		})
		t.Run(sizeName(size.w, size.h)+"-all", func(t *testing.T) {
			m := keys(t, f.model(t, size.w, size.h), "X")
			checkScreen(t, m.Render(), size.w, size.h)
		})
	}
}

func TestViewHelp(t *testing.T) {
	f := newFixture(t)
	m := keys(t, f.model(t, 100, 30), "?")
	checkScreen(t, m.Render(), 100, 30)
	if strings.Contains(screen(m), "undo") {
		t.Errorf("help lists undo with nothing to undo")
	}
	m = keys(t, m, "esc")
	if m.mode != modeBrowse {
		t.Errorf("esc did not close help")
	}
}

func TestViewEmpty(t *testing.T) {
	f := newFixture(t)
	f.git(t, "add", "-A")
	f.git(t, "commit", "-q", "-m", "all of it")
	r, err := gitreview.OpenReview(context.Background(), f.dir, f.dirs)
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(Options{Review: r, LookedAt: f.dirs}), windowSize(80, 20))
	checkScreen(t, m.Render(), 80, 20)
	if m.keysNow().Accept.Enabled() || m.keysNow().Reload.Enabled() {
		t.Errorf("actions enabled on an empty review")
	}
}

func TestViewTooSmall(t *testing.T) {
	f := newFixture(t)
	m := f.model(t, 30, 6)
	if got := screen(m); !strings.HasPrefix(got, "Terminal too small (30×6)") {
		t.Errorf("got %q", got)
	}
}

func TestConfirmScrolls(t *testing.T) {
	f := newFixture(t)
	m := keys(t, f.model(t, 60, 15), "X")
	if !strings.Contains(screen(m), "↓ 6 more") {
		t.Fatalf("no more-indicator:\n%s", screen(m))
	}
	m = keys(t, m, "j", "j", "j", "j", "j", "j", "j", "j", "j")
	if got := screen(m); strings.Contains(got, "more ·") || !strings.Contains(got, "tapes/chat.json") {
		t.Errorf("scrolling to the end of the list:\n%s", got)
	}
	m = keys(t, m, "k")
	if m.confirm.offset != m.confirmMaxOffset()-1 {
		t.Errorf("one k after the end: offset %d, max %d", m.confirm.offset, m.confirmMaxOffset())
	}
}
