// Package problems holds what the browser calls a problem: the kinds of
// recording that ask something of the project's owner, most urgent first;
// the walk n and N make through them, one kind at a time or all in tree
// order; and the summary p opens. It reads and moves a tree.Model and
// returns what the page should show (the tab that explains, the status
// line); the page keeps the state it owns and applies the step.
package problems

import (
	"fmt"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// Kind is a kind of recording that asks something of the project's
// owner: the browser opens on the first one, n and N go through them, the
// header never hides their counts, and p lists them.
type Kind struct {
	// Status is the status as the workspace spells it, or "secret" for a
	// recording holding a secret, whatever its status.
	Status string
	// Short is the header's word when it is short of room.
	Short string
	// Todo says what to do about it, for the problem summary.
	Todo string
}

// Kinds are the kinds of problem, most urgent first: a secret must
// not be committed; an invalid file or a key mismatch breaks replay; a
// stale recording makes a case miss, and so does a turn never recorded
// (a new case); the rest is cruft prune removes.
// The other statuses ask nothing: live and ok are fine, in use and
// protected are kept on purpose (the spec error behind a protected one is
// listed on its own), unknown cannot be simulated here, and an error
// entry is a recorded exception.
var Kinds = []Kind{
	{"secret", "secret", "redact it (: redact) or accept it in the baseline (: baseline)"},
	{"invalid", "invalid", "replay cannot use the file: fix it (e) or remove it"},
	{"key mismatch", "mismatch", "the stored arguments hash to neither key: re-record the tape"},
	{"stale", "stale", "the case sends another request now: fix the suite (e) or re-record"},
	{"unrecorded", "unrecorded", "replay asks for a turn no file answers: record it (w)"},
	{"stale schema_version", "old schema", "lookup skips it: prune removes it (space, d)"},
	{"orphaned suite", "orphaned", "no suite owns it: prune removes it (space, d)"},
	{"orphaned case", "orphaned", "no case owns it: prune removes it (space, d)"},
	{"superseded", "superseded", "replay never reads it: prune removes it (space, d)"},
	{"empty", "empty", "a tape saved with no entries: every auto run misses"},
}

// problemStatus are the statuses of Kinds (all but "secret"), and
// problemIndex their place in it.
var problemStatus, problemIndex = func() (map[string]bool, map[string]int) {
	m, idx := map[string]bool{}, map[string]int{}
	for i, k := range Kinds[1:] {
		m[k.Status] = true
		idx[k.Status] = i + 1
	}
	return m, idx
}()

// IsStatus reports whether recordings of status st are a problem
// ("secret" is not a status: a recording of any status can hold one).
func IsStatus(st string) bool { return problemStatus[st] }

// Is reports whether a recording asks something of its owner.
func Is(it *tree.Item) bool { return it.Secrets > 0 || problemStatus[it.Status] }

// Of returns a predicate for the recordings of one kind.
func Of(kind string) func(*tree.Item) bool {
	if kind == "secret" {
		return func(it *tree.Item) bool { return it.Secrets > 0 }
	}
	return func(it *tree.Item) bool { return it.Status == kind }
}

// Present are the kinds of problem among the recordings shown, most
// urgent first: from the tree's counts, or, with a filter on, one pass
// over the recordings it shows.
func Present(t tree.Model) []Kind {
	var has [16]bool
	if !filtered(t) {
		counts := t.Counts()
		for i, k := range Kinds {
			has[i] = counts[k.Status] > 0 || k.Status == "secret" && t.SecretRecordings() > 0
		}
		return kindsWith(has[:])
	}
	t.Each(func(it *tree.Item) {
		if it.Secrets > 0 {
			has[0] = true
		}
		if i, ok := problemIndex[it.Status]; ok {
			has[i] = true
		}
	})
	return kindsWith(has[:])
}

// filtered reports whether a filter hides some of the recordings.
func filtered(t tree.Model) bool { return t.Filter() != "" || t.StatusFilter() != "" }

// kindsWith are the problem kinds whose place in Kinds is set in has.
func kindsWith(has []bool) []Kind {
	var out []Kind
	for i, k := range Kinds {
		if has[i] {
			out = append(out, k)
		}
	}
	return out
}

// kindOf is the most urgent kind of problem a recording is (the zero
// kind for one that is none).
func kindOf(it tree.Item) Kind {
	for _, k := range Kinds {
		if Of(k.Status)(&it) {
			return k
		}
	}
	return Kind{}
}

// needAttention says how many problems there are: n rows, u of them
// unrecorded turns, which are no recordings, so that the count then says
// problems ("9 problems need attention"), not recordings.
func needAttention(n, u int) string {
	if u == 0 {
		return frame.Plural(n, "1 recording needs attention", "%d recordings need attention")
	}
	return frame.Plural(n, "1 problem needs attention", "%d problems need attention")
}

// CalmSummary counts the statuses of a project with no problem:
// "12 recordings: 10 live, 2 in use".
func CalmSummary(t tree.Model) string {
	var parts []string
	counts := t.Counts()
	for _, st := range tree.StatusOrder() {
		if n := counts[st]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, st))
		}
	}
	return fmt.Sprintf("%s: %s", frame.Count(t.Len(), "recording"), strings.Join(parts, ", "))
}

// explainingTab is the tab that shows what is wrong with a recording, as
// a problem of kind k: the findings of a secret, the diff of a stale
// recording, the stored arguments a tape's key is computed from (and the
// request of a turn never recorded), the file
// as it is for one replay cannot read (invalid, an old schema_version, an
// empty tape), and the response otherwise (the reason above it says why
// prune removes it).
func explainingTab(k Kind, it tree.Item) detail.Tab {
	switch k.Status {
	case "secret":
		return detail.TabSecrets
	case "stale":
		return detail.TabDiff
	case "key mismatch", "unrecorded":
		return detail.TabRequest
	case "invalid", "stale schema_version", "empty":
		return detail.TabRaw
	}
	if it.Secrets > 0 {
		return detail.TabSecrets
	}
	return detail.TabResponse
}
