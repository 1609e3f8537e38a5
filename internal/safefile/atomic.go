package safefile

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
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
// that was read, use [Rewrite], which checks it first; to write what is
// made as it is written, [WriteAtomicFunc].
func WriteAtomic(path string, data []byte, perm os.FileMode) error {
	return WriteAtomicFunc(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteAtomicFunc is [WriteAtomic] for content that write produces as it
// goes (an encoder streaming a large document), so that no buffer of its
// size is held: write gets the temporary file behind a buffer of
// [atomicBuffer] bytes, and the file is flushed, synced and renamed over
// path when write returns nil. When write fails (its own error, a full
// disk, a file size limit), or panics, the temporary file is removed and
// path is left as it was; write's error is returned, naming path.
func WriteAtomicFunc(path string, perm os.FileMode, write func(w io.Writer) error) error {
	if fi, statErr := os.Stat(path); statErr == nil {
		perm = fi.Mode().Perm()
	}
	tmp, err := writeTempFunc(path, perm, write)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// atomicBuffer is what [WriteAtomicFunc] gathers before each write to
// the temporary file.
const atomicBuffer = 64 << 10

// writeTemp writes data, synced, to a new temporary file beside path and
// returns its name; on failure (a full disk, a file size limit, an I/O
// error) the temporary file is removed: nothing is left behind.
func writeTemp(path string, data []byte, perm os.FileMode) (string, error) {
	return writeTempFunc(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// writeTempFunc is writeTemp for content write produces.
func writeTempFunc(path string, perm os.FileMode, write func(w io.Writer) error) (string, error) {
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
	done := false
	defer func() {
		if !done { // an error, or a panic on its way up
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err := fill(f, write); err != nil {
		return "", fmt.Errorf("write %s: %w", path, err)
	}
	done = true
	return tmp, nil
}

// fill has write write to the new file f through a buffer, then flushes,
// syncs and closes it.
func fill(f *os.File, write func(w io.Writer) error) error {
	bw := bufio.NewWriterSize(f, atomicBuffer)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
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
