package uitest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
)

// Paths of the fixture's changes, relative to the project root.
const (
	PModified = ".dryfire/cassettes/refund_agent/parallel_lookups/01-2222222222222222.json"
	PAdded    = ".dryfire/cassettes/travel/new_case/00-6666666666666666.json"
	PDeleted  = ".dryfire/cassettes/refund_agent/old_case/00-3333333333333333.json"
	PRenamed  = ".dryfire/cassettes/refund_agent/moved/00-4444444444444444.json"
	PTape     = "tapes/chat.json"
)

// Fixture is a temporary git repository with one change of every kind.
type Fixture struct {
	// Dir is the project root; Dirs are the directories the review looks at.
	Dir  string
	Dirs []string
}

// NewFixture commits recordings of two cases and a tape, then changes
// them: one modified, one added, one deleted, one renamed (staged, then
// changed again), the tape edited; none is staged whole. It skips the test when git is not installed.
func NewFixture(t *testing.T) Fixture {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := filepath.Join(t.TempDir(), "project")
	f := Fixture{Dir: dir, Dirs: []string{filepath.Join(dir, ".dryfire", "cassettes"), filepath.Join(dir, "tapes")}}
	WriteFile(t, dir, "dryfire.yaml", []byte("suites: evals/*.eval.yaml\n"))
	WriteFile(t, dir, ".dryfire/cassettes/refund_agent/parallel_lookups/00-1111111111111111.json",
		Recording("refund_agent", "parallel_lookups", 0, "1111111111111111", "Looking it up.", 100))
	WriteFile(t, dir, PModified, Recording("refund_agent", "parallel_lookups", 1, "2222222222222222", "Refunded.", 150))
	WriteFile(t, dir, PDeleted, Recording("refund_agent", "old_case", 0, "3333333333333333", "Bye.", 90))
	WriteFile(t, dir, ".dryfire/cassettes/refund_agent/moving/00-4444444444444444.json",
		Recording("refund_agent", "moving", 0, "4444444444444444", "Moved.", 90))
	WriteFile(t, dir, PTape, []byte(Tape("first")))
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"config", "user.email", "test@example.com"},
		{"config", "user.name", "test"}, {"config", "commit.gpgsign", "false"}} {
		f.Git(t, args...)
	}
	f.Git(t, "add", "-A")
	f.Git(t, "commit", "-q", "-m", "record")

	WriteFile(t, dir, PModified, Recording("refund_agent", "parallel_lookups", 1, "2222222222222222",
		"Refund issued for order A-991; the money is back on your card within five days.", 170))
	WriteFile(t, dir, PAdded, Recording("travel", "new_case", 0, "6666666666666666", "Hi.", 10))
	WriteFile(t, dir, PTape, []byte(Tape("second")))
	if err := os.Remove(filepath.Join(dir, PDeleted)); err != nil {
		t.Fatal(err)
	}
	f.Git(t, "mv", ".dryfire/cassettes/refund_agent/moving", ".dryfire/cassettes/refund_agent/moved")
	// The rename is staged (git mv) and changed since: not staged whole,
	// so it is still to decide (a change staged whole opens accepted).
	WriteFile(t, dir, PRenamed, Recording("refund_agent", "moving", 0, "4444444444444444", "Moved.", 95))
	return f
}

// Git runs git in the repository and returns its output.
func (f Fixture) Git(t *testing.T, args ...string) string {
	t.Helper()
	return reviewtest.Git(t, f.Dir, args...)
}

// Status is `git status --porcelain` of the repository.
func (f Fixture) Status(t *testing.T) string {
	return f.Git(t, "status", "--porcelain", "--untracked-files=all")
}

// Read returns the file at rel, and false when there is none.
func (f Fixture) Read(t *testing.T, rel string) (string, bool) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(f.Dir, rel))
	if os.IsNotExist(err) {
		return "", false
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(data), true
}

// Open opens the review of the repository's changes.
func (f Fixture) Open(t *testing.T) *gitreview.Review {
	t.Helper()
	r, err := gitreview.OpenReview(context.Background(), f.Dir, f.Dirs)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// WriteFile writes data at rel under dir, making its directories.
func WriteFile(t *testing.T, dir, rel string, data []byte) {
	t.Helper()
	reviewtest.WriteFile(t, filepath.Join(dir, filepath.FromSlash(rel)), data)
}

// Recording is a dryfire cassette of one turn answering text.
func Recording(suite, caseName string, turn int, key, text string, inTokens int64) []byte {
	return reviewtest.Recording(suite, caseName, turn, key, text, nil, inTokens)
}

// Tape is a cassette-fn tape of one entry returning result.
func Tape(result string) string {
	return `{
  "version": 1,
  "name": "chat",
  "entries": {
    "742d2e2e6d3841b1": [
      {
        "args": [5, {"q": "hello world", "ts": 111}],
        "result": "` + result + `"
      }
    ]
  }
}
`
}
