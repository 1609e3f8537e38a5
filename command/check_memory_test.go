package command

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
)

// TestCheckDocumentPartByPart: the check document is made part by part,
// the workspace's recordings let go once the parts that list them are
// made, and it says what the documents of the parts' own commands say:
// the replay part, made after, still explains each miss with its
// recording and the line to edit.
func TestCheckDocumentPartByPart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := filepath.Join(golden, "project-B-tool-description")
	parts, err := checkParts(ctx, CheckRequest{Paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	w := parts.Workspace
	wantPrune, wantSecrets := pruneDoc(*parts.Prune, nil), parts.Secrets.Document(nil)
	if len(w.Recordings) == 0 || len(w.Stale) == 0 {
		t.Fatalf("%d recordings, %d misses explained", len(w.Recordings), len(w.Stale))
	}
	d := parts.Document(nil)
	if w.Recordings != nil || parts.Prune != nil || parts.Secrets != nil || parts.Doctor != nil {
		t.Error("the workspace and the parts still hold the recordings once the document is made")
	}
	if !reflect.DeepEqual(d.Prune, wantPrune) || !reflect.DeepEqual(d.Secrets, wantSecrets) || d.Doctor == nil {
		t.Errorf("prune %+v, secrets %+v, doctor %v; want %+v, %+v", d.Prune, d.Secrets, d.Doctor != nil, wantPrune, wantSecrets)
	}
	misses := 0
	for _, c := range d.Replay.Cases {
		if c.Outcome != "miss" {
			continue
		}
		misses++
		if x := c.Explanation; x == nil || x.Path == "" || x.Headline == "" || x.Source == nil || x.Source.Line == 0 {
			t.Errorf("%s::%s: explanation %+v", c.Suite, c.Case, x)
		}
	}
	if misses == 0 {
		t.Error("no miss in the replay part")
	}
}
