package review

import (
	"flag"
	"os"
	"strings"
	"testing"
)

const (
	keysBegin = "<!-- review-keys:begin (generated from review.DefaultKeyMap by TestREADMEReviewKeys -update) -->\n"
	keysEnd   = "<!-- review-keys:end -->"
)

// TestREADMEReviewKeys checks that the README's review key table is the
// keymap's; with -update it rewrites the table.
func TestREADMEReviewKeys(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i, j := strings.Index(readme, keysBegin), strings.Index(readme, keysEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no %q … %q section", keysBegin, keysEnd)
	}
	want := KeyTable()
	if got := readme[i+len(keysBegin) : j]; got != want {
		if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
			readme = readme[:i+len(keysBegin)] + want + readme[j:]
			if err := os.WriteFile("../../README.md", []byte(readme), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("README review key table is out of date; run go test ./ui/review -run TestREADMEReviewKeys -update\n got:\n%s\nwant:\n%s", got, want)
	}
}
