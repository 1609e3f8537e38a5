package gitreview

import (
	"fmt"
	"path"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/scan/source"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// WhyKind is why a recording changed over a range.
type WhyKind int

// The reasons a recording changes.
const (
	// WhyUnexplained: the review cannot say (no dryfire.yaml, a file that
	// does not decode, a suite that does not parse).
	WhyUnexplained WhyKind = iota
	// WhySuiteChange: the request the case sends at the turn changed
	// because the suites or dryfire.yaml changed over the range (Sources
	// say where).
	WhySuiteChange
	// WhyEarlierTurn: the request changed only in its messages, which
	// follow from an earlier turn's new answer.
	WhyEarlierTurn
	// WhySameRequest: no suite change; re-recorded with the same request
	// (a different answer from the provider).
	WhySameRequest
	// WhyNewCase: the case is new over the range.
	WhyNewCase
	// WhyNewTurn: the case now reaches a turn it did not reach at base.
	WhyNewTurn
	// WhyCaseRemoved: the case is gone from the suites, and its recording
	// with it.
	WhyCaseRemoved
	// WhyOrphanPruned: an orphan at base (no case of the suites read it)
	// was removed.
	WhyOrphanPruned
	// WhyPruned: a superseded or stale-schema recording at base was removed.
	WhyPruned
	// WhyReplaced: the recording was removed because a re-recording of the
	// same turn replaces it.
	WhyReplaced
	// WhyTurnDropped: the case no longer reaches the turn.
	WhyTurnDropped
	// WhyUnread: a recording added that no case of the head reads.
	WhyUnread
)

var whyNames = [...]string{
	WhyUnexplained:  "unexplained",
	WhySuiteChange:  "suite change",
	WhyEarlierTurn:  "earlier turn",
	WhySameRequest:  "same request",
	WhyNewCase:      "new case",
	WhyNewTurn:      "new turn",
	WhyCaseRemoved:  "case removed",
	WhyOrphanPruned: "orphan pruned",
	WhyPruned:       "pruned",
	WhyReplaced:     "replaced",
	WhyTurnDropped:  "turn dropped",
	WhyUnread:       "unread",
}

// String names the kind as the JSON document spells it.
func (k WhyKind) String() string {
	if k >= 0 && int(k) < len(whyNames) {
		return whyNames[k]
	}
	return fmt.Sprintf("WhyKind(%d)", int(k))
}

// Why says why a recording changed between two revisions.
type Why struct {
	Kind WhyKind
	// Lines say it, one line each, every secret masked: "tool
	// lookup_order: description changed at
	// evals/support/refund_agent.eval.yaml:10".
	Lines []string
	// Sources are the places in the head's suites and dryfire.yaml the
	// request's changes come from.
	Sources []source.Source
	// Request says what changed in the request at the recorded turn, base
	// → head, as the Diff tab says it, every secret masked.
	Request []string
	// Warning is what a reviewer should not miss: the head's replay does
	// not read a recording the change adds, or misses where a removed one
	// was read.
	Warning string
	// revealed is Request with the secrets shown.
	revealed []string
}

// RevealedRequest is Request with the secrets shown.
func (w *Why) RevealedRequest() []string { return w.revealed }

// explainRange pairs every removed recording with the re-recording that
// replaces it, then says why each change was made.
func (r *Review) explainRange() {
	byPath := map[string]*ReviewItem{}
	for _, it := range r.Items {
		byPath[it.Path] = it
	}
	newTurns := map[caseRep][]int{}
	for _, it := range r.Items {
		if it.Replaces != "" {
			if old := byPath[it.Replaces]; old != nil && old.Kind == Deleted {
				old.ReplacedBy = it.Path
			}
		}
		if isRecording(it) && it.Kind != Deleted {
			newTurns[caseRepOf(it)] = append(newTurns[caseRepOf(it)], it.Turn)
		}
	}
	x := explainer{base: r.rng.baseSide, head: r.rng.headSide, newTurns: newTurns}
	for _, it := range r.Items {
		it.Why = x.why(it)
	}
}

// explainer says why recordings changed, from the scans of both sides.
type explainer struct {
	base, head *side
	// newTurns are the turns of each case repetition with a new recording
	// over the range.
	newTurns map[caseRep][]int
}

func (x explainer) why(it *ReviewItem) *Why {
	switch {
	case !isRecording(it):
		return nil
	case !x.base.project() && !x.head.project():
		return &Why{Kind: WhyUnexplained, Lines: []string{"no " + suiteFileName + " on either side: only the suites could say why"}}
	case it.Suite == "" || it.Case == "":
		return &Why{Kind: WhyUnexplained, Lines: []string{"the recording does not say its suite and case"}}
	case it.Kind == Deleted:
		return x.removed(it)
	}
	return x.added(it)
}

// added explains a recording the head has: added, modified or moved.
func (x explainer) added(it *ReviewItem) *Why {
	cr := caseRepOf(it)
	if w := x.unparsed(cr); w != nil {
		return w
	}
	switch {
	case !x.head.has(cr.suite, cr.name):
		return &Why{Kind: WhyUnread, Lines: []string{fmt.Sprintf("no case %s reads it %s: prune removes it", caseName(cr), x.head.rev().At())}}
	case it.Kind == Renamed && !x.base.has(cr.suite, cr.name):
		return &Why{Kind: WhyNewCase, Lines: []string{fmt.Sprintf("case %s is new (moved with its recordings from %s)", caseName(cr), path.Dir(it.OldPath))},
			Warning: x.unreadAtHead(it)}
	case !x.base.has(cr.suite, cr.name):
		return &Why{Kind: WhyNewCase, Lines: []string{fmt.Sprintf("new case: %s is not in the suites %s", caseName(cr), x.base.rev().At())},
			Warning: x.unreadAtHead(it)}
	}
	headReq, judge, hr, _ := x.head.request(cr, it.Turn)
	if hr != reached {
		headReq, _ = x.head.digest(it.Path)
	}
	baseReq, _, br, at := x.base.request(cr, it.Turn)
	var note string
	if br != reached {
		prev := it.Path
		if it.Replaces != "" {
			prev = it.Replaces
		} else if it.OldPath != "" {
			prev = it.OldPath
		}
		d, ok := x.base.digest(prev)
		if !ok || it.Kind == Added && it.Replaces == "" {
			return x.newTurn(it, br, at)
		}
		baseReq, note = d, fmt.Sprintf("(compared with the recording it replaces: %s the case %s)", x.base.rev().At(), reachPhrase(br, at, it.Turn))
	}
	w := x.compare(it, cr, baseReq, headReq, judge)
	if note != "" {
		w.Lines = append(w.Lines, note)
	}
	w.Warning = x.unreadAtHead(it)
	return w
}

// newTurn explains a recording of a turn the base's replay did not reach.
func (x explainer) newTurn(it *ReviewItem, br reach, at int) *Why {
	w := &Why{Kind: WhyNewTurn, Warning: x.unreadAtHead(it)}
	switch br {
	case missedFirst:
		w.Lines = []string{fmt.Sprintf("new turn: %s the case misses at turn %02d and never gets here", x.base.rev().At(), at)}
	default:
		w.Lines = []string{fmt.Sprintf("new turn: %s the case ends before turn %02d", x.base.rev().At(), it.Turn)}
	}
	return w
}

// reachPhrase says how far a replay got, after "the case".
func reachPhrase(r reach, at, turn int) string {
	switch r { //nolint:exhaustive // a turn reached or not run needs no phrase of its own
	case missedFirst:
		return fmt.Sprintf("misses at turn %02d first", at)
	case endedFirst:
		return fmt.Sprintf("ends before turn %02d", turn)
	}
	return "was not replayed"
}

// compare explains a recording by the difference between the requests the
// case sends at its turn at base and at head.
func (x explainer) compare(it *ReviewItem, cr caseRep, baseReq, headReq jsonv.Value, judge bool) *Why {
	if baseReq.Kind != jsonv.Object || headReq.Kind != jsonv.Object {
		return &Why{Kind: WhyUnexplained, Lines: []string{"the request cannot be rebuilt at both revisions"}}
	}
	res := diff.Explain(baseReq, headReq)
	if res.Equal() {
		line := "no suite change: re-recorded with the same request"
		if it.Kind == Renamed {
			line = "no suite change: moved, with the same request"
		}
		return &Why{Kind: WhySameRequest, Lines: []string{line}}
	}
	k := x.head.ws.Masker.Learn(res.Requests())
	masked := res.Masked(func(v jsonv.Value) jsonv.Value {
		out, _ := k.Apply(v)
		return out
	})
	w := &Why{Kind: WhySuiteChange, Request: masked.Summary, revealed: res.Summary}
	e := &scan.Explanation{Suite: cr.suite, Case: cr.name, RepeatIndex: cr.rep, Turn: it.Turn, Judge: judge, Request: headReq, Result: res}
	srcs := x.head.ws.Sources(e)
	earlier := true
	for _, src := range srcs {
		if line, ok := x.conversation(src, cr, it.Turn); ok {
			w.Lines = append(w.Lines, line)
			continue
		}
		earlier = false
		w.Sources = append(w.Sources, src)
		line, _ := k.Text(fmt.Sprintf("%s %s at %s:%d", src.What, src.Kind, src.File, src.Line))
		w.Lines = append(w.Lines, line)
	}
	if earlier && len(w.Lines) > 0 {
		w.Kind = WhyEarlierTurn
	}
	if len(w.Lines) == 0 {
		w.Lines = append(w.Lines, masked.Summary...)
	}
	return w
}

// conversation says, for a change of the messages that no place in the
// suites wrote (a reply replayed from an earlier turn), which earlier turn
// was re-recorded; ok is false for any other change.
func (x explainer) conversation(src source.Source, cr caseRep, turn int) (string, bool) {
	if !strings.HasPrefix(src.Change, "messages") || !strings.HasPrefix(src.What, "case ") {
		return "", false
	}
	last := -1
	for _, t := range x.newTurns[cr] {
		if t < turn && t > last {
			last = t
		}
	}
	if last < 0 {
		return "the conversation before this turn changed (an earlier answer differs)", true
	}
	return fmt.Sprintf("follows from turn %02d, re-recorded in this range: its answer is part of this request", last), true
}

// removed explains a recording the head no longer has.
func (x explainer) removed(it *ReviewItem) *Why {
	cr := caseRepOf(it)
	rec := x.base.byPath[it.Path]
	if rec != nil {
		switch rec.Status { //nolint:exhaustive // the others are explained below
		case scan.OrphanedCase, scan.OrphanedSuite:
			return &Why{Kind: WhyOrphanPruned, Lines: []string{fmt.Sprintf("orphan pruned: no case read it %s (%s)", x.base.rev().At(), rec.Status)}}
		case scan.Superseded, scan.StaleSchema:
			return &Why{Kind: WhyPruned, Lines: []string{fmt.Sprintf("pruned: %s %s, replay did not read it", rec.Status, x.base.rev().At())}}
		}
	}
	if w := x.unparsed(cr); w != nil {
		return w
	}
	switch {
	case x.head.project() && !x.head.has(cr.suite, cr.name) && x.base.has(cr.suite, cr.name):
		return &Why{Kind: WhyCaseRemoved, Lines: []string{fmt.Sprintf("case removed: %s is not in the suites %s", caseName(cr), x.head.rev().At())}}
	case !x.head.project():
		return &Why{Kind: WhyCaseRemoved, Lines: []string{fmt.Sprintf("no %s %s: the project is gone", suiteFileName, x.head.rev().At())}}
	case it.ReplacedBy != "":
		return &Why{Kind: WhyReplaced, Lines: []string{"replaced by the re-recording " + secrets.MaskPath(path.Base(it.ReplacedBy))}}
	}
	_, _, hr, at := x.head.request(cr, it.Turn)
	switch hr { //nolint:exhaustive // reached, or not run: explained below
	case endedFirst:
		return &Why{Kind: WhyTurnDropped, Lines: []string{fmt.Sprintf("the case now ends before turn %02d", it.Turn)}}
	case missedFirst:
		return &Why{Kind: WhyTurnDropped, Lines: []string{fmt.Sprintf("removed; %s the case misses at turn %02d before it", x.head.rev().At(), at)}}
	}
	w := &Why{Kind: WhyReplaced, Lines: []string{"removed; the case reads another recording at this turn"}}
	if run := x.head.runs[cr]; run != nil {
		if miss, ok := run.Miss(); ok && miss.Turn == it.Turn {
			w.Lines = []string{"removed"}
			w.Warning = fmt.Sprintf("the case still needs this turn: %s its replay misses here (key %s)", x.head.rev().At(), miss.Key)
		}
	}
	return w
}

// unparsed is the explanation when a suite of either side does not parse
// and the case is not found: the suites cannot say.
func (x explainer) unparsed(cr caseRep) *Why {
	for _, s := range []*side{x.base, x.head} {
		if len(s.failed) > 0 && !s.has(cr.suite, cr.name) {
			return &Why{Kind: WhyUnexplained, Lines: []string{fmt.Sprintf("%s, %s does not parse: the case cannot be found", s.rev().At(), strings.Join(s.failed, ", "))}}
		}
	}
	return nil
}

// unreadAtHead warns when the head's replay does not read a recording the
// change adds: it was recorded for a request the suites at head no longer
// send (or never will).
func (x explainer) unreadAtHead(it *ReviewItem) string {
	rec := x.head.byPath[it.Path]
	if rec == nil || rec.Status == scan.Live || rec.Status == scan.InUse {
		return ""
	}
	return fmt.Sprintf("the replay %s does not read this recording: %s (%s)", x.head.rev().At(), rec.Status, rec.Reason)
}

// caseName is suite › case as a line says it, each name masked.
func caseName(cr caseRep) string {
	s := secrets.MaskPath(cr.suite) + " › " + secrets.MaskPath(cr.name)
	if cr.rep > 0 {
		s += fmt.Sprintf(" #%d", cr.rep)
	}
	return s
}
