package ui

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Paths of the fixture's changes, relative to the project root.
const (
	pModified = ".dryfire/cassettes/refund_agent/parallel_lookups/01-2222222222222222.json"
	pAdded    = ".dryfire/cassettes/travel/new_case/00-6666666666666666.json"
	pDeleted  = ".dryfire/cassettes/refund_agent/old_case/00-3333333333333333.json"
	pRenamed  = ".dryfire/cassettes/refund_agent/moved/00-4444444444444444.json"
	pTape     = "tapes/chat.json"
)

// fixture is a temporary git repository with one change of every kind.
type fixture struct {
	dir  string
	dirs []string
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := filepath.Join(t.TempDir(), "project")
	f := fixture{dir: dir, dirs: []string{filepath.Join(dir, ".dryfire", "cassettes"), filepath.Join(dir, "tapes")}}
	writeFile(t, dir, "dryfire.yaml", []byte("suites: evals/*.eval.yaml\n"))
	writeFile(t, dir, ".dryfire/cassettes/refund_agent/parallel_lookups/00-1111111111111111.json",
		recording("refund_agent", "parallel_lookups", 0, "1111111111111111", "Looking it up.", 100))
	writeFile(t, dir, pModified, recording("refund_agent", "parallel_lookups", 1, "2222222222222222", "Refunded.", 150))
	writeFile(t, dir, pDeleted, recording("refund_agent", "old_case", 0, "3333333333333333", "Bye.", 90))
	writeFile(t, dir, ".dryfire/cassettes/refund_agent/moving/00-4444444444444444.json",
		recording("refund_agent", "moving", 0, "4444444444444444", "Moved.", 90))
	writeFile(t, dir, pTape, []byte(tape("first")))
	f.git(t, "init", "-q", "-b", "main")
	f.git(t, "config", "user.email", "test@example.com")
	f.git(t, "config", "user.name", "test")
	f.git(t, "config", "commit.gpgsign", "false")
	f.git(t, "add", "-A")
	f.git(t, "commit", "-q", "-m", "record")

	writeFile(t, dir, pModified, recording("refund_agent", "parallel_lookups", 1, "2222222222222222",
		"Refund issued for order A-991; the money is back on your card within five days.", 170))
	writeFile(t, dir, pAdded, recording("travel", "new_case", 0, "6666666666666666", "Hi.", 10))
	writeFile(t, dir, pTape, []byte(tape("second")))
	if err := os.Remove(filepath.Join(dir, pDeleted)); err != nil {
		t.Fatal(err)
	}
	f.git(t, "mv", ".dryfire/cassettes/refund_agent/moving", ".dryfire/cassettes/refund_agent/moved")
	return f
}

func (f fixture) git(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = f.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// status is `git status --porcelain` of the repository.
func (f fixture) status(t *testing.T) string {
	return f.git(t, "status", "--porcelain", "--untracked-files=all")
}

func (f fixture) read(t *testing.T, rel string) (string, bool) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(f.dir, rel))
	if os.IsNotExist(err) {
		return "", false
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(data), true
}

func (f fixture) open(t *testing.T) *gitreview.Review {
	t.Helper()
	r, err := gitreview.OpenReview(context.Background(), f.dir, f.dirs)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// model opens the review and sizes the screen.
func (f fixture) model(t *testing.T, w, h int) Model {
	t.Helper()
	load := func(ctx context.Context) (*gitreview.Review, []string, error) {
		r, err := gitreview.OpenReview(ctx, f.dir, f.dirs)
		return r, f.dirs, err
	}
	m := New(Options{Page: PageReview, Review: f.open(t), LookedAt: f.dirs, Reload: load})
	return send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
}

func writeFile(t *testing.T, dir, rel string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func recording(suite, caseName string, turn int, key, text string, inTokens int64) []byte {
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

func tape(result string) string {
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

// reviewSelect moves the cursor to the item with path p, with the keys.
func reviewSelect(t *testing.T, m Model, p string) Model {
	t.Helper()
	m = keys(t, m, "g")
	for range m.review.list.Len() {
		if m.review.selectedPath() == p {
			return m
		}
		m = keys(t, m, "j")
	}
	if m.review.selectedPath() != p {
		t.Fatalf("no item %s; selected %s", p, m.review.selectedPath())
	}
	return m
}
