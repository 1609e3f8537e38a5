package secrets

import (
	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// Finding is one secret in one recording. It never holds the secret itself.
type Finding struct {
	// Path is the recording, slash-separated and relative to the project
	// root (empty from [ScanValue]).
	Path string
	// JSONPath addresses the value inside the file:
	// entries.<key>[0].kwargs.api_key, response.raw.content[0].text. When
	// the secret is an object key, the key shows as its preview.
	JSONPath string
	// Rule is the ID of the rule that found it (see [Rules]).
	Rule string
	// Redacted is a preview: a few leading characters, "…", the last two.
	Redacted string
	// Hash is the hex SHA-256 of the whole secret as it appears in the
	// decoded value (a webhook URL with its scheme, a PEM block from BEGIN
	// to END), its identity in a baseline. Empty for [RuleNotScanned] and
	// [RuleNotDecoded].
	Hash string
	// Where says in user terms where the value sits ("in the recorded
	// response", "left in tape kwargs: normalize did not strip it").
	Where string
	// AffectsTests reports that redacting the value changes what a replay
	// hands to the code under test (a dryfire response, a tape result or
	// error). Redacting a request digest or tape args changes nothing a
	// test sees: those are never read back.
	AffectsTests bool
	// Line is the line of the secret in a file scanned as text ([ScanText]),
	// where there is no JSON path; 0 otherwise.
	Line int
	// Name is set for a secret in the name of the file or directory at
	// Path ([ScanName]), which has no JSON path.
	Name NamePart
	// Suppressed is set by [Baseline.Apply] for an accepted finding.
	Suppressed bool

	// legacy is the hash a baseline of version 1 recorded for the same
	// secret, when the span hashed has grown since (a webhook URL with its
	// scheme); "" when it is Hash.
	legacy string
}

// Unscanned reports whether a finding stands for a file that was not fully
// scanned (unreadable or undecodable) rather than for a secret. A baseline
// never accepts such a finding.
func (f Finding) Unscanned() bool { return f.Rule == RuleNotScanned || f.Rule == RuleNotDecoded }

// ScanValue reports every secret in v, in document order, to yield. jsonPath
// is the path of v itself ("" for a document root). Path, Where and
// AffectsTests are left empty.
func ScanValue(v jsonv.Value, jsonPath string, yield func(Finding)) {
	w := newWalker(yield)
	defer w.release()
	w.path = append(w.path, jsonPath...)
	w.value(&v, detect.KeyNone)
}

// ScanCassette reports the secrets of a dryfire cassette: request digest,
// response (raw payload included) and every other field. rel is the file's
// path relative to the project root.
func ScanCassette(rel string, c *cassette.Cassette) []Finding {
	if c == nil {
		return nil
	}
	w := newWalker(nil)
	defer w.release()
	w.collect(rel)
	w.dryfire(c.Body)
	return w.out
}

// ScanTape reports the secrets of a cassette-fn tape: args, kwargs, result
// and error of every entry, and the rest of the document.
func ScanTape(rel string, t *tape.File) []Finding {
	if t == nil {
		return nil
	}
	w := newWalker(nil)
	defer w.release()
	w.collect(rel)
	w.tape(t.Body)
	return w.out
}

// Where a finding sits, in user terms.
const (
	whereDigest   = "in the request digest"
	whereResponse = "in the recorded response"
	whereRaw      = "in the recorded response (raw provider payload)"
	whereHeader   = "in the cassette's header fields"
	whereArgs     = "left in tape args: normalize did not strip it"
	whereKwargs   = "left in tape kwargs: normalize did not strip it"
	whereResult   = "in the recorded result"
	whereError    = "in the recorded error"
	whereTapeKey  = "in a tape key"
	whereTape     = "in the tape's header fields"
)

// The findings of one file are tagged with where they sit (set with at
// as the walk moves from part to part) and collected in the walker.

// collect makes w tag the findings of the file rel and keep them in w.out.
func (w *walker) collect(rel string) { w.collecting, w.rel = true, rel }

func (w *walker) at(where string, affects bool) { w.where, w.affects = where, affects }

func (w *walker) dryfire(body jsonv.Value) {
	if body.Kind != jsonv.Object {
		w.at(whereHeader, false)
		w.value(&body, detect.KeyNone)
		return
	}
	for _, m := range body.Members {
		switch m.Key {
		case "request_digest":
			w.at(whereDigest, false)
			w.member(m)
		case "response":
			if m.Value.Kind != jsonv.Object {
				w.at(whereResponse, true)
				w.member(m)
				continue
			}
			mark := w.push(m.Key)
			for _, r := range m.Value.Members {
				where := whereResponse
				if r.Key == "raw" {
					where = whereRaw
				}
				w.at(where, true)
				w.member(r)
			}
			w.pop(mark)
		default:
			w.at(whereHeader, false)
			w.member(m)
		}
	}
}

func (w *walker) tape(body jsonv.Value) {
	entries := body.Field("entries")
	for _, m := range body.Members {
		if m.Key != "entries" || entries.Kind != jsonv.Object {
			w.at(whereTape, false)
			w.member(m)
		}
	}
	if entries.Kind != jsonv.Object {
		return
	}
	top := w.push("entries")
	for _, g := range entries.Members {
		w.at(whereTapeKey, false)
		mark := w.pushKey(g.Key)
		if g.Value.Kind != jsonv.Array {
			w.value(&g.Value, detect.KeyNone)
			w.pop(mark)
			continue
		}
		for i, e := range g.Value.Items {
			im := w.pushIndex(i)
			if e.Kind != jsonv.Object {
				w.at(whereTape, false)
				w.value(&e, detect.KeyNone)
			}
			for _, f := range e.Members {
				switch f.Key {
				case "args":
					w.at(whereArgs, false)
				case "kwargs":
					w.at(whereKwargs, false)
				case "result":
					w.at(whereResult, true)
				case "error":
					w.at(whereError, true)
				default:
					w.at(whereTape, false)
				}
				w.member(f)
			}
			w.pop(im)
		}
		w.pop(mark)
	}
	w.pop(top)
}
