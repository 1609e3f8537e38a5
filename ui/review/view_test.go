package review

import (
	"context"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

var reviewSizes = []struct{ w, h int }{{120, 30}, {60, 15}}

func TestViewReview(t *testing.T) {
	f := uitest.NewFixture(t)
	for _, size := range reviewSizes {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := reviewSelect(t, newPage(t, f, size.w, size.h), uitest.PModified)
			m = keys(t, m, "s") // skipped, and the cursor moves on
			m = reviewSelect(t, m, uitest.PModified)
			checkScreen(t, m, size.w, size.h)
		})
	}
	t.Run("60x15-detail", func(t *testing.T) {
		m := reviewSelect(t, newPage(t, f, 60, 15), uitest.PModified)
		m = keys(t, m, "enter")
		checkScreen(t, m, 60, 15)
	})
}

func TestViewConfirm(t *testing.T) {
	f := uitest.NewFixture(t)
	for _, size := range reviewSizes {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := reviewSelect(t, newPage(t, f, size.w, size.h), uitest.PAdded)
			m = keys(t, m, "x")
			checkScreen(t, m, size.w, size.h)
		})
		t.Run(sizeName(size.w, size.h)+"-all", func(t *testing.T) {
			m := keys(t, newPage(t, f, size.w, size.h), "X")
			checkScreen(t, m, size.w, size.h)
		})
	}
}

func TestViewReviewHelp(t *testing.T) {
	f := uitest.NewFixture(t)
	m := keys(t, newPage(t, f, 100, 30), "?")
	checkScreen(t, m, 100, 30)
	if strings.Contains(screenText(m), "undo") {
		t.Errorf("help lists undo with nothing to undo")
	}
	m = keys(t, m, "esc")
	if m.Help.Visible() {
		t.Errorf("esc did not close help")
	}
}

func TestViewReviewEmpty(t *testing.T) {
	f := uitest.NewFixture(t)
	f.Git(t, "add", "-A")
	f.Git(t, "commit", "-q", "-m", "all of it")
	r, err := gitreview.OpenReview(context.Background(), f.Dir, f.Dirs)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Context: context.Background(), Review: r, LookedAt: f.Dirs}, theme.New(false))
	m.SetSize(80, 20)
	checkScreen(t, m, 80, 20)
	if m.keysNow().Accept.Enabled() || m.keysNow().Reload.Enabled() {
		t.Errorf("actions enabled on an empty review")
	}
}

func TestViewReviewTooSmall(t *testing.T) {
	f := uitest.NewFixture(t)
	m := newPage(t, f, 30, 6)
	if got := screenText(m); !strings.HasPrefix(got, "Terminal too small (30×6)") {
		t.Errorf("got %q", got)
	}
}

func TestConfirmScrolls(t *testing.T) {
	f := uitest.NewFixture(t)
	m := keys(t, newPage(t, f, 60, 15), "X")
	if !strings.Contains(screenText(m), "↓ 6 more") {
		t.Fatalf("no more-indicator:\n%s", screenText(m))
	}
	m = keys(t, m, "j", "j", "j", "j", "j", "j", "j", "j", "j")
	if got := screenText(m); strings.Contains(got, "more ·") || !strings.Contains(got, "tapes/chat.json") {
		t.Errorf("scrolling to the end of the list:\n%s", got)
	}
	m = keys(t, m, "k")
	if m.Dialog.Offset() != m.Dialog.MaxOffset()-1 {
		t.Errorf("one k after the end: offset %d, max %d", m.Dialog.Offset(), m.Dialog.MaxOffset())
	}
}
