package theme

import "testing"

func TestEveryStatusHasAStyleAndAGlyph(t *testing.T) {
	t.Parallel()
	statuses := []string{"live", "stale", "superseded", "orphaned case", "orphaned suite", "stale schema_version",
		"in use", "protected", "invalid", "unknown", "ok", "key mismatch", "error entry", "empty", "secret"}
	for _, isDark := range []bool{true, false} {
		s := New(isDark)
		for _, st := range statuses {
			if _, ok := s.Status[st]; !ok {
				t.Errorf("isDark=%v: no style for %q", isDark, st)
			}
		}
	}
	// Without colour, statuses are told apart by glyph: the ones that ask
	// for different actions must not share one, nor use two glyphs one
	// stroke apart (the header counts by glyph alone when short of room).
	seen := map[string]string{}
	for _, st := range []string{"live", "stale", "stale schema_version", "superseded", "orphaned case", "in use",
		"protected", "invalid", "key mismatch", "error entry", "empty", "secret"} {
		g := Glyph(st)
		if other, ok := seen[g]; ok {
			t.Errorf("%q and %q share the glyph %s", st, other, g)
		}
		seen[g] = st
	}
	lookAlike := []string{"✕", "✗", "✘", "×", "x"}
	var used []string
	for _, g := range lookAlike {
		if st, ok := seen[g]; ok {
			used = append(used, st+" "+g)
		}
	}
	if len(used) > 1 {
		t.Errorf("statuses with look-alike glyphs: %v", used)
	}
}

func TestLightAndDarkDiffer(t *testing.T) {
	t.Parallel()
	dark, light := New(true), New(false)
	if dark.Header.GetBackground() == light.Header.GetBackground() {
		t.Error("the header has the same background on dark and light terminals")
	}
	if dark.Status["live"].GetForeground() == light.Status["live"].GetForeground() {
		t.Error("live has the same colour on dark and light terminals")
	}
}

// TestReviewNames: the review's change kinds and states each have a style
// and a glyph of their own, so a row reads the same without colour.
func TestReviewNames(t *testing.T) {
	t.Parallel()
	s := New(true)
	for _, group := range [][]string{{"added", "modified", "deleted", "renamed"}, {"accepted", "rejected", "skipped"}} {
		seen := map[string]string{}
		for _, name := range group {
			if _, ok := s.Status[name]; !ok {
				t.Errorf("no style for %q", name)
			}
			g := Glyph(name)
			if g == Glyph("no such status") {
				t.Errorf("%q has the fallback glyph", name)
			}
			if other, ok := seen[g]; ok {
				t.Errorf("%q and %q share the glyph %s", name, other, g)
			}
			seen[g] = name
		}
	}
}

// TestOneGlyphOneMeaning: on each page a glyph means one thing. Only the
// names that mean the same to the owner share one: live and ok (a
// recording replay reads), the two orphans.
func TestOneGlyphOneMeaning(t *testing.T) {
	t.Parallel()
	same := map[string]string{"ok": "live", "orphaned suite": "orphaned case"}
	for page, names := range map[string][]string{"browse": BrowseMeanings, "review": ReviewMeanings} {
		seen := map[string]string{}
		for _, name := range names {
			g := Glyph(name)
			if other, ok := seen[g]; ok && same[name] != other && same[other] != name {
				t.Errorf("%s: %q and %q share the glyph %s", page, name, other, g)
			}
			seen[g] = name
		}
	}
}
