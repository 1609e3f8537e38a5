package secrets

import (
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

// Names. A recording's file name, and the names of the case and suite
// directories above it, are text like any other: a case named after a key
// puts the key in a directory name, and every command that prints the
// path would print the key. Names are scanned with the text rules, one
// component at a time, and every path printed shows the secrets of its
// components as their masks.

// NamePart says whether a finding is in the name of what its path names,
// rather than in the file's contents.
type NamePart int

// The parts of a path a finding may be in.
const (
	// InContents is a finding in the file's contents.
	InContents NamePart = iota
	// InFileName is a finding in the name of the file at Finding.Path.
	InFileName
	// InDirName is a finding in the name of the directory at Finding.Path.
	InDirName
)

// String returns "" for InContents, "file" and "directory" for the names.
func (p NamePart) String() string {
	switch p {
	case InContents:
		return ""
	case InFileName:
		return "file"
	case InDirName:
		return "directory"
	}
	return ""
}

// Where a finding in a name sits.
const (
	whereFileName = "in the file's name: every path printed shows it masked; rename the file"
	whereDirName  = "in the directory's name: every path printed shows it masked; rename the directory"
)

// ScanName reports the secrets in the last component of rel (the name of
// the file or, with dir, the directory at rel; slash-separated, relative
// to the project root). The findings have no JSON path: Name says which
// name they are in.
func ScanName(rel string, dir bool) []Finding {
	name := rel[strings.LastIndexByte(rel, '/')+1:]
	ms := detect.FindAll(name, nil)
	if len(ms) == 0 {
		return nil
	}
	part, where := InFileName, whereFileName
	if dir {
		part, where = InDirName, whereDirName
	}
	out := make([]Finding, 0, len(ms))
	for _, m := range ms {
		f := newFinding(name, m, false)
		f.Path, f.Name, f.Where = rel, part, where
		out = append(out, f)
	}
	return out
}

// ScanPath reports the secrets in every name of rel (slash-separated,
// relative to the project root): each directory's, then the file's.
func ScanPath(rel string) []Finding {
	var out []Finding
	for i := 0; i < len(rel); i++ {
		if rel[i] == '/' {
			out = append(out, ScanName(rel[:i], true)...)
		}
	}
	return append(out, ScanName(rel, false)...)
}

// MaskPath returns p with the secrets of each of its components (between
// slashes, or the separators of the system) replaced by their masks, the
// way [Mask] shows them in values; p itself when none holds one. It is the
// form in which every surface prints a path.
func MaskPath(p string) string {
	var b []byte
	last := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && !isSeparator(p[i]) {
			continue
		}
		name := p[last:i]
		if ms := detect.FindAll(name, nil); len(ms) > 0 {
			if b == nil {
				b = append(make([]byte, 0, len(p)+64*len(ms)), p[:last]...)
			}
			b, _ = replaceMatches(b, name, ms, nil, func(m detect.Match) string { return Mask(newFinding(name, m, false)) })
		} else if b != nil {
			b = append(b, name...)
		}
		if b != nil && i < len(p) {
			b = append(b, p[i])
		}
		last = i + 1
	}
	if b == nil {
		return p
	}
	return string(b)
}

// MaskNames returns text that names files (a walk's error, a reason) with
// the secrets of its names masked as [MaskPath] masks them, then whatever
// else the rules find in the whole text.
func MaskNames(text string) string {
	out, _ := (*Masker)(nil).Text(MaskPath(text))
	return out
}

// MaskErrorNames returns err with its message masked as [MaskNames] masks
// it (a walk's error naming a directory named after a key), err itself
// when it holds no secret; errors.Is and errors.As see err.
func MaskErrorNames(err error) error { return MaskErrorText(err, MaskNames) }

// MaskErrorText returns err with its message passed through mask, err
// itself when mask changes nothing; errors.Is and errors.As see err
// either way.
func MaskErrorText(err error, mask func(string) string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if m := mask(msg); m != msg {
		return &textMasked{err: err, msg: m}
	}
	return err
}

// textMasked is an error whose message shows its secrets masked.
type textMasked struct {
	err error
	msg string
}

func (e *textMasked) Error() string { return e.msg }
func (e *textMasked) Unwrap() error { return e.err }

func isSeparator(c byte) bool { return c == '/' || c == filepath.Separator }
