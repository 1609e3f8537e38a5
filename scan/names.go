package scan

import "github.com/dryfire-tui/dryfire-tui/secrets"

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

// openCount counts the secrets no baseline suppressed (a file that could
// not be scanned is no secret: its status says what is wrong with it).
func openCount(fs []secrets.Finding) int {
	n := 0
	for _, f := range fs {
		if !f.Suppressed && !f.Unscanned() {
			n++
		}
	}
	return n
}
