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
// name and value; a cassette root of "." in a git repository; …). Each run
// is made as a person makes it: stdout and stderr on terminals
// (pseudo-terminals), where nothing a terminal would act on may arrive.
// The runs whose output programs read are also made on pipes, as CI makes
// them, where the bytes must be dryfire's (hostile_output_test.go). Every
// run must end before the deadline, stay under the memory ceiling, exit
// with a code of the CLI contract and never panic. The deadline only
// stops a run that hangs: no result depends on how fast a run is.
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
	// hostileDrain bounds the wait for a terminal's last bytes once the
	// run has ended (only a process left holding the terminal reaches it).
	hostileDrain = 10 * time.Second
)

// hostileBinary builds the command once for the suite.
var hostileBinary = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "dryfire-tui-hostile-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "dryfire-tui")
	// Built as the docs say to build it, without cgo: with it, each OS
	// thread reserves a C malloc arena of 64 MiB and a C stack of 8 MiB,
	// some 500 MiB of a 2 GiB address space (docs/reliability.md).
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	out, err := build.CombinedOutput()
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
	// terminal says that stdout and stderr were terminals.
	terminal bool
}

func (r run) String() string {
	on := "pipes"
	if r.terminal {
		on = "terminals"
	}
	return fmt.Sprintf("dryfire-tui %s (on %s): exit %d\nstdout:\n%.2000s\nstderr:\n%.2000s", strings.Join(r.args, " "), on, r.code, r.stdout, r.stderr)
}

// cappedBuffer keeps the first hostileOutputCap bytes written to it. It is
// safe for concurrent use (a terminal's reader writes to it while the test
// waits).
type cappedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if room := hostileOutputCap - b.b.Len(); room > 0 {
		b.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (b *cappedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// runHostile runs the binary in dir as a person does, stdout and stderr
// each on a terminal of its own, under the deadline and the address space
// ceiling, and checks what every run must satisfy (checkRun): among it,
// that nothing a terminal would act on reached either.
func runHostile(t *testing.T, dir string, env []string, args ...string) run {
	t.Helper()
	r := execHostile(t, dir, env, true, args)
	checkRun(t, r)
	return r
}

// runHostilePipe runs the binary as CI does, stdout and stderr on pipes,
// and checks what every run must satisfy: stdout's escapes aside, since on
// a pipe it is the bytes the command writes, as dryfire writes them.
func runHostilePipe(t *testing.T, dir string, env []string, args ...string) run {
	t.Helper()
	r := execHostile(t, dir, env, false, args)
	checkRun(t, r)
	return r
}

// execHostile runs the binary, on terminals or on pipes.
func execHostile(t *testing.T, dir string, env []string, terminal bool, args []string) run {
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
	var tt *terminals
	if terminal {
		cmd.Env = append(cmd.Env, "TERM=xterm-256color")
		tt = openTerminals(t, cmd, &stdout, &stderr)
	} else {
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
	}
	err = cmd.Start()
	if tt != nil {
		tt.started()
	}
	if err == nil {
		err = cmd.Wait()
	}
	if tt != nil {
		tt.drain(t)
	}
	r := run{args: args, stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode(), terminal: terminal}
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
	return r
}

// checkRun checks what every run must satisfy, whatever the tree: among
// it, that nothing stderr got (wherever it goes) and nothing a terminal
// got would act on a terminal.
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
		// stderr is escaped wherever it goes; stdout where it is a terminal.
		if esc := visible.Text(out); (r.terminal || name == "stderr") && esc != out {
			i := firstDifference(esc, out)
			t.Errorf("%s got a control character or bidi override near %q\n%v", name, out[max(0, i-40):min(len(out), i+40)], r)
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
// text, the listing and the CI gate (every part of it) as JSON. Each runs
// on terminals but review, which opens the browser on one: its text is
// for pipes (onPipes).
var everyCommand = [][]string{
	{"ls"}, {"ls", "--json"},
	{"show", ".dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json"},
	{"diff"}, {"replay"}, {"run", "--cassette-mode", "replay"},
	{"secrets"}, {"doctor"},
	{"check"}, {"check", "--json"}, {"check", "--format", "github"},
	{"review"}, {"prune"},
}

// onPipes are the runs of everyCommand made on pipes.
var onPipes = map[string]bool{"review": true}

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
				key := strings.Join(args, " ")
				if onPipes[key] {
					runs[key] = runHostilePipe(t, dir, tree.env, args...)
					continue
				}
				runs[key] = runHostile(t, dir, tree.env, args...)
			}
			if tree.check != nil {
				tree.check(t, dir, runs)
			}
		})
	}
}
