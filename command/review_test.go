package command

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// The review's fixtures, as package gitreview's tests make them: a
// repository with a committed cassette re-recorded with secrets.

// gitRepo makes a temporary repository with a committed cassette tree.
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "config", "user.email", "test@example.com")
	git(t, dir, "config", "user.name", "test")
	git(t, dir, "config", "commit.gpgsign", "false")
	return dir
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// recording builds a dryfire cassette body for one turn.
func recording(suite, caseName string, turn int, key, text string, calls []jsonv.Value, inTokens int64) []byte {
	stop := "end_turn"
	if len(calls) > 0 {
		stop = "tool_use"
	}
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
			jsonv.M("stop_reason", jsonv.StringValue(stop)),
			jsonv.M("text", jsonv.StringValue(text)),
			jsonv.M("tool_calls", jsonv.ArrayValue(calls...)),
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

func toolCall(id, name string, args jsonv.Value) jsonv.Value {
	return jsonv.ObjectValue(
		jsonv.M("arguments", args),
		jsonv.M("id", jsonv.StringValue(id)),
		jsonv.M("malformed_arguments", jsonv.NullValue()),
		jsonv.M("name", jsonv.StringValue(name)),
	)
}

func writeFile(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

var keySeed uint64

// anthropicKey returns a generated key of Anthropic's shape, another on
// each call.
func anthropicKey() string {
	keySeed++
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
	r := rand.New(rand.NewPCG(keySeed, 77))
	b := make([]byte, 93)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return "sk-ant-api03-" + string(b) + "AA"
}

// secretRepo commits a cassette whose response already holds a secret,
// then re-records it with a second secret in the response text and one in
// a tool call's arguments.
func secretRepo(t *testing.T) (dir, rel string, old, added []string) {
	t.Helper()
	dir = gitRepo(t)
	rel = ".dryfire/cassettes/refund_agent/parallel_lookups/00-1111111111111111.json"
	committed := anthropicKey()
	writeFile(t, filepath.Join(dir, rel), recording("refund_agent", "parallel_lookups", 0, "1111111111111111",
		"Debug: "+committed, nil, 100))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "record")
	text, arg := anthropicKey(), anthropicKey()
	args := jsonv.ObjectValue(jsonv.M("order_id", jsonv.StringValue("A-991")), jsonv.M("auth", jsonv.StringValue(arg)))
	writeFile(t, filepath.Join(dir, rel), recording("refund_agent", "parallel_lookups", 0, "1111111111111111",
		"Debug: "+committed+" and "+text, []jsonv.Value{toolCall("toolu_1", "lookup_order", args)}, 120))
	return dir, rel, []string{committed}, []string{text, arg}
}

// TestRedactChanges: the review's redaction replaces the secrets the change adds,
// leaves the one HEAD already had, and lets the change be accepted.
func TestRedactChanges(t *testing.T) {
	ctx := context.Background()
	dir, rel, old, added := secretRepo(t)
	r, err := gitreview.OpenReview(ctx, dir, []string{filepath.Join(dir, ".dryfire", "cassettes")})
	if err != nil {
		t.Fatal(err)
	}
	red, err := RedactChanges(ctx, r, []string{rel})
	if err != nil || len(red.Files) != 1 || red.Files[0].Replaced != 2 {
		t.Fatalf("redact: %+v %v", red, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range added {
		if strings.Contains(string(data), s) {
			t.Fatal("an added secret is still in the file")
		}
	}
	if !strings.Contains(string(data), old[0]) || strings.Count(string(data), "[REDACTED:anthropic-api-key]") != 2 {
		t.Fatalf("redacted file:\n%s", data)
	}
	if it, _ := r.Item(rel); len(it.Secrets) != 0 {
		t.Fatalf("still gated after redaction: %+v", it.Secrets)
	}
	if err := r.Accept(ctx, rel); err != nil {
		t.Fatal(err)
	}
}
