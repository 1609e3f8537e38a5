package ui

import (
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// problemKind is a kind of recording that asks something of the project's
// owner: the browser opens on the first one, n and N go through them, the
// header never hides their counts, and p lists them.
type problemKind struct {
	// status is the status as the workspace spells it, or "secret" for a
	// recording holding a secret, whatever its status.
	status string
	// short is the header's word when it is short of room.
	short string
	// todo says what to do about it, for the problem summary.
	todo string
}

// problemKinds are the kinds of problem, most urgent first: a secret must
// not be committed; an invalid file or a key mismatch breaks replay; a
// stale recording makes a case miss; the rest is cruft prune removes.
// The other statuses ask nothing: live and ok are fine, in use and
// protected are kept on purpose (the spec error behind a protected one is
// listed on its own), unknown cannot be simulated here, and an error
// entry is a recorded exception.
var problemKinds = []problemKind{
	{"secret", "secret", "redact it (: redact) or accept it in the baseline (: baseline)"},
	{"invalid", "invalid", "replay cannot use the file: fix it (e) or remove it"},
	{"key mismatch", "mismatch", "the stored arguments hash to neither key: re-record the tape"},
	{"stale", "stale", "the case sends another request now: fix the suite (e) or re-record"},
	{"stale schema_version", "old schema", "lookup skips it: prune removes it (space, d)"},
	{"orphaned suite", "orphaned", "no suite owns it: prune removes it (space, d)"},
	{"orphaned case", "orphaned", "no case owns it: prune removes it (space, d)"},
	{"superseded", "superseded", "replay never reads it: prune removes it (space, d)"},
	{"empty", "empty", "a tape saved with no entries: every auto run misses"},
}

// problemStatus are the statuses of problemKinds (all but "secret").
var problemStatus = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range problemKinds[1:] {
		m[k.status] = true
	}
	return m
}()

// isProblem reports whether a recording asks something of its owner.
func isProblem(it *tree.Item) bool { return it.Secrets > 0 || problemStatus[it.Status] }

// problemOf returns a predicate for the recordings of one kind.
func problemOf(kind string) func(*tree.Item) bool {
	if kind == "secret" {
		return func(it *tree.Item) bool { return it.Secrets > 0 }
	}
	return func(it *tree.Item) bool { return it.Status == kind }
}
