package safefile

import (
	"bytes"
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
	_, err := checkRead(path, s)
	return err
}

// checkRead is [Check], returning the bytes it read.
func checkRead(path string, s Stamp) ([]byte, error) {
	data, now, err := ReadInto(path, nil)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &ChangedError{What: []string{"removed"}}
	}
	if err != nil {
		return nil, err
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
		return nil, &ChangedError{What: what}
	}
	return data, nil
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
// has stamp s, and returns the new file's stamp. It is [RewriteVerified]
// without a check of its own: the file is still read back.
func Rewrite(path string, data []byte, s Stamp) (Stamp, error) {
	return RewriteVerified(path, data, s, nil)
}

// RewriteVerified replaces the file at path with data, atomically, when it
// still has stamp s, proves the new file readable, and returns its stamp.
//
//   - data over the size limit ([MaxSize]) is refused before anything is
//     written ([ErrTooLarge]): the tool could not read the file back;
//   - the new bytes are written and synced to a temporary file first; the
//     file is checked ([Check]) just before the temporary file is renamed
//     over it, and when it changed the temporary file is removed and the
//     file is left as it is;
//   - the file is then read back as every read reads it ([ReadInto]) and
//     must hold data, which verify (when not nil) must accept; when not,
//     the bytes it had are put back ([ErrNotReadBack]).
//
// A symbolic link is refused ([ErrSymlink]): renaming over it would
// replace the link with a regular file and leave the file it points to
// unchanged. The file keeps its permission bits. Errors are *fs.PathError
// values naming the file.
func RewriteVerified(path string, data []byte, s Stamp, verify func([]byte) error) (Stamp, error) {
	if limit := MaxSize(); int64(len(data)) > limit {
		return Stamp{}, &fs.PathError{Op: "rewrite", Path: path, Err: &TooLargeError{Size: int64(len(data)), Limit: limit, Writing: true}}
	}
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
	old, err := checkRead(path, s)
	if err != nil {
		os.Remove(tmp)
		return Stamp{}, &fs.PathError{Op: "rewrite", Path: path, Err: err}
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return Stamp{}, fmt.Errorf("rewrite %s: %w", path, err)
	}
	return readBack(path, data, old, fi.Mode().Perm(), verify)
}

// ErrNotReadBack is matched (errors.Is) by the error of [RewriteVerified]
// when the file it wrote did not read back as written, or its check
// refused it: the file's previous bytes were put back.
var ErrNotReadBack = errors.New("did not read back as written")

// NotReadBackError says why a rewritten file did not read back.
type NotReadBackError struct {
	// Err is what the read back found: a read error, other bytes, or the
	// check's error.
	Err error
	// Restored is set when the previous bytes were put back; Restore is
	// the error of putting them back. Neither is set when the file held
	// other bytes than were written: something else wrote it since, and
	// it is left as it is.
	Restored bool
	Restore  error
}

func (e *NotReadBackError) Error() string {
	switch {
	case e.Restored:
		return fmt.Sprintf("did not read back as written (%v): the previous bytes were put back", e.Err)
	case e.Restore != nil:
		return fmt.Sprintf("did not read back as written (%v), and putting the previous bytes back failed: %v", e.Err, e.Restore)
	}
	return fmt.Sprintf("did not read back as written (%v): left as it is", e.Err)
}

// Is makes errors.Is(err, ErrNotReadBack) true.
func (e *NotReadBackError) Is(target error) bool { return target == ErrNotReadBack }

func (e *NotReadBackError) Unwrap() error { return e.Err }

// testOnlyAfterRename, when set by a test, runs once the new bytes of a
// rewrite are in place, before they are read back.
var testOnlyAfterRename func(path string)

// readBack reads back the file a rewrite just renamed into place and
// checks that it holds data (and passes verify); when it cannot be read or
// verify refuses it, it puts old back (with permission bits perm).
func readBack(path string, data, old []byte, perm fs.FileMode, verify func([]byte) error) (Stamp, error) {
	if testOnlyAfterRename != nil {
		testOnlyAfterRename(path)
	}
	got, now, err := ReadInto(path, nil)
	switch {
	case err == nil && !bytes.Equal(got, data):
		return Stamp{}, &fs.PathError{Op: "rewrite", Path: path,
			Err: &NotReadBackError{Err: errors.New("other bytes: written by something else since")}}
	case err != nil:
		err = Reason(err)
	case verify != nil:
		err = verify(got)
	}
	if err == nil {
		return now, nil
	}
	rb := &NotReadBackError{Err: err}
	if tmp, werr := writeTemp(path, old, perm); werr != nil {
		rb.Restore = werr
	} else if rerr := os.Rename(tmp, path); rerr != nil {
		os.Remove(tmp)
		rb.Restore = rerr
	} else {
		rb.Restored = true
	}
	return Stamp{}, &fs.PathError{Op: "rewrite", Path: path, Err: rb}
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
