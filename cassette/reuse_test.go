package cassette

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// reuseStore writes n small cassette files under a new root.
func reuseStore(t *testing.T, n int) (string, []string) {
	t.Helper()
	root := t.TempDir()
	var paths []string
	for i := range n {
		p := filepath.Join(root, "s", fmt.Sprintf("c%d", i), fmt.Sprintf("00-%016x.json", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, fmt.Appendf(nil, `{"schema_version": 1, "fingerprint": "%016x"}`, i), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return root, paths
}

func loadWith(ctx context.Context, root string, paths []string, r *Reuse) (*Store, error) {
	files := func(yield func(string) bool) {
		for _, p := range paths {
			if !yield(p) {
				return
			}
		}
	}
	return LoadStore(ctx, root, files, LoadOptions{Reuse: r, OnFile: func(f *StoreFile, _ *Cassette, _ []byte) { f.Attach(f.Rel) }})
}

// reusedCount counts the files s took from the last load, each of which
// must carry what OnFile attached to it then.
func reusedCount(t *testing.T, s *Store) int {
	t.Helper()
	n := 0
	for _, f := range s.Files {
		if f.Reused() {
			n++
			if f.Attached() != f.Rel {
				t.Errorf("%s reused with %v attached", f.Rel, f.Attached())
			}
		}
	}
	return n
}

// TestReuseCancelledLoadKeepsNothing: a load cut short does not replace
// what the last whole load kept.
func TestReuseCancelledLoadKeepsNothing(t *testing.T) {
	root, paths := reuseStore(t, 40)
	r := &Reuse{Settled: -time.Hour}
	if _, err := loadWith(context.Background(), root, paths, r); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := loadWith(ctx, root, paths[:1], r); err == nil {
		t.Fatal("a cancelled load succeeded")
	}
	s, err := loadWith(context.Background(), root, paths, r)
	if err != nil {
		t.Fatal(err)
	}
	if n := reusedCount(t, s); n != len(paths) {
		t.Errorf("%d of %d files reused after a cancelled load", n, len(paths))
	}
	r.Forget()
	if s, _ = loadWith(context.Background(), root, paths, r); reusedCount(t, s) != 0 {
		t.Errorf("files reused after Forget")
	}
}

// TestReuseConcurrentLoads: loads that share a Reuse and run at once
// each get every file, reused or read (go test -race checks the rest).
func TestReuseConcurrentLoads(t *testing.T) {
	root, paths := reuseStore(t, 60)
	r := &Reuse{Settled: -time.Hour}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 3 {
				s, err := loadWith(context.Background(), root, paths, r)
				if err != nil {
					t.Errorf("load: %v", err)
					return
				}
				if len(s.Files) != len(paths) {
					t.Errorf("%d files, want %d", len(s.Files), len(paths))
				}
				reusedCount(t, s)
			}
		})
	}
	wg.Wait()
}
