package command

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
)

const golden = "../testdata/golden/dryfire"

// The tests that set testOnlyBeforeAct, the point between the scan and
// each rewrite or removal (doctor --fix, secrets --redact, prune), do not
// run in parallel.

// beforeAct installs testOnlyBeforeAct for one test.
func beforeAct(t *testing.T, f func(path string)) {
	t.Helper()
	testOnlyBeforeAct = f
	t.Cleanup(func() { testOnlyBeforeAct = nil })
}

// misformat appends a newline to the given cassettes of a copy of
// project-A's store (a format problem --fix repairs) and returns their
// paths and original bytes.
func misformat(t *testing.T, root string, rels ...string) map[string][]byte {
	t.Helper()
	orig := map[string][]byte{}
	for _, rel := range rels {
		p := filepath.Join(root, rel)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		orig[p] = data
		if err := os.WriteFile(p, append(bytes.Clone(data), '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return orig
}

// twoTurns are the two turns of one case of project-A.
var twoTurns = []string{
	"refund_agent/parallel_lookups/00-6e943a4a4125d90d.json",
	"refund_agent/parallel_lookups/01-3d3d451719dd1a54.json",
}

func TestDoctorFixLeavesAFileEditedAfterItsRead(t *testing.T) {
	root := copyProjectA(t)
	misformat(t, root, twoTurns...)
	edited := filepath.Join(root, twoTurns[1])
	edit := []byte(`{"edited": "after doctor read it"}`)
	beforeAct(t, func(p string) {
		if p == edited {
			if err := os.WriteFile(p, edit, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
	r, err := runDoctor(context.Background(), DoctorRequest{Path: root, Fix: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range r.Problems {
		switch p.Path {
		case twoTurns[0]:
			if !p.Fixed {
				t.Errorf("%s not fixed: %s", p.Path, p.Message)
			}
		case twoTurns[1]:
			if p.Fixed || !strings.Contains(p.Message, "not fixed: changed since it was read") {
				t.Errorf("%s: fixed %v, %q; want it left and the change named", p.Path, p.Fixed, p.Message)
			}
		}
	}
	if got, _ := os.ReadFile(edited); !bytes.Equal(got, edit) {
		t.Errorf("the edit was overwritten: %q", got)
	}
}

func TestDoctorFixStopsBetweenFilesWhenInterrupted(t *testing.T) {
	root := copyProjectA(t)
	orig := misformat(t, root, twoTurns...)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	beforeAct(t, func(string) { cancel() })
	r, err := runDoctor(ctx, DoctorRequest{Path: root, Fix: true})
	if err != nil {
		t.Fatal(err)
	}
	fixed := 0
	for _, p := range r.Problems {
		if p.Fixed {
			fixed++
		}
	}
	if !r.Interrupted || fixed != 1 {
		t.Fatalf("interrupted %v, fixed %d; want a stop after the first file", r.Interrupted, fixed)
	}
	second := filepath.Join(root, twoTurns[1])
	if got, _ := os.ReadFile(second); !bytes.Equal(got, append(bytes.Clone(orig[second]), '\n')) {
		t.Error("the second file was rewritten after the interruption")
	}
}

// TestDoctorFixRefusesToWriteThroughALink: a cassette that is a symbolic
// link would become a regular file while the file it points to kept its
// bytes; doctor says so instead.
func TestDoctorFixRefusesToWriteThroughALink(t *testing.T) {
	t.Parallel()
	root := copyProjectA(t)
	misformat(t, root, twoTurns[0])
	p := filepath.Join(root, twoTurns[0])
	target := filepath.Join(t.TempDir(), "elsewhere.json")
	if err := os.Rename(p, target); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(target)
	r, err := runDoctor(context.Background(), DoctorRequest{Path: root, Fix: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Problems) != 1 || r.Problems[0].Fixed || !strings.Contains(r.Problems[0].Message, "is a symbolic link: not rewritten") {
		t.Fatalf("problems %+v; want the link reported, not fixed", r.Problems)
	}
	if fi, _ := os.Lstat(p); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a regular file")
	}
	if after, _ := os.ReadFile(target); !bytes.Equal(after, before) {
		t.Error("the link's target changed")
	}
}

// TestDoctorReportsRepeatedKeys: Python keeps the last of repeated keys, so
// dryfire reads the file; a rewrite would drop the others, so doctor names
// them and --fix leaves the file alone.
func TestDoctorReportsRepeatedKeys(t *testing.T) {
	t.Parallel()
	root := copyProjectA(t)
	p := filepath.Join(root, twoTurns[0])
	data, _ := os.ReadFile(p)
	dup := bytes.Replace(data, []byte(`"case": `), []byte(`"case": "old_name",`+"\n  "+`"case": `), 1)
	if err := os.WriteFile(p, dup, 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := runDoctor(context.Background(), DoctorRequest{Path: root, Fix: true})
	if err != nil {
		t.Fatal(err)
	}
	kinds := doctorKinds(r)
	if len(kinds) != 1 || !slices.Equal(kinds[twoTurns[0]], []string{"format", "duplicate"}) {
		t.Fatalf("problems %v; want format and duplicate", kinds)
	}
	d := r.Problems[1]
	if d.Fixable || d.Fixed || d.Line == 0 || !strings.Contains(d.Message, `repeated key "case"`) || !strings.Contains(d.Message, "reads the last value") {
		t.Errorf("duplicate problem %+v", d)
	}
	if after, _ := os.ReadFile(p); !bytes.Equal(after, dup) {
		t.Error("--fix rewrote a file with repeated keys")
	}
}

func TestDoctorRemovesTheTemporaryFilesOfKilledWrites(t *testing.T) {
	t.Parallel()
	root := copyProjectA(t)
	now := time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC)
	old := filepath.Join(root, "refund_agent/parallel_lookups/00-6e943a4a4125d90d.json.k3_x9a2z.tmp")
	young := filepath.Join(root, "refund_agent/parallel_lookups/01-3d3d451719dd1a54.json.0a1b2c3d4e5f.tmp")
	for p, age := range map[string]time.Duration{old: time.Hour, young: 10 * time.Second} {
		if err := os.WriteFile(p, []byte(`{"schema_ver`), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	r, err := runDoctor(context.Background(), DoctorRequest{Path: root, Fix: true, Env: Env{Now: func() time.Time { return now }}})
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]cassette.Problem{}
	for _, p := range r.Problems {
		byPath[p.Path] = p
	}
	o, y := byPath[mustRel(root, old)], byPath[mustRel(root, young)]
	if o.Kind != cassette.ProblemTemp || !o.Fixed || !strings.Contains(o.Message, "00-6e943a4a4125d90d.json that never finished") {
		t.Errorf("old temporary file: %+v", o)
	}
	if y.Kind != cassette.ProblemTemp || y.Fixable || !strings.Contains(y.Message, "left alone") {
		t.Errorf("young temporary file: %+v", y)
	}
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("old temporary file still there: %v", err)
	}
	if _, err := os.Stat(young); err != nil {
		t.Errorf("young temporary file removed: %v", err)
	}
}

// TestDoctorFixRefusesAnUnsafeCassetteRoot: with cassettes.dir the project
// root, its parent or a directory holding .git, --fix touches nothing and
// says why.
func TestDoctorFixRefusesAnUnsafeCassetteRoot(t *testing.T) {
	t.Parallel()
	for _, dir := range []string{".", "..", "rec"} {
		t.Run(dir, func(t *testing.T) {
			t.Parallel()
			project := t.TempDir()
			if err := os.CopyFS(project, os.DirFS(filepath.Join(golden, "project-H-suite-deleted"))); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(project, "rec", ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
			config := "version: 1\nsuites:\n  - \"evals/**/*.eval.yaml\"\ncassettes:\n  dir: " + dir + "\n"
			if err := os.WriteFile(filepath.Join(project, "dryfire.yaml"), []byte(config), 0o644); err != nil {
				t.Fatal(err)
			}
			orig := misformat(t, filepath.Join(project, ".dryfire", "cassettes"), "refund_agent/parallel_lookups/00-6e943a4a4125d90d.json")
			if _, err := runDoctor(context.Background(), DoctorRequest{Path: project, Fix: true}); !errors.Is(err, ErrUnsafeRoot) {
				t.Errorf("Run with Fix = %v; want ErrUnsafeRoot", err)
			}
			for p, data := range orig {
				if got, err := os.ReadFile(p); err != nil || !bytes.Equal(got, append(data, '\n')) {
					t.Errorf("%s was changed (%v)", p, err)
				}
			}
		})
	}
}
