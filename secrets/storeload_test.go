package secrets

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	projectgen "github.com/dryfire-tui/dryfire-tui/tools/gen"
)

// TestStoreLoadScanIsTheFileScan: the findings of a store load, whose
// request digests and raw payloads are views of a read buffer the next
// file overwrites, are the findings of each file decoded on its own: no
// finding keeps a view of the buffer.
func TestStoreLoadScanIsTheFileScan(t *testing.T) {
	t.Parallel()
	cfg := projectgen.Default(300, 7)
	cfg.Secrets = 0.5
	dir := filepath.Join(t.TempDir(), "p")
	if _, err := projectgen.Generate(dir, cfg); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(dir, ".dryfire", "cassettes")
	paths := jsonFiles(t, root)
	// The generator plants secrets in responses; plant some in request
	// digests too (the first "content" of a file is a digest message's).
	kinds := newGen(28).codeKinds()
	for i, p := range paths[:40] {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		k := kinds[i%len(kinds)]
		planted := strings.Replace(string(data), `"content": "`, `"content": "`+k.secret+` `, 1)
		if err := os.WriteFile(p, []byte(planted), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	loaded := map[string][]Finding{}
	_, err := cassette.LoadStore(context.Background(), root, slices.Values(paths), cassette.LoadOptions{Workers: 1,
		OnFile: func(f *cassette.StoreFile, c *cassette.Cassette, data []byte) {
			if c == nil || format.Of(c.Body) != format.Dryfire {
				return
			}
			fs := ScanCassette(f.Rel, c)
			mu.Lock()
			loaded[f.Rel] = fs
			mu.Unlock()
		}})
	if err != nil {
		t.Fatal(err)
	}
	where := map[string]int{}
	for rel, got := range loaded {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		c, err := cassette.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		want := ScanCassette(rel, c)
		if !slices.Equal(got, want) {
			t.Errorf("%s: the store load found\n%+v\nthe file alone\n%+v", rel, got, want)
		}
		for _, f := range want {
			where[f.Where]++
		}
	}
	if len(loaded) < 250 || where[whereDigest] < 30 || where[whereRaw] == 0 {
		t.Fatalf("%d files scanned, findings by place %v: too few to tell", len(loaded), where)
	}
}
