package backend

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// TestDetailListsASecretInTheFileName: the Secrets tab of a recording whose
// file is named after a key lists that finding, masked, where the scan
// counts it, and not only the secrets of the file's contents.
func TestDetailListsASecretInTheFileName(t *testing.T) {
	root := filepath.Join(t.TempDir(), "project")
	if err := os.CopyFS(root, os.DirFS(filepath.Join("..", "..", "testdata", "golden", "dryfire", "project-A"))); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, ".dryfire", "cassettes", "refund_agent", "parallel_lookups")
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 {
		t.Fatalf("no cassette in %s: %v", dir, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, entries[0].Name()))
	if err != nil {
		t.Fatal(err)
	}
	key := secrettest.New(7).AWSKeyID()
	if err := os.WriteFile(filepath.Join(dir, key.Text+".json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var items []tree.Item
	if _, err := (Core{}).Open(ctx, root, func(b []tree.Item) { items = append(items, b...) }); err != nil {
		t.Fatal(err)
	}
	var it *tree.Item
	for i := range items {
		if strings.HasSuffix(items[i].Path, ".json") && strings.Contains(items[i].Path, "AKIA") {
			it = &items[i]
		}
	}
	if it == nil {
		t.Fatalf("no item for the misnamed cassette among %d", len(items))
	}
	if it.Secrets == 0 {
		t.Fatalf("the tree counts no secret for %s", it.Path)
	}
	d := (Core{}).Detail(ctx, *it)
	if !d.SecretsChecked {
		t.Fatalf("secrets not checked: %+v", d.Err)
	}
	var named bool
	for _, s := range d.Secrets {
		if strings.Contains(s.Redacted+s.Value+s.JSONPath, key.Text) {
			t.Errorf("the Secrets tab shows the key in clear: %+v", s)
		}
		if s.Rule == "aws-access-key-id" && strings.Contains(s.JSONPath, "file's name") {
			named = true
		}
	}
	if !named {
		t.Errorf("the Secrets tab does not list the key in the file's name: %+v", d.Secrets)
	}
}
