package scan

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// ErrNoMatch is returned by [Workspace.Find] when no recording matches.
var ErrNoMatch = errors.New("no recording matches")

// AmbiguousError is returned by [Workspace.Find] when a key prefix or path
// suffix matches more than one recording.
type AmbiguousError struct {
	Ref     string
	Matches []*Recording
}

func (e *AmbiguousError) Error() string {
	var names []string
	for i, r := range e.Matches {
		if i == 5 {
			names = append(names, fmt.Sprintf("and %d more", len(e.Matches)-5))
			break
		}
		names = append(names, r.Label())
	}
	return fmt.Sprintf("%q matches %d recordings: %s", e.Ref, len(e.Matches), strings.Join(names, ", "))
}

// Label is the recording's path as shown, plus the key and entry for a
// tape entry.
func (r *Recording) Label() string {
	p := r.Shown
	if p == "" {
		p = secrets.MaskPath(r.Path)
	}
	if r.Format == format.Tape && r.Entry >= 0 {
		return fmt.Sprintf("%s %s[%d]", p, secrets.MaskPath(r.Key), r.Entry)
	}
	return p
}

// Find returns the recording ref names: the file ref when it is one (the
// whole tape, or its first entry), else the one recording whose key starts
// with ref or whose path is ref or ends with /ref.
func (w *Workspace) Find(ref string) (*Recording, error) {
	abs := ""
	if fi, err := os.Stat(ref); err == nil && !fi.IsDir() {
		abs, _ = filepath.Abs(ref)
	}
	var found []*Recording
	for _, r := range w.Recordings {
		full := filepath.Join(w.Root, filepath.FromSlash(r.Path))
		switch {
		case abs != "" && full == abs:
			if r.Format == format.Dryfire || r.Entry <= 0 {
				return r, nil
			}
		case abs == "" && (strings.HasPrefix(r.Key, ref) || r.Path == ref || strings.HasSuffix(r.Path, "/"+ref)):
			found = append(found, r)
		}
	}
	switch len(found) {
	case 0:
		return nil, fmt.Errorf("%w %q", ErrNoMatch, ref)
	case 1:
		return found[0], nil
	}
	return nil, &AmbiguousError{Ref: ref, Matches: found}
}

// Body is what a recording holds: a dryfire cassette's whole body, a tape
// entry, or null for a tape that could not be read.
func (w *Workspace) Body(r *Recording) (jsonv.Value, error) {
	switch {
	case r.File != nil:
		c, err := w.Store.Read(r.File)
		if err != nil {
			return jsonv.Value{}, err
		}
		return c.Body, nil
	case r.Tape != nil && r.Entry >= 0:
		body := r.Tape.Body.Field("entries").Field(r.TapeKey)
		if r.Entry < len(body.Items) {
			body = body.Items[r.Entry]
		}
		return body, nil
	}
	return jsonv.NullValue(), nil
}
