package command

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// doctorCheck is one finding of doctor's checks across files: a problem of the layout or of a tape
// rather than of one cassette's bytes.
type doctorCheck struct {
	// Path is relative to the workspace root, slash-separated.
	Path string
	// Kind is "layout", "turn gap", "repetition", "tape key", "tape empty",
	// "tape non-finite" or "tape invalid".
	Kind    string
	Message string
}

// doctorChecks looks for problems across the files of a workspace opened with
// scan.Options.Doctor: turn gaps in a case directory (00 and 02 with
// no 01), missing repetitions, cassettes outside the <suite>/<case>/
// layout, and tapes whose keys do not match their arguments, that are
// empty, that hold NaN/Infinity tokens or that cannot be read.
func doctorChecks(w *scan.Workspace) []doctorCheck {
	var out []doctorCheck
	out = append(out, layoutChecks(w)...)
	out = append(out, tapeChecks(w)...)
	return out
}

// caseFiles are the turns of each repetition in one case directory.
type caseFiles struct {
	dir   string
	turns map[int]map[int]bool // repetition → turns present
}

func layoutChecks(w *scan.Workspace) []doctorCheck {
	var out []doctorCheck
	dirs := map[string]*caseFiles{}
	var order []string
	for _, r := range w.Recordings {
		f := r.File
		if f == nil {
			continue
		}
		parts := strings.Split(f.Rel, "/")
		if len(parts) != 3 {
			out = append(out, doctorCheck{Path: r.Path, Kind: "layout",
				Message: "outside the <suite>/<case>/<NN>-<key>.json layout: dryfire's prune never looks at it"})
			continue
		}
		if !f.NameOK {
			continue
		}
		dir := parts[0] + "/" + parts[1]
		cf := dirs[dir]
		if cf == nil {
			cf = &caseFiles{dir: strings.TrimSuffix(r.Path, "/"+parts[2]), turns: map[int]map[int]bool{}}
			dirs[dir] = cf
			order = append(order, dir)
		}
		if cf.turns[r.RepeatIndex] == nil {
			cf.turns[r.RepeatIndex] = map[int]bool{}
		}
		cf.turns[r.RepeatIndex][f.NameTurn] = true
	}
	repeats := caseRepeats(w)
	for _, dir := range order {
		out = append(out, caseChecks(repeats, dirs[dir])...)
	}
	return out
}

// caseChecks finds turn gaps and missing repetitions in one case directory.
func caseChecks(repeats map[string]int, cf *caseFiles) []doctorCheck {
	var out []doctorCheck
	reps := sortedKeys(cf.turns)
	for _, rep := range reps {
		turns := sortedKeys(cf.turns[rep])
		var missing []string
		for t := 0; t < turns[len(turns)-1]; t++ {
			if !cf.turns[rep][t] {
				missing = append(missing, fmt.Sprintf("%02d", t))
			}
		}
		if len(missing) > 0 {
			what := "turn"
			if rep > 0 {
				what = fmt.Sprintf("repetition #%d turn", rep)
			}
			out = append(out, doctorCheck{Path: cf.dir, Kind: "turn gap",
				Message: fmt.Sprintf("%s %s missing (have %s): replay of that turn misses", what, strings.Join(missing, ", "), twoDigitTurns(turns))})
		}
	}
	want := reps[len(reps)-1] + 1
	if n := repeatOf(repeats, cf.dir); n > want {
		want = n
	}
	var missing []string
	for rep := 0; rep < want; rep++ {
		if cf.turns[rep] == nil {
			missing = append(missing, fmt.Sprintf("#%d", rep))
		}
	}
	if len(missing) > 0 {
		out = append(out, doctorCheck{Path: cf.dir, Kind: "repetition",
			Message: fmt.Sprintf("no recording for repetition %s (expected %d repetitions)", strings.Join(missing, ", "), want)})
	}
	return out
}

// caseRepeats indexes the replayed cases by directory: sanitised
// "<suite>/<case>" → highest repetition + 1 (nil without a replay).
func caseRepeats(w *scan.Workspace) map[string]int {
	if w.Replay == nil {
		return nil
	}
	repeats := map[string]int{}
	for _, c := range w.Replay.Cases {
		if c.Outcome == engine.OutcomeSkipped {
			continue
		}
		d := cassette.Sanitise(c.Suite) + "/" + cassette.Sanitise(c.Case)
		repeats[d] = max(repeats[d], c.RepeatIndex+1)
	}
	return repeats
}

// repeatOf returns the repeat count of the case whose directory is dir
// (relative to the root), or 0.
func repeatOf(repeats map[string]int, dir string) int {
	// Sanitised names hold no "/": dir ends with "/<suite>/<case>" exactly
	// when its last two components are those names.
	i := strings.LastIndexByte(dir, '/')
	if i < 0 {
		return 0
	}
	j := strings.LastIndexByte(dir[:i], '/')
	if j < 0 {
		return 0
	}
	return repeats[dir[j+1:]]
}

func twoDigitTurns(turns []int) string {
	s := make([]string, len(turns))
	for i, t := range turns {
		s[i] = fmt.Sprintf("%02d", t)
	}
	return strings.Join(s, ", ")
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}

func tapeChecks(w *scan.Workspace) []doctorCheck {
	var out []doctorCheck
	for _, r := range w.Recordings {
		if r.Format != format.Tape {
			continue
		}
		switch r.Status { //nolint:exhaustive // the other cases need nothing here
		case scan.KeyMismatch:
			out = append(out, doctorCheck{Path: r.Path, Kind: "tape key",
				Message: fmt.Sprintf("entry %s[%d]: %s", r.Key, r.Entry, r.Reason)})
		case scan.Empty:
			out = append(out, doctorCheck{Path: r.Path, Kind: "tape empty", Message: r.Reason})
		case scan.Invalid:
			out = append(out, doctorCheck{Path: r.Path, Kind: "tape invalid", Message: r.Reason})
		}
	}
	for _, t := range w.Tapes {
		if t.NonFinite {
			out = append(out, doctorCheck{Path: w.Rel(t.Path), Kind: "tape non-finite",
				Message: "holds NaN or Infinity tokens: Python wrote them, JavaScript's JSON.parse cannot read the tape"})
		}
	}
	return out
}

// doctorReport is what doctor found: the per-file problems of every cassette
// under the checked root and the checks across files.
type doctorReport struct {
	// Base is how the checked root is shown: relative to the project root
	// when there is one, PATH as given otherwise.
	Base string
	// Dir is the checked root, absolute.
	Dir string
	// Files is the number of recordings checked (cassettes and tapes).
	Files int
	// Problems and Notes have paths relative to the checked root; a walk
	// problem has none.
	Problems, Notes []cassette.Problem
	Checks          []doctorCheck
	// Interrupted is set when the context was cancelled during --fix: the
	// fixing stopped between two files, and the problems after are not
	// fixed.
	Interrupted bool

	// temps are the stamps of the leftover temporary files, by path
	// relative to Dir, for --fix to remove them as they were found.
	temps map[string]safefile.Stamp
}

// Remaining returns the number of problems not fixed.
func (r *doctorReport) Remaining() int {
	n := 0
	for _, p := range r.Problems {
		if !p.Fixed {
			n++
		}
	}
	return n
}

// Show returns a problem path as the report prints it: joined to Base.
func (r *doctorReport) Show(rel string) string {
	if rel == "" {
		return r.Base
	}
	return path.Join(r.Base, rel)
}

// DoctorRequest is doctor [PATH] [--fix] [--allow-outside-project]. Its
// Env's clock tells a leftover temporary file from one being written.
type DoctorRequest struct {
	Env
	// Path is PATH ("" for none): this tool's forms only.
	Path string
	// Fix rewrites, atomically, every cassette whose only problem is its
	// format, with the bytes dryfire would write, and removes the
	// temporary files of killed writes. Nothing else is touched.
	Fix bool
	// AllowOutside lets Fix change files under a cassette root outside the
	// project (AllowOutsideFlag).
	AllowOutside bool
}

// Doctor checks the integrity of the recordings of PATH, and with Fix
// repairs what can be repaired without a decision (runDoctor). Its
// outcome is Findings while problems remain, Interrupted when Ctrl-C
// stopped the fixing between two files.
func Doctor(ctx context.Context, req DoctorRequest) (Result[*report.Doctor], error) {
	rep, err := runDoctor(ctx, req)
	if err != nil {
		return failed[*report.Doctor](ctx, UsageError, err)
	}
	doc := rep.Document()
	res := Result[*report.Doctor]{Doc: doc, Outcome: outcomeIf(!doc.OK())}
	if rep.Interrupted {
		res.Outcome, res.Err = Interrupted, context.Canceled
	}
	for _, p := range rep.Problems {
		res.Changed = res.Changed || p.Fixed
	}
	return res, nil
}

// tempGrace is how long a temporary file may be a write in progress:
// younger ones are reported but not removed.
const tempGrace = time.Minute

// runDoctor checks the integrity of the recordings of PATH in one pass over
// the files: every cassette's bytes, name, keys, schema, digest and
// response (cassette.CheckFile), then the layout across files and the
// tapes (doctorChecks), and the temporary files that killed writes left
// behind. With Fix it rewrites the files whose only problem is their
// format and removes those temporary files, each only while it is still
// as read (safefile.Rewrite, safefile.Remove), never through a symbolic
// link, and only under a cassette root that is safe to change (an
// [*UnsafeRootError] says why not). A cancelled ctx stops the fixing
// between two files (doctorReport.Interrupted).
func runDoctor(ctx context.Context, o DoctorRequest) (*doctorReport, error) {
	w, err := o.open(ctx, paths(o.Path), scan.Recordings, scan.Options{Doctor: true})
	if err != nil {
		return nil, err
	}
	if o.Fix {
		if err := checkModifiable(w.Layout, o.AllowOutside); err != nil {
			return nil, err
		}
	}
	rep := doctorReportOf(w)
	tempProblems(w, rep, o.now())
	if o.Fix {
		fix(ctx, w, rep)
	}
	return rep, nil
}

// doctorRoot is the directory doctor's paths are relative to: PATH inside
// the cassette root, the cassette root of a project, PATH itself without
// one (the directory of a file).
func doctorRoot(w *scan.Workspace) string {
	switch {
	case w.IsFile:
		return filepath.Dir(w.Path)
	case w.Under != "":
		return w.Under
	case w.Project != nil:
		return w.CassetteRoot
	}
	return w.Path
}

// doctorReportOf assembles doctor's report from a workspace opened with
// scan.Options.Doctor.
func doctorReportOf(w *scan.Workspace) *doctorReport {
	root := doctorRoot(w)
	rep := &doctorReport{Base: filepath.ToSlash(filepath.Clean(w.Arg)), Dir: root}
	switch {
	case w.Project != nil:
		rep.Base = w.Rel(root)
	case w.IsFile:
		// The problems' paths are relative to the file's directory.
		rep.Base = filepath.ToSlash(filepath.Dir(filepath.Clean(w.Arg)))
	}
	for _, err := range w.WalkProblems {
		rep.Problems = append(rep.Problems, cassette.Problem{Kind: cassette.ProblemWalk, Message: err.Error()})
	}
	for _, r := range w.Recordings {
		if r.File == nil {
			continue
		}
		rep.Files++
		if r.FileCheck == nil {
			continue
		}
		rel := filepath.ToSlash(mustRel(root, r.File.Path))
		for _, p := range r.FileCheck.Problems {
			p.Path, p.Message = rel, maskText(p.Message)
			rep.Problems = append(rep.Problems, p)
		}
		for _, p := range r.FileCheck.Notes {
			p.Path, p.Message = rel, maskText(p.Message)
			rep.Notes = append(rep.Notes, p)
		}
	}
	for _, t := range w.Tapes {
		if w.IsFile || scan.Within(t.Path, w.Path) {
			rep.Files++
		}
	}
	rep.Checks = doctorChecks(w)
	if w.IsFile && w.Project == nil {
		// A file read on its own is named as its problems are: joined
		// to the directory it is in.
		for i := range rep.Checks {
			rep.Checks[i].Path = path.Join(rep.Base, rep.Checks[i].Path)
		}
	}
	return rep
}

// tempProblems reports the temporary files of killed writes under the
// checked root: fixable when older than tempGrace (a younger one may be a
// write still running, dryfire's or ours).
func tempProblems(w *scan.Workspace, rep *doctorReport, now time.Time) {
	slices.Sort(w.TempFiles)
	for _, p := range slices.Compact(w.TempFiles) {
		if !scan.Within(p, rep.Dir) {
			continue
		}
		rel := filepath.ToSlash(mustRel(rep.Dir, p))
		target, _ := safefile.IsTempName(filepath.Base(p))
		prob := cassette.Problem{Path: rel, Kind: cassette.ProblemTemp,
			Message: "temporary file of a write of " + target + " that never finished (the process was killed before renaming it)"}
		_, stamp, err := safefile.ReadInto(p, nil)
		switch {
		case err != nil:
			prob.Message += "; cannot be read: " + err.Error()
		case now.Sub(time.Unix(0, stamp.ModTime)) < tempGrace:
			prob.Message += "; written less than a minute ago, perhaps by a write still running: left alone"
		default:
			prob.Message += "; --fix removes it"
			prob.Fixable = true
			if rep.temps == nil {
				rep.temps = map[string]safefile.Stamp{}
			}
			rep.temps[rel] = stamp
		}
		rep.Problems = append(rep.Problems, prob)
	}
}

// fix rewrites the files whose one problem is their format and removes
// leftover temporary files, stopping between two files when ctx is done.
func fix(ctx context.Context, w *scan.Workspace, rep *doctorReport) {
	type fixable struct {
		data  []byte
		stamp safefile.Stamp
	}
	fixes := map[string]fixable{}
	for _, r := range w.Recordings {
		if r.FileCheck != nil && len(r.FileCheck.Problems) == 1 && r.FileCheck.Problems[0].Fixable {
			fixes[filepath.ToSlash(mustRel(rep.Dir, r.File.Path))] = fixable{r.FileCheck.Fix, r.File.Stamp}
		}
	}
	for i := range rep.Problems {
		p := &rep.Problems[i]
		if !p.Fixable {
			continue
		}
		if ctx.Err() != nil {
			rep.Interrupted = true
			return
		}
		abs := filepath.Join(rep.Dir, filepath.FromSlash(p.Path))
		if testOnlyBeforeAct != nil {
			testOnlyBeforeAct(abs)
		}
		var err error
		switch p.Kind {
		case cassette.ProblemTemp:
			err = safefile.Remove(abs, rep.temps[p.Path])
		default:
			f, ok := fixes[p.Path]
			if !ok {
				continue
			}
			// Read back and decoded again: a fix that the reader would
			// refuse is undone.
			_, err = safefile.RewriteVerified(abs, f.data, f.stamp, cassette.CheckFix)
		}
		if err != nil {
			p.Message += "; not fixed: " + safefile.Reason(err).Error()
			continue
		}
		p.Fixed = true
	}
}

func mustRel(dir, p string) string {
	r, err := filepath.Rel(dir, p)
	if err != nil {
		return p
	}
	return r
}

// maskText masks the secrets a message quotes from a file (a repeated
// object key, a body's fingerprint): doctor prints what it found wrong,
// never a secret it found it in.
func maskText(s string) string {
	return secrets.MaskValue(jsonv.StringValue(s)).Str()
}
