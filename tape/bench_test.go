package tape

import (
	"testing"
)

type benchMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type benchRequest struct {
	Model     string          `json:"model"`
	MaxTokens int             `json:"max_tokens"`
	Messages  []benchMessage  `json:"messages"`
	Metadata  map[string]any  `json:"metadata"`
	Options   *benchRequestOp `json:"options"`
}

type benchRequestOp struct {
	Temperature float64  `json:"temperature"`
	Stop        []string `json:"stop"`
}

// BenchmarkReplayWrap is one replayed call of a wrapped function: the
// arguments converted and hashed, the result found and converted back.
func BenchmarkReplayWrap(b *testing.B) {
	b.Setenv(ModeEnv, "")
	dir := b.TempDir()
	req := benchRequest{
		Model: "claude-opus-5", MaxTokens: 1024,
		Messages: []benchMessage{{"system", "You are terse."}, {"user", "Say hello in French"}, {"assistant", "Bonjour !"}, {"user", "And in Japanese?"}},
		Metadata: map[string]any{"trace": "t-1", "attempt": 1},
		Options:  &benchRequestOp{Temperature: 0.2, Stop: []string{"\n\n"}},
	}
	rec, err := Open(dir, "bench", Options{Mode: Record})
	if err != nil {
		b.Fatal(err)
	}
	fn := func(benchRequest) (benchMessage, error) { return benchMessage{"assistant", "こんにちは"}, nil }
	if _, err := Wrap(rec, fn)(req); err != nil {
		b.Fatal(err)
	}
	if err := rec.Save(); err != nil {
		b.Fatal(err)
	}
	rep, err := Open(dir, "bench", Options{Mode: Replay})
	if err != nil {
		b.Fatal(err)
	}
	replay := Wrap(rep, fn)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := replay(req); err != nil {
			b.Fatal(err)
		}
	}
}
