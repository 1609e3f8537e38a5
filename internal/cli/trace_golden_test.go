package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
)

// traceGolden is one trace of testdata/trace/traces.txt: a project, an
// address, how dryfire ran it, the flags, and what it did
// (testdata/trace/golden/NAME).
type traceGolden struct {
	name, project, address, how string
	// paths are dryfire's PATHs after the address, run in the project's
	// copy (none: the copy is the PATH).
	flags, paths []string
}

func readTraceGoldens(t *testing.T) []traceGolden {
	t.Helper()
	var out []traceGolden
	for _, line := range strings.Split(readText(t, filepath.Join("testdata", "trace", "traces.txt")), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p := append(strings.Split(line, "|"), "")
		out = append(out, traceGolden{name: strings.TrimSpace(p[0]), project: strings.TrimSpace(p[1]),
			address: strings.TrimSpace(p[2]), how: strings.TrimSpace(p[3]), flags: strings.Fields(p[4]), paths: strings.Fields(p[5])})
	}
	return out
}

// TestTraceMatchesDryfire runs every golden trace with dryfire-tui trace
// and compares stdout byte for byte with what dryfire printed (every turn,
// the messages sent, the tool calls and their results, the termination),
// the exit code, and dryfire's error line for the traces it refused. In
// replay the case is served from its cassettes, as dryfire's run serves
// it; off is dryfire's own trace, which calls the provider: a scripted
// case, a missing key, or a local server answering as the record
// fixtures' fake provider answered dryfire's trace.
func TestTraceMatchesDryfire(t *testing.T) {
	for _, g := range readTraceGoldens(t) {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			want := filepath.Join("testdata", "trace", "golden", g.name)
			dir := reviewtest.CopyTree(t, filepath.FromSlash(g.project))
			env := map[string]string{}
			mode := "replay"
			switch g.how {
			case "off":
				mode = "off"
			case "live":
				srv := providertest.Golden(t, filepath.Join(recordFixtures, "gemini-B"))
				env = srv.Env()
				mode = "off"
				g.flags = append(g.flags, "--yes")
			}
			args := append([]string{"trace", g.address, dir, "--cassette-mode", mode}, g.flags...)
			workDir := ""
			if len(g.paths) > 0 {
				args = append(append([]string{"trace", g.address}, g.paths...), append([]string{"--cassette-mode", mode}, g.flags...)...)
				workDir = dir
			}
			var out, errOut bytes.Buffer
			code := Run(context.Background(), args, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
				Now: time.Now, Getenv: func(k string) string { return env[k] }, Dir: workDir,
				tuneProviders: func(o *provider.Options) {
					o.Sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
				}})
			wantCode, _ := strconv.Atoi(strings.TrimSpace(readText(t, filepath.Join(want, "exit_code"))))
			if code != wantCode {
				t.Errorf("exit %d, dryfire %d\nstderr: %s", code, wantCode, errOut.String())
			}
			if got, w := out.String(), readText(t, filepath.Join(want, "stdout.txt")); got != w {
				t.Errorf("stdout differs from dryfire's:\n%s", lineDiff(w, got))
			}
			wantErr := readText(t, filepath.Join(want, "stderr.txt"))
			if msg, ok := strings.CutPrefix(strings.TrimSuffix(wantErr, "\n"), "error: "); ok && !strings.Contains(msg, "\n") {
				if !strings.HasPrefix(errOut.String(), "dryfire-tui: error: "+msg+"\n") {
					t.Errorf("stderr %q, want dryfire's error %q first", errOut.String(), msg)
				}
			}
		})
	}
}

// TestTraceGoldensExist keeps the golden list and its outputs together.
func TestTraceGoldensExist(t *testing.T) {
	for _, g := range readTraceGoldens(t) {
		if _, err := os.Stat(filepath.Join("testdata", "trace", "golden", g.name, "exit_code")); err != nil {
			t.Errorf("%s: %v", g.name, err)
		}
	}
}

// TestRunDocExamples runs the console examples of docs/run.md (trace and
// compare on the repository's projects) and compares what they print.
func TestRunDocExamples(t *testing.T) {
	examples := consoleExamples(t, filepath.Join("docs", "run.md"))
	if len(examples) < 2 {
		t.Fatalf("docs/run.md has %d console examples", len(examples))
	}
	for _, ex := range examples {
		t.Run(ex.command, func(t *testing.T) {
			out, errOut, _ := runCmd(t, ex.args...)
			if out != ex.want {
				t.Errorf("%s:%d: $ %s prints\n%s\nthe page shows\n%s\n(stderr: %s)", ex.doc, ex.line, ex.command, out, ex.want, errOut)
			}
		})
	}
}
