package watch

import (
	"encoding/binary"
	"hash"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
)

// fingerprint sums up what polling compares: the name, size, time and
// mode of every file of the scope whose change counts, and the
// directories below the deep roots. Only directories are listed and
// files' metadata read (one lstat each); no file is opened.
func (w *watcher) fingerprint() uint64 {
	h := fnv.New64a()
	for _, r := range w.scope.roots {
		w.scope.hashRoot(h, r)
	}
	return h.Sum64()
}

// hashRoot adds one root to h.
func (s scope) hashRoot(h hash.Hash64, r root) {
	start := r.dir
	if fi, err := os.Lstat(r.dir); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		start += string(filepath.Separator)
	}
	var num [8]byte
	put := func(tag byte, text string, n int64) {
		h.Write([]byte{tag})
		h.Write([]byte(text))
		binary.LittleEndian.PutUint64(num[:], uint64(n))
		h.Write(num[:])
	}
	_ = filepath.WalkDir(start, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			put('!', p, 0)
			return skip(d)
		case d.IsDir():
			if filepath.Clean(p) != r.dir && (!r.deep || ignored(d.Name())) {
				return fs.SkipDir
			}
			put('d', p, 0)
			return nil
		case !s.counts(r.kind, p, d.Name()):
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			put('!', p, 0)
			return nil
		}
		put('f', p, fi.Size())
		put('t', "", fi.ModTime().UnixNano())
		put('m', "", int64(fi.Mode()))
		return nil
	})
}
