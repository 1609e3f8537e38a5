package scan

import (
	"errors"
	"fmt"
	"path"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// caseDir is what replay found out about one case directory
// (<suite dir>/<case dir>); duplicate case names share one.
type caseDir struct {
	results []*engine.CaseResult
}

// classifier holds what classification needs about the project.
type classifier struct {
	w *Workspace
	// valid maps a parsed suite's directory to its case directories, every
	// suite of that name counted; dryfireValid maps it as dryfire's prune
	// builds it, where a later suite of the same name replaces the cases of
	// an earlier one (its verdicts are reported, never acted on).
	valid, dryfireValid map[string]map[string]bool
	// failed are the suite files that failed to parse.
	failed []string
	dirs   map[string]*caseDir
	readBy map[*cassette.StoreFile][]string
	// readOnly are the readers of the files one case repetition reads,
	// and readReason the reason of such a file: one each for every file
	// of the case (nearly every file is read by one).
	readOnly   map[string][]string
	readReason map[string]string
	// served maps case dir + repetition + turn to the file replay read.
	served map[string]*cassette.StoreFile
	// stale maps a missed case dir + repetition to the explanation.
	explained map[string]*Explanation
}

// classify gives every dryfire recording its status, and explains the
// misses unless o.NoExplain (each made brief at once with
// o.BriefExplanations). With o.Collect, a large store is collected once
// its misses are explained, if it has any (see collectBetweenStages):
// the explanations allocate half of what the classification does.
func (w *Workspace) classify(o Options) {
	// The indexes are made at their final size: grown entry by entry, a
	// map of 100,000 files leaves as much again behind in the tables it
	// outgrew.
	nfiles, reps := len(w.Store.Files), 0
	if w.Replay != nil {
		reps = len(w.Replay.Cases)
	}
	c := &classifier{w: w, valid: map[string]map[string]bool{}, dryfireValid: map[string]map[string]bool{}, dirs: make(map[string]*caseDir, reps),
		readBy: make(map[*cassette.StoreFile][]string, nfiles), served: make(map[string]*cassette.StoreFile, nfiles),
		readOnly: make(map[string][]string, reps), readReason: make(map[string]string, reps),
		explained: map[string]*Explanation{}}
	if w.Project != nil {
		c.project()
		if !o.NoExplain {
			w.explainMisses(c, o.BriefExplanations)
			if len(w.Stale) > 0 {
				w.collectBetweenStages(o)
			}
		}
		w.findUnrecorded(c)
	}
	// Each file's status depends only on the indexes built above, which
	// are read-only from here: the files are classified in parallel, in
	// contiguous chunks.
	files := w.Store.Files
	workers := min(runtime.GOMAXPROCS(0), max(len(files)/1024, 1))
	var wg sync.WaitGroup
	for i := range workers {
		chunk := files[i*len(files)/workers : (i+1)*len(files)/workers]
		wg.Go(func() {
			for _, f := range chunk {
				r := w.byFile[f]
				r.ReadBy = c.readBy[f]
				st, why := c.file(f, r)
				// A reason names suites, cases and files: their secrets show
				// masked, as in every path.
				r.Status, r.Reason = st, secrets.MaskNames(why)
			}
		})
	}
	wg.Wait()
}

// project indexes suites, cases and replay results.
func (c *classifier) project() {
	if len(c.w.Project.Suites) == 0 && len(c.w.Project.Errors) > 0 {
		// A broken dryfire.yaml loads no suites: nothing may be called an
		// orphan.
		c.failed = append(c.failed, suite.ConfigFileName)
	}
	for _, s := range c.w.Project.Suites {
		if s.Failed {
			c.failed = append(c.failed, s.Path)
			continue
		}
		cases := c.valid[cassette.Sanitise(s.Name)]
		if cases == nil {
			cases = map[string]bool{}
			c.valid[cassette.Sanitise(s.Name)] = cases
		}
		own := map[string]bool{}
		for _, k := range s.Cases {
			cases[cassette.Sanitise(k.Name)] = true
			own[cassette.Sanitise(k.Name)] = true
		}
		c.dryfireValid[cassette.Sanitise(s.Name)] = own
	}
	for i := range c.w.Replay.Cases {
		res := &c.w.Replay.Cases[i]
		dir := cassette.Sanitise(res.Suite) + "/" + cassette.Sanitise(res.Case)
		d := c.dirs[dir]
		if d == nil {
			d = &caseDir{}
			c.dirs[dir] = d
		}
		d.results = append(d.results, res)
		who := caseRef(res)
		only := c.readOnly[who]
		if only == nil {
			only = []string{who}
			c.readOnly[who], c.readReason[who] = only, "read by replay of "+who
		}
		for _, v := range res.Visits {
			if v.Hit && v.File != nil {
				switch reads := c.readBy[v.File]; {
				case reads == nil:
					c.readBy[v.File] = only // shared, its capacity 1: a second reader copies it
				case !contains(reads, who):
					c.readBy[v.File] = append(reads, who)
				}
				c.served[servedKey(dir, res.RepeatIndex, v.Turn)] = v.File
			}
		}
	}
}

func servedKey(dir string, rep, turn int) string {
	return dir + "#" + strconv.Itoa(rep) + "@" + strconv.Itoa(turn)
}

// caseRef names a case repetition: suite::case, or suite::case#N.
func caseRef(res *engine.CaseResult) string {
	s := res.Suite + "::" + res.Case
	if res.RepeatIndex > 0 {
		s += "#" + strconv.Itoa(res.RepeatIndex)
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// file decides the status of one dryfire file.
func (c *classifier) file(f *cassette.StoreFile, r *Recording) (Status, string) {
	parts := strings.Split(f.Rel, "/")
	if c.w.Project == nil {
		if f.Err != nil {
			return Invalid, fileError(f)
		}
		return Unknown, "no dryfire.yaml found: without the suites nothing tells live recordings from orphans"
	}
	verdict, protected := c.verdictBy(c.dryfireValid, f, parts)
	ours, _ := c.verdictBy(c.valid, f, parts)
	r.Verdict = verdict
	reads := c.readBy[f]
	switch {
	case len(reads) > 0 && (verdict == "orphaned case" || verdict == "orphaned suite"):
		return InUse, "read by replay of " + readers(reads) + " (dryfire's prune would remove it as " + verdict + ")"
	case len(reads) == 1:
		return Live, c.readReason[reads[0]]
	case len(reads) > 0:
		return Live, "read by replay of " + readers(reads)
	case f.Err != nil:
		// Never deleted, whatever dryfire's prune says: what cannot be read
		// cannot be vouched for.
		return Invalid, fileError(f)
	case ours != "" && !f.NameOK:
		// dryfire's prune takes every *.json three levels down, a suite's
		// $ref schema under a cassettes.dir of "." included: only a file
		// named like a cassette is ever removed.
		return Invalid, "file name is not <NN>-<key>.json: not a recording, so prune never removes it"
	case ours == "orphaned case":
		return OrphanedCase, fmt.Sprintf("suite %s has no case %s", parts[0], parts[1])
	case ours == "orphaned suite" && c.w.SuiteFiles != nil:
		return OrphanedSuite, fmt.Sprintf("no suite %s among the suite files named", parts[0])
	case ours == "orphaned suite":
		return OrphanedSuite, fmt.Sprintf("no suite %s in the project", parts[0])
	case protected:
		return Protected, "suite " + strings.Join(c.failed, ", ") + " failed to parse (dryfire keeps what it cannot attribute)"
	case ours == "stale schema_version":
		return StaleSchema, schemaReason(f)
	}
	if st, why, bad := invalid(f); bad {
		return st, why
	}
	if len(parts) != 3 {
		return Unknown, "outside the <suite>/<case>/ layout: no case owns it and prune never touches it"
	}
	return c.inCase(f, r, parts[0]+"/"+parts[1])
}

// verdictBy is dryfire's prune classification of a file against a map of
// valid suite and case directories.
func (c *classifier) verdictBy(valid map[string]map[string]bool, f *cassette.StoreFile, parts []string) (verdict string, protected bool) {
	if len(parts) != 3 {
		return "", false
	}
	cases, ok := valid[parts[0]]
	switch {
	case !ok && len(c.failed) > 0:
		return "", true
	case !ok:
		return "orphaned suite", false
	case !cases[parts[1]]:
		return "orphaned case", false
	case !pyIntIsOne(f.SchemaVersion()):
		return "stale schema_version", false
	}
	return "", false
}

func schemaReason(f *cassette.StoreFile) string {
	switch {
	case f.Err != nil:
		return "unreadable, so its schema_version cannot be read: " + fileError(f)
	case f.SchemaVersion().Kind == jsonv.Null:
		return "no schema_version: lookup skips it"
	}
	v, _ := jsonv.Encode(f.SchemaVersion(), jsonv.EncodeOptions{AllowNonFinite: true})
	return "schema_version is " + string(v) + ", not 1: lookup skips it"
}

// invalid reports a file replay cannot use for reasons other than its
// schema version.
func invalid(f *cassette.StoreFile) (Status, string, bool) {
	switch {
	case f.Err != nil:
		return Invalid, fileError(f), true
	case !f.NameOK:
		return Invalid, "file name is not <NN>-<key>.json: lookup never finds it", true
	case f.Fingerprint != f.NameKey:
		return Invalid, fmt.Sprintf("file name says %s but the body's fingerprint is %q: lookup skips it", f.NameKey, f.Fingerprint), true
	case !f.SchemaOK:
		return Invalid, schemaReason(f), true
	case f.ResponseErr != nil:
		return Invalid, f.ResponseErr.Error() + ": a replay that reaches it fails", true
	}
	return 0, "", false
}

func readers(reads []string) string {
	if len(reads) <= 2 {
		return strings.Join(reads, " and ")
	}
	return fmt.Sprintf("%s and %d more", reads[0], len(reads)-1)
}

// inCase classifies an unread file in a current case's directory.
func (c *classifier) inCase(f *cassette.StoreFile, r *Recording, dir string) (Status, string) {
	d := c.dirs[dir]
	if d == nil || len(d.results) == 0 {
		return Unknown, "its case is never replayed with cassettes (provider fake, or filtered out)"
	}
	for _, res := range d.results {
		switch res.Outcome {
		case "skipped", "error":
			if res.NeedsPython || res.Outcome == "skipped" {
				return Unknown, "replay of " + caseRef(res) + " cannot be simulated: " + orDefault(res.Message, "it needs Python")
			}
		}
	}
	var rep *engine.CaseResult
	for _, res := range d.results {
		if res.RepeatIndex == r.RepeatIndex {
			rep = res
			break
		}
	}
	if rep == nil {
		return Superseded, fmt.Sprintf("repetition #%d is beyond repeat: %d of %s::%s", r.RepeatIndex, len(d.results), d.results[0].Suite, d.results[0].Case)
	}
	switch rep.Outcome {
	case "miss":
		return c.stale(f, r, dir, rep)
	case "error":
		return Unknown, "replay of " + caseRef(rep) + " stopped with an error: " + rep.Message
	}
	if other := c.served[servedKey(dir, r.RepeatIndex, r.Turn)]; other != nil {
		if path.Dir(other.Rel) != dir && other.NameKey == f.NameKey {
			// The same request recorded elsewhere comes first in lookup
			// order. This is the case's own copy: if it went, a later
			// prune of the other directory would lose the recording.
			return Live, fmt.Sprintf("turn %d of %s: lookup finds the same request first in %s; this is the case's own recording, kept", r.Turn, caseRef(rep), other.Rel)
		}
		return Superseded, fmt.Sprintf("turn %d of %s is served by %s", r.Turn, caseRef(rep), path.Base(other.Rel))
	}
	return Superseded, fmt.Sprintf("not read: replay of %s ends after %d turn(s)", caseRef(rep), len(rep.Visits))
}

// stale classifies an unread file of a case repetition that misses.
func (c *classifier) stale(f *cassette.StoreFile, r *Recording, dir string, rep *engine.CaseResult) (Status, string) {
	k := missTurn(rep)
	if ex := c.explained[servedKey(dir, rep.RepeatIndex, r.Turn)]; ex != nil && ex.Judge && ex.Recording != nil && ex.Recording.File == f {
		return Stale, fmt.Sprintf("the judge at turn %d misses: %s", r.Turn, ex.Headline())
	}
	ex := c.explained[servedKey(dir, rep.RepeatIndex, k)]
	switch {
	case r.Turn == k && ex != nil && ex.Recording != nil && ex.Recording.File == f:
		prefix := fmt.Sprintf("turn %d: ", k)
		return Stale, fmt.Sprintf("case misses at turn %d: %s", k, strings.TrimPrefix(ex.Headline(), prefix))
	case r.Turn == k:
		return Stale, fmt.Sprintf("case misses at turn %d: recorded for a different request", k)
	case r.Turn > k:
		return Stale, fmt.Sprintf("case misses at turn %d before reaching this turn; re-record %s", k, caseRef(rep))
	}
	return Stale, fmt.Sprintf("not read, and %s misses at turn %d; re-record first", caseRef(rep), k)
}

// missTurn is the turn of a missed case's missing visit.
func missTurn(res *engine.CaseResult) int {
	for _, v := range res.Visits {
		if !v.Hit {
			return v.Turn
		}
	}
	if n := len(res.Visits); n > 0 {
		return res.Visits[n-1].Turn
	}
	return 0
}

// fileError is a file's diagnostic without the file's own path (the
// recording's path stands next to it, relative to the project root):
// "37:15: unterminated string starting here".
func fileError(f *cassette.StoreFile) string {
	var pe *jsonv.ParseError
	if errors.As(f.Err, &pe) {
		if pe.Line > 0 {
			return fmt.Sprintf("%d:%d: %v", pe.Line, pe.Column, pe.Err)
		}
		return pe.Err.Error()
	}
	return f.Err.Error()
}
