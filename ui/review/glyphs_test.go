package review

import (
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// TestLegendListsEveryGlyph: the review's ? overlay says what each of its
// glyphs means.
func TestLegendListsEveryGlyph(t *testing.T) {
	t.Parallel()
	var all []string
	for _, line := range reviewLegend {
		all = append(all, line...)
	}
	text := strings.Join(all, "  ")
	for _, n := range theme.ReviewMeanings {
		want := theme.Glyph(n) + " " + n
		if n == "secret" {
			want = theme.Glyph(n) + " adds a secret"
		}
		if !strings.Contains(text, want) {
			t.Errorf("the legend does not say %q: %s", want, text)
		}
	}
}
