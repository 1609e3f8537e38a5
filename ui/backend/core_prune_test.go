package backend

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/examples"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// TestCorePruneActsOnWhatTheDialogListed: the browser's prune removes the
// recordings of the scan the dialog listed, without scanning again: a file
// changed since that scan is kept (and says so), the others go, and a
// recording of an earlier scan is refused.
func TestCorePruneActsOnWhatTheDialogListed(t *testing.T) {
	t.Parallel()
	root, err := examples.Materialize(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	scan := func() []tree.Item {
		var items []tree.Item
		if _, err := (Core{}).Open(ctx, root, func(b []tree.Item) { items = append(items, b...) }); err != nil {
			t.Fatal(err)
		}
		var prunable []tree.Item
		for _, it := range items {
			if _, scanned := it.Ref.(*ref); it.Prunable && scanned {
				prunable = append(prunable, it)
			}
		}
		return prunable
	}
	earlier := scan()
	listed := scan()
	if len(listed) < 2 {
		t.Fatalf("the demo has %d prunable recordings, the test needs 2", len(listed))
	}
	edited := filepath.Join(root, filepath.FromSlash(listed[0].Path))
	if err := os.WriteFile(edited, []byte(`{"edited": "after the dialog listed it"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := (Core{}).Prune(ctx, append(listed, earlier[0]))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Removed) != len(listed)-1 || len(res.Kept) != 2 {
		t.Fatalf("removed %q, kept %+v", res.Removed, res.Kept)
	}
	if !strings.Contains(res.Kept[0].Reason, "listed by an earlier scan") || !strings.Contains(res.Kept[1].Reason, "changed since") {
		t.Errorf("kept %+v, want the earlier scan's refused and the edited file kept", res.Kept)
	}
	if data, err := os.ReadFile(edited); err != nil || !strings.Contains(string(data), "edited") {
		t.Errorf("the edited file: %q, %v", data, err)
	}
	for _, p := range res.Removed {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); !os.IsNotExist(err) {
			t.Errorf("%s still there: %v", p, err)
		}
	}
}
