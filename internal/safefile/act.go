package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// ErrChanged is matched (errors.Is) by the error of [Check], [Remove] and
// [Rewrite] when the file is no longer what was read.
var ErrChanged = errors.New("changed since it was read")

// ErrSymlink is returned (wrapped in an *fs.PathError) by [Rewrite] for a
// path that is a symbolic link.
var ErrSymlink = errors.New("is a symbolic link: not rewritten (replacing the link would leave the file it points to as it was)")

// ChangedError says what changed in a file since it was read.
type ChangedError struct {
	// What are the differences: "removed", "replaced by another file",
	// "size", "modification time", "content".
	What []string
}

func (e *ChangedError) Error() string {
	return "changed since it was read (" + strings.Join(e.What, ", ") + ")"
}

// Is makes errors.Is(err, ErrChanged) true.
func (e *ChangedError) Is(target error) bool { return target == ErrChanged }

// Reason drops the operation and path of an *fs.PathError, for a message
// that stands next to the file's path already.
func Reason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// testOnlyBeforeCheck, when set by a test, runs just before the check of
// [Remove] and [Rewrite], where a concurrent edit is still caught.
var testOnlyBeforeCheck func(path string)

// Check reports whether the file at path still has stamp s: the same
// device and inode, size, modification time and content (the file is read
// again). It returns nil, an error wrapping a [*ChangedError], or the
// error of the read.
func Check(path string, s Stamp) error {
	_, now, err := ReadInto(path, nil)
	if errors.Is(err, fs.ErrNotExist) {
		return &ChangedError{What: []string{"removed"}}
	}
	if err != nil {
		return err
	}
	var what []string
	if now.Dev != s.Dev || now.Ino != s.Ino {
		what = append(what, "replaced by another file")
	}
	if now.Size != s.Size {
		what = append(what, "size")
	}
	if now.ModTime != s.ModTime {
		what = append(what, "modification time")
	}
	if now.Hash != s.Hash {
		what = append(what, "content")
	}
	if len(what) > 0 {
		return &ChangedError{What: what}
	}
	return nil
}

// Remove removes the file at path when it still has stamp s ([Check]);
// otherwise it leaves it and says what changed. A symbolic link is
// removed, not the file it points to (s is the stamp of that file, as
// [ReadInto] follows links). The error is an *fs.PathError naming the file.
func Remove(path string, s Stamp) error {
	if testOnlyBeforeCheck != nil {
		testOnlyBeforeCheck(path)
	}
	if err := Check(path, s); err != nil {
		return &fs.PathError{Op: "remove", Path: path, Err: err}
	}
	return os.Remove(path)
}

// Rewrite replaces the file at path with data, atomically, when it still
// has stamp s, and returns the new file's stamp. The new bytes are written
// and synced to a temporary file first; the file is checked ([Check]) just
// before the temporary file is renamed over it, and when it changed the
// temporary file is removed and the file is left as it is. A symbolic link
// is refused ([ErrSymlink]): renaming over it would replace the link with
// a regular file and leave the file it points to unchanged. The file keeps
// its permission bits. Errors are *fs.PathError values naming the file.
func Rewrite(path string, data []byte, s Stamp) (Stamp, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return Stamp{}, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return Stamp{}, &fs.PathError{Op: "rewrite", Path: path, Err: ErrSymlink}
	}
	if !fi.Mode().IsRegular() {
		return Stamp{}, &fs.PathError{Op: "rewrite", Path: path, Err: &NotRegularError{Kind: kindOf(fi.Mode())}}
	}
	tmp, err := writeTemp(path, data, fi.Mode().Perm())
	if err != nil {
		return Stamp{}, err
	}
	if testOnlyBeforeCheck != nil {
		testOnlyBeforeCheck(path)
	}
	if err := Check(path, s); err != nil {
		os.Remove(tmp)
		return Stamp{}, &fs.PathError{Op: "rewrite", Path: path, Err: err}
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return Stamp{}, fmt.Errorf("rewrite %s: %w", path, err)
	}
	now, err := statFile(path)
	if err != nil {
		return Stamp{}, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	return Stamp{Dev: now.dev, Ino: now.ino, Size: now.size, ModTime: now.mtime, Hash: hashOf(data)}, nil
}

// kindOf names what a non-regular file mode is.
func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m.IsDir():
		return "directory"
	}
	return "irregular file"
}
