package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestFingerprintSaysItReadsATerminal: fingerprint with no FILE on a
// terminal says what it waits for (before: it waited in silence); on a
// pipe it says nothing and hashes.
func TestFingerprintSaysItReadsATerminal(t *testing.T) {
	t.Parallel()
	for _, terminal := range []bool{true, false} {
		var out, errOut bytes.Buffer
		Run(context.Background(), []string{"fingerprint"}, Env{
			Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
			Getenv: func(string) string { return "" }, InputIsTerminal: terminal,
		})
		said := strings.Contains(errOut.String(), "dryfire-tui: reading JSON objects from the terminal, one a line: Ctrl-D ends them, Ctrl-C stops\n")
		if said != terminal {
			t.Errorf("stdin a terminal %v: said %v\n%s", terminal, said, errOut.String())
		}
	}
}
