package scan

import (
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Explanation explains one replay miss: the request a case repetition
// sends now against the recording it most likely replaces.
type Explanation struct {
	Suite, Case string
	RepeatIndex int
	Turn        int
	// CurrentKey is the storage key the case looks up now.
	CurrentKey string
	// Recording is the stale recording: the file of the same case, turn and
	// repetition, or (Result.Closest) the nearest recording found elsewhere;
	// nil when the store has nothing to compare with.
	Recording *Recording
	// RecordedKey is the recording's key.
	RecordedKey string
	Result      diff.Result
	// Note explains a miss the request cannot: the request is unchanged but
	// lookup skips the recorded file (schema_version, fingerprint).
	Note string
	// Judge is set when the miss is an llm_judge call's: Result then speaks
	// of the judge model, the rubric and the graded transcript.
	Judge bool
	// Unrecorded is set when the case directory has no file of the missing
	// turn and repetition: the turn was never recorded (an [Unrecorded]
	// row), and Recording, if any, is the closest one found elsewhere.
	Unrecorded bool

	// masker masks what the explanation prints (see Masked).
	masker *secrets.Masker
	// brief, once set (Options.BriefExplanations), is the masked result
	// without the two requests, and briefHeadline its headline: the two
	// requests are no longer kept.
	brief         *diff.Result
	briefHeadline string
	// Request is the hashable request the case sends now at the missing
	// turn ([Workspace.Sources] reads tool names from it).
	Request jsonv.Value
}

// Masked is the explanation's result with every secret of both requests
// masked, as every document prints it: a secret the recording and the
// current request share masks alike on both sides.
//
// A brief explanation (Options.BriefExplanations) keeps its summary and
// changes, masked, but not the requests: the result has no unified text.
func (e *Explanation) Masked() diff.Result {
	if e.brief != nil {
		return *e.brief
	}
	k := e.masker.Learn(e.Result.Requests())
	return e.Result.Masked(func(v jsonv.Value) jsonv.Value {
		out, _ := k.Apply(v)
		return out
	})
}

// Headline is the first thing to say about the miss, one line, its
// secrets masked.
func (e *Explanation) Headline() string {
	if e.brief != nil {
		return e.briefHeadline
	}
	return e.HeadlineOf(e.Masked())
}

// makeBrief keeps of e what its summary, headline and sources need, and
// drops the two requests its result compares (the whole of both, as
// normalised: the bulk of an explanation).
func (e *Explanation) makeBrief() {
	if e.brief != nil {
		return
	}
	m := e.Masked()
	e.briefHeadline = e.HeadlineOf(m)
	e.brief = &diff.Result{Summary: m.Summary, Changes: m.Changes, Incomplete: m.Incomplete, Missing: m.Missing, Closest: m.Closest}
	r := e.Result
	e.Result = diff.Result{Summary: r.Summary, Changes: r.Changes, Incomplete: r.Incomplete, Missing: r.Missing, Closest: r.Closest}
}

// HeadlineOf is the headline of the explanation with its result res (the
// result masked, or as it is for a document that reveals).
//
// A turn never recorded says so first: "not recorded (closest recording:
// turn 0: user message changed)".
func (e *Explanation) HeadlineOf(res diff.Result) string {
	h := e.headline(res)
	switch {
	case !e.Unrecorded:
		return h
	case e.Recording == nil:
		return "not recorded: " + h
	}
	return "not recorded (closest recording: " + h + ")"
}

func (e *Explanation) headline(res diff.Result) string {
	if e.Note != "" {
		return e.Note
	}
	if len(res.Summary) == 0 {
		return "no recording to compare with"
	}
	h := res.Summary[0]
	if n := len(res.Summary) - 1; n > 0 {
		h += fmt.Sprintf(" (and %d more)", n)
	}
	if res.Closest && !e.Unrecorded {
		h += " [closest recording, not the same turn]"
	}
	return h
}

// explainMisses builds an Explanation for every missed case repetition.
// The explanations are independent (each reads its candidate files and
// diffs them), so they are computed in parallel and kept in case order.
func (w *Workspace) explainMisses(c *classifier, brief bool) {
	type job struct {
		res  *engine.CaseResult
		miss *engine.Visit
		dir  string
	}
	var jobs []job
	var byDir map[string][]*cassette.StoreFile
	for i := range w.Replay.Cases {
		res := &w.Replay.Cases[i]
		if res.Outcome != "miss" {
			continue
		}
		dir := cassette.Sanitise(res.Suite) + "/" + cassette.Sanitise(res.Case)
		for _, miss := range missesToExplain(res) {
			if byDir == nil {
				byDir = filesByCaseDir(w.Store.Files)
			}
			jobs = append(jobs, job{res, miss, dir})
		}
	}
	out := make([]*Explanation, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for i := range next {
				j := jobs[i]
				out[i] = w.explain(j.res, j.miss, byDir[j.dir])
				if brief {
					// Its requests go now, not once every miss is
					// explained: the explanations never hold them all.
					out[i].makeBrief()
				}
			}
		})
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, j := range jobs {
		w.Stale = append(w.Stale, out[i])
		c.explained[servedKey(j.dir, j.res.RepeatIndex, j.miss.Turn)] = out[i]
	}
}

// missesToExplain are the visits of a missed repetition worth explaining:
// the loop's first miss (every call after it follows from it), or, when
// the loop replayed fully, every judge call that missed (each judge is a
// request of its own).
func missesToExplain(res *engine.CaseResult) []*engine.Visit {
	var out []*engine.Visit
	for j := range res.Visits {
		v := &res.Visits[j]
		switch {
		case v.Hit:
		case !v.Judge:
			return []*engine.Visit{v}
		default:
			out = append(out, v)
		}
	}
	return out
}

// filesByCaseDir groups the store's files (in store order) by their first
// two path components, the directory a case's recordings live in: the
// files whose path starts with "<dir>/".
func filesByCaseDir(files []*cassette.StoreFile) map[string][]*cassette.StoreFile {
	m := map[string][]*cassette.StoreFile{}
	for _, f := range files {
		i := strings.IndexByte(f.Rel, '/')
		if i < 0 {
			continue
		}
		j := strings.IndexByte(f.Rel[i+1:], '/')
		if j < 0 {
			continue
		}
		dir := f.Rel[:i+1+j]
		m[dir] = append(m[dir], f)
	}
	return m
}

// explain compares a missing visit with the recordings of the same case
// directory, turn and repetition; failing that, with the closest recording
// of the case, the suite, or the same turn anywhere. dirFiles are the files under
// the case directory dir.
func (w *Workspace) explain(res *engine.CaseResult, miss *engine.Visit, dirFiles []*cassette.StoreFile) *Explanation {
	e := &Explanation{Suite: res.Suite, Case: res.Case, RepeatIndex: res.RepeatIndex, Turn: miss.Turn, CurrentKey: miss.Key, Judge: miss.Judge,
		Request: miss.Request(), masker: w.Masker}
	var same, near []*cassette.StoreFile
	for _, f := range dirFiles {
		r := w.byFile[f]
		if r.Turn == miss.Turn && r.RepeatIndex == res.RepeatIndex {
			same = append(same, f)
		} else {
			near = append(near, f)
		}
	}
	closest := false
	cands := same
	e.Unrecorded = len(same) == 0 && miss.File == nil
	if len(cands) == 0 {
		closest = true
		cands = near
		if len(cands) == 0 {
			cands = w.sameTurnElsewhere(miss.Turn)
		}
	}
	f, digest := w.closestFile(miss.Request(), cands)
	if f == nil {
		return e
	}
	e.Recording, e.RecordedKey = w.byFile[f], f.NameKey
	if miss.Judge {
		e.Result = diff.ExplainJudge(digest, miss.Request())
	} else {
		e.Result = diff.Explain(digest, miss.Request())
	}
	e.Result.Closest = closest
	switch {
	case e.Result.Equal() && e.Unrecorded:
		e.Note = "the same request, under key " + f.NameKey
	case e.Result.Equal():
		e.Note = unchangedNote(f, miss.Key)
	}
	return e
}

// maxCandidates bounds how many files are read to find the closest one.
const maxCandidates = 64

func (w *Workspace) sameTurnElsewhere(turn int) []*cassette.StoreFile {
	var out []*cassette.StoreFile
	for _, f := range w.Store.Files {
		if f.NameOK && f.NameTurn == turn && len(out) < maxCandidates {
			out = append(out, f)
		}
	}
	return out
}

// closestFile reads the candidates and returns the one whose digest is
// nearest to the current request.
func (w *Workspace) closestFile(current jsonv.Value, cands []*cassette.StoreFile) (*cassette.StoreFile, jsonv.Value) {
	if len(cands) > maxCandidates {
		cands = cands[:maxCandidates]
	}
	var files []*cassette.StoreFile
	var digests []jsonv.Value
	for _, f := range cands {
		digest, err := w.Store.ReadDigest(f)
		if err != nil {
			continue
		}
		files = append(files, f)
		digests = append(digests, digest)
	}
	i := diff.Closest(current, digests)
	if i < 0 {
		return nil, jsonv.Value{}
	}
	return files[i], digests[i]
}

// unchangedNote says why a file whose request is unchanged is not served.
func unchangedNote(f *cassette.StoreFile, key string) string {
	switch {
	case f.Err != nil:
		return "the request is unchanged, but the file cannot be read: " + fileError(f)
	case !f.SchemaOK:
		return "the request is unchanged, but " + schemaReason(f)
	case f.NameKey != key:
		return fmt.Sprintf("the request is unchanged, but the file is named for key %s, not %s: lookup never finds it", f.NameKey, key)
	case f.Fingerprint != f.NameKey:
		return fmt.Sprintf("the request is unchanged, but lookup skips the file: its body says fingerprint %q", f.Fingerprint)
	}
	return "the request is unchanged"
}

// ExplainRecording explains a stale recording: the miss it belongs to, or
// nil when the recording is not the stale recording of any miss.
func (w *Workspace) ExplainRecording(r *Recording) *Explanation {
	for _, e := range w.Stale {
		if e.Recording == r {
			return e
		}
	}
	return nil
}

// StaleMatching are the explanations whose recording path, recorded key or
// current key matches ref: a key prefix, or the recording's path (or a
// suffix of it). When none does and ref names a stale recording that
// replay never reaches, it is the miss that keeps it from being reached
// ([Workspace.MissOf]).
func (w *Workspace) StaleMatching(ref string) []*Explanation {
	var out []*Explanation
	for _, x := range w.Stale {
		path := ""
		if x.Recording != nil {
			path = x.Recording.Path
		}
		if strings.HasPrefix(x.CurrentKey, ref) || (x.RecordedKey != "" && strings.HasPrefix(x.RecordedKey, ref)) ||
			(path != "" && pathMatches(path, ref)) {
			out = append(out, x)
		}
	}
	if len(out) > 0 {
		return out
	}
	// A stale recording replay never reaches (its case misses at an
	// earlier turn) is explained by that miss.
	for _, r := range w.Recordings {
		if r.Status == Stale && pathMatches(r.Path, ref) {
			if x := w.MissOf(r); x != nil {
				return []*Explanation{x}
			}
		}
	}
	return nil
}

// pathMatches reports whether ref names path: the path itself, or a tail
// of it after a slash.
func pathMatches(path, ref string) bool {
	return path == ref || strings.HasSuffix(path, "/"+strings.TrimPrefix(ref, "./"))
}
