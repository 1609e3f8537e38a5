// Package reviewtest makes the git repositories of recordings that the
// tests of a review work on (as net/http/httptest makes servers): a
// repository with a test identity, git run in it, dryfire cassettes of one
// turn, generated keys, and a cassette re-recorded with secrets; and the
// copy of a golden project that a test may change (CopyTree). Imported by
// tests only.
package reviewtest

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Repo makes a temporary repository on branch main with a test identity
// and no signing; it skips the test where git is not installed.
func Repo(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	Git(t, dir, "init", "-q", "-b", "main")
	Git(t, dir, "config", "user.email", "test@example.com")
	Git(t, dir, "config", "user.name", "test")
	Git(t, dir, "config", "commit.gpgsign", "false")
	return dir
}

// Git runs git with args in dir and returns what it printed; a failure
// fails the test with git's output.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// WriteFile writes data at p, making its directories.
func WriteFile(t testing.TB, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Recording is a dryfire cassette of one turn answering text, with calls
// as its tool calls (stop reason tool_use when there are any), in the
// bytes dryfire writes.
func Recording(suite, caseName string, turn int, key, text string, calls []jsonv.Value, inTokens int64) []byte {
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

// ToolCall is a recorded tool call of a cassette's response.
func ToolCall(id, name string, args jsonv.Value) jsonv.Value {
	return jsonv.ObjectValue(
		jsonv.M("arguments", args),
		jsonv.M("id", jsonv.StringValue(id)),
		jsonv.M("malformed_arguments", jsonv.NullValue()),
		jsonv.M("name", jsonv.StringValue(name)),
	)
}

var keySeed uint64

// AnthropicKey returns a generated key of Anthropic's shape, another on
// each call (the same sequence in every test binary).
func AnthropicKey() string {
	keySeed++
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
	r := rand.New(rand.NewPCG(keySeed, 77))
	b := make([]byte, 93)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return "sk-ant-api03-" + string(b) + "AA"
}

// SecretRepo commits a cassette whose response already holds a secret,
// then re-records it with a second secret in the response text and one in
// a tool call's arguments: old are the committed secrets, added the new.
func SecretRepo(t testing.TB) (dir, rel string, old, added []string) {
	t.Helper()
	dir = Repo(t)
	rel = ".dryfire/cassettes/refund_agent/parallel_lookups/00-1111111111111111.json"
	committed := AnthropicKey()
	WriteFile(t, filepath.Join(dir, rel), Recording("refund_agent", "parallel_lookups", 0, "1111111111111111",
		"Debug: "+committed, nil, 100))
	Git(t, dir, "add", "-A")
	Git(t, dir, "commit", "-q", "-m", "record")
	text, arg := AnthropicKey(), AnthropicKey()
	args := jsonv.ObjectValue(jsonv.M("order_id", jsonv.StringValue("A-991")), jsonv.M("auth", jsonv.StringValue(arg)))
	WriteFile(t, filepath.Join(dir, rel), Recording("refund_agent", "parallel_lookups", 0, "1111111111111111",
		"Debug: "+committed+" and "+text, []jsonv.Value{ToolCall("toolu_1", "lookup_order", args)}, 120))
	return dir, rel, []string{committed}, []string{text, arg}
}
