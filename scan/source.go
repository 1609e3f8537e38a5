package scan

import (
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/scan/source"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Sources says where each change of a miss comes from in the suites and
// dryfire.yaml (package source: the line to edit), in the order of the
// changes, one entry per place. It returns nil without a project, or when
// the case is no longer in it.
func (w *Workspace) Sources(e *Explanation) []source.Source {
	if w.Project == nil || e == nil {
		return nil
	}
	s, c := w.findCase(e.Suite, e.Case)
	if c == nil {
		return nil
	}
	return source.Locate(source.Case{Root: w.Root, Project: w.Project, Suite: s, Case: c, Request: e.Request}, e.Result.Changes, e.Judge)
}

// findCase returns the parsed suite and case with these names.
func (w *Workspace) findCase(suiteName, caseName string) (*suite.Suite, *suite.Case) {
	for _, s := range w.Project.Suites {
		if s.Failed || s.Name != suiteName {
			continue
		}
		for _, c := range s.Cases {
			if c.Name == caseName {
				return s, c
			}
		}
	}
	return nil, nil
}

// MissOf is the miss that makes a stale recording stale: the explanation
// of its case repetition's miss. For the recording at the missing turn
// it is the one [Workspace.ExplainRecording] returns; for a later turn,
// which replay never reaches, it says where the case misses instead. It
// returns nil for a recording that is not stale.
func (w *Workspace) MissOf(r *Recording) *Explanation {
	if r == nil || r.Status != Stale || r.File == nil {
		return nil
	}
	if e := w.ExplainRecording(r); e != nil {
		return e
	}
	dir := caseDirOf(r.File.Rel)
	for _, e := range w.Stale {
		if e.RepeatIndex == r.RepeatIndex && cassette.Sanitise(e.Suite)+"/"+cassette.Sanitise(e.Case) == dir {
			return e
		}
	}
	return nil
}

// caseDirOf is the <suite>/<case> directory of a path under the cassette
// root.
func caseDirOf(rel string) string {
	parts := strings.SplitN(rel, "/", 3)
	if len(parts) < 3 {
		return ""
	}
	return parts[0] + "/" + parts[1]
}
