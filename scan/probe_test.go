package scan

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestLocateRefusesWhatHoldsNoRecordings: outside a project, Locate
// accepts a directory only when it has a cassette layout, and says which
// projects lie below one that has none.
func TestLocateRefusesWhatHoldsNoRecordings(t *testing.T) {
	t.Parallel()
	const cassette = "00-0123456789abcdef.json"
	const tape = `{"version": 1, "name": "t", "entries": {}}`
	tests := map[string]struct {
		files    map[string]string
		dirs     []string // empty directories
		path     string   // below the tree's root
		accepted bool
		projects []string
	}{
		"a case directory":          {files: map[string]string{cassette: "{}"}, accepted: true},
		"a suite directory":         {files: map[string]string{"c/" + cassette: "{}"}, accepted: true},
		"a cassette root":           {files: map[string]string{"s/c/" + cassette: "{}"}, accepted: true},
		"the .dryfire directory":    {files: map[string]string{".dryfire/cassettes/s/c/" + cassette: "{}"}, path: ".dryfire", accepted: true},
		"a repetition file":         {files: map[string]string{"s/c/01-0123456789abcdef#2.json": "{}"}, accepted: true},
		"a project without its yml": {dirs: []string{".dryfire/cassettes"}, accepted: true},
		"cassette-fn's .tapes":      {dirs: []string{".tapes"}, accepted: true},
		"a tapes directory":         {files: map[string]string{"tapes/t.json": tape}, accepted: true},
		"a directory of tapes":      {files: map[string]string{"t.json": tape}, accepted: true},
		"tapes holding no tape":     {files: map[string]string{"tapes/package.json": `{"name": "x"}`}},
		"an empty directory":        {},
		"JSON that is not named as a cassette": {
			files: map[string]string{"s/c/response.json": "{}", "package.json": "{}"},
		},
		"a cassette four levels down": {files: map[string]string{"a/s/c/d/" + cassette: "{}"}},
		"a cassette inside .git":      {files: map[string]string{".git/s/" + cassette: "{}"}},
		"projects below": {
			files:    map[string]string{"examples/demo/dryfire.yaml": "suites: []\n", "p/dryfire.yaml": "", "a/b/c/d/dryfire.yaml": ""},
			projects: []string{"examples/demo", "p"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			root := writeTree(t, tc.files)
			for _, d := range tc.dirs {
				if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			path := filepath.Join(root, tc.path)
			_, err := locateOne(path)
			if tc.accepted {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var none *NoRecordingsError
			if !errors.As(err, &none) || !errors.Is(err, ErrNoRecordings) {
				t.Fatalf("err = %v, want a NoRecordingsError", err)
			}
			var want []string
			for _, p := range tc.projects {
				want = append(want, filepath.Join(path, filepath.FromSlash(p)))
			}
			if !slices.Equal(none.Projects, want) {
				t.Errorf("projects %q, want %q", none.Projects, want)
			}
		})
	}
}

// TestLocateRefusesFilesThatAreNotJSON: outside a project every recording
// is a .json file; inside one a file may be a suite (run takes one).
func TestLocateRefusesFilesThatAreNotJSON(t *testing.T) {
	t.Parallel()
	bare := writeTree(t, map[string]string{"notes.txt": "x", "loose.json": "{}"})
	if _, err := locateOne(filepath.Join(bare, "notes.txt")); !errors.Is(err, ErrNoRecordings) {
		t.Errorf("notes.txt: err = %v, want ErrNoRecordings", err)
	}
	if _, err := locateOne(filepath.Join(bare, "loose.json")); err != nil {
		t.Errorf("loose.json: %v", err)
	}
	project := writeTree(t, map[string]string{"dryfire.yaml": "version: 1\n", "evals/a.eval.yaml": "name: a\n"})
	if _, err := locateOne(filepath.Join(project, "evals", "a.eval.yaml")); err != nil {
		t.Errorf("a suite file in a project: %v", err)
	}
}
