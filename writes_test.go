package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// notUserFiles are the packages that write files but never a user's: the
// test-project generator, the loader's differential test and the planted
// secrets of the no-leak tests (tools for tests), the review's and the UI
// tests' fixtures, and the demo, copied into a new directory of its own.
var notUserFiles = []string{"tools/gen", "tools/loaderdiff", "secrets/secrettest", "gitreview/reviewtest", "ui/internal/uitest", "examples"}

// TestWritesGoThroughSafefile: every file the tool writes (a recording,
// a rewrite, the secrets baseline, --json-out, --junit-out, a tape) is
// written by internal/safefile, atomically, its temporary file removed on
// every failure; no other code creates or writes a file.
func TestWritesGoThroughSafefile(t *testing.T) {
	for rel := range listPackages(t) {
		if rel == "internal/safefile" || hasPrefixIn(rel, notUserFiles) {
			continue
		}
		files, err := filepath.Glob(filepath.Join(filepath.FromSlash(rel), "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, bad := range []string{"os.WriteFile(", "os.Create(", "os.CreateTemp(", "os.OpenFile(", "ioutil.WriteFile(", "ioutil.TempFile("} {
				if bytes.Contains(data, []byte(bad)) {
					t.Errorf("%s: writes a file with %s, not through internal/safefile", f, strings.TrimSuffix(bad, "("))
				}
			}
		}
	}
}

func hasPrefixIn(rel string, prefixes []string) bool {
	for _, p := range prefixes {
		if rel == p || strings.HasPrefix(rel, p+"/") {
			return true
		}
	}
	return false
}
