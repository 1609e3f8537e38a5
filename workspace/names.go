package workspace

import (
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Names. The names of the directories and files below the cassette root
// and in the tape directories are scanned for secrets like the contents
// (Options.Secrets), and every path a document holds is the path as shown
// (Recording.Shown, secrets.MaskPath): a key in a case directory's name
// is a finding, and no command prints it. What acts on a file uses its
// real path (Recording.Path, cassette.StoreFile.Path).

// dirNames returns the walk's hook that scans the name of each directory
// it enters, with Options.Secrets; nil without.
func (w *Workspace) dirNames(o Options) func(string) {
	if !o.Secrets {
		return nil
	}
	return func(p string) {
		if fs := secrets.ScanName(w.rel(p), true); len(fs) > 0 {
			w.mu.Lock()
			w.NameFindings = append(w.NameFindings, fs...)
			w.mu.Unlock()
		}
	}
}

// namesMasked is an error whose message shows the secrets of the names it
// holds masked; errors.Is and errors.As see the error it wraps.
type namesMasked struct {
	err error
	msg string
}

func (e *namesMasked) Error() string { return e.msg }
func (e *namesMasked) Unwrap() error { return e.err }

// maskNames returns err with the secrets of its message masked
// (secrets.MaskNames), err itself when it holds none.
func maskNames(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if m := secrets.MaskNames(msg); m != msg {
		return &namesMasked{err: err, msg: m}
	}
	return err
}
