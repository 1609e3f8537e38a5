//go:build unix

package cassette

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// responseValue is the response object dryfire writes for r.
func responseValue(r Response) Value {
	calls := ArrayValue()
	for _, c := range r.ToolCalls {
		calls.Items = append(calls.Items, ObjectValue(M("arguments", c.Arguments), M("id", StringValue(c.ID)),
			M("malformed_arguments", c.MalformedArguments), M("name", StringValue(c.Name))))
	}
	return ObjectValue(M("cache_hit", BoolValue(false)), M("latency_ms", IntValue(0)), M("raw", ObjectValue()),
		M("stop_reason", StringValue(r.StopReason)), M("text", r.Text), M("tool_calls", calls),
		M("usage", ObjectValue(M("cache_read_tokens", IntValue(0)), M("cache_write_tokens", IntValue(0)),
			M("input_tokens", IntValue(10)), M("output_tokens", IntValue(5)))))
}

// generateProject writes a project of suites×cases cases, each making
// turns model calls, and records every call with Simulate, so the
// cassettes carry the keys a replay asks for.
func generateProject(tb testing.TB, dir string, suites, cases, turns int) {
	tb.Helper()
	write := func(rel, text string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	write("dryfire.yaml", "version: 1\nsuites: [\"evals/**/*.eval.yaml\"]\n")
	for s := range suites {
		var b strings.Builder
		fmt.Fprintf(&b, "name: suite_%03d\nmax_turns: %d\nsystem: You look things up.\ntools:\n", s, turns+1)
		b.WriteString("  - name: lookup\n    description: Look a record up.\n    input_schema: {type: object, properties: {id: {type: integer}}}\n")
		b.WriteString("mocks:\n  lookup:\n    - when: {id: 0}\n      return: {found: false}\n    - return: {found: true, total: 780.00}\ncases:\n")
		for c := range cases {
			fmt.Fprintf(&b, "  - name: case_%04d\n    input: \"Look up records for customer %d.\"\n    expect: []\n", c, c)
		}
		write(fmt.Sprintf("evals/s%03d.eval.yaml", s), b.String())
	}
	p, err := LoadProject(dir, nil)
	if err != nil || len(p.Errors) > 0 {
		tb.Fatalf("generated project: %v %v", err, p.Errors)
	}
	for _, s := range p.Suites {
		for _, c := range s.Cases {
			respond := func(turn int, hashArgs Value) (Response, error) {
				if turn == turns-1 {
					return Response{StopReason: "end_turn", Text: StringValue("done")}, nil
				}
				return Response{StopReason: "tool_use", Text: NullValue(), ToolCalls: []ToolCall{{
					ID: fmt.Sprintf("toolu_%d_%d", c.Index, turn), Name: "lookup",
					Arguments: ObjectValue(M("id", IntValue(int64(turn)))), MalformedArguments: NullValue()}}}, nil
			}
			res := Simulate(&p.Config, c, 0, "", respond)
			for _, v := range res.Visits {
				resp, _ := respond(v.Turn, Value{})
				cas := &Cassette{Fingerprint: v.Key, Suite: s.Name, Case: c.Name, Turn: v.Turn, Provider: c.Provider,
					Model: c.Model, RecordedAt: "2026-08-01T12:00:00Z", RequestDigest: v.Request, Response: responseValue(resp)}
				data, err := cas.Encode()
				if err != nil {
					tb.Fatal(err)
				}
				write(".dryfire/cassettes/"+CassetteRelPath(s.Name, c.Name, v.Turn, v.Key), string(data))
			}
		}
	}
}

func replayDir(tb testing.TB, dir string) *ReplayResult {
	p, err := LoadProject(dir, nil)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := LoadStore(context.Background(), p.CassetteRoot, LoadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	return Replay(context.Background(), p, s, ReplayOptions{})
}

func TestGeneratedProjectReplaysFully(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	generateProject(t, dir, 2, 5, 4)
	res := replayDir(t, dir)
	if res.ExitCode != 0 || len(res.Cases) != 10 {
		t.Fatalf("exit %d, %d cases", res.ExitCode, len(res.Cases))
	}
	for _, c := range res.Cases {
		if c.Outcome != OutcomeHit || len(c.Visits) != 4 {
			t.Errorf("%s::%s: %s after %d visits: %s", c.Suite, c.Case, c.Outcome, len(c.Visits), c.Message)
		}
	}
}

// BenchmarkReplay replays a 2,000-case project with 20,000 cassettes:
// loading the project, indexing the store and simulating every case.
func BenchmarkReplay(b *testing.B) {
	dir := b.TempDir()
	generateProject(b, dir, 20, 100, 10)
	b.ReportAllocs()
	before := cpuTime()
	n := 0
	for b.Loop() {
		res := replayDir(b, dir)
		if res.ExitCode != 0 || len(res.Cases) != 2000 {
			b.Fatalf("exit %d, %d cases", res.ExitCode, len(res.Cases))
		}
		n++
	}
	// CPU time is the figure that survives a busy machine: on two idle
	// cores the wall time is about half of it.
	b.ReportMetric((cpuTime()-before).Seconds()/float64(n), "cpu-s/op")
}

// cpuTime is the user+system time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
