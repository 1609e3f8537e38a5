package scan

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/scan/probe"
)

// goModule writes a Go module: go.mod and the files given, under a new
// directory.
func goModule(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	files["go.mod"] = "module example.com/chat\n\ngo 1.26\n"
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const goTape = `{"version": 1, "name": "TestChat", "entries": {}}`

// TestGoModuleTapes: from a Go module's root, or a package's directory,
// the testdata/tapes of its packages are the tape directories (package
// tape's OpenTest writes there), found as the go tool finds packages; the
// module's other JSON files are not taken for cassettes.
func TestGoModuleTapes(t *testing.T) {
	t.Parallel()
	root := goModule(t, map[string]string{
		"chat/testdata/tapes/TestChat.json":              goTape,
		"chat/lang/testdata/tapes/TestChat/french.json":  goTape,
		"testdata/fixtures/response.json":                `{"text": "hi"}`,
		"vendor/x/testdata/tapes/TestX.json":             goTape, // not a package of the module
		".cache/testdata/tapes/TestX.json":               goTape,
		"_old/testdata/tapes/TestX.json":                 goTape,
		"chat/testdata/golden/testdata/tapes/TestX.json": goTape, // inside testdata
	})
	want := []string{"chat/lang/testdata/tapes", "chat/testdata/tapes"}
	for _, path := range []string{".", "chat"} {
		l, err := Resolve(Request{Dir: root, Args: []string{path}, Want: Recordings})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var got []string
		for _, d := range l.TapeDirs {
			if probe.IsDir(d) {
				r, _ := filepath.Rel(root, d)
				got = append(got, filepath.ToSlash(r))
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) || l.CassetteRoot != "" || len(l.Ignored) > 0 {
			t.Errorf("%s: tape directories %q, cassette root %q, ignored %v; want %q and no cassette root", path, got, l.CassetteRoot, l.Ignored, want)
		}
	}
	w, err := Open(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, r := range w.Recordings {
		listed = append(listed, r.Path)
	}
	slices.Sort(listed)
	if !slices.Equal(listed, []string{"chat/lang/testdata/tapes/TestChat/french.json", "chat/testdata/tapes/TestChat.json"}) {
		t.Errorf("listed %q", listed)
	}
}

// TestGoModuleWithProjectsBelow: a module root outside any project, with
// dryfire projects below it as well as Go tapes (a repository that ships
// a project), is refused as before, naming both.
func TestGoModuleWithProjectsBelow(t *testing.T) {
	t.Parallel()
	root := goModule(t, map[string]string{
		"tape/testdata/tapes/TestChat.json": goTape,
		"examples/demo/dryfire.yaml":        "suites: []\n",
	})
	_, err := Resolve(Request{Dir: root, Args: []string{"."}, Want: Recordings})
	var nr *NoRecordingsError
	if !errors.As(err, &nr) || !slices.Equal(nr.Projects, []string{"examples/demo"}) || !slices.Equal(nr.GoTapes, []string{"tape/testdata/tapes"}) {
		t.Fatalf("got %v", err)
	}
	if h := nr.Hint(); !strings.Contains(h, "(examples/demo), a Go package's tapes (tape/testdata/tapes), or try") {
		t.Errorf("hint %q", h)
	}
	if !strings.Contains(nr.Error(), "testdata/tapes are not listed from here") {
		t.Errorf("error %q", nr.Error())
	}
}

// TestGoModuleWithoutTapes: a module whose packages keep no tapes is
// refused as any directory without recordings, and the search of a module
// larger than its budget stops there and says so.
func TestGoModuleWithoutTapes(t *testing.T) {
	t.Parallel()
	root := goModule(t, map[string]string{"chat/chat.go": "package chat\n", "a/b/c/d/testdata/tapes/TestX.json": goTape})
	if err := os.RemoveAll(filepath.Join(root, "a")); err != nil {
		t.Fatal(err)
	}
	if _, err := Resolve(Request{Dir: root, Args: []string{"."}, Want: Recordings}); !errors.Is(err, ErrNoRecordings) ||
		!strings.Contains(err.Error(), "(in a Go module) testdata/tapes") {
		t.Errorf("got %v", err)
	}
	deep := goModule(t, map[string]string{"a/b/c/d/testdata/tapes/TestX.json": goTape, "z/testdata/tapes/TestZ.json": goTape})
	dirs, err := probe.GoTapeDirsWithin(deep, 3)
	if err == nil || !strings.Contains(err.Error(), "in the first 3 directories of the Go module only") || len(dirs) != 1 {
		t.Errorf("a search cut short: %q, %v", dirs, err)
	}
	if dirs, err = probe.GoTapeDirsWithin(deep, 100); err != nil || len(dirs) != 2 {
		t.Errorf("the whole search: %q, %v", dirs, err)
	}
}
