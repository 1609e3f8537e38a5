//go:build !unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
)

type rawFile struct{ f *os.File }

func openRaw(path string) (rawFile, error) {
	f, err := os.Open(path)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return rawFile{}, pe.Err
	}
	return rawFile{f}, err
}

func (f rawFile) read(p []byte) (int, error) { return f.f.Read(p) }

func (f rawFile) close() { f.f.Close() }
