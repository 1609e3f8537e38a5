//go:build linux

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/internal/cli"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// The hostile cases of the files the tool removes and rewrites, and of what
// it decodes: a cassette root (or tapes) linked out of the project, a fix
// no read would read back, documents of tiny values, writes on a full disk,
// an interruption while prune removes directories. Each ran into a defect
// once; each run is checked as every run of the hostile suite is.

// twoGiB is the address space of the runs that decode hostile documents
// (ulimit -v, KiB): the Go runtime reserves about half of it at start.
const twoGiB = 2 << 20

// runLimited is runHostile under other limits (a shell's ulimit commands,
// joined with &&) instead of the suite's address-space ceiling.
func runLimited(t *testing.T, dir string, env []string, ulimits string, args ...string) run {
	t.Helper()
	bin, err := hostileBinary()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), hostileDeadline)
	defer cancel()
	sh := append([]string{"-c", ulimits + ` && exec "$0" "$@"`, bin}, args...)
	cmd := exec.CommandContext(ctx, "/bin/sh", sh...)
	cmd.Dir = dir
	cmd.Env = append(hostileEnv(), env...)
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr cappedBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	r := run{args: args, stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = ru.Maxrss << 10
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

// snapshot is every file under dir with a hash of its bytes (links as
// their targets), to tell that nothing there changed.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[rel] = "-> " + target
		case d.IsDir():
			out[rel] = "dir"
		default:
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(data)
			out[rel] = hex.EncodeToString(sum[:])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameSnapshot reports the files of two snapshots that differ.
func sameSnapshot(t *testing.T, what string, before, after map[string]string) {
	t.Helper()
	for p, h := range before {
		if after[p] != h {
			t.Errorf("%s: %s changed or removed", what, p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s: %s appeared", what, p)
		}
	}
}

// awsKeyID is an AWS-shaped access key id drawn at test time (the
// repository holds no realistic-looking key).
var awsKeyID = "AKIA" + secrettest.New(20261202).Str("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)

// plantAWSKey puts awsKeyID into the response text of the live cassette at
// path.
func plantAWSKey(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	planted := strings.Replace(string(data), `"text": "A-991`, `"text": "key `+awsKeyID+` A-991`, 1)
	if planted == string(data) {
		t.Fatal("no response text to plant a secret in")
	}
	write(t, path, planted)
}

func TestHostileFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	if _, err := hostileBinary(); err != nil {
		t.Fatal(err)
	}
	t.Run("cassette root linked out of the project", testLinkedRoot)
	t.Run("tapes linked out of the project", testLinkedTapes)
	t.Run("a fix no read would read back", testFixOverTheLimit)
	t.Run("documents of tiny values", testTinyValues)
	t.Run("writes on a full disk", testFullDisk)
	t.Run("interrupted while prune removes directories", testPruneInterruptedAmongDirectories)
}

// linkedRoot is project-A whose .dryfire/cassettes is a committed link to
// a directory beside the project, holding an orphaned cassette (prune
// would remove it), a misformatted one (doctor --fix would rewrite it) and
// a secret (secrets --redact would rewrite it). It returns the project and
// the directory the link leads to.
func linkedRoot(t *testing.T) (project, elsewhere string) {
	t.Helper()
	project = projectA(t)
	elsewhere = filepath.Join(filepath.Dir(project), "shared-cassettes")
	if err := os.Rename(filepath.Join(project, ".dryfire/cassettes"), elsewhere); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(project, ".dryfire/cassettes")); err != nil {
		t.Fatal(err)
	}
	gitIn(t, project, "add", "-A")
	gitIn(t, project, "-c", "commit.gpgsign=false", "commit", "-q", "-m", "shared recordings")
	live, err := os.ReadFile(filepath.Join(project, liveCassette))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(elsewhere, "gone_suite/some_case/00-0123456789abcdef.json"), string(live))
	other := filepath.Join(project, caseDir, "00-6e943a4a4125d90d.json")
	data, _ := os.ReadFile(other)
	write(t, other, string(data)+"\n")
	plantAWSKey(t, filepath.Join(project, liveCassette))
	return project, elsewhere
}

// testLinkedRoot: prune --yes, doctor --fix and secrets --redact, the
// browser's prune and fixes, and review --reject of a file there change
// nothing behind the link, each saying why; --allow-outside-project lets
// prune do it.
func testLinkedRoot(t *testing.T) {
	t.Parallel()
	project, elsewhere := linkedRoot(t)
	before := snapshot(t, elsewhere)
	for _, args := range [][]string{{"prune", "--yes"}, {"doctor", "--fix"}, {"secrets", "--redact"}} {
		r := runHostile(t, project, nil, args...)
		if r.code != 2 || !strings.Contains(r.stderr, "is a link to "+elsewhere+", outside the project") ||
			!strings.Contains(r.stderr, "--allow-outside-project") {
			t.Errorf("want exit 2 naming the link and the flag\n%v", r)
		}
	}
	orphan := ".dryfire/cassettes/gone_suite/some_case/00-0123456789abcdef.json"
	if r := runHostile(t, project, nil, "review", "--reject", "--yes", orphan); r.code == 0 {
		t.Errorf("review --reject of a file behind the link succeeded\n%v", r)
	}
	sameSnapshot(t, "after the commands", before, snapshot(t, elsewhere))

	// The browser's prune and fixes are those commands' core.
	var items []tree.Item
	ctx := context.Background()
	if _, err := (backend.Core{}).Open(ctx, project, func(b []tree.Item) { items = b }); err != nil {
		t.Fatal(err)
	}
	if _, err := (backend.Core{}).Prune(ctx, items); !errors.Is(err, command.ErrUnsafeRoot) {
		t.Errorf("the browser's prune: %v; want the root refused", err)
	}
	for _, c := range []string{backend.CommandDoctor, backend.CommandRedact} {
		if res := (backend.Core{}).Run(ctx, project, backend.CommandRequest{Command: c, Apply: true}); !errors.Is(res.Err, command.ErrUnsafeRoot) {
			t.Errorf("the browser's %s: %v; want the root refused", c, res.Err)
		}
	}
	sameSnapshot(t, "after the browser", before, snapshot(t, elsewhere))

	r := runHostile(t, project, nil, "prune", "--yes", "--allow-outside-project")
	if _, err := os.Stat(filepath.Join(elsewhere, "gone_suite/some_case/00-0123456789abcdef.json")); r.code == 2 || !os.IsNotExist(err) {
		t.Errorf("prune --yes --allow-outside-project did not remove the orphan (%v)\n%v", err, r)
	}
}

// testLinkedTapes: a .tapes directory linked out of the project, with a
// secret in a tape: secrets --redact rewrites nothing there.
func testLinkedTapes(t *testing.T) {
	t.Parallel()
	project := projectA(t)
	elsewhere := filepath.Join(filepath.Dir(project), "shared-tapes")
	tape, err := os.ReadFile("testdata/golden/tapes/tapes/js-llm-chat.json")
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(elsewhere, "chat.json"), strings.Replace(string(tape), `"id": "msg_001"`, `"id": "`+awsKeyID+`"`, 1))
	if err := os.Symlink(elsewhere, filepath.Join(project, ".tapes")); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, elsewhere)
	if r := runHostile(t, project, nil, "secrets"); r.code != 1 || !strings.Contains(r.stdout, ".tapes/chat.json") {
		t.Fatalf("secrets does not find the tape's secret\n%v", r)
	}
	r := runHostile(t, project, nil, "secrets", "--redact")
	if r.code != 2 || !strings.Contains(r.stderr, "directory "+filepath.Join(project, ".tapes")+" is a link to "+elsewhere+", outside the project") {
		t.Errorf("want exit 2 naming the link\n%v", r)
	}
	sameSnapshot(t, "the tapes", before, snapshot(t, elsewhere))
}

// testFixOverTheLimit: a live cassette written compact grows four times
// over in dryfire's format, past the size limit: doctor --fix leaves it,
// saying why, and replay still reads it.
func testFixOverTheLimit(t *testing.T) {
	t.Parallel()
	project := projectA(t)
	p := filepath.Join(project, liveCassette)
	data, _ := os.ReadFile(p)
	c, err := cassette.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	tokens := make([]jsonv.Value, 4000)
	for i := range tokens {
		tokens[i] = jsonv.IntValue(int64(i % 10))
	}
	resp := c.Body.Field("response")
	raw := resp.Field("raw")
	raw.Set("token_ids", jsonv.ArrayValue(tokens...))
	resp.Set("raw", raw)
	c.Body.Set("response", resp)
	compact, err := jsonv.Encode(c.Body, jsonv.EncodeOptions{SortKeys: true})
	if err != nil {
		t.Fatal(err)
	}
	write(t, p, string(compact))
	env := []string{"DRYFIRE_TUI_MAX_FILE_SIZE=20K"}
	r := runHostile(t, project, env, "doctor", "--fix")
	if r.code != 1 || !strings.Contains(r.stdout, "not fixable: in dryfire's format it would be") || strings.Contains(r.stdout, "no problems remain") {
		t.Errorf("doctor --fix: want the cassette left, not fixable, and exit 1\n%v", r)
	}
	if got, _ := os.ReadFile(p); !bytes.Equal(got, compact) {
		t.Errorf("the cassette was rewritten: %d bytes", len(got))
	}
	if r := runHostile(t, project, env, "replay"); r.code != 0 {
		t.Errorf("replay misses after doctor --fix\n%v", r)
	}
}

// testTinyValues: cassettes of 24 MB of [0,0,…] and 12 MB of [{},{},…]
// (about 1.7 GB and 0.6 GB once decoded) under a 2 GiB address space:
// every command that decodes them refuses them as invalid recordings,
// naming the file and the position, within the suite's memory ceiling.
func testTinyValues(t *testing.T) {
	t.Parallel()
	project := projectA(t)
	zeros := caseDir + "/02-0123456789abcdef.json"
	objects := caseDir + "/03-0123456789abcdef.json"
	write(t, filepath.Join(project, zeros), "["+strings.Repeat("0,", 12<<20)+"0]")
	write(t, filepath.Join(project, objects), "["+strings.Repeat("{},", 4<<20)+"{}]")
	limit := fmt.Sprintf("ulimit -v %d", twoGiB)
	for _, args := range [][]string{{"check"}, {"ls"}, {"doctor"}, {"secrets"}, {"replay"}, {"show", zeros}, {"show", objects}} {
		r := runLimited(t, project, nil, limit, args...)
		out := r.stdout + r.stderr
		if args[0] == "check" || args[0] == "doctor" || args[0] == "show" {
			for _, f := range []string{zeros, objects} {
				if args[0] == "show" && !strings.HasSuffix(args[1], f) {
					continue
				}
				if !strings.Contains(out, f+":1:") || !strings.Contains(out, "JSON values in a document of") {
					t.Errorf("%s does not refuse %s at its position\n%v", args[0], f, r)
				}
			}
		}
	}
}

// testFullDisk: every write fails as on a full disk (ulimit -f 0): the
// rewrite of doctor --fix, the secrets baseline, --json-out and
// --junit-out each fail, saying so, and leave no temporary file.
func testFullDisk(t *testing.T) {
	t.Parallel()
	project := projectA(t)
	other := filepath.Join(project, caseDir, "00-6e943a4a4125d90d.json")
	data, _ := os.ReadFile(other)
	write(t, other, string(data)+"\n")
	full := "ulimit -f 0"
	runs := [][]string{
		{"doctor", "--fix"},
		{"secrets", "--write-baseline", ".dryfire-tui-secrets.json"},
		{"run", "--cassette-mode", "replay", "--json-out", "run.json"},
		{"run", "--cassette-mode", "replay", "--junit-out", "junit.xml"},
	}
	for _, args := range runs {
		r := runLimited(t, project, nil, full, args...)
		if r.code == 0 || !strings.Contains(r.stdout+r.stderr, "file too large") {
			t.Errorf("want the write's failure reported\n%v", r)
		}
	}
	_ = filepath.WalkDir(project, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".tmp") {
			t.Errorf("temporary file left: %s", p)
		}
		return nil
	})
	if got, _ := os.ReadFile(other); string(got) != string(data)+"\n" {
		t.Errorf("the cassette doctor could not rewrite changed")
	}
}

// cancelledWhen is a context that reports itself cancelled once cond holds:
// an interruption at a chosen point of a run, with no timing involved.
type cancelledWhen struct {
	context.Context
	cond func() bool
}

func (c cancelledWhen) Err() error {
	if c.cond() {
		return context.Canceled
	}
	return c.Context.Err()
}

// testPruneInterruptedAmongDirectories: Ctrl-C after prune --yes removed
// the last file, while it removes the directories they leave empty, stops
// it there with exit 130 and says how far it got.
func testPruneInterruptedAmongDirectories(t *testing.T) {
	t.Parallel()
	project := filepath.Join(t.TempDir(), "project")
	if err := os.CopyFS(project, os.DirFS("testdata/golden/dryfire/project-H-suite-deleted")); err != nil {
		t.Fatal(err)
	}
	suiteDir := filepath.Join(project, ".dryfire/cassettes/checkout_flow_v2-29a2d01e")
	// Cancelled once the first directory to go (deepest first, by name) is
	// gone: every file went before it.
	firstDir := filepath.Join(suiteDir, "add_to_cart-31900a39")
	if _, err := os.Stat(firstDir); err != nil {
		t.Fatal(err)
	}
	ctx := cancelledWhen{context.Background(), func() bool {
		_, err := os.Stat(firstDir)
		return os.IsNotExist(err)
	}}
	var stdout, stderr bytes.Buffer
	code := cli.Run(ctx, []string{"prune", "--yes", project}, cli.Env{
		Stdout: &stdout, Stderr: &stderr, Now: time.Now, Getenv: func(string) string { return "" },
	})
	if code != 130 || !strings.Contains(stdout.String(), "interrupted: removed 5 of 5 cassettes and 1 of 4 empty directories") {
		t.Errorf("prune --yes interrupted among the directories: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	if _, err := os.Stat(suiteDir); err != nil {
		t.Errorf("the suite's directory, removed last, is gone after the interruption: %v", err)
	}
}
