package scan

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
)

// TestReleaseServedScansAlike: a workspace whose store dropped its served
// responses after the replay classifies and explains every recording as
// one that kept them, and keeps none of them (nor the per-file results
// the load attached, which its recordings hold).
func TestReleaseServedScansAlike(t *testing.T) {
	t.Parallel()
	for _, project := range append(projects(t), "project-A") {
		t.Run(project, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(golden, project)
			opts := Options{Secrets: true, Doctor: true}
			kept, err := Open(context.Background(), dir, opts)
			if err != nil {
				t.Fatal(err)
			}
			opts.ReleaseServed = true
			released, err := Open(context.Background(), dir, opts)
			if err != nil {
				t.Fatal(err)
			}
			if a, b := rows(kept), rows(released); !reflect.DeepEqual(a, b) {
				t.Errorf("recordings differ once the served responses are dropped:\n%+v\nkept:\n%+v", b, a)
			}
			if a, b := len(kept.Stale), len(released.Stale); a != b {
				t.Errorf("%d explanations, %d once dropped", a, b)
			}
			for i := range min(len(kept.Stale), len(released.Stale)) {
				if a, b := kept.Stale[i].Headline(), released.Stale[i].Headline(); a != b {
					t.Errorf("explanation %d: %q, %q once dropped", i, a, b)
				}
			}
			for _, f := range released.Store.Files {
				if f.Served != nil || f.Attached() != nil {
					t.Errorf("%s: served %v, attached %v kept", f.Rel, f.Served != nil, f.Attached() != nil)
				}
			}
		})
	}
}

// row is what a document says of a recording.
type row struct {
	Path, Status, Reason, Verdict string
	ReadBy                        []string
	Secrets                       int
	Checked                       bool
}

func rows(w *Workspace) []row {
	var out []row
	for _, r := range append(append([]*Recording{}, w.Recordings...), w.Unrecorded...) {
		out = append(out, row{r.Path, r.Status.String(), r.Reason, r.Verdict, r.ReadBy, r.Secrets, r.FileCheck != nil})
	}
	return out
}

// TestBriefExplanationsSayAlike: brief explanations give the headline,
// the masked summary and the sources of the full ones, and keep neither
// of the two requests they compared.
func TestBriefExplanationsSayAlike(t *testing.T) {
	t.Parallel()
	n := 0
	for _, project := range projects(t) {
		dir := filepath.Join(golden, project)
		full, err := Open(context.Background(), dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		brief, err := Open(context.Background(), dir, Options{BriefExplanations: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(full.Stale) != len(brief.Stale) {
			t.Fatalf("%s: %d explanations, %d brief", project, len(full.Stale), len(brief.Stale))
		}
		for i, x := range full.Stale {
			b := brief.Stale[i]
			n++
			if x.Headline() != b.Headline() || !reflect.DeepEqual(x.Masked().Summary, b.Masked().Summary) ||
				!reflect.DeepEqual(full.Sources(x), brief.Sources(b)) {
				t.Errorf("%s: %q %v, brief %q %v", project, x.Headline(), full.Sources(x), b.Headline(), brief.Sources(b))
			}
			if r, c := b.Result.Requests(); r.Kind != 0 || c.Kind != 0 {
				t.Errorf("%s: a brief explanation keeps its requests", project)
			}
			if r, c := b.Masked().Requests(); r.Kind != 0 || c.Kind != 0 {
				t.Errorf("%s: a brief explanation keeps its masked requests", project)
			}
		}
	}
	if n < 10 {
		t.Errorf("%d explanations compared", n)
	}
}

// TestFileRecordingsBeforeTapes: the recordings of the cassettes, made
// once the replay ran, come before the tape entries loaded before it, in
// the store's order, and each file has its one recording.
func TestFileRecordingsBeforeTapes(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, filepath.Join(golden, "project-A"))
	good, err := os.ReadFile("../testdata/golden/tapes/tapes/js-llm-chat.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "tapes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tapes", "chat.json"), good, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, o := range []Options{{}, {NoReplay: true}, {Secrets: true, Doctor: true, ReleaseServed: true}} {
		w, err := Open(context.Background(), dir, o)
		if err != nil {
			t.Fatal(err)
		}
		files, tapes := 0, 0
		for _, r := range w.Recordings {
			switch {
			case r.Format == format.Tape:
				tapes++
			case tapes > 0:
				t.Fatalf("%+v: %s after a tape entry", o, r.Path)
			case r.File != w.Store.Files[files] || w.byFile[r.File] != r:
				t.Fatalf("%+v: recording %d is %s, not the store's %s", o, files, r.Path, w.Store.Files[files].Rel)
			default:
				files++
			}
		}
		if files != len(w.Store.Files) || files == 0 || tapes == 0 {
			t.Errorf("%+v: %d file recordings of %d files, %d tape entries", o, files, len(w.Store.Files), tapes)
		}
	}
}

// TestCleanFilesShareTheirChecks: the files with nothing for doctor to
// say share one check, and those with something each have their own.
func TestCleanFilesShareTheirChecks(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, filepath.Join(golden, "project-A"))
	m, _ := filepath.Glob(filepath.Join(dir, ".dryfire/cassettes/*/*/00-*.json"))
	if len(m) == 0 {
		t.Fatal("no cassette to break")
	}
	if err := os.WriteFile(m[0], []byte(`{"schema_version": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(context.Background(), dir, Options{Secrets: true, Doctor: true})
	if err != nil {
		t.Fatal(err)
	}
	var shared *cassette.FileCheck
	clean, own := 0, 0
	for _, r := range w.Recordings {
		switch fc := r.FileCheck; {
		case fc == nil:
			t.Errorf("%s: not checked", r.Path)
		case len(fc.Problems) > 0:
			own++
			if fc == shared {
				t.Errorf("%s: its problems are in the clean files' check", r.Path)
			}
		default:
			clean++
			if shared == nil {
				shared = fc
			} else if fc != shared {
				t.Errorf("%s: a clean check of its own", r.Path)
			}
		}
	}
	if clean < 10 || own != 1 {
		t.Errorf("%d clean checks, %d with problems; want 1 broken", clean, own)
	}
}
