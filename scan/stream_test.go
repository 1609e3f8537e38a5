package scan

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
)

// TestStreamedScanAsUnstreamed opens each golden project, and one with a
// secret in a directory's name, with and without Options.OnBatch, and
// compares the two workspaces field for field: the recordings streamed
// pending, then completed and classified, are what a scan that streams
// nothing makes. Each streamed recording is, as handed over, the pending
// one of its file (its path, the path shown, its name's parts), and is
// the workspace's recording of that file in the end.
func TestStreamedScanAsUnstreamed(t *testing.T) {
	t.Parallel()
	dirs := map[string]string{"secret-name": secretNamedProject(t)}
	for _, p := range append(projects(t), "project-A") {
		dirs[p] = filepath.Join(golden, p)
	}
	for name, dir := range dirs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var streamed []*Recording
			var handed []Recording
			got := scanWith(t, dir, Options{Secrets: true, OnBatch: func(rs []*Recording) {
				for _, r := range rs {
					streamed, handed = append(streamed, r), append(handed, *r)
				}
			}})
			want := scanWith(t, dir, Options{Secrets: true})
			if d := diffScans(got, want); d != "" {
				t.Fatalf("the streamed scan differs from one that streams nothing:\n%s", d)
			}
			if len(streamed) != len(got.Store.Files) {
				t.Errorf("streamed %d recordings of %d files", len(streamed), len(got.Store.Files))
			}
			final := map[*cassette.StoreFile]*Recording{}
			for _, r := range got.Recordings {
				final[r.File] = r
			}
			for i, r := range streamed {
				h, f := handed[i], final[r.File]
				if f != r {
					t.Fatalf("%s: the streamed recording is not the workspace's", r.Path)
				}
				pending := Recording{Path: f.Path, Shown: f.Shown, Format: f.Format, Suite: f.Suite, Case: f.Case, Turn: f.Turn,
					RepeatIndex: f.RepeatIndex, Key: f.Key, Secrets: f.Secrets, File: f.File, Entry: f.Entry}
				if a, b := recordingView(&h), recordingView(&pending); a != b {
					t.Fatalf("%s: handed over as\n%s\nnot as the pending recording\n%s", r.Path, a, b)
				}
			}
		})
	}
}

// secretNamedProject is a copy of project-A with a case directory whose
// name holds an AWS access key id, so that the paths shown are masked.
func secretNamedProject(t *testing.T) string {
	t.Helper()
	dir := reviewtest.CopyTree(t, filepath.Join(golden, "project-A"))
	from := filepath.Join(dir, cassettesA+"refund_agent/parallel_lookups")
	if err := os.Rename(from, filepath.Join(dir, cassettesA+"refund_agent/AKIAQ7LMZP3KXW2RT5VB")); err != nil {
		t.Fatal(err)
	}
	w, err := Open(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range w.Recordings {
		if r.Shown != r.Path {
			return dir
		}
	}
	t.Fatal("no path is masked: the project does not test masking")
	return ""
}
