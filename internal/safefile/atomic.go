package safefile

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// WriteAtomic writes data to path so that readers see either the old
// file or the new one, never a part: the bytes go to a temporary file in the
// same directory (named <file>.<random>.tmp, as dryfire names its own), are
// synced, and the temporary file is renamed over path. On any failure the
// temporary file is removed and the old file is left as it was. An existing
// file keeps its permission bits; a new one gets perm. To replace a file
// that was read, use [Rewrite], which checks it first.
func WriteAtomic(path string, data []byte, perm os.FileMode) error {
	if fi, statErr := os.Stat(path); statErr == nil {
		perm = fi.Mode().Perm()
	}
	tmp, err := writeTemp(path, data, perm)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// writeTemp writes data, synced, to a new temporary file beside path and
// returns its name; on failure (a full disk, a file size limit, an I/O
// error) the temporary file is removed: nothing is left behind.
func writeTemp(path string, data []byte, perm os.FileMode) (string, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	var suffix [6]byte
	if _, err := rand.Read(suffix[:]); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	tmp := filepath.Join(dir, base+"."+hex.EncodeToString(suffix[:])+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	if err := fill(f, data); err != nil {
		f.Close()
		os.Remove(tmp)
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	return tmp, nil
}

// fill writes data to the new file f, syncs and closes it.
func fill(f *os.File, data []byte) error {
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	return f.Close()
}

// tempName matches the temporary files of an atomic write: ours
// (<file>.<12 hex>.tmp) and dryfire's (Python's tempfile with prefix
// "<file>." and suffix ".tmp": 8 characters of [a-z0-9_]).
var tempName = regexp.MustCompile(`^(.+)\.(?:[0-9a-f]{12}|[a-z0-9_]{8})\.tmp$`)

// IsTempName reports whether name (a base name) is the temporary file of
// an atomic write of a *.json file, as [WriteAtomic] and dryfire name them,
// and returns the name of the file being written.
func IsTempName(name string) (target string, ok bool) {
	m := tempName.FindStringSubmatch(name)
	if m == nil || filepath.Ext(m[1]) != ".json" {
		return "", false
	}
	return m[1], true
}
