package gitreview

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// TestAcceptStagesOnlyTheFileNamedWithGlobCharacters accepts a recording
// whose name is a glob pattern that matches its neighbours: git must take
// it as a literal path and stage that file alone.
func TestAcceptStagesOnlyTheFileNamedWithGlobCharacters(t *testing.T) {
	ctx := context.Background()
	dir := reviewtest.Repo(t)
	caseDir := filepath.Join(dir, ".dryfire", "cassettes", "s", "c")
	reviewtest.WriteFile(t, filepath.Join(caseDir, "keep.json"), []byte("{}"))
	reviewtest.Git(t, dir, "add", "-A")
	reviewtest.Git(t, dir, "commit", "-q", "-m", "start")
	names := []string{"*.json", "00-1111111111111111.json", "01-2222222222222222.json", "[0-9]*.json", "0?-3333333333333333.json"}
	for _, n := range names {
		reviewtest.WriteFile(t, filepath.Join(caseDir, n), reviewtest.Recording("s", "c", 0, "1111111111111111", n, nil, 1))
	}
	r, err := OpenReview(ctx, dir, []string{filepath.Join(dir, ".dryfire", "cassettes")})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"*.json", "[0-9]*.json", "0?-3333333333333333.json"} {
		t.Run(n, func(t *testing.T) {
			reviewtest.Git(t, dir, "reset", "-q")
			p := ".dryfire/cassettes/s/c/" + n
			if err := r.Accept(ctx, p); err != nil {
				t.Fatal(err)
			}
			out := reviewtest.Git(t, dir, "diff", "--cached", "--name-only", "-z")
			got := strings.Split(strings.TrimRight(out, "\x00"), "\x00")
			if len(got) != 1 || got[0] != p {
				t.Errorf("accept of %q staged %q, want it alone", n, got)
			}
		})
	}
}

// TestAcceptAndRejectLeaveAFileChangedSinceTheReviewListedIt edits a file
// after the review summarised it: accept must not stage, nor reject remove,
// bytes the reviewer was never shown.
func TestAcceptAndRejectLeaveAFileChangedSinceTheReviewListedIt(t *testing.T) {
	ctx := context.Background()
	dir := reviewtest.Repo(t)
	caseDir := filepath.Join(dir, ".dryfire", "cassettes", "s", "c")
	reviewtest.WriteFile(t, filepath.Join(caseDir, "keep.json"), []byte("{}"))
	reviewtest.Git(t, dir, "add", "-A")
	reviewtest.Git(t, dir, "commit", "-q", "-m", "start")
	p := ".dryfire/cassettes/s/c/00-1111111111111111.json"
	reviewtest.WriteFile(t, filepath.Join(dir, p), reviewtest.Recording("s", "c", 0, "1111111111111111", "shown", nil, 1))
	r, err := OpenReview(ctx, dir, []string{filepath.Join(dir, ".dryfire", "cassettes")})
	if err != nil {
		t.Fatal(err)
	}
	later := reviewtest.Recording("s", "c", 0, "1111111111111111", "never shown", nil, 1)
	reviewtest.WriteFile(t, filepath.Join(dir, p), later)
	if err := r.Accept(ctx, p); !errors.Is(err, safefile.ErrChanged) {
		t.Errorf("accept of a changed file = %v, want ErrChanged", err)
	}
	if staged := reviewtest.Git(t, dir, "diff", "--cached", "--name-only"); staged != "" {
		t.Errorf("staged %q", staged)
	}
	if err := r.Reject(ctx, p, true); !errors.Is(err, safefile.ErrChanged) {
		t.Errorf("reject of a changed file = %v, want ErrChanged", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, p)); string(got) != string(later) {
		t.Error("reject removed or changed the edited file")
	}
}
