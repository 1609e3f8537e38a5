package workspace

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
)

// Check is one finding of [Workspace.DoctorChecks]: a problem of the
// layout or of a tape rather than of one cassette's bytes.
type Check struct {
	// Path is relative to the workspace root, slash-separated.
	Path string
	// Kind is "layout", "turn gap", "repetition", "tape key", "tape empty",
	// "tape non-finite" or "tape invalid".
	Kind    string
	Message string
}

// DoctorChecks looks for problems across files: turn gaps in a case
// directory (00 and 02 with no 01), missing repetitions, cassettes outside
// the <suite>/<case>/ layout, and tapes whose keys do not match their
// arguments, that are empty, that hold NaN/Infinity tokens or that cannot
// be read.
func (w *Workspace) DoctorChecks() []Check {
	var out []Check
	out = append(out, w.layoutChecks()...)
	out = append(out, w.tapeChecks()...)
	return out
}

// caseFiles are the turns of each repetition in one case directory.
type caseFiles struct {
	dir   string
	turns map[int]map[int]bool // repetition → turns present
}

func (w *Workspace) layoutChecks() []Check {
	var out []Check
	dirs := map[string]*caseFiles{}
	var order []string
	for _, r := range w.Recordings {
		f := r.File
		if f == nil {
			continue
		}
		parts := strings.Split(f.Rel, "/")
		if len(parts) != 3 {
			out = append(out, Check{Path: r.Path, Kind: "layout",
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
	for _, dir := range order {
		out = append(out, w.caseChecks(dirs[dir])...)
	}
	return out
}

// caseChecks finds turn gaps and missing repetitions in one case directory.
func (w *Workspace) caseChecks(cf *caseFiles) []Check {
	var out []Check
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
			out = append(out, Check{Path: cf.dir, Kind: "turn gap",
				Message: fmt.Sprintf("%s %s missing (have %s): replay of that turn misses", what, strings.Join(missing, ", "), twoDigitTurns(turns))})
		}
	}
	want := reps[len(reps)-1] + 1
	if n := w.repeatOf(cf.dir); n > want {
		want = n
	}
	var missing []string
	for rep := 0; rep < want; rep++ {
		if cf.turns[rep] == nil {
			missing = append(missing, fmt.Sprintf("#%d", rep))
		}
	}
	if len(missing) > 0 {
		out = append(out, Check{Path: cf.dir, Kind: "repetition",
			Message: fmt.Sprintf("no recording for repetition %s (expected %d repetitions)", strings.Join(missing, ", "), want)})
	}
	return out
}

// repeatOf returns the repeat count of the case whose directory is dir
// (relative to the root), or 0.
func (w *Workspace) repeatOf(dir string) int {
	if w.Replay == nil {
		return 0
	}
	if w.repeats == nil {
		// Index once: sanitised "<suite>/<case>" → highest repetition + 1.
		w.repeats = map[string]int{}
		for _, c := range w.Replay.Cases {
			if c.Outcome == engine.OutcomeSkipped {
				continue
			}
			d := cassette.Sanitise(c.Suite) + "/" + cassette.Sanitise(c.Case)
			w.repeats[d] = max(w.repeats[d], c.RepeatIndex+1)
		}
	}
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
	return w.repeats[dir[j+1:]]
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

func (w *Workspace) tapeChecks() []Check {
	var out []Check
	for _, r := range w.Recordings {
		if r.Format != "tape" {
			continue
		}
		switch r.Status {
		case KeyMismatch:
			out = append(out, Check{Path: r.Path, Kind: "tape key",
				Message: fmt.Sprintf("entry %s[%d]: %s", r.Key, r.Entry, r.Reason)})
		case Empty:
			out = append(out, Check{Path: r.Path, Kind: "tape empty", Message: r.Reason})
		case Invalid:
			out = append(out, Check{Path: r.Path, Kind: "tape invalid", Message: r.Reason})
		}
	}
	for _, t := range w.Tapes {
		if t.NonFinite {
			out = append(out, Check{Path: w.rel(t.Path), Kind: "tape non-finite",
				Message: "holds NaN or Infinity tokens: Python wrote them, JavaScript's JSON.parse cannot read the tape"})
		}
	}
	return out
}
