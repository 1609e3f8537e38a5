//go:build !linux

package safefile

import (
	"errors"
	"io/fs"
	"os"
)

// statFile stats path (following symbolic links).
func statFile(path string) (fileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return fileInfo{}, pe.Err
		}
		return fileInfo{}, err
	}
	fi := fileInfo{size: st.Size(), mtime: st.ModTime().UnixNano()}
	fi.dev, fi.ino = devIno(st)
	if st.Mode().IsRegular() {
		fi.regular = true
	} else {
		fi.kind = kindOf(st.Mode())
	}
	return fi, nil
}

// openListed is not done elsewhere than on Linux: ReadListedInto then
// reads through ReadInto.
func openListed(string) (f rawFile, fi fileInfo, err error) {
	return f, fi, errIsLink
}
