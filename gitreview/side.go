package gitreview

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/gitreview/gitrepo"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// side is one revision of a range review, scanned: its suites loaded and
// every case replayed offline from its own recordings, as check would
// have done at that revision.
type side struct {
	tree *gitrepo.Tree
	// ws is nil when the revision has no dryfire.yaml at the project root
	// (or its scan failed: err says why).
	ws  *scan.Workspace
	err error
	// dirs are the revision's recording directories, top-relative.
	dirs   []string
	byPath map[string]*scan.Recording
	runs   map[caseRep]*engine.CaseResult
	// defined are the cases its suites define; failed the suites that do
	// not parse.
	defined map[[2]string]bool
	failed  []string
}

// caseRep names one repetition of one case.
type caseRep struct {
	suite, name string
	rep         int
}

func (s *side) rev() gitrepo.Revision { return s.tree.Rev }

// openSide scans the project at its place in the tree.
func openSide(ctx context.Context, t *gitrepo.Tree, project string, req RangeRequest) *side {
	s := &side{tree: t, byPath: map[string]*scan.Recording{}, runs: map[caseRep]*engine.CaseResult{}, defined: map[[2]string]bool{}}
	root := filepath.Join(t.Top, filepath.FromSlash(project))
	if fi, err := os.Stat(filepath.Join(root, suiteFileName)); err != nil || !fi.Mode().IsRegular() {
		return s // no project at this revision
	}
	l, err := scan.Resolve(scan.Request{Args: []string{root}, Want: scan.Project})
	if err != nil {
		s.err = err
		return s
	}
	ws, err := scan.OpenLayout(ctx, l, scan.Options{NoExplain: true, Getenv: req.Getenv})
	if err != nil {
		s.err = err
		return s
	}
	s.ws = ws
	for _, d := range l.Dirs() {
		if rel, err := filepath.Rel(t.Top, d); err == nil && !strings.HasPrefix(rel, "..") {
			s.dirs = append(s.dirs, filepath.ToSlash(rel))
		}
	}
	for _, rec := range ws.Recordings {
		s.byPath[rec.Path] = rec
	}
	if ws.Replay != nil {
		for i := range ws.Replay.Cases {
			c := &ws.Replay.Cases[i]
			s.runs[caseRep{c.Suite, c.Case, c.RepeatIndex}] = c
		}
	}
	if ws.Project != nil {
		if errs := scan.ConfigErrors(ws.Project); len(errs) > 0 {
			// dryfire runs no suite of a project whose dryfire.yaml has
			// errors: no case can be found at this revision.
			s.failed = append(s.failed, suiteFileName)
			s.err = configError(errs)
		}
		for _, st := range ws.Project.Suites {
			if st.Failed {
				s.failed = append(s.failed, st.Path)
				continue
			}
			for _, c := range st.Cases {
				s.defined[[2]string{st.Name, c.Name}] = true
			}
		}
	}
	return s
}

// configError is the first error of a dryfire.yaml, and how many more
// there are.
func configError(errs []suite.SpecError) error {
	if len(errs) == 1 {
		return errs[0]
	}
	return fmt.Errorf("%w (and %d more)", errs[0], len(errs)-1)
}

// project reports whether the revision has a project whose suites were
// read.
func (s *side) project() bool { return s.ws != nil && s.ws.Project != nil }

// has reports whether the revision's suites define the case.
func (s *side) has(suiteName, caseName string) bool { return s.defined[[2]string{suiteName, caseName}] }

// reach says how far a case repetition's replay got at a revision.
type reach int

const (
	reached     reach = iota // the replay sent the turn's request
	noRun                    // the case repetition was not replayed (not defined, skipped)
	missedFirst              // the replay missed at an earlier turn
	endedFirst               // the loop ended before the turn
)

// request is the request the case repetition sends at turn, as this
// revision's replay built it: the recorded request of the file it served
// (a hit), or the request that missed. When the replay did not get there,
// reach says why, and at is the turn it missed at.
func (s *side) request(cr caseRep, turn int) (req jsonv.Value, judge bool, why reach, at int) {
	run := s.runs[cr]
	if run == nil || run.Outcome == engine.OutcomeSkipped {
		return jsonv.Value{}, false, noRun, 0
	}
	for _, v := range run.Visits {
		if v.Turn == turn {
			if !v.Hit {
				return v.Request(), v.Judge, reached, turn
			}
			if c, err := s.ws.Store.Read(v.File); err == nil {
				return c.RequestDigest, v.Judge, reached, turn
			}
			return jsonv.Value{}, v.Judge, noRun, 0
		}
	}
	if miss, ok := run.Miss(); ok && miss.Turn < turn {
		return jsonv.Value{}, false, missedFirst, miss.Turn
	}
	return jsonv.Value{}, false, endedFirst, 0
}

// digest is the request a recording of this revision stores.
func (s *side) digest(rel string) (jsonv.Value, bool) {
	rec := s.byPath[rel]
	if rec == nil || rec.File == nil || s.ws == nil {
		return jsonv.Value{}, false
	}
	c, err := s.ws.Store.Read(rec.File)
	if err != nil {
		return jsonv.Value{}, false
	}
	return c.RequestDigest, true
}

// caseRepOf names the case repetition a recording belongs to.
func caseRepOf(it *ReviewItem) caseRep {
	_, rep, _ := cassette.ParseStorageKey(it.Key)
	return caseRep{it.Suite, it.Case, rep}
}
