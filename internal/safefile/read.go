package safefile

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"strconv"
	"sync/atomic"
)

// DefaultMaxSize is the size limit of a file read when none is set: 64 MiB,
// far above any one recording, suite or baseline.
const DefaultMaxSize int64 = 64 << 20

// MaxSizeEnv is the environment variable the command line reads the size
// limit from (bytes, or a number with a K, M or G suffix, powers of 1024).
const MaxSizeEnv = "DRYFIRE_TUI_MAX_FILE_SIZE"

var maxSize atomic.Int64 // 0 means DefaultMaxSize

// SetMaxSize sets the size limit of every read of the tool; n <= 0 restores
// [DefaultMaxSize]. The command line sets it once, before anything is read.
func SetMaxSize(n int64) { maxSize.Store(max(n, 0)) }

// MaxSize returns the size limit of a read.
func MaxSize() int64 {
	if n := maxSize.Load(); n > 0 {
		return n
	}
	return DefaultMaxSize
}

// ParseSize reads a size as [MaxSizeEnv] spells it: a number of bytes, or a
// number followed by K, M or G (KiB, MiB, GiB; a trailing B or iB is
// accepted).
func ParseSize(s string) (int64, error) {
	num, mult := s, int64(1)
	for _, suf := range []string{"iB", "B", "b"} {
		if len(num) > len(suf) && num[len(num)-len(suf):] == suf {
			num = num[:len(num)-len(suf)]
			break
		}
	}
	if n := len(num); n > 0 {
		switch num[n-1] {
		case 'k', 'K':
			num, mult = num[:n-1], 1<<10
		case 'm', 'M':
			num, mult = num[:n-1], 1<<20
		case 'g', 'G':
			num, mult = num[:n-1], 1<<30
		}
	}
	v, err := strconv.ParseInt(num, 10, 64)
	if err != nil || v <= 0 || v > (1<<62)/mult {
		return 0, fmt.Errorf("size %q: want a positive number of bytes, optionally with K, M or G", s)
	}
	return v * mult, nil
}

// ErrNotRegular is matched (errors.Is) by the error of a read of anything
// but a regular file: a named pipe, a device, a socket, a directory.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is matched by the error of a read of a file over the size
// limit.
var ErrTooLarge = errors.New("over the file size limit")

// NotRegularError says what a path that is not a regular file is. It comes
// wrapped in an *fs.PathError naming the file.
type NotRegularError struct {
	// Kind is "named pipe (FIFO)", "character device", "block device",
	// "socket", "directory" or "irregular file".
	Kind string
}

func (e *NotRegularError) Error() string {
	return e.Kind + ", not a regular file: not read"
}

// Is makes errors.Is(err, ErrNotRegular) true.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// TooLargeError is a file over the size limit. It comes wrapped in an
// *fs.PathError naming the file.
type TooLargeError struct {
	// Size is the file's size, or -1 when it grew past the limit while
	// being read.
	Size, Limit int64
	// Writing is set when the file was not written: its new bytes would
	// be over the limit every read obeys.
	Writing bool
}

func (e *TooLargeError) Error() string {
	if e.Writing {
		return fmt.Sprintf("would be %s, over the file size limit of %s that every read obeys (raise it with %s): not written, as it could not be read back",
			FormatSize(e.Size), FormatSize(e.Limit), MaxSizeEnv)
	}
	size := "grew while being read and is"
	if e.Size >= 0 {
		size = FormatSize(e.Size) + ","
	}
	return fmt.Sprintf("%s over the file size limit of %s (raise it with %s): not read", size, FormatSize(e.Limit), MaxSizeEnv)
}

// Is makes errors.Is(err, ErrTooLarge) true.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// FormatSize spells a size in bytes for a person: 512 B, 64 MiB, 1.5 GiB.
func FormatSize(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	f, u := float64(n), 0
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	if u == 0 || f == float64(int64(f)) {
		return strconv.FormatFloat(f, 'f', 0, 64) + " " + units[u]
	}
	return strconv.FormatFloat(f, 'f', 1, 64) + " " + units[u]
}

// Stamp is the state of a file when it was read: which file it was (device
// and inode), its size and modification time, and a hash of the bytes read.
// [Remove] and [Rewrite] act only while a file still has its stamp, so that
// nothing is lost to an edit made after the read.
type Stamp struct {
	Dev, Ino uint64
	Size     int64
	// ModTime is in nanoseconds since the epoch.
	ModTime int64
	// ChangeTime is the time of the inode's last change, in nanoseconds
	// since the epoch: every write, and every setting of the modification
	// time, moves it. It is 0 where the system does not say it (elsewhere
	// than on Linux).
	ChangeTime int64
	// Hash is a 64-bit hash of the bytes with a random key chosen at start
	// (hash/maphash): stable within one process, never stored.
	Hash uint64
}

// IsZero reports whether s is the zero stamp (no read happened).
func (s Stamp) IsZero() bool { return s == Stamp{} }

var hashSeed = maphash.MakeSeed()

// hashOf is the content hash of a stamp.
func hashOf(data []byte) uint64 { return maphash.Bytes(hashSeed, data) }

// fileInfo is what a read needs of a stat.
type fileInfo struct {
	regular bool
	kind    string // what a non-regular file is
	size    int64
	dev     uint64
	ino     uint64
	mtime   int64
	ctime   int64
}

// ReadFile reads the regular file at path whole. See [ReadInto].
func ReadFile(path string) ([]byte, error) {
	data, _, err := ReadInto(path, nil)
	return data, err
}

// ReadInto reads the regular file at path whole into buf's storage
// (growing it when the file is larger) and returns the bytes and the
// file's [Stamp]. It is the one way the tool reads a user's file:
//
//   - path is stat'ed first (following symbolic links, as every reader of
//     these files does); anything but a regular file (a named pipe, a
//     device, a socket, a directory) is refused without being opened, with
//     a *fs.PathError wrapping a [*NotRegularError];
//   - a file over [MaxSize] is refused before it is read, and one that grows
//     past it while being read stops there ([*TooLargeError]);
//   - the file is opened non-blocking, so a file swapped for a named pipe
//     after the stat cannot block the read.
//
// Errors are *fs.PathError values naming the file.
func ReadInto(path string, buf []byte) ([]byte, Stamp, error) {
	fi, err := statFile(path)
	if err != nil {
		return nil, Stamp{}, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	if err := fi.readable(); err != nil {
		return nil, Stamp{}, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	f, err := openRaw(path)
	if err != nil {
		return nil, Stamp{}, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer f.close()
	return readStamped(f, path, fi, buf)
}

// Stat is the stamp the file at path would have if read now, without the
// Hash of its bytes, which are not read: a stat, following symbolic links
// as [ReadInto] does. Anything but a regular file is refused as ReadInto
// refuses it.
func Stat(path string) (Stamp, error) {
	fi, err := statFile(path)
	if err != nil {
		return Stamp{}, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if !fi.regular {
		return Stamp{}, &fs.PathError{Op: "stat", Path: path, Err: &NotRegularError{Kind: fi.kind}}
	}
	return Stamp{Dev: fi.dev, Ino: fi.ino, Size: fi.size, ModTime: fi.mtime, ChangeTime: fi.ctime}, nil
}

// ReadListedInto is [ReadInto] for a path that a directory listing has
// just reported as a regular file, not a symbolic link (a walk's entry
// type): it opens the file first, non-blocking and without following a
// link, and checks with fstat what it opened, so that the path is looked
// up once instead of twice. A file replaced since the listing by a
// symbolic link is read through [ReadInto]; one replaced by anything else
// but a regular file is refused as ReadInto refuses it (the listing and
// the open race as ReadInto's stat and open do). Elsewhere than on Linux
// it is ReadInto.
func ReadListedInto(path string, buf []byte) ([]byte, Stamp, error) {
	f, fi, err := openListed(path)
	switch {
	case errors.Is(err, errIsLink):
		return ReadInto(path, buf)
	case err != nil:
		return nil, Stamp{}, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer f.close()
	if err := fi.readable(); err != nil {
		return nil, Stamp{}, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	return readStamped(f, path, fi, buf)
}

// errIsLink is openListed's answer for a path that is a symbolic link.
var errIsLink = errors.New("symbolic link")

// readable refuses what is not a regular file, and a file over the size
// limit.
func (fi fileInfo) readable() error {
	if !fi.regular {
		return &NotRegularError{Kind: fi.kind}
	}
	if limit := MaxSize(); fi.size > limit {
		return &TooLargeError{Size: fi.size, Limit: limit}
	}
	return nil
}

// readStamped reads the open file f, described by fi, whole into buf's
// storage and stamps it.
func readStamped(f rawFile, path string, fi fileInfo, buf []byte) ([]byte, Stamp, error) {
	data, err := readAll(f, buf, fi.size, MaxSize())
	if err != nil {
		return nil, Stamp{}, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	return data, Stamp{Dev: fi.dev, Ino: fi.ino, Size: fi.size, ModTime: fi.mtime, ChangeTime: fi.ctime, Hash: hashOf(data)}, nil
}

// readAll reads the regular file f to its end into buf, expecting size
// bytes (a hint: the file may have changed since the stat), never more than
// limit.
func readAll(f rawFile, buf []byte, size, limit int64) ([]byte, error) {
	// One byte more than the size, so that the end of the file is seen
	// without growing the buffer.
	if want := int(size) + 1; cap(buf) < want {
		// Room for the next files too: a store's files are of similar size.
		buf = make([]byte, 0, max(want+want/4, 16<<10))
	}
	data := buf[:0]
	for {
		if int64(len(data)) > limit {
			return nil, &TooLargeError{Size: -1, Limit: limit}
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		room := data[len(data):cap(data)]
		if left := limit + 1 - int64(len(data)); int64(len(room)) > left {
			room = room[:left]
		}
		n, err := f.read(room)
		data = data[:len(data)+n]
		if err == nil && n < len(room) && int64(len(data)) == size {
			// A regular file's read stops short only at its end: one that
			// ends at the size the stat gave needs no read to confirm it
			// (a file that grew fills the byte of room beyond the size).
			return data, nil
		}
		if err == io.EOF {
			if int64(len(data)) > limit {
				return nil, &TooLargeError{Size: -1, Limit: limit}
			}
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
