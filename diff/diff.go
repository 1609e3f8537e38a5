package diff

import (
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// ChangeKind says how a value differs.
type ChangeKind int

// The kinds of change.
const (
	Changed ChangeKind = iota
	Added
	Removed
	Reordered
)

// String returns the kind's name as the JSON output spells it.
func (k ChangeKind) String() string {
	switch k {
	case Changed:
		return "changed"
	case Added:
		return "added"
	case Removed:
		return "removed"
	case Reordered:
		return "reordered"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Change is one difference between the recorded and the current request.
type Change struct {
	// Path addresses the value in the hashable request: "system",
	// "params.temperature", "tools[2].description",
	// "messages[3].tool_results[0].content.total". Added, changed and
	// reordered items use their index in the current request, removed items
	// their index in the recorded one.
	Path string
	Kind ChangeKind
	// Before and After are the recorded and current values (null for an
	// added or removed value's missing side). For a reordered item they are
	// its old and new index.
	Before, After jsonv.Value
}

// Result explains a recorded request against the current one.
type Result struct {
	// Summary holds one line per group of changes, in the user's terms.
	Summary []string
	// Changes are ordered as the hashable request: schema_version,
	// provider, model, system, messages, tools, params.
	Changes []Change
	// recorded and current are the two requests as compared, kept for
	// [Result.Unified], which only some callers print.
	recorded, current jsonv.Value
	// Incomplete is set when the recorded digest lacks fields of the
	// hashable request; Missing names them. Changes are then empty.
	Incomplete bool
	Missing    []string
	// Closest is set by callers when the recording is the closest one found
	// rather than the recording of the same turn.
	Closest bool
	// judge is set by ExplainJudge: the summary speaks the judge's terms.
	judge bool
}

// Equal reports whether there is no difference.
func (r Result) Equal() bool { return !r.Incomplete && len(r.Changes) == 0 }

// requestKeys are the members of dryfire's hashable request, in its order.
var requestKeys = []string{"schema_version", "provider", "model", "system", "messages", "tools", "params"}

// Explain compares a recorded request_digest with the current hashable
// request (as [cassette.HashableRequest] builds it).
func Explain(recorded, current jsonv.Value) Result {
	if current.Kind != jsonv.Object {
		return Result{Summary: []string{"no current request to compare with"}}
	}
	if missing := missingKeys(recorded); len(missing) > 0 {
		return Result{
			Incomplete: true,
			Missing:    missing,
			Summary:    []string{incompleteSummary(recorded, missing)},
		}
	}
	a, b := normalise(recorded), normalise(current)
	w := walker{}
	w.request(a, b)
	return Result{
		Summary:  summarise(w.changes, a, b),
		Changes:  w.changes,
		recorded: a,
		current:  b,
	}
}

// Requests returns the two requests as compared (normalised): the
// recorded one and the current one.
func (r Result) Requests() (recorded, current jsonv.Value) { return r.recorded, r.current }

// Masked returns the comparison of the two requests after mask replaced
// what must not be printed (secrets, by their masks): its summary, changes
// and unified text hold the masks. mask must give equal values equal
// masks, so that a value unchanged between the two requests stays
// unchanged and the diff still reads.
func (r Result) Masked(mask func(jsonv.Value) jsonv.Value) Result {
	if r.Incomplete || r.recorded.Kind != jsonv.Object {
		return r // the summary names fields only
	}
	a, b := mask(r.recorded), mask(r.current)
	w := walker{}
	w.request(a, b)
	m := Result{Summary: summarise(w.changes, a, b), Changes: w.changes, recorded: a, current: b, Closest: r.Closest, judge: r.judge}
	if m.judge {
		m = m.judgeSummary()
	}
	return m
}

// Unified returns a unified diff of both requests as pretty JSON (strings
// with newlines are split by line), or "" when there is nothing to show.
// It is computed on each call: most callers never print it.
func (r Result) Unified() string {
	if r.Incomplete || r.recorded.Kind != jsonv.Object {
		return ""
	}
	return unified(r.recorded, r.current)
}

func missingKeys(recorded jsonv.Value) []string {
	if recorded.Kind != jsonv.Object {
		return requestKeys
	}
	var missing []string
	for _, k := range requestKeys {
		if !recorded.Has(k) {
			missing = append(missing, k)
		}
	}
	return missing
}

func incompleteSummary(recorded jsonv.Value, missing []string) string {
	if recorded.Kind != jsonv.Object || recorded.Len() == 0 {
		return "incomplete digest: the recording stores no request, so it cannot be explained field by field"
	}
	return "incomplete digest: the recording stores only " + strings.Join(recorded.Keys(), ", ") +
		" (no " + strings.Join(missing, ", ") + "), so it cannot be explained field by field"
}

// normalise returns v in the form dryfire hashes: call ids in messages
// normalised, then NFC strings and keys, keys sorted, numbers spelled as
// Python does. A value that cannot be hashed (NaN, lone surrogates) is
// compared as written, with sorted keys.
func normalise(v jsonv.Value) jsonv.Value {
	if m, ok := v.Get("messages"); ok {
		v = v.Clone()
		v.Set("messages", cassette.NormaliseCallIDs(m))
	}
	canon, err := jsonv.Canonical(v)
	if err == nil {
		if n, err := jsonv.Decode(canon); err == nil {
			return n
		}
	}
	return sortKeys(v)
}

func sortKeys(v jsonv.Value) jsonv.Value {
	data, err := jsonv.Encode(v, jsonv.EncodeOptions{SortKeys: true, AllowNonFinite: true})
	if err != nil {
		return v
	}
	n, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true})
	if err != nil {
		return v
	}
	return n
}

// Closest returns the index of the candidate digest nearest to current:
// the one with the fewest changes, complete digests before incomplete
// ones, the first on a tie. It returns -1 when there are no candidates.
//
// Only the number of changes is computed (not the summary or the unified
// diff that [Explain] writes), the current request is normalised once, and
// a single candidate is returned without comparing it.
func Closest(current jsonv.Value, candidates []jsonv.Value) int {
	if len(candidates) == 1 {
		return 0
	}
	var b jsonv.Value
	if current.Kind == jsonv.Object {
		b = normalise(current)
	}
	best, bestScore := -1, 0
	for i, c := range candidates {
		score := 0 // no current request: every candidate compares equal
		switch {
		case current.Kind != jsonv.Object:
		case len(missingKeys(c)) > 0:
			score = 1 << 30
		default:
			w := walker{}
			w.request(normalise(c), b)
			score = len(w.changes)
		}
		if best < 0 || score < bestScore {
			best, bestScore = i, score
		}
	}
	return best
}
