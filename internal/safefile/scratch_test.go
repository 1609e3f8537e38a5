package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteNewNeverReplaces: WriteNew writes a new file whole, and
// refuses one that exists, leaving it as it was.
func TestWriteNewNeverReplaces(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.json")
	if err := WriteNew(p, []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if err := WriteNew(p, []byte("[]")); !errors.Is(err, fs.ErrExist) {
		t.Errorf("over an existing file: %v, want fs.ErrExist", err)
	}
	if data, err := os.ReadFile(p); err != nil || string(data) != "{}" {
		t.Errorf("the file holds %q (%v), want {}", data, err)
	}
}
