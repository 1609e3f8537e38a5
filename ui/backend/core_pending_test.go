package backend

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// TestPendingItemsReadWhileTheScanGoesOn reads the detail of every
// streamed item while the scan goes on, as the browser does for the
// selected row. A streamed item carries only its file (the scan completes
// and classifies the recording it was made of once the batch is handed
// over): its detail is the file as it is, and under the race detector
// nothing it reads is what the scan still writes.
func TestPendingItemsReadWhileTheScanGoesOn(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "testdata", "golden", "dryfire", "project-A")
	ctx := context.Background()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var batches [][]tree.Item
	details := map[string]string{}
	_, err := (Core{}).Open(ctx, root, func(b []tree.Item) {
		batches = append(batches, b)
		for _, it := range b {
			if _, ok := it.Ref.(*pending); !ok {
				continue
			}
			wg.Go(func() {
				d := (Core{}).Detail(ctx, it)
				mu.Lock()
				defer mu.Unlock()
				if d.Err != nil || !d.HasBody {
					details[it.Path] = "no body: " + errText(d.Err)
				} else {
					details[it.Path] = d.Reason
				}
			})
		}
	})
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if len(batches) < 2 {
		t.Fatalf("%d batches: the scan streamed nothing before the classified one", len(batches))
	}
	final := batches[len(batches)-1]
	for _, b := range batches[:len(batches)-1] {
		for _, it := range b {
			if _, ok := it.Ref.(*pending); !ok {
				t.Errorf("%s: streamed with %T, not as pending", it.Path, it.Ref)
			}
			if got := details[it.Path]; !strings.HasPrefix(got, "still scanning") {
				t.Errorf("%s: pending detail %q", it.Path, got)
			}
		}
	}
	for _, it := range final {
		if _, ok := it.Ref.(*ref); !ok {
			t.Errorf("%s: classified with %T", it.Path, it.Ref)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return "no error"
	}
	return err.Error()
}
