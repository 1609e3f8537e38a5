package backend

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestLineWriterSplitsAsTheText: whatever the writes, the lines are those
// of the whole text with its newlines at the end taken off, across the
// pieces the writer cuts the text into (lines longer than a piece, empty
// lines, a text without a newline, an empty text).
func TestLineWriterSplitsAsTheText(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 3))
	texts := []string{"", "\n", "\n\n\n", "a", "a\n", "a\n\nb", "a\nb\n\n", "\na", strings.Repeat("x", 3*lineChunk+5) + "\nend\n"}
	for range 100 {
		var b strings.Builder
		for range r.IntN(60) {
			switch r.IntN(4) {
			case 0:
				b.WriteByte('\n')
			case 1:
				b.WriteString(strings.Repeat("y", r.IntN(2*lineChunk)))
			default:
				b.WriteString(strings.Repeat("z", r.IntN(200)))
			}
		}
		texts = append(texts, b.String())
	}
	for _, text := range texts {
		want := strings.Split(strings.TrimRight(text, "\n"), "\n")
		var w lineWriter
		for rest := text; rest != ""; {
			n := min(len(rest), 1+r.IntN(3*lineChunk/2))
			if r.IntN(2) == 0 {
				_, _ = w.WriteString(rest[:n])
			} else {
				_, _ = w.Write([]byte(rest[:n]))
			}
			rest = rest[n:]
		}
		if got := w.Lines(); !slices.Equal(got, want) {
			t.Fatalf("text of %d bytes: %d lines, want %d", len(text), len(got), len(want))
		}
	}
}
