package command

import (
	"os"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Document is the check document: each part the document its own command
// writes, the replay's misses explained. The parts that list recordings
// are made first, and the workspace then lets its recordings go: what is
// left to make (the replay's and the run's documents) needs only the
// replay and the explanations, and does not hold the two at once.
func (r *checkResult) Document(skipped map[string]bool) *report.Check {
	w := r.Workspace
	d := &report.Check{Skipped: skipped, Notes: r.Notes, Root: w.Root, Repo: repoRoot(w.Root)}
	if r.Secrets != nil {
		d.Secrets = r.Secrets.Document(nil)
	}
	if r.Prune != nil {
		d.Prune = pruneDoc(*r.Prune, nil)
	}
	if r.Doctor != nil {
		d.Doctor = r.Doctor.Document()
	}
	r.Secrets, r.Prune, r.Doctor = nil, nil, nil
	w.ReleaseRecordings()
	if r.Replay != nil {
		d.Replay = replayDoc(w, r.Replay)
	}
	if r.Run != nil {
		d.Run = report.NewRunCheck(r.Run)
	}
	d.OK = d.Passed()
	return d
}

// replayDoc is the replay part's document: the replay document, each
// miss with the headline of its explanation, the recording it replaces
// and the line to edit.
func replayDoc(w *scan.Workspace, res *engine.Result) *report.Replay {
	doc := report.NewReplay(w.Root, res)
	type repetition struct {
		suite, name string
		index       int
	}
	explained := map[repetition]*scan.Explanation{}
	for _, x := range w.Stale {
		// The replay document's names are as shown (a secret in one
		// masked): look the explanations up by the same.
		if k := (repetition{secrets.MaskPath(x.Suite), secrets.MaskPath(x.Case), x.RepeatIndex}); explained[k] == nil {
			explained[k] = x
		}
	}
	for i := range doc.Cases {
		c := &doc.Cases[i]
		if x := explained[repetition{c.Suite, c.Case, c.RepeatIndex}]; x != nil && c.Outcome == engine.OutcomeMiss {
			// The check prints the headline and the recording, never
			// the unified text: that is left uncomputed.
			c.Explanation = &report.Stale{Suite: c.Suite, Case: c.Case, RepeatIndex: x.RepeatIndex, Turn: x.Turn, Headline: x.Headline()}
			if x.Recording != nil {
				c.Explanation.Path = x.Recording.Shown
			}
			// The line to edit, as the Diff tab gives it: where the
			// first change is written in the suites or dryfire.yaml.
			if srcs := w.Sources(x); len(srcs) > 0 {
				src := srcs[0]
				c.Explanation.Source = &report.Source{File: src.File, Line: src.Line, What: secrets.MaskNames(src.What)}
			}
		}
	}
	return doc
}

// repoRoot is the nearest directory at or above dir that holds .git, or
// dir itself.
func repoRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return dir
		}
		d = up
	}
}
