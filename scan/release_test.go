package scan

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
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
