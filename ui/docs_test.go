package ui

import (
	"flag"
	"os"
	"testing"
)

// updating reports whether the tests run with -update (the golden
// package's flag), which rewrites generated docs instead of failing.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// TestKeysDoc checks that docs/keys.md is the keymaps' (it is the golden
// of the full help of both pages); with -update it rewrites the file.
func TestKeysDoc(t *testing.T) {
	const file = "../docs/keys.md"
	want := KeysDoc()
	got, err := os.ReadFile(file)
	if updating() {
		if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err != nil {
		t.Fatalf("%v; run go test ./ui -run TestKeysDoc -update", err)
	}
	if string(got) != want {
		t.Errorf("docs/keys.md is out of date; run go test ./ui -run TestKeysDoc -update\n got:\n%s\nwant:\n%s", got, want)
	}
}
