package scan

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
)

// projectH copies project-H (a deleted suite: five orphaned cassettes in
// three case directories) and opens it.
func projectH(t *testing.T) *Workspace {
	t.Helper()
	return open(t, reviewtest.CopyTree(t, filepath.Join(golden, "project-H-suite-deleted")))
}

// TestEmptyDirsFromTheScanMatchAWalk: the directories the scan's walk
// says a prune leaves empty are those a fresh walk of the tree finds, on a
// tree with a directory holding only a note, a .git directory, a link to a
// directory, nested empty directories and a directory whose only file goes.
func TestEmptyDirsFromTheScanMatchAWalk(t *testing.T) {
	t.Parallel()
	w := projectH(t)
	root := w.CassetteRoot
	for _, d := range []string{"a/b/c", "notes/x", "vcs/.git/objects/aa", "vcs/.git/refs/heads", "linked/target"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range map[string]string{"notes/x/README": "kept", "vcs/.git/objects/aa/1.json": "{}"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "linked", "target"), filepath.Join(root, "a", "link")); err != nil {
		t.Fatal(err)
	}
	w = open(t, w.Root)
	if w.tree == nil {
		t.Fatal("the scan kept no record of the directories it walked")
	}
	plan := w.PrunePlan()
	if len(plan.Candidates) == 0 {
		t.Fatal("no candidate: the test needs a prune that removes files")
	}
	fromScan := w.EmptyDirsAfter(plan.Candidates)
	w.tree = nil
	fromWalk := w.EmptyDirsAfter(plan.Candidates)
	if !slices.Equal(fromScan, fromWalk) {
		t.Errorf("from the scan %q\nfrom a walk  %q", fromScan, fromWalk)
	}
	for _, d := range fromScan {
		rel := w.Rel(d)
		if strings.Contains(rel, ".git") || strings.Contains(rel, "notes") || strings.HasSuffix(rel, "/a") {
			t.Errorf("%s listed as empty", rel)
		}
	}
}
