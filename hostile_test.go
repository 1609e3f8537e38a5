//go:build linux

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// The hostile-input suite: every command of the real binary, run as a
// subprocess against project trees built at test time to attack it (named
// pipes and links to /dev/zero where recordings, suites, $ref targets,
// dryfire.yaml, the baseline and tapes are read; escape sequences in every
// name and value; a cassette root of "." in a git repository; …). Every
// run must end before the deadline, stay under the memory ceiling, exit
// with a code of the CLI contract, never panic, and print nothing a
// terminal would act on. The deadline only stops a run that hangs: no
// result depends on how fast a run is.
const (
	// hostileDeadline is far beyond what any of these runs takes (well
	// under a second each): only a hang reaches it.
	hostileDeadline = 2 * time.Minute
	// hostileMaxRSS is the peak resident memory allowed to one run. The
	// trees are small: a run that reads a device or a huge file whole
	// goes far past it.
	hostileMaxRSS = 256 << 20
	// hostileAddressSpace is a hard ceiling (ulimit -v, KiB) so that a
	// regression fails this run instead of exhausting the machine.
	hostileAddressSpace = 4 << 20
	// hostileOutputCap bounds the output kept from one run.
	hostileOutputCap = 4 << 20
)

// hostileBinary builds the command once for the suite.
var hostileBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "dryfire-tui-hostile-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "dryfire-tui")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})

// run is one finished run of the binary.
type run struct {
	args           []string
	stdout, stderr string
	code           int
	maxRSS         int64 // bytes
}

func (r run) String() string {
	return fmt.Sprintf("dryfire-tui %s: exit %d\nstdout:\n%.2000s\nstderr:\n%.2000s", strings.Join(r.args, " "), r.code, r.stdout, r.stderr)
}

// cappedBuffer keeps the first hostileOutputCap bytes written to it.
type cappedBuffer struct{ bytes.Buffer }

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := hostileOutputCap - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// runHostile runs the binary in dir under the deadline and the address
// space ceiling, and checks what every run must satisfy.
func runHostile(t *testing.T, dir string, env []string, args ...string) run {
	t.Helper()
	bin, err := hostileBinary()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), hostileDeadline)
	defer cancel()
	sh := append([]string{"-c", fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, hostileAddressSpace), bin}, args...)
	cmd := exec.CommandContext(ctx, "/bin/sh", sh...)
	cmd.Dir = dir
	cmd.Env = append(hostileEnv(), env...)
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr cappedBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	r := run{args: args, stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = ru.Maxrss << 10 // KiB on Linux
	}
	var exitErr *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("hung: still running after %v\n%v", hostileDeadline, r)
	case err != nil && !errors.As(err, &exitErr):
		t.Fatalf("%v: %v", r, err)
	}
	checkRun(t, r)
	return r
}

// checkRun checks what every run must satisfy, whatever the tree.
func checkRun(t *testing.T, r run) {
	t.Helper()
	if r.maxRSS > hostileMaxRSS {
		t.Errorf("peak memory %d MiB, over the %d MiB ceiling\n%v", r.maxRSS>>20, hostileMaxRSS>>20, r)
	}
	if !slices.Contains([]int{0, 1, 2, 3}, r.code) {
		t.Errorf("exit code %d is not one of the contract's\n%v", r.code, r)
	}
	if strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "goroutine ") {
		t.Errorf("panicked\n%v", r)
	}
	for name, out := range map[string]string{"stdout": r.stdout, "stderr": r.stderr} {
		if esc := visible.Text(out); esc != out {
			i := firstDifference(esc, out)
			t.Errorf("%s holds a control character or bidi override near %q\n%v", name, out[max(0, i-40):min(len(out), i+40)], r)
		}
	}
	if slices.Contains(r.args, "--json") && r.code != 2 && !json.Valid([]byte(r.stdout)) {
		t.Errorf("--json printed invalid JSON\n%v", r)
	}
}

func firstDifference(a, b string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// hostileEnv is the environment of every run: the process's, without the
// tool's own settings and with git made quiet and deterministic.
func hostileEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DRYFIRE_TUI_") && !strings.HasPrefix(kv, "GIT_") {
			env = append(env, kv)
		}
	}
	return append(env, "NO_COLOR=1", "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
}

// everyCommand are the runs made first on every tree: each command as
// text, the listing and the CI gate (every part of it) as JSON.
var everyCommand = [][]string{
	{"ls"}, {"ls", "--json"},
	{"show", ".dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json"},
	{"diff"}, {"replay"}, {"run", "--cassette-mode", "replay"},
	{"secrets"}, {"doctor"},
	{"check"}, {"check", "--json"}, {"check", "--format", "github"},
	{"review"}, {"prune"},
}

// everyAction are the runs that remove or rewrite files, made last on
// every tree (after the tree's extra runs).
var everyAction = [][]string{
	{"secrets", "--redact"},
	{"doctor", "--fix"},
	{"prune", "--yes"},
}

// everyJSON are the other commands' JSON documents, run on the trees whose
// names and values hold escape sequences.
var everyJSON = [][]string{
	{"diff", "--json"}, {"replay", "--json"}, {"secrets", "--json"}, {"doctor", "--json"},
	{"review", "--json"}, {"prune", "--json"},
}

// TestHostileInput runs every command on every hostile tree.
func TestHostileInput(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary some 600 times")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	if _, err := hostileBinary(); err != nil {
		t.Fatal(err)
	}
	for _, tree := range hostileTrees {
		t.Run(tree.name, func(t *testing.T) {
			t.Parallel()
			dir := tree.make(t)
			runs := map[string]run{}
			all := slices.Concat(everyCommand, tree.extra, everyAction)
			for _, args := range all {
				runs[strings.Join(args, " ")] = runHostile(t, dir, tree.env, args...)
			}
			if tree.check != nil {
				tree.check(t, dir, runs)
			}
		})
	}
}
