package scan

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenLoadsTapeDirectories: every tape under a tapes directory loads;
// JSON that is not a tape is left alone; a broken tape is a problem naming
// its file and entry, and the rest still load.
func TestOpenLoadsTapeDirectories(t *testing.T) {
	dir := t.TempDir()
	good, _ := os.ReadFile("../testdata/golden/tapes/tapes/js-llm-chat.json")
	write := func(name, data string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a-good.json", string(good))
	write("b-version.json", `{"version": 3, "name": "b", "entries": {}}`)
	write("c-lists.json", `{"version": 1, "name": "c", "entries": {"k1": []}, "x": 1}`)
	write("d-args.json", `{"version": 1, "name": "d", "entries": {"k1": [{"args": {"a": 1}}]}}`)
	write("e-truncated.json", "{\n  \"version\": 1,\n  \"entries\": {\n")
	write("f-not-a-tape.json", `{"schema_version": 1}`)
	write("notes.txt", "not json")
	write("sub/g-good.json", string(good))

	w, err := Open(t.Context(), dir, Options{NoReplay: true})
	if err != nil {
		t.Fatal(err)
	}
	errs := w.Problems
	var names []string
	for _, tp := range w.Tapes {
		names = append(names, filepath.Base(tp.Path))
	}
	if strings.Join(names, ",") != "a-good.json,c-lists.json,g-good.json" {
		t.Errorf("loaded %v", names)
	}
	want := []string{
		"b-version.json: unsupported version 3",
		`d-args.json: entries["k1"][0]: args must be a list, not an object`,
		"e-truncated.json:4:1:",
	}
	if len(errs) != len(want) {
		t.Fatalf("errors %v, want %d", errs, len(want))
	}
	for i, w := range want {
		if !strings.Contains(errs[i].Error(), w) {
			t.Errorf("error %d = %q, want %q", i, errs[i], w)
		}
	}
}
