package cli

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
)

// liveRun runs a command line against env only, with no waits between
// retries.
func liveRun(t *testing.T, env map[string]string, stdin string, terminal bool, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut strings.Builder
	code = Run(context.Background(), args, Env{
		Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut, InputIsTerminal: terminal,
		Now:    func() time.Time { return time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC) },
		Getenv: func(k string) string { return env[k] },
		tuneProviders: func(o *provider.Options) {
			o.Sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
		},
	})
	return code, out.String(), errOut.String()
}

// cassetteTexts are the files under a project's cassette root, by slash
// path, recorded_at and latency_ms pinned.
func cassetteTexts(t *testing.T, root string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if os.IsNotExist(err) && p == root {
			return filepath.SkipDir
		}
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		text := recordedAtField.ReplaceAllString(readText(t, p), `"recorded_at": "-"`)
		files[filepath.ToSlash(rel)] = latencyField.ReplaceAllString(text, `"latency_ms": 0`)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestTraceRecordsWhatDryfireRecords traces cases of the gemini-B record
// fixture in record mode against a server answering as the fixture's fake
// provider answered dryfire: it asks first (and without a terminal needs
// --yes, calling nothing), prints dryfire's trace, and writes that case's
// cassettes, judge included, with the names and bytes dryfire's run wrote
// (recorded_at and latency_ms aside) and nothing else; then auto and
// replay trace it from them without a call, printing the same.
func TestTraceRecordsWhatDryfireRecords(t *testing.T) {
	t.Parallel()
	fixture := filepath.Join(recordFixtures, "gemini-B")
	for _, tc := range []struct{ golden, address, dir string }{
		{"live-gemini", "refund_agent::refunds_small_order_after_retry", "refund_agent/refunds_small_order_after_retry"},
		{"live-gemini-judged", "judged_answers::judged_status_answer", "judged_answers/judged_status_answer"},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			t.Parallel()
			srv := providertest.Golden(t, fixture)
			dir := reviewtest.CopyTree(t, filepath.Join(fixture, "project"))
			root := filepath.Join(dir, ".dryfire", "cassettes")
			want := readText(t, filepath.Join("testdata", "trace", "golden", tc.golden, "stdout.txt"))
			args := []string{"trace", tc.address, dir, "--cassette-mode", "record"}

			code, stdout, stderr := liveRun(t, srv.Env(), "", false, args...)
			if code != exitUsage || stdout != "" || len(srv.Requests()) != 0 ||
				!strings.Contains(stderr, "dryfire-tui: --cassette-mode record calls the model providers:\n  gemini (gemini-2.5-flash") {
				t.Fatalf("without a terminal or --yes: exit %d, %d calls\n%s", code, len(srv.Requests()), stderr)
			}
			code, stdout, stderr = liveRun(t, srv.Env(), "y\n", true, args...)
			if code != 1 || stdout != want {
				t.Fatalf("record: exit %d\n%s\nstderr:\n%s", code, lineDiff(want, stdout), stderr)
			}
			calls := len(srv.Requests())
			got, expected := cassetteTexts(t, root), cassetteTexts(t, filepath.Join(fixture, "expected-cassettes"))
			n := 0
			for rel, text := range expected {
				if !strings.HasPrefix(rel, tc.dir+"/") {
					continue
				}
				n++
				if got[rel] != text {
					t.Errorf("%s: %s", rel, lineDiff(text, got[rel]))
				}
			}
			if n == 0 || len(got) != n || calls != n {
				t.Errorf("wrote %d cassettes in %d calls, dryfire %d for the case: %v", len(got), calls, n, keys(got))
			}
			for _, mode := range []string{"auto", "replay"} {
				code, stdout, stderr = liveRun(t, srv.Env(), "", false, "trace", tc.address, dir, "--cassette-mode", mode)
				if code != 1 || stdout != want || len(srv.Requests()) != calls {
					t.Errorf("%s: exit %d, %d calls\n%s\nstderr:\n%s", mode, code, len(srv.Requests())-calls, lineDiff(want, stdout), stderr)
				}
			}
		})
	}
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestTraceOffWritesNothing: off calls the provider for every turn and
// writes no cassette, as dryfire's trace.
func TestTraceOffWritesNothing(t *testing.T) {
	t.Parallel()
	fixture := filepath.Join(recordFixtures, "gemini-B")
	srv := providertest.Golden(t, fixture)
	dir := reviewtest.CopyTree(t, filepath.Join(fixture, "project"))
	code, _, stderr := liveRun(t, srv.Env(), "", false, "trace", "refund_agent::refunds_small_order_after_retry", dir,
		"--cassette-mode", "off", "--yes")
	if code != 1 || len(srv.Requests()) != 2 || strings.Contains(stderr, "cassettes go to") {
		t.Errorf("exit %d, %d calls\n%s", code, len(srv.Requests()), stderr)
	}
	if got := cassetteTexts(t, filepath.Join(dir, ".dryfire")); len(got) != 0 {
		t.Errorf("off wrote %v", keys(got))
	}
}

// TestTracePassthrough: a case whose mock runs Python code is traced as
// run runs it, the callable's result in the trace (dryfire's trace stops
// such a case: it gives its loop no invoker).
func TestTracePassthrough(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("passthrough mocks run in Python, and python3 is not on PATH")
	}
	dir := reviewtest.CopyTree(t, filepath.Join("testdata", "run", "projects", "passthrough"))
	code, stdout, stderr := liveRun(t, nil, "", false, "trace", "passthrough::dict_result", dir, "--cassette-mode", "replay")
	if code != 0 || !strings.HasPrefix(stdout, "passthrough::dict_result  [PASS]\n") ||
		!strings.Contains(stdout, "  ← tool_result: {'order_id': 'A-1', 'total': 12.5, 'calls': 1}\n") {
		t.Errorf("exit %d\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}
