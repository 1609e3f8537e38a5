package scan

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// The unrecorded turns: what replay asks for that no file answers and no
// file of the case's own turn stands in for (that one would be stale). A
// new case is the commonest: none of its turns is recorded, and replay
// misses at its first. They are rows, not files: Workspace.Unrecorded.

// recordedTurns is which turns of which case repetitions have a file in
// their case directory, whatever its status.
type recordedTurns struct {
	// have holds servedKey(dir, repetition, turn) of every such file.
	have map[string]bool
	// last is the highest turn recorded of each dir#repetition.
	last map[string]int
}

// recorded indexes the store's files under a <suite>/<case>/ directory.
func (w *Workspace) recorded() recordedTurns {
	t := recordedTurns{have: map[string]bool{}, last: map[string]int{}}
	for _, f := range w.Store.Files {
		dir := caseDirOf(f.Rel)
		r := w.byFile[f]
		if dir == "" || r == nil || strings.Count(f.Rel, "/") != 2 {
			continue
		}
		t.have[servedKey(dir, r.RepeatIndex, r.Turn)] = true
		rep := dir + "#" + strconv.Itoa(r.RepeatIndex)
		if last, ok := t.last[rep]; !ok || r.Turn > last {
			t.last[rep] = r.Turn
		}
	}
	return t
}

// findUnrecorded lists a row for every missed visit replay would have to
// explain (the loop's miss, or a judge's) whose turn has no file in its
// case directory: the index of recorded turns is built only when some
// case misses.
func (w *Workspace) findUnrecorded(c *classifier) {
	var turns *recordedTurns
	for i := range w.Replay.Cases {
		res := &w.Replay.Cases[i]
		if res.Outcome != engine.OutcomeMiss {
			continue
		}
		dir := cassette.Sanitise(res.Suite) + "/" + cassette.Sanitise(res.Case)
		for _, v := range missesToExplain(res) {
			if v.File != nil {
				continue // a file answers but cannot be used: it is listed as such
			}
			if turns == nil {
				t := w.recorded()
				turns = &t
			}
			at := servedKey(dir, res.RepeatIndex, v.Turn)
			if turns.have[at] {
				continue // the file of that turn is the stale recording
			}
			r := w.unrecordedRow(res, v, turns.lastOf(dir, res.RepeatIndex))
			r.Miss = c.explained[at]
			if w.Lists(filepath.Join(w.Root, filepath.FromSlash(r.RecordPath))) {
				w.Unrecorded = append(w.Unrecorded, r)
			}
		}
	}
}

// lastOf is the highest turn recorded of a case repetition, or -1.
func (t recordedTurns) lastOf(dir string, rep int) int {
	if last, ok := t.last[dir+"#"+strconv.Itoa(rep)]; ok {
		return last
	}
	return -1
}

// unrecordedRow is the row of a missed visit no file answers; last is
// the highest turn recorded of its repetition (-1 for none).
func (w *Workspace) unrecordedRow(res *engine.CaseResult, v *engine.Visit, last int) *Recording {
	rel := cassette.RelPath(res.Suite, res.Case, v.Turn, v.Key)
	r := &Recording{Format: format.Dryfire, Suite: res.Suite, Case: res.Case, Turn: v.Turn, RepeatIndex: res.RepeatIndex,
		Key: v.Key, Status: Unrecorded, Entry: -1, RecordPath: w.rel(filepath.Join(w.Store.Root, filepath.FromSlash(rel)))}
	r.Reason = secrets.MaskNames(unrecordedReason(res, v, last))
	return r
}

// unrecordedReason says which turn is missing and how it is recorded.
func unrecordedReason(res *engine.CaseResult, v *engine.Visit, last int) string {
	const fix = "; run --cassette-mode auto records it"
	turn := fmt.Sprintf("turn %d", v.Turn)
	if v.Judge {
		turn = fmt.Sprintf("the judge's call (turn %d)", v.Turn)
	}
	who := caseRef(res)
	switch {
	case last < 0 && res.RepeatIndex > 0:
		return fmt.Sprintf("repetition #%d never recorded: replay of %s asks for %s and no file answers%s", res.RepeatIndex, who, turn, fix)
	case last < 0:
		return fmt.Sprintf("case never recorded: replay of %s asks for %s and no file answers%s", who, turn, fix)
	case v.Turn > last:
		return fmt.Sprintf("replay of %s reaches %s, past the last one recorded (turn %d): no file answers%s", who, turn, last, fix)
	}
	return fmt.Sprintf("replay of %s asks for %s, which has no recording%s", who, turn, fix)
}
