package scan

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
)

// collect runs the walk and returns the files relative to root and the
// problems it reported.
func collect(t *testing.T, ctx context.Context, root string) ([]string, []error) {
	t.Helper()
	var files []string
	var problems []error
	for p := range walkJSON(ctx, root, walkHooks{report: func(err error) { problems = append(problems, err) }}) {
		rel, _ := filepath.Rel(root, p)
		files = append(files, filepath.ToSlash(rel))
	}
	return files, problems
}

func TestWalkJSON(t *testing.T) {
	t.Parallel()
	root := writeTree(t, map[string]string{
		"s/c/00-aa.json": "{}",
		"s/c/notes.txt":  "not a cassette",
		"t/01-bb.json":   "{}",
	})
	if err := os.Symlink(filepath.Join(root, "s"), filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop.json", filepath.Join(root, "s", "loop.json")); err != nil {
		t.Fatal(err)
	}
	files, problems := collect(t, context.Background(), root)
	if want := []string{"s/c/00-aa.json", "s/loop.json", "t/01-bb.json"}; !slices.Equal(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
	// The link is yielded as not listed regular: it is read through a stat
	// that follows it.
	regular := map[string]bool{}
	for p, r := range walkJSON(context.Background(), root, walkHooks{report: func(error) {}}) {
		rel, _ := filepath.Rel(root, p)
		regular[filepath.ToSlash(rel)] = r
	}
	if want := map[string]bool{"s/c/00-aa.json": true, "s/loop.json": false, "t/01-bb.json": true}; !maps.Equal(regular, want) {
		t.Errorf("listed as regular %v, want %v", regular, want)
	}
	if len(problems) != 1 || !strings.Contains(problems[0].Error(), "not followed") {
		t.Errorf("problems %v, want the symlinked directory", problems)
	}
}

func TestWalkJSONRoots(t *testing.T) {
	t.Parallel()
	files, problems := collect(t, context.Background(), filepath.Join(t.TempDir(), "missing"))
	if len(files) != 0 || len(problems) != 0 {
		t.Errorf("missing root: %v, %v", files, problems)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	files, _ = collect(t, ctx, filepath.Join(golden, "project-A", ".dryfire", "cassettes"))
	if len(files) != 0 {
		t.Errorf("a cancelled walk yielded %d files", len(files))
	}
}

func TestWalkJSONUnreadableDirectoryIsAProblem(t *testing.T) {
	t.Parallel()
	if os.Geteuid() == 0 {
		t.Skip("permissions do not apply to root")
	}
	root := writeTree(t, map[string]string{"s/c/00-aa.json": "{}", "t/00-aa.json": "{}"})
	locked := filepath.Join(root, "s")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	files, problems := collect(t, context.Background(), root)
	if len(problems) != 1 || !errors.Is(problems[0], os.ErrPermission) || len(files) != 1 {
		t.Errorf("problems %v, files %v", problems, files)
	}
}

// TestOpenRefusesAFileAsCassetteRoot: cassettes.dir naming a file is an
// error, not an empty store.
func TestOpenRefusesAFileAsCassetteRoot(t *testing.T) {
	t.Parallel()
	root := writeTree(t, map[string]string{
		"dryfire.yaml":    "version: 1\nsuites: []\ncassettes:\n  dir: recordings.json\n",
		"recordings.json": "{}",
	})
	if _, err := Open(context.Background(), root, Options{}); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("Open: %v, want the cassette root refused", err)
	}
}

// TestWalkJSONFollowsASymlinkedRoot: pathlib's rglob opens the root it is
// given, link or not, and does not follow links below it (checked with
// Python 3.11, 3.12 and 3.13: Path("root").rglob("*.json") with root a
// link lists the files of its target, and a linked subdirectory is
// skipped). The paths keep the link's name.
func TestWalkJSONFollowsASymlinkedRoot(t *testing.T) {
	t.Parallel()
	target := writeTree(t, map[string]string{"s/c/00-aa.json": "{}", "other/01-bb.json": "{}"})
	if err := os.Symlink(filepath.Join(target, "other"), filepath.Join(target, "s", "linkdir")); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "cassettes")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	var files []string
	var problems []error
	for p := range walkJSON(context.Background(), link, walkHooks{report: func(err error) { problems = append(problems, err) }}) {
		files = append(files, p)
	}
	want := []string{filepath.Join(link, "other", "01-bb.json"), filepath.Join(link, "s", "c", "00-aa.json")}
	if !slices.Equal(files, want) {
		t.Errorf("files %v, want %v", files, want)
	}
	if len(problems) != 1 || !strings.Contains(problems[0].Error(), filepath.Join(link, "s", "linkdir")) {
		t.Errorf("problems %v, want the linked subdirectory reported", problems)
	}
}

func TestWalkJSONFindsTheTemporaryFilesOfKilledWrites(t *testing.T) {
	t.Parallel()
	root := writeTree(t, map[string]string{
		"s/c/00-aa.json":                                "{}",
		"s/c/00-aa.json.0123456789ab.tmp":               "{",
		"s/c/01-0123456789abcdef.json.x7_k2m9q.tmp":     "{",
		"s/c/scratch.tmp":                               "mine",
		"s/c/notes.md.0123456789ab.tmp":                 "not a recording's",
		"s/c/00-aa.json.0123456789ab.tmp.json.bak.json": "{}",
	})
	var temps []string
	for range walkJSON(context.Background(), root, walkHooks{report: func(error) {}, onTemp: func(p string) { temps = append(temps, p) }}) {
	}
	want := []string{filepath.Join(root, "s/c/00-aa.json.0123456789ab.tmp"), filepath.Join(root, "s/c/01-0123456789abcdef.json.x7_k2m9q.tmp")}
	if !slices.Equal(temps, want) {
		t.Errorf("temporary files %v, want %v", temps, want)
	}
}

// TestOpenFollowsASymlinkedCassetteRoot: a project whose cassettes.dir is
// a link replays from the link's target, as dryfire does.
func TestOpenFollowsASymlinkedCassetteRoot(t *testing.T) {
	t.Parallel()
	project := reviewtest.CopyTree(t, filepath.Join(golden, "project-A"))
	elsewhere := filepath.Join(t.TempDir(), "shared-cassettes")
	if err := os.Rename(filepath.Join(project, ".dryfire", "cassettes"), elsewhere); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(project, ".dryfire", "cassettes")); err != nil {
		t.Fatal(err)
	}
	w := open(t, project)
	if len(w.Recordings) != 42 || len(w.Problems) != 0 {
		t.Fatalf("%d recordings, problems %v; want project-A's 42, all read", len(w.Recordings), w.Problems)
	}
	for _, r := range w.Recordings {
		if r.Status != Live || !strings.HasPrefix(r.Path, ".dryfire/cassettes/") {
			t.Errorf("%s: %s (%s), want live under the link", r.Path, r.Status, r.Reason)
		}
	}
}

// TestBareDirectoryListsATapeOnce: a directory with no dryfire.yaml is its
// own cassette root, and its tapes/ directory is read as tapes; the store's
// walk leaves tapes/ alone, so each tape is listed once.
func TestBareDirectoryListsATapeOnce(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "golden", "tapes", "tapes", "js-llm-chat.json"))
	if err != nil {
		t.Fatal(err)
	}
	root := writeTree(t, map[string]string{"tapes/chat.json": string(data), "s/c/00-aa.json": "{}"})
	w, err := Open(context.Background(), root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	paths := map[string]int{}
	for _, r := range w.Recordings {
		if r.Format == format.Dryfire {
			paths[r.Path]++
		}
	}
	if paths["tapes/chat.json"] != 0 || paths["s/c/00-aa.json"] != 1 {
		t.Errorf("dryfire recordings %v: the tape must not be read as a cassette", paths)
	}
	if len(w.Tapes) != 1 {
		t.Errorf("%d tapes, want 1", len(w.Tapes))
	}
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, data := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}
