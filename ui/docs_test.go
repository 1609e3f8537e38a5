package ui

import (
	"flag"
	"os"
	"strings"
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

// TestREADMEKeyTable checks that the README's key table of the browser is
// the keymap's; with -update it rewrites the table.
func TestREADMEKeyTable(t *testing.T) {
	checkREADMESection(t, "<!-- keys:begin (generated from ui.DefaultBrowseKeyMap by TestREADMEKeyTable -update) -->\n",
		"<!-- keys:end -->", KeyTable())
}

// TestREADMEReviewKeys checks that the README's key table of the review
// is the keymap's; with -update it rewrites the table.
func TestREADMEReviewKeys(t *testing.T) {
	checkREADMESection(t, "<!-- review-keys:begin (generated from ui.DefaultReviewKeyMap by TestREADMEReviewKeys -update) -->\n",
		"<!-- review-keys:end -->", ReviewKeyTable())
}

// checkREADMESection compares the README between the begin and end
// markers with want, or rewrites it with -update.
func checkREADMESection(t *testing.T, begin, end, want string) {
	t.Helper()
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i, j := strings.Index(readme, begin), strings.Index(readme, end)
	if i < 0 || j < i {
		t.Fatalf("README.md has no %q … %q section", begin, end)
	}
	if got := readme[i+len(begin) : j]; got != want {
		if updating() {
			readme = readme[:i+len(begin)] + want + readme[j:]
			if err := os.WriteFile("../README.md", []byte(readme), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("README key table is out of date; run go test ./ui -run %s -update\n got:\n%s\nwant:\n%s", t.Name(), got, want)
	}
}
