package safefile

import (
	"fmt"
	"os"
)

// WriteNew writes data to path, a file that must not exist yet, in a
// scratch directory the caller made for itself (a revision exported from
// git to be read, and removed with the directory): never a user's file.
// It is not synced, since nothing outlives the directory, and a file
// left part-written by a failure is removed.
func WriteNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
