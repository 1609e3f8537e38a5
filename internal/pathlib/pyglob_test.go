package pathlib

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// pyGlobCases is what Python 3.11's glob.glob(pattern, root_dir=ROOT,
// recursive=True) matched in a tree, made by testdata/pyglob.py.
type pyGlobCases struct {
	Python string            `json:"python"`
	Files  []string          `json:"files"`
	Dirs   []string          `json:"dirs"`
	Links  map[string]string `json:"links"`
	Cases  []struct {
		Pattern string   `json:"pattern"`
		Matches []string `json:"matches"`
		Error   string   `json:"error"`
	} `json:"cases"`
}

// TestPyGlobMatchesPython: every pattern of the table matches, in the
// same tree, exactly what Python's glob matched (as sorted lists: Python
// lists a directory in the file system's order).
func TestPyGlobMatchesPython(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("testdata", "pyglob.json"))
	if err != nil {
		t.Fatal(err)
	}
	var table pyGlobCases
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range table.Files {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range table.Dirs {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range table.Links {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	if len(table.Cases) < 50 {
		t.Fatalf("only %d cases in the table", len(table.Cases))
	}
	for _, tc := range table.Cases {
		got, err := PyGlob(root, strings.ReplaceAll(tc.Pattern, "ROOT", root))
		if tc.Error != "" {
			if err == nil {
				t.Errorf("%q: matched %q, Python raised %s", tc.Pattern, got, tc.Error)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.Pattern, err)
			continue
		}
		for i := range got {
			got[i] = strings.ReplaceAll(got[i], root, "ROOT")
		}
		slices.Sort(got)
		want := tc.Matches
		if want == nil {
			want = []string{}
		}
		if got == nil {
			got = []string{}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q:\n got %q\nwant %q", tc.Pattern, got, want)
		}
	}
}

// TestPyGlobLimit: a "**" through links that loop on each other stops at
// the limit with an error, where Python would list paths for as long as
// the system lets it.
func TestPyGlobLimit(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, l := range []string{"a", "b", "c"} {
		if err := os.Symlink(".", filepath.Join(root, l)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	_, err := pyGlobUpTo(root, "**/x.yaml", 2000)
	if !errors.Is(err, ErrGlobLimit) {
		t.Fatalf("error %v, want the limit", err)
	}
}

// TestFnmatch: fnmatch's classes, as fnmatch.translate builds them.
func TestFnmatch(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, pattern string
		want          bool
	}{
		{"a", "[a-c]", true}, {"d", "[a-c]", false}, {"-", "[a-]", true}, {"-", "[-a]", true},
		{"]", "[]]", true}, {"x", "[!]]", true}, {"]", "[!]]", false}, {"b", "[z-a]", false},
		{"-", "[a-c-e]", true}, {"e", "[a-c-e]", true}, {"d", "[a-c-e]", false},
		{"[", "[", true}, {"[x", "[x", true}, {"a.b", "a?b", true}, {"a/b", "a*b", true},
		{"\\", "[\\]", true}, {"!", "[!!]", false}, {"é", "?", true}, {"", "*", true}, {"", "?", false},
	} {
		got, err := fnmatchPy(tc.name, tc.pattern)
		if err != nil || got != tc.want {
			t.Errorf("fnmatch(%q, %q) = %v, %v; want %v", tc.name, tc.pattern, got, err, tc.want)
		}
	}
}
