package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
)

// TestRecordNumberKeysAsDryfire: mock results whose mappings have number
// keys (ints, floats, a bool among them) are written into a recording's
// request digest in the order dryfire's store writes them, json.dumps with
// sort_keys sorting the keys as the numbers they are (2, 9, 10, 100; -3,
// true, 2.5, 7), not as their text: the cassettes are dryfire's byte for
// byte (testdata/run/record/numkeys, recorded by dryfire through Gemini).
func TestRecordNumberKeysAsDryfire(t *testing.T) {
	t.Parallel()
	fixture := filepath.Join("testdata", "run", "record", "numkeys")
	srv := providertest.Golden(t, fixture)
	dir := reviewtest.CopyTree(t, filepath.Join(fixture, "project"))
	code, _, stderr := recordRun{}.run(t, srv.Env(), dir, "--cassette-mode", "record", "--yes", "--concurrency", "1")
	if code != 1 {
		t.Fatalf("exit %d, dryfire's 1\n%s", code, stderr)
	}
	want := filesUnder(t, filepath.Join(fixture, "expected-cassettes"))
	got := filesUnder(t, filepath.Join(dir, ".dryfire", "cassettes"))
	if len(got) != len(want) {
		t.Fatalf("%d cassettes, dryfire's %d", len(got), len(want))
	}
	measured := regexp.MustCompile(`"latency_ms": \d+`)
	for rel, w := range want {
		if g := measured.ReplaceAllString(got[rel], `"latency_ms": 0`); g != w {
			t.Errorf("%s differs from dryfire's:\n%s", rel, lineDiff(w, g))
		}
	}
}

// filesUnder reads every file under root, by its slash path from root.
func filesUnder(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
