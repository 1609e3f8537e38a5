package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runCmdEnv runs a command with environment variables.
func runCmdEnv(t *testing.T, env map[string]string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), args, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
		Now: func() time.Time { return time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC) }, Getenv: func(k string) string { return env[k] }})
	return out.String(), errOut.String(), code
}

// TestUnsafeCassetteRootIsRefused: prune (dry run too), doctor --fix and
// secrets --redact refuse a cassettes.dir of "." with exit 2, the reason
// and what to do.
func TestUnsafeCassetteRootIsRefused(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project-H-suite-deleted")
	config := "version: 1\nsuites:\n  - \"evals/**/*.eval.yaml\"\ncassettes:\n  dir: .\n"
	if err := os.WriteFile(filepath.Join(dir, "dryfire.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"prune", dir}, {"prune", dir, "--yes"}, {"doctor", dir, "--fix"}} {
		out, stderr, code := runCmd(t, args...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, "is the project root: refusing to remove or rewrite files there") ||
			!strings.Contains(stderr, "hint: set cassettes.dir") {
			t.Errorf("%v: exit %d\nstdout %q\nstderr %q", args, code, out, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "evals", "schemas", "escalate_to_human.json")); err != nil {
		t.Errorf("a $ref schema is gone: %v", err)
	}
}

// TestSizeLimitFromTheEnvironment sets the process's size limit, so it does
// not run in parallel with the other tests.
func TestSizeLimitFromTheEnvironment(t *testing.T) {
	dir := filepath.Join(goldenDryfire, "project-A")
	out, _, code := runCmdEnv(t, map[string]string{"DRYFIRE_TUI_MAX_FILE_SIZE": "1K"}, "ls", dir)
	if code != exitOK || !strings.Contains(out, "over the file size limit of 1 KiB (raise it with DRYFIRE_TUI_MAX_FILE_SIZE): not read") {
		t.Errorf("ls with a 1 KiB limit: exit %d\n%s", code, out)
	}
	_, stderr, code := runCmdEnv(t, map[string]string{"DRYFIRE_TUI_MAX_FILE_SIZE": "lots"}, "ls", dir)
	if code != exitUsage || !strings.Contains(stderr, "DRYFIRE_TUI_MAX_FILE_SIZE") {
		t.Errorf("a size that is not one: exit %d\n%s", code, stderr)
	}
	out, _, code = runCmd(t, "ls", dir)
	if code != exitOK || strings.Contains(out, "size limit") {
		t.Errorf("the limit outlived the run that set it: exit %d\n%s", code, out)
	}
}

// TestFingerprintRefusesWhatIsNotARegularFile: FILE obeys the rule of
// every read; a pipe's lines come on stdin.
func TestFingerprintRefusesWhatIsNotARegularFile(t *testing.T) {
	t.Parallel()
	_, stderr, code := runCmd(t, "fingerprint", "/dev/zero")
	if code != exitUsage || !strings.Contains(stderr, "character device, not a regular file: not read") {
		t.Errorf("fingerprint /dev/zero: exit %d\n%s", code, stderr)
	}
}
