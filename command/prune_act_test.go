package command

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/scan"
)

// projectH copies project-H (a deleted suite: five orphaned cassettes in
// three case directories) and opens it.
func projectH(t *testing.T) *scan.Workspace {
	t.Helper()
	return open(t, reviewtest.CopyTree(t, filepath.Join(golden, "project-H-suite-deleted")))
}

func TestPruneSkipsAFileReplacedAfterTheScan(t *testing.T) {
	w := projectH(t)
	plan := w.PrunePlan()
	if len(plan.Candidates) != 5 {
		t.Fatalf("%d candidates, want project-H's 5", len(plan.Candidates))
	}
	victim := plan.Candidates[2].Recording.File.Path
	restored := []byte(`{"restored": "by the user after the scan"}`)
	beforeAct(t, func(p string) {
		if p == victim {
			// Another file under the same name, as an editor or a
			// `git checkout` writes it.
			if err := os.WriteFile(p+".new", restored, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(p+".new", p); err != nil {
				t.Fatal(err)
			}
		}
	})
	rep, err := PruneFiles(context.Background(), w, plan.Candidates, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Removed) != 4 || len(rep.Errors) != 1 || !errors.Is(rep.Errors[0], safefile.ErrChanged) {
		t.Fatalf("removed %d, errors %v; want 4 removed and the replaced file reported", len(rep.Removed), rep.Errors)
	}
	if !strings.Contains(rep.Errors[0].Error(), plan.Candidates[2].Recording.Path) {
		t.Errorf("error %q does not name the file", rep.Errors[0])
	}
	if got, err := os.ReadFile(victim); err != nil || string(got) != string(restored) {
		t.Errorf("the replaced file is %q, %v; want it kept", got, err)
	}
	// Its directory is not empty, so it stays; the others went.
	if slices.Contains(rep.RemovedDirs, w.Rel(filepath.Dir(victim))) {
		t.Errorf("removed the directory of the kept file: %v", rep.RemovedDirs)
	}
}

func TestPruneStopsBetweenFilesWhenInterrupted(t *testing.T) {
	w := projectH(t)
	plan := w.PrunePlan()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	beforeAct(t, func(string) { cancel() })
	rep, err := PruneFiles(ctx, w, plan.Candidates, false)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Interrupted || len(rep.Removed) != 1 || len(rep.RemovedDirs) != 0 {
		t.Fatalf("interrupted %v, removed %d, dirs %v; want a stop after the first file", rep.Interrupted, len(rep.Removed), rep.RemovedDirs)
	}
	for _, it := range plan.Candidates[1:] {
		if _, err := os.Stat(it.Recording.File.Path); err != nil {
			t.Errorf("%s removed after the interruption: %v", it.Recording.Path, err)
		}
	}
}

func TestPrunePlanListsTheDirectoriesItWouldRemove(t *testing.T) {
	t.Parallel()
	w := projectH(t)
	if err := os.MkdirAll(filepath.Join(w.CassetteRoot, "refund_agent", "empty_already"), 0o755); err != nil {
		t.Fatal(err)
	}
	w = open(t, w.Root)
	plan := w.PrunePlan()
	suite := ".dryfire/cassettes/checkout_flow_v2-29a2d01e"
	want := []string{
		suite + "/add_to_cart-31900a39",
		suite + "/apply_coupon__SAVE10-c7ad3d79",
		suite + "/na_ve__n_code-91543024",
		".dryfire/cassettes/refund_agent/empty_already",
		suite,
	}
	if !slices.Equal(plan.Dirs, want) {
		t.Errorf("dirs %q\nwant %q", plan.Dirs, want)
	}
	rep, err := PruneFiles(context.Background(), w, plan.Candidates, false)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.RemovedDirs, plan.Dirs) || len(rep.Errors) != 0 {
		t.Errorf("removed dirs %q, errors %v; want what the plan listed", rep.RemovedDirs, rep.Errors)
	}
}

// TestPruneRefusesAnUnsafeCassetteRoot: with cassettes.dir ".", "..", the
// project's parent through a link, or a directory holding .git, dryfire's
// prune removes a suite's $ref schemas, directories of .git or files
// outside the project. This prune refuses, naming the reason.
func TestPruneRefusesAnUnsafeCassetteRoot(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		dir    func(t *testing.T, project string) string
		reason string
	}{
		"the project root":           {func(*testing.T, string) string { return "." }, "is the project root"},
		"the project's parent":       {func(*testing.T, string) string { return ".." }, "contains the project root"},
		"an absolute path elsewhere": {func(t *testing.T, _ string) string { return t.TempDir() }, "is outside the project"},
		"a link to the parent": {func(t *testing.T, project string) string {
			if err := os.Symlink("..", filepath.Join(project, "up")); err != nil {
				t.Fatal(err)
			}
			return "up"
		}, "which contains the project root"},
		"a directory holding .git": {func(t *testing.T, project string) string {
			if err := os.MkdirAll(filepath.Join(project, "rec", ".git", "refs", "heads"), 0o755); err != nil {
				t.Fatal(err)
			}
			return "rec"
		}, "holds a git repository (.git)"},
		// A committed link reads as dryfire reads it; its files are not the
		// project's to change.
		"a link out of the project": {func(t *testing.T, project string) string {
			linkOut(t, project, ".dryfire/cassettes")
			return ".dryfire/cassettes"
		}, "outside the project"},
		"under a link out of the project": {func(t *testing.T, project string) string {
			linkOut(t, project, ".dryfire")
			return ".dryfire/cassettes"
		}, "outside the project"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			project := reviewtest.CopyTree(t, filepath.Join(golden, "project-H-suite-deleted"))
			dir := tc.dir(t, project)
			config := "version: 1\nsuites:\n  - \"evals/**/*.eval.yaml\"\ncassettes:\n  dir: " + dir + "\n"
			if err := os.WriteFile(filepath.Join(project, "dryfire.yaml"), []byte(config), 0o644); err != nil {
				t.Fatal(err)
			}
			before := treeOf(t, filepath.Dir(project))
			w := open(t, project)
			_, err := PruneFiles(context.Background(), w, w.PrunePlan().Candidates, false)
			if !errors.Is(err, ErrUnsafeRoot) || !strings.Contains(err.Error(), tc.reason) {
				t.Fatalf("Prune = %v; want ErrUnsafeRoot saying %q", err, tc.reason)
			}
			if after := treeOf(t, filepath.Dir(project)); !slices.Equal(before, after) {
				t.Errorf("the tree changed:\nbefore %q\nafter  %q", before, after)
			}
		})
	}
}

// linkOut moves the directory rel of the project beside the project, out
// of it, and leaves a symbolic link in its place.
func linkOut(t *testing.T, project, rel string) string {
	t.Helper()
	elsewhere := filepath.Join(filepath.Dir(project), "elsewhere-"+filepath.Base(rel))
	if err := os.Rename(filepath.Join(project, rel), elsewhere); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(project, rel)); err != nil {
		t.Fatal(err)
	}
	return elsewhere
}

// TestAllowOutsideProject: the flag of the command line lets a prune change
// the files a linked cassette root leads to; without it, the root is
// refused.
func TestAllowOutsideProject(t *testing.T) {
	t.Parallel()
	project := reviewtest.CopyTree(t, filepath.Join(golden, "project-H-suite-deleted"))
	elsewhere := linkOut(t, project, ".dryfire/cassettes")
	w := open(t, project)
	plan := w.PrunePlan()
	if _, err := PruneFiles(context.Background(), w, plan.Candidates, false); !errors.Is(err, ErrUnsafeRoot) {
		t.Fatalf("Prune without the flag = %v; want ErrUnsafeRoot", err)
	}
	rep, err := PruneFiles(context.Background(), w, plan.Candidates, true)
	if err != nil || len(rep.Removed) != len(plan.Candidates) || len(rep.Removed) == 0 {
		t.Fatalf("Prune = %d removed, %v; want every candidate removed", len(rep.Removed), err)
	}
	for _, it := range rep.Removed {
		gone := filepath.Join(elsewhere, strings.TrimPrefix(it.Recording.Path, ".dryfire/cassettes/"))
		if _, err := os.Lstat(gone); !os.IsNotExist(err) {
			t.Errorf("%s still there: %v", gone, err)
		}
	}
}

// TestCheckModifiableWithoutAProject: a bare directory's cassette root,
// PATH/.dryfire/cassettes, must lie inside PATH too; PATH itself, named by
// the person who runs the command, may be a link.
func TestCheckModifiableWithoutAProject(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, filepath.Join(golden, "project-H-suite-deleted"))
	if err := os.Remove(filepath.Join(dir, "dryfire.yaml")); err != nil {
		t.Fatal(err)
	}
	elsewhere := linkOut(t, dir, ".dryfire/cassettes")
	l, err := locateOne(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkModifiable(l, false); !errors.Is(err, ErrUnsafeRoot) || !strings.Contains(err.Error(), "outside the directory "+dir) {
		t.Errorf("CheckModifiable of %s = %v; want the link refused", l.CassetteRoot, err)
	}
	link := filepath.Join(t.TempDir(), "named")
	if err := os.Symlink(elsewhere, link); err != nil {
		t.Fatal(err)
	}
	if l, err = locateOne(link); err != nil {
		t.Fatal(err)
	}
	if err := checkModifiable(l, false); err != nil {
		t.Errorf("CheckModifiable of the link named as PATH = %v", err)
	}
}

// TestSchemasAreNeverPruneCandidates: under a cassettes.dir of ".", a
// suite's $ref schema sits three levels down, where dryfire's prune calls
// it an orphaned suite. Only files named like cassettes are candidates.
func TestSchemasAreNeverPruneCandidates(t *testing.T) {
	t.Parallel()
	project := reviewtest.CopyTree(t, filepath.Join(golden, "project-H-suite-deleted"))
	config := "version: 1\nsuites:\n  - \"evals/**/*.eval.yaml\"\ncassettes:\n  dir: .\n"
	if err := os.WriteFile(filepath.Join(project, "dryfire.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	plan := open(t, project).PrunePlan()
	for _, it := range plan.Candidates {
		t.Errorf("candidate %s (%s)", it.Recording.Path, it.Reason)
	}
	var kept []string
	for _, it := range plan.Kept {
		if it.Dryfire == "orphaned suite" && strings.HasPrefix(it.Reason, "invalid: ") {
			kept = append(kept, it.Recording.Path)
		}
	}
	if want := []string{"evals/schemas/escalate_to_human.json", "evals/schemas/search_flights.schema.json"}; !slices.Equal(kept, want) {
		t.Errorf("kept as dryfire's orphans %q, want the schemas %q", kept, want)
	}
}

// treeOf lists every path under dir with its size, to compare trees.
func treeOf(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, rel+" "+fi.Mode().String())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPruneStopsBetweenDirectoriesWhenInterrupted: an interruption that
// comes once the files are gone, while the directories they leave empty
// are removed, stops prune there too (before, it went on and reported
// nothing).
func TestPruneStopsBetweenDirectoriesWhenInterrupted(t *testing.T) {
	w := projectH(t)
	plan := w.PrunePlan()
	if len(plan.Dirs) < 2 {
		t.Fatalf("dirs %v; want several to remove", plan.Dirs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	files := map[string]bool{}
	for _, it := range plan.Candidates {
		files[it.Recording.File.Path] = true
	}
	var first string
	beforeAct(t, func(p string) {
		if !files[p] && first == "" {
			first = p // the first directory: it is removed, then prune stops
			cancel()
		}
	})
	rep, err := PruneFiles(ctx, w, plan.Candidates, false)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Interrupted || len(rep.Removed) != len(plan.Candidates) || !slices.Equal(rep.RemovedDirs, plan.Dirs[:1]) {
		t.Fatalf("interrupted %v, removed %d files, dirs %v; want every file and the first directory, then a stop",
			rep.Interrupted, len(rep.Removed), rep.RemovedDirs)
	}
	if w.Rel(first) != plan.Dirs[0] {
		t.Errorf("first directory handled %s, want %s", w.Rel(first), plan.Dirs[0])
	}
	for _, d := range plan.Dirs[1:] {
		if _, err := os.Stat(filepath.Join(w.Root, filepath.FromSlash(d))); err != nil {
			t.Errorf("%s removed after the interruption: %v", d, err)
		}
	}
}

// TestCheckChangeable: a file outside the cassette root (a tape) may be
// rewritten only while its directory, links resolved, is the project's.
func TestCheckChangeable(t *testing.T) {
	t.Parallel()
	project := reviewtest.CopyTree(t, filepath.Join(golden, "project-H-suite-deleted"))
	for _, d := range []string{"tapes", "elsewhere"} {
		if err := os.MkdirAll(filepath.Join(filepath.Dir(project), d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(project, "tapes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(filepath.Dir(project), "elsewhere"), filepath.Join(project, ".tapes")); err != nil {
		t.Fatal(err)
	}
	l, err := locateOne(project)
	if err != nil {
		t.Fatal(err)
	}
	for _, ok := range []string{"tapes/chat.json", ".dryfire/cassettes/refund_agent/x/00-0123456789abcdef.json"} {
		if err := checkChangeable(l, filepath.Join(project, ok), false); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	err = checkChangeable(l, filepath.Join(project, ".tapes", "chat.json"), false)
	var ue *UnsafeRootError
	if !errors.As(err, &ue) || !ue.Outside || !ue.Dir || !strings.Contains(err.Error(), "directory "+filepath.Join(project, ".tapes")+" is a link to") {
		t.Errorf("a tape under a link out of the project: %v; want it refused", err)
	}
}
