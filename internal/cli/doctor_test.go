package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runWithStdin runs the real command line with stdin and returns stdout,
// stderr and the exit code.
func runWithStdin(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), args, Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut,
		Now: func() time.Time { return time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC) }, Getenv: func(string) string { return "" }})
	return out.String(), errOut.String(), code
}

// copyCassetteProject copies a golden project, hidden cassette directory
// included, into a temporary directory.
func copyCassetteProject(t *testing.T, name string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(filepath.Join("testdata/golden/dryfire", name))); err != nil {
		t.Fatal(err)
	}
	return dst
}

func TestDoctorCommand(t *testing.T) {
	t.Parallel()
	dir := copyCassetteProject(t, "project-L-fingerprint-mismatch")
	out, _, code := runWithStdin(t, "", "doctor", filepath.Join(dir, "evals"))
	want := `.dryfire/cassettes/incident_triage/truncated_by_max_tokens/00-ffffffffffffffff.json: key: file name says ffffffffffffffff, body says 1e93f5df911952e4; dryfire's lookup skips this file
.dryfire/cassettes/refund_agent/escalates_refund_over_limit/00-0596134f6ae68949.json: key: file name says 0596134f6ae68949, body says 0000000000000000; dryfire's lookup skips this file
.dryfire/cassettes/refund_agent/escalates_refund_over_limit/00-0596134f6ae68949.json: digest: request_digest hashes to 0596134f6ae68949, the key says 0000000000000000
checked 42 files under .dryfire/cassettes: 3 problems
`
	if code != 1 || out != want {
		t.Errorf("exit %d, output:\n%s\nwant:\n%s", code, out, want)
	}

	// A format-only problem is fixed; the others stay and keep exit 1.
	file := filepath.Join(dir, ".dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json")
	orig, _ := os.ReadFile(file)
	os.WriteFile(file, append(bytes.Clone(orig), '\n'), 0o644)
	out, _, code = runWithStdin(t, "", "doctor", dir, "--json", "--fix")
	var rep struct {
		Root     string
		Files    int
		Problems []struct {
			Path, Kind   string
			Line, Column int
			Fixed        bool
		}
		Remaining int
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	if code != 1 || rep.Root != ".dryfire/cassettes" || rep.Files != 42 || len(rep.Problems) != 4 || rep.Remaining != 3 {
		t.Errorf("exit %d, report %+v", code, rep)
	}
	if data, _ := os.ReadFile(file); !bytes.Equal(data, orig) {
		t.Error("--fix did not restore dryfire's bytes")
	}

	// A cassette directory without a project, and a clean one.
	out, _, code = runWithStdin(t, "", "doctor", "testdata/golden/dryfire/project-A/.dryfire/cassettes/refund_agent")
	if code != 0 || !strings.HasSuffix(out, "checked 15 files under .dryfire/cassettes/refund_agent: no problems\n") {
		t.Errorf("exit %d, output %s", code, out)
	}
	_, errOut, code := runWithStdin(t, "", "doctor", filepath.Join(dir, "missing"))
	if code != 2 || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing PATH: exit %d, %s", code, errOut)
	}
}
