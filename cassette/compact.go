package cassette

import (
	"strings"
	"unsafe"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// A store holds one StoreFile per file, kept until the command that loaded
// it ends: at 100,000 files, every string a summary holds of its own is
// megabytes. What is kept is shared where it can be: a path relative to
// the root is part of the path's bytes, a fingerprint that is the file
// name's key is the name's bytes, suite and case names are the names of
// the directories above the file when they are the same, and the names
// many files have alike (providers, models) are one string each.

// interner shares equal strings among the files one worker of a load
// reads. It keeps at most maxInterned strings: past that, a string new to
// it stays the file's own.
type interner struct {
	m map[string]string
}

const maxInterned = 4096

// intern returns s, or an equal string met before.
func (n *interner) intern(s string) string {
	if n == nil || s == "" {
		return s
	}
	if v, ok := n.m[s]; ok {
		return v
	}
	if n.m == nil {
		n.m = make(map[string]string)
	}
	if len(n.m) < maxInterned {
		n.m[s] = s
	}
	return s
}

// keepNames sets f's fingerprint, suite, case, provider and model from
// c's, sharing their bytes with f's path or with other files where they
// are equal.
func (f *StoreFile) keepNames(c *Cassette, names *interner) {
	f.Fingerprint = c.Fingerprint
	if f.Fingerprint == f.NameKey {
		f.Fingerprint = f.NameKey
	}
	suiteDir, rest, _ := strings.Cut(f.Rel, "/")
	caseDir, _, _ := strings.Cut(rest, "/")
	f.Suite, f.Case = sameOr(c.Suite, suiteDir, names), sameOr(c.Case, caseDir, names)
	f.Provider, f.Model = names.intern(c.Provider), names.intern(c.Model)
}

// sameOr is s as the bytes of dir when the two are equal, else s interned.
func sameOr(s, dir string, names *interner) string {
	if s == dir {
		return dir
	}
	return names.intern(s)
}

// ReleaseServed drops the responses the load parsed for replay
// ([StoreFile.Served]): for a caller that has run its replay and keeps
// the store for the rest (the statuses, the documents). A replay of the
// store after it reads each response it serves from its file.
func (s *Store) ReleaseServed() {
	for _, f := range s.Files {
		f.Served = nil
	}
}

// ReadDigest reads a file of the store again for its request_digest
// alone (the zero Value when it has none), failing as [Store.Read] fails.
// Only the digest's arrays and objects, and its strings with escapes,
// are allocated: its other strings are views of the bytes read, which
// are the digest's own.
func (s *Store) ReadDigest(f *StoreFile) (jsonv.Value, error) {
	data, err := safefile.ReadFile(f.Path)
	if err != nil {
		return jsonv.Value{}, err
	}
	var digest jsonv.Value
	var kindErr error
	err = jsonv.DecodeFunc(data, false, func(body jsonv.Value) {
		if body.Kind != jsonv.Object {
			kindErr = notAnObject(data, body.Kind)
			return
		}
		digest = ownValue(body.Field("request_digest"), data)
	})
	if err == nil {
		err = kindErr
	}
	if err != nil {
		return jsonv.Value{}, jsonv.WithPath(f.Path, err)
	}
	return digest, nil
}

// ownValue is a copy of v, decoded from data by jsonv.DecodeFunc, that
// outlives the decode: its containers are copied out of the decoder's
// scratch space, and so are the strings that are not views of data (the
// text of a string with escapes is in reused space too).
func ownValue(v jsonv.Value, data []byte) jsonv.Value {
	if len(data) == 0 {
		return v.Clone()
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	return ownIn(v, lo, lo+uintptr(len(data)))
}

func ownIn(v jsonv.Value, lo, hi uintptr) jsonv.Value {
	v.Text = ownString(v.Text, lo, hi)
	switch v.Kind { //nolint:exhaustive // the other kinds hold no container
	case jsonv.Array:
		items := make([]jsonv.Value, len(v.Items))
		for i, x := range v.Items {
			items[i] = ownIn(x, lo, hi)
		}
		v.Items = items
	case jsonv.Object:
		members := make([]jsonv.Member, len(v.Members))
		for i, m := range v.Members {
			members[i] = jsonv.Member{Key: ownString(m.Key, lo, hi), Value: ownIn(m.Value, lo, hi)}
		}
		v.Members = members
	}
	return v
}

// ownString is s when its bytes are within [lo, hi), else a copy of s.
func ownString(s string, lo, hi uintptr) string {
	if s == "" {
		return s
	}
	if p := uintptr(unsafe.Pointer(unsafe.StringData(s))); p >= lo && p < hi {
		return s
	}
	return strings.Clone(s)
}
