//go:build unix

package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/cputime"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// responseValue is the response object dryfire writes for r.
func responseValue(r cassette.Response) jsonv.Value {
	calls := jsonv.ArrayValue()
	for _, c := range r.ToolCalls {
		calls.Items = append(calls.Items, jsonv.ObjectValue(jsonv.M("arguments", c.Arguments), jsonv.M("id", jsonv.StringValue(c.ID)),
			jsonv.M("malformed_arguments", c.MalformedArguments), jsonv.M("name", jsonv.StringValue(c.Name))))
	}
	return jsonv.ObjectValue(jsonv.M("cache_hit", jsonv.BoolValue(false)), jsonv.M("latency_ms", jsonv.IntValue(0)), jsonv.M("raw", jsonv.ObjectValue()),
		jsonv.M("stop_reason", jsonv.StringValue(r.StopReason)), jsonv.M("text", r.Text), jsonv.M("tool_calls", calls),
		jsonv.M("usage", jsonv.ObjectValue(jsonv.M("cache_read_tokens", jsonv.IntValue(0)), jsonv.M("cache_write_tokens", jsonv.IntValue(0)),
			jsonv.M("input_tokens", jsonv.IntValue(10)), jsonv.M("output_tokens", jsonv.IntValue(5)))))
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
	p, err := suite.LoadProject(dir, nil)
	if err != nil || len(p.Errors) > 0 {
		tb.Fatalf("generated project: %v %v", err, p.Errors)
	}
	for _, s := range p.Suites {
		for _, c := range s.Cases {
			respond := func(turn int, hashArgs jsonv.Value) (cassette.Response, error) {
				if turn == turns-1 {
					return cassette.Response{StopReason: "end_turn", Text: jsonv.StringValue("done")}, nil
				}
				return cassette.Response{StopReason: "tool_use", Text: jsonv.NullValue(), ToolCalls: []cassette.ToolCall{{
					ID: fmt.Sprintf("toolu_%d_%d", c.Index, turn), Name: "lookup",
					Arguments: jsonv.ObjectValue(jsonv.M("id", jsonv.IntValue(int64(turn)))), MalformedArguments: jsonv.NullValue()}}}, nil
			}
			res := Simulate(&p.Config, c, 0, "", respond)
			for _, v := range res.Visits {
				resp, _ := respond(v.Turn, jsonv.Value{})
				cas := &cassette.Cassette{Fingerprint: v.Key, Suite: s.Name, Case: c.Name, Turn: v.Turn, Provider: c.Provider,
					Model: c.Model, RecordedAt: "2026-08-01T12:00:00Z", RequestDigest: v.Request(), Response: responseValue(resp)}
				data, err := cas.Encode()
				if err != nil {
					tb.Fatal(err)
				}
				write(".dryfire/cassettes/"+cassette.RelPath(s.Name, c.Name, v.Turn, v.Key), string(data))
			}
		}
	}
}

func replayDir(tb testing.TB, dir string) *Result {
	p, err := suite.LoadProject(dir, nil)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := cassette.LoadStore(context.Background(), p.CassetteRoot, jsonFiles(p.CassetteRoot), cassette.LoadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	return Replay(context.Background(), p, s, Options{})
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
	before := cputime.Used()
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
	b.ReportMetric((cputime.Used()-before).Seconds()/float64(n), "cpu-s/op")
}
