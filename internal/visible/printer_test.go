package visible

import (
	"errors"
	"strings"
	"testing"
)

type failAfter struct {
	n      int
	writes int
}

func (f *failAfter) Write(p []byte) (int, error) {
	f.writes++
	if f.writes > f.n {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

// TestPrinterKeepsTheFirstError: once a write fails, the printer writes
// nothing more and says the first error.
func TestPrinterKeepsTheFirstError(t *testing.T) {
	w := &failAfter{n: 1}
	p := NewPrinter(w)
	p.Printf("%s\n", "one")
	p.Println("two")
	p.Println("three")
	if p.Err() == nil || p.Err().Error() != "disk full" {
		t.Fatalf("Err = %v, want disk full", p.Err())
	}
	if w.writes != 2 {
		t.Errorf("%d writes, want 2 (none after the failure)", w.writes)
	}
}

// TestPrinterOnAPipe: a stream that does not escape gets the arguments as
// they are, a Block and an error among them.
func TestPrinterOnAPipe(t *testing.T) {
	var b strings.Builder
	p := NewPrinter(&b)
	p.Printf("%s|%s|%v\n", "a\tb", Block("x\ny"), errors.New("e\x1b"))
	if got, want := b.String(), "a\tb|x\ny|e\x1b\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if p.Escapes() {
		t.Error("a strings.Builder is not a stream that escapes")
	}
}

// TestPrinterOnATerminal: where the stream escapes, a string argument is
// escaped as one line (its newline cannot start a line of output), a Block
// keeps its newlines, and a key is masked before the layout.
func TestPrinterOnATerminal(t *testing.T) {
	var out strings.Builder
	s := NewStream(&out, Options{Escape: true, Keys: NewKeys(Key{Name: "K_API_KEY", Value: "secret-value"})})
	p := NewPrinter(s)
	p.Printf("[%s] [%s] [%-20s]\n", "a\nb", Block("x\ny"), "secret-value")
	got := out.String()
	for _, want := range []string{`[a\nb]`, "[x\ny]", "[[$K_API_KEY]"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q does not hold %q", got, want)
		}
	}
	if strings.Contains(got, "secret-value") {
		t.Errorf("the key shows: %q", got)
	}
}
