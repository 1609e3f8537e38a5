package ui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/dryfire-tui/dryfire-tui/gitreview"
)

var reviewSizes = []struct{ w, h int }{{120, 30}, {60, 15}}

func TestViewReview(t *testing.T) {
	f := newFixture(t)
	for _, size := range reviewSizes {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := reviewSelect(t, f.model(t, size.w, size.h), pModified)
			m = keys(t, m, "s") // skipped, and the cursor moves on
			m = reviewSelect(t, m, pModified)
			checkScreen(t, m, size.w, size.h)
		})
	}
	t.Run("60x15-detail", func(t *testing.T) {
		m := reviewSelect(t, f.model(t, 60, 15), pModified)
		m = keys(t, m, "enter")
		checkScreen(t, m, 60, 15)
	})
}

func TestViewConfirm(t *testing.T) {
	f := newFixture(t)
	for _, size := range reviewSizes {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := reviewSelect(t, f.model(t, size.w, size.h), pAdded)
			m = keys(t, m, "x")
			checkScreen(t, m, size.w, size.h)
		})
		t.Run(sizeName(size.w, size.h)+"-all", func(t *testing.T) {
			m := keys(t, f.model(t, size.w, size.h), "X")
			checkScreen(t, m, size.w, size.h)
		})
	}
}

func TestViewReviewHelp(t *testing.T) {
	f := newFixture(t)
	m := keys(t, f.model(t, 100, 30), "?")
	checkScreen(t, m, 100, 30)
	if strings.Contains(screenText(m), "undo") {
		t.Errorf("help lists undo with nothing to undo")
	}
	m = keys(t, m, "esc")
	if m.review.Help.Visible() {
		t.Errorf("esc did not close help")
	}
}

func TestViewReviewEmpty(t *testing.T) {
	f := newFixture(t)
	f.git(t, "add", "-A")
	f.git(t, "commit", "-q", "-m", "all of it")
	r, err := gitreview.OpenReview(context.Background(), f.dir, f.dirs)
	if err != nil {
		t.Fatal(err)
	}
	m := send(t, New(Options{Page: PageReview, Review: r, LookedAt: f.dirs}), tea.WindowSizeMsg{Width: 80, Height: 20})
	checkScreen(t, m, 80, 20)
	if m.review.keysNow().Accept.Enabled() || m.review.keysNow().Reload.Enabled() {
		t.Errorf("actions enabled on an empty review")
	}
}

func TestViewReviewTooSmall(t *testing.T) {
	f := newFixture(t)
	m := f.model(t, 30, 6)
	if got := screenText(m); !strings.HasPrefix(got, "Terminal too small (30×6)") {
		t.Errorf("got %q", got)
	}
}

func TestConfirmScrolls(t *testing.T) {
	f := newFixture(t)
	m := keys(t, f.model(t, 60, 15), "X")
	if !strings.Contains(screenText(m), "↓ 6 more") {
		t.Fatalf("no more-indicator:\n%s", screenText(m))
	}
	m = keys(t, m, "j", "j", "j", "j", "j", "j", "j", "j", "j")
	if got := screenText(m); strings.Contains(got, "more ·") || !strings.Contains(got, "tapes/chat.json") {
		t.Errorf("scrolling to the end of the list:\n%s", got)
	}
	m = keys(t, m, "k")
	if m.review.Dialog.Offset() != m.review.Dialog.MaxOffset()-1 {
		t.Errorf("one k after the end: offset %d, max %d", m.review.Dialog.Offset(), m.review.Dialog.MaxOffset())
	}
}
