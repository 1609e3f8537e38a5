package uitest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
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
	f.Git(t, "init", "-q", "-b", "main")
	f.Git(t, "config", "user.email", "test@example.com")
	f.Git(t, "config", "user.name", "test")
	f.Git(t, "config", "commit.gpgsign", "false")
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
	cmd := exec.Command("git", args...)
	cmd.Dir = f.Dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
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
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Recording is a dryfire cassette of one turn answering text.
func Recording(suite, caseName string, turn int, key, text string, inTokens int64) []byte {
	body := jsonv.ObjectValue(
		jsonv.M("schema_version", jsonv.IntValue(1)),
		jsonv.M("fingerprint", jsonv.StringValue(key)),
		jsonv.M("suite", jsonv.StringValue(suite)),
		jsonv.M("case", jsonv.StringValue(caseName)),
		jsonv.M("turn", jsonv.IntValue(int64(turn))),
		jsonv.M("provider", jsonv.StringValue("anthropic")),
		jsonv.M("model", jsonv.StringValue("claude-sonnet-4-6")),
		jsonv.M("recorded_at", jsonv.StringValue("2026-08-01T12:00:00Z")),
		jsonv.M("request_digest", jsonv.ObjectValue(jsonv.M("messages", jsonv.ArrayValue()))),
		jsonv.M("response", jsonv.ObjectValue(
			jsonv.M("cache_hit", jsonv.BoolValue(false)),
			jsonv.M("latency_ms", jsonv.IntValue(12)),
			jsonv.M("raw", jsonv.ObjectValue()),
			jsonv.M("stop_reason", jsonv.StringValue("end_turn")),
			jsonv.M("text", jsonv.StringValue(text)),
			jsonv.M("tool_calls", jsonv.ArrayValue()),
			jsonv.M("usage", jsonv.ObjectValue(
				jsonv.M("cache_read_tokens", jsonv.IntValue(0)),
				jsonv.M("cache_write_tokens", jsonv.IntValue(0)),
				jsonv.M("input_tokens", jsonv.IntValue(inTokens)),
				jsonv.M("output_tokens", jsonv.IntValue(20)),
			)),
		)),
	)
	data, err := jsonv.EncodeDryfire(body)
	if err != nil {
		panic(err)
	}
	return data
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
