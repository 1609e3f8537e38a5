package cli

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite generated files (docs/commands.md) instead of comparing")
	}
}

// TestCommandsDoc holds docs/commands.md to the help the commands print:
// a usage text or a flag changed without regenerating the reference fails
// here. With -update (go generate ./internal/cli) it rewrites the file.
func TestCommandsDoc(t *testing.T) {
	var want bytes.Buffer
	if err := writeCommandsDoc(&want); err != nil {
		t.Fatal(err)
	}
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(CommandsDocPath, want.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(CommandsDocPath)
	if err != nil {
		t.Fatalf("%v (run go generate ./internal/cli)", err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("%s is stale: run go generate ./internal/cli (first difference at byte %d)", CommandsDocPath, firstDiff(got, want.Bytes()))
	}
	for _, name := range commandNames() {
		if !bytes.Contains(got, []byte("\n## "+name+"\n")) {
			t.Errorf("%s has no section for %s", CommandsDocPath, name)
		}
	}
}
