package cli

import (
	"fmt"
	"os"
	"testing"
)

// TestMain runs the command tests from the repository root: the commands
// are tested as a user runs them there, on the golden projects, the demo
// and the README's examples, and some documents echo the path they were
// given.
func TestMain(m *testing.M) {
	if err := os.Chdir("../.."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}
