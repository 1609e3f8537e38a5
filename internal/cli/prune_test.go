package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/scan"
)

const goldenDryfire = "testdata/golden/dryfire"

// runCmd runs the real command line and returns stdout, stderr and the
// exit code.
func runCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), args, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
		Now: func() time.Time { return time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC) }, Getenv: func(string) string { return "" }})
	return out.String(), errOut.String(), code
}

// copyProject copies a golden project into a temporary directory.
func copyProject(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join(goldenDryfire, name)
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// replaySignature summarises what replay does: every visit of every case.
func replaySignature(t *testing.T, dir string) string {
	t.Helper()
	w, err := scan.Open(context.Background(), dir, scan.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, c := range w.Replay.Cases {
		fmt.Fprintf(&b, "%s::%s#%d %s:", c.Suite, c.Case, c.RepeatIndex, c.Outcome)
		for _, v := range c.Visits {
			fmt.Fprintf(&b, " %d/%s/%v", v.Turn, v.Key, v.Hit)
			if v.File != nil {
				fmt.Fprintf(&b, "/%s", v.File.Rel)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

type expectedPruneDoc struct {
	DryRun struct {
		Stdout     string
		Candidates []struct{ Path, Reason string }
	} `json:"dry_run"`
	Yes struct {
		DeletedFiles []string `json:"deleted_files"`
		DeletedDirs  []string `json:"deleted_dirs"`
	}
}

func TestPruneGoldenProjects(t *testing.T) {
	entries, err := os.ReadDir(goldenDryfire)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), "project-") {
			continue
		}
		name := e.Name()
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := copyProject(t, name)
			var want expectedPruneDoc
			if data, err := os.ReadFile(filepath.Join(dir, "expected-prune.json")); err == nil {
				if err := json.Unmarshal(data, &want); err != nil {
					t.Fatal(err)
				}
			}
			before := replaySignature(t, dir)

			out, stderr, code := runCmd(t, "prune", dir, "--json")
			if code != 0 {
				t.Fatalf("prune exit %d: %s", code, stderr)
			}
			var plan struct {
				Candidates, Kept []struct{ Path, Reason string }
			}
			if err := json.Unmarshal([]byte(out), &plan); err != nil {
				t.Fatal(err)
			}
			// dryfire's candidates, less the files replay reads (kept as in use).
			kept := map[string]bool{}
			for _, k := range plan.Kept {
				if !strings.HasPrefix(k.Reason, "in use: read by replay of ") {
					t.Errorf("kept %s: %s", k.Path, k.Reason)
				}
				kept[k.Path] = true
			}
			var wantCands []string
			for _, c := range want.DryRun.Candidates {
				if !kept[c.Path] {
					wantCands = append(wantCands, c.Path+" ("+c.Reason+")")
				}
			}
			var got []string
			for _, c := range plan.Candidates {
				got = append(got, c.Path+" ("+c.Reason+")")
			}
			if strings.Join(got, "\n") != strings.Join(wantCands, "\n") {
				t.Errorf("candidates:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantCands, "\n"))
			}
			if len(plan.Kept) == 0 && want.DryRun.Stdout != "" {
				// dryfire's lines, byte for byte, then only the empty
				// directories the dry run also names, and the tally of
				// them all as the last line.
				text, _, _ := runCmd(t, "prune", dir)
				rest, ok := strings.CutPrefix(text, want.DryRun.Stdout)
				lines := strings.Split(strings.TrimSpace(rest), "\n")
				for i, line := range lines {
					tally := i == len(lines)-1 && strings.HasSuffix(line, " would be removed. Re-run with --yes to delete.")
					ok = ok && (line == "" || tally || strings.HasPrefix(line, "would remove empty directory "))
				}
				if !ok {
					t.Errorf("dry run prints:\n%s\ndryfire prints:\n%s", text, want.DryRun.Stdout)
				}
			}

			if _, stderr, code := runCmd(t, "prune", dir, "--yes"); code != 0 {
				t.Fatalf("prune --yes exit %d: %s", code, stderr)
			}
			if after := replaySignature(t, dir); after != before {
				t.Errorf("replay changed after prune --yes:\nbefore:\n%s\nafter:\n%s", before, after)
			}
			if len(kept) == 0 {
				for _, f := range want.Yes.DeletedFiles {
					if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
						t.Errorf("%s not removed", f)
					}
				}
				for _, d := range want.Yes.DeletedDirs {
					if _, err := os.Stat(filepath.Join(dir, d)); err == nil {
						t.Errorf("directory %s not removed", d)
					}
				}
			}
			for p := range kept {
				if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
					t.Errorf("in-use file %s removed", p)
				}
			}
		})
	}
}

func TestPruneWithoutSuitesNeedsForce(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project-A")
	if err := os.WriteFile(filepath.Join(dir, "dryfire.yaml"), []byte("version: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := runCmd(t, "prune", dir)
	if code != 0 || !strings.Contains(out, "42 cassette(s) would be removed") {
		t.Fatalf("dry run exit %d:\n%s", code, out)
	}
	_, stderr, code := runCmd(t, "prune", dir, "--yes")
	if code != exitUsage || !strings.Contains(stderr, "hint: add suites:") {
		t.Fatalf("--yes without --force: exit %d, %s", code, stderr)
	}
	if _, _, code := runCmd(t, "prune", dir, "--yes", "--force"); code != 0 {
		t.Fatalf("--yes --force: exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, ".dryfire/cassettes")); err != nil {
		t.Errorf("the cassette root itself was removed")
	}
}

// Unreadable files are reported, never deleted, even where dryfire would
// call them stale.
func TestPruneNeverRemovesUnreadable(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project-A")
	bad := filepath.Join(dir, ".dryfire/cassettes/refund_agent/parallel_lookups/07-0123456789abcdef.json")
	if err := os.WriteFile(bad, []byte("{oops"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := runCmd(t, "prune", dir, "--yes")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(bad); err != nil {
		t.Errorf("unreadable file removed:\n%s", out)
	}
	if !strings.Contains(out, "keep .dryfire/cassettes/refund_agent/parallel_lookups/07-0123456789abcdef.json (invalid: ") {
		t.Errorf("output:\n%s", out)
	}
}
