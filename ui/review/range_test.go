package review

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// golden is the real dryfire's data: project-A, and the pull request
// that edits lookup_order's description and re-records the five
// refund_agent cases (testdata/golden/dryfire/review-prs).
const golden = "../../testdata/golden/dryfire"

// prRepo is a git repository of project-A on main, with the pull request
// on branch pr: the suite edited and refund_agent's recordings replaced by
// dryfire's re-recordings (the old ones pruned). The pull request is
// committed when commit is set, and left in the working tree otherwise.
func prRepo(t *testing.T, commit bool) uitest.Fixture {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := filepath.Join(t.TempDir(), "proj")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(golden, "project-A"))); err != nil {
		t.Fatal(err)
	}
	f := uitest.Fixture{Dir: dir, Dirs: []string{filepath.Join(dir, ".dryfire", "cassettes")}}
	f.Git(t, "init", "-q", "-b", "main")
	f.Git(t, "config", "user.email", "test@example.com")
	f.Git(t, "config", "user.name", "test")
	f.Git(t, "config", "commit.gpgsign", "false")
	f.Git(t, "add", "-A")
	f.Git(t, "commit", "-q", "-m", "recorded")
	f.Git(t, "checkout", "-q", "-b", "pr")

	pr := filepath.Join(golden, "review-prs", "tool-description")
	const suite = "evals/support/refund_agent.eval.yaml"
	data, err := os.ReadFile(filepath.Join(pr, suite))
	if err != nil {
		t.Fatal(err)
	}
	uitest.WriteFile(t, dir, suite, data)
	cassettes := filepath.Join(dir, ".dryfire", "cassettes", "refund_agent")
	if err := os.RemoveAll(cassettes); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(cassettes, os.DirFS(filepath.Join(pr, ".dryfire", "cassettes", "refund_agent"))); err != nil {
		t.Fatal(err)
	}
	if commit {
		f.Git(t, "add", "-A")
		f.Git(t, "commit", "-q", "-m", "re-record after the lookup_order edit")
	}
	return f
}

// rangePage opens review --base main [--head HEAD] on f, as the command
// line does, and sizes the screen.
func rangePage(t *testing.T, f uitest.Fixture, head string, w, h int) Page {
	t.Helper()
	req := gitreview.RangeRequest{Root: f.Dir, Dirs: f.Dirs, Base: "main", Head: head}
	r, err := gitreview.OpenRange(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	load := func(ctx context.Context) (*gitreview.Review, []string, error) {
		r, err := gitreview.OpenRange(ctx, req)
		return r, nil, err
	}
	m := New(Options{Context: context.Background(), Review: r, Reload: load}, theme.New(false))
	m.SetSize(w, h)
	return m
}

const (
	// rerecorded is parallel_lookups' turn 1 as dryfire re-recorded it,
	// and replaced the recording it replaces, removed by the pull request.
	rerecorded = ".dryfire/cassettes/refund_agent/parallel_lookups/01-01b214bdfb4f3785.json"
	replaced   = ".dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json"
	why        = "tool lookup_order: description changed at evals/support/refund_agent.eval.yaml:10"
)

// TestRangeReviewReadOnly: review --base main --head HEAD shows the range,
// each re-recording with why it changed and the recording it replaces
// (folded under it, not a row of its own), and offers no key that would
// change the working tree: one pressed says why, and nothing changes.
func TestRangeReviewReadOnly(t *testing.T) {
	f := prRepo(t, true)
	m := rangePage(t, f, "HEAD", 160, 40)
	if n := m.list.Len(); n != 15 {
		t.Errorf("%d rows, want the 15 re-recordings (their 15 removed recordings folded under them)", n)
	}
	m = reviewSelect(t, m, rerecorded)
	screen := screenText(m)
	for _, want := range []string{
		"main (", ") → HEAD (", "· read-only · 15 re-recorded in 5 cases (30 files)",
		"re-records 01-3d3d451719dd1a54.json (removed)",
		"Why it changed", why,
		`- A-991 totals $780.00; B-100 totals $20.`, `+ A-991 ($780.00) and B-100 ($20) were both delivered.`,
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	for _, bad := range []string{"a accept", "x reject", "A accept all", "01 3d3d451719dd"} {
		if strings.Contains(screen, bad) {
			t.Errorf("the read-only screen shows %q:\n%s", bad, screen)
		}
	}
	for _, k := range []string{"a", "x", "X", "A", "s"} {
		m = keys(t, m, k)
		if !m.StatusErr || !strings.Contains(m.Status, "read-only: the head is HEAD (") {
			t.Errorf("%s: status %q, want why the review is read-only", k, m.Status)
		}
		if m.Dialog.Visible() {
			t.Fatalf("%s opened a dialog on a read-only review", k)
		}
	}
	if out := f.Git(t, "status", "--porcelain"); out != "" {
		t.Errorf("a read-only review changed the working tree:\n%s", out)
	}
	if tl := m.Tally(); tl.Accepted+tl.Rejected+tl.Skipped != 0 {
		t.Errorf("a read-only review decided something: %+v", tl)
	}
	// r reads both revisions again: still the range, still read-only.
	m = keys(t, m, "r")
	if screen := screenText(m); !strings.Contains(screen, "· read-only · 15 re-recorded") || m.list.Len() != 15 || m.Selected() != rerecorded {
		t.Errorf("after r: %d rows, on %s:\n%s", m.list.Len(), m.Selected(), screen)
	}
}

// TestRangeReviewWorkTree: review --base main over the working tree keeps
// the keys: every change is a row (the removed recordings too, each to
// decide), each says why, and accept stages the re-recording.
func TestRangeReviewWorkTree(t *testing.T) {
	f := prRepo(t, false)
	m := rangePage(t, f, "", 160, 40)
	if n := m.list.Len(); n != 30 {
		t.Errorf("%d rows, want 30: 15 re-recordings and the 15 recordings they replace", n)
	}
	m = reviewSelect(t, m, rerecorded)
	screen := screenText(m)
	for _, want := range []string{
		") → the working tree · 30 changed · 0 accepted · 0 rejected · 30 left",
		"untracked · re-records 01-3d3d451719dd1a54.json (removed)", why, "a accept", "x reject",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	m = reviewSelect(t, m, replaced)
	if screen := screenText(m); !strings.Contains(screen, "replaced by the re-recording 01-01b214bdfb4f3785.json") {
		t.Errorf("the removed recording does not name its re-recording:\n%s", screen)
	}
	m = keys(t, reviewSelect(t, m, rerecorded), "a")
	if m.StatusErr {
		t.Fatalf("accept: %s", m.Status)
	}
	if out := f.Git(t, "diff", "--cached", "--name-only"); strings.TrimSpace(out) != rerecorded {
		t.Errorf("staged %q, want the re-recording", out)
	}
}

// TestRangeReviewEmpty: a range with no recording changed says so, with
// the range.
func TestRangeReviewEmpty(t *testing.T) {
	f := prRepo(t, true)
	req := gitreview.RangeRequest{Root: f.Dir, Dirs: f.Dirs, Base: "HEAD", Head: "HEAD"}
	r, err := gitreview.OpenRange(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Context: context.Background(), Review: r}, theme.New(false))
	m.SetSize(120, 20)
	if screen := screenText(m); !strings.Contains(screen, "No recording changed: HEAD (") || strings.Contains(screen, "since HEAD") {
		t.Errorf("the empty range review does not say its range:\n%s", screen)
	}
}

// TestRangeReviewSaysProblems: a head whose dryfire.yaml does not parse
// is said on the status line when the page opens, with the file's line
// and column, and each re-recording says why it cannot be explained.
func TestRangeReviewSaysProblems(t *testing.T) {
	f := prRepo(t, false)
	uitest.WriteFile(t, f.Dir, "dryfire.yaml", []byte("suites: [evals/**/*.eval.yaml\n"))
	f.Git(t, "add", "-A")
	f.Git(t, "commit", "-q", "-m", "re-record, and break dryfire.yaml")
	m := reviewSelect(t, rangePage(t, f, "HEAD", 160, 40), rerecorded)
	screen := screenText(m)
	for _, want := range []string{"could not read HEAD (", "): dryfire.yaml:2:1: ", "dryfire.yaml does not parse: the case cannot be found"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
}
