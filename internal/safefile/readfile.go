package safefile

import (
	"io"
	"io/fs"
)

// ReadInto reads a whole file into buf's storage, growing it when the
// file is larger, and returns the bytes. It reads until end of file without
// asking the size first. On a tree of small files the per-file work of
// os.ReadFile (a size query, a fresh buffer, and on Unix the attempt to add
// the file to the network poller, which costs five system calls that all
// fail or undo each other for a regular file) is a large part of loading.
func ReadInto(path string, buf []byte) ([]byte, error) {
	f, err := openRaw(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer f.close()
	if cap(buf) < 16<<10 {
		buf = make([]byte, 0, 16<<10)
	}
	data := buf[:0]
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		}
	}
}
