package secrets

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// Placeholder returns the text that replaces a secret found by rule.
func Placeholder(rule string) string { return "[REDACTED:" + rule + "]" }

// RedactValue returns v with every secret replaced by [Placeholder] of its
// rule, and the number of secrets replaced. keep, when not nil, spares the
// secrets it returns true for (a baseline's accepted findings). v itself is
// not modified; unchanged subtrees are shared.
func RedactValue(v jsonv.Value, keep func(rule, hash string) bool) (jsonv.Value, int) {
	r := redactor{keep: keep}
	out := r.value(v, detect.KeyNone)
	return out, r.n
}

type redactor struct {
	keep func(rule, hash string) bool
	// with, when set, is what replaces a secret (a mask); Placeholder of its
	// rule otherwise.
	with func(s string, m detect.Match) string
	// known are more secrets to replace wherever they appear (a Masker's).
	known *knownSet
	// learn, when set, is told every secret found, and nothing is
	// replaced: the walk of [Masker.Learn].
	learn   func(s string, m detect.Match)
	n       int
	matches []detect.Match
}

// value redacts v, which sits under a name of kind k. The walker and the
// redactor share itemKind, shapeOf and stringMatches: what a scan reports
// is exactly what is replaced.
func (r *redactor) value(v jsonv.Value, k detect.KeyKind) jsonv.Value {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.String:
		if s, ok := r.str(v.Text, k); ok {
			return jsonv.StringValue(s)
		}
	case jsonv.Array:
		var items []jsonv.Value
		for i := range v.Items {
			x := r.value(v.Items[i], itemKind(v.Items, i, k))
			if items == nil && !sameString(x, v.Items[i]) {
				items = slices.Clone(v.Items)
			}
			if items != nil {
				items[i] = x
			}
		}
		if items != nil {
			return jsonv.Value{Kind: jsonv.Array, Items: items}
		}
	case jsonv.Object:
		return r.object(v, detect.KeyNone)
	}
	return v
}

func (r *redactor) object(v jsonv.Value, inherited detect.KeyKind) jsonv.Value {
	sh := shapeOf(v.Members)
	var members []jsonv.Member
	for i, m := range v.Members {
		key, keyChanged := r.str(m.Key, detect.KeyNone)
		var x jsonv.Value
		if m.Value.Kind == jsonv.Object {
			x = r.object(m.Value, sh.childInherited(m))
		} else {
			x = r.value(m.Value, sh.memberKind(m, inherited))
		}
		if members == nil && (keyChanged || !sameString(x, m.Value)) {
			members = slices.Clone(v.Members)
		}
		if members != nil {
			if !keyChanged {
				key = m.Key
			}
			members[i] = jsonv.Member{Key: key, Value: x}
		}
	}
	if members != nil {
		return jsonv.Value{Kind: jsonv.Object, Members: members}
	}
	return v
}

// sameString reports whether x is v unchanged: the redactor returns its
// input as is when nothing was replaced, so comparing strings and slice
// identity is enough.
func sameString(x, v jsonv.Value) bool {
	if x.Kind != v.Kind || x.Text != v.Text || len(x.Items) != len(v.Items) || len(x.Members) != len(v.Members) {
		return false
	}
	if len(x.Items) > 0 && &x.Items[0] != &v.Items[0] {
		return false
	}
	if len(x.Members) > 0 && &x.Members[0] != &v.Members[0] {
		return false
	}
	return true
}

// str redacts one string that sits under a name of kind k.
func (r *redactor) str(s string, k detect.KeyKind) (string, bool) {
	r.matches = stringMatches(s, k, r.matches[:0])
	r.matches = r.known.appendMatches(s, r.matches)
	if len(r.matches) == 0 {
		return s, false
	}
	if r.learn != nil {
		for _, m := range r.matches {
			r.learn(s, m)
		}
		return s, false
	}
	var spare func(detect.Match) bool
	if r.keep != nil {
		spare = func(m detect.Match) bool { return r.kept(s, m) }
	}
	// Room for the text and a mask of each secret: growing it as it goes
	// would copy a string of many secrets over and over.
	b, n := replaceMatches(make([]byte, 0, len(s)+64*len(r.matches)), s, r.matches, spare, func(m detect.Match) string {
		if r.with != nil {
			return r.with(s, m)
		}
		return Placeholder(m.Rule)
	})
	if n == 0 {
		return s, false
	}
	r.n += n
	return string(b), true
}

// kept asks keep about a secret, under its hash and, for a secret whose
// hashed span has grown since baselines of version 1, its old hash.
func (r *redactor) kept(s string, m detect.Match) bool {
	if r.keep == nil {
		return false
	}
	f := newFinding(s, m, false)
	return r.keep(m.Rule, f.Hash) || f.legacy != "" && r.keep(m.Rule, f.legacy)
}

// Redaction is what [RedactFile] did to one file.
type Redaction struct {
	// Path is the file as given to RedactFile.
	Path string
	// Format is format.Dryfire or format.Tape.
	Format format.Kind
	// Replaced is the number of secrets replaced.
	Replaced int
	// Dialect is the tape writer whose format was kept ("js" or "python").
	Dialect string
}

// ErrNotRecording means a file is neither a dryfire cassette nor a tape.
var ErrNotRecording = errors.New("not a dryfire cassette or a cassette-fn tape")

// RedactFile replaces every secret in the recording at path with
// [Placeholder] of its rule (except those keep spares) and writes the file
// back atomically in its own canonical format (see [Redact]). A file
// without secrets is not touched; a file changed between the read and the
// write is left as it is, and so is a symbolic link (safefile.Rewrite).
func RedactFile(path string, keep func(rule, hash string) bool) (Redaction, error) {
	data, stamp, err := safefile.ReadInto(path, nil)
	if err != nil {
		return Redaction{}, err
	}
	out, res, err := Redact(data, keep)
	res.Path = path
	if err != nil {
		return res, jsonv.WithPath(path, err)
	}
	if res.Replaced == 0 {
		return res, nil
	}
	_, err = safefile.Rewrite(path, out, stamp)
	return res, err
}

// Redact returns the bytes of a recording with every secret replaced by
// [Placeholder] of its rule (except those keep spares), in the recording's
// own canonical format: dryfire's json.dumps form for a cassette, the
// writer's dialect (JavaScript or Python) for a tape. The result is checked
// to re-encode to the same bytes. out is nil when nothing was replaced.
func Redact(data []byte, keep func(rule, hash string) bool) (out []byte, res Redaction, err error) {
	if format.Detect(data) == format.Tape {
		res.Format = format.Tape
		out, res.Replaced, res.Dialect, err = redactTape(data, keep)
	} else {
		res.Format = format.Dryfire
		out, res.Replaced, err = redactDryfire(data, keep)
	}
	return out, res, err
}

func redactDryfire(data []byte, keep func(rule, hash string) bool) ([]byte, int, error) {
	c, err := cassette.Decode(data)
	if err != nil {
		return nil, 0, err
	}
	if !c.Body.Has("response") && !c.Body.Has("request_digest") && !c.Body.Has("fingerprint") {
		return nil, 0, ErrNotRecording
	}
	body, n := RedactValue(c.Body, keep)
	if n == 0 {
		return nil, 0, nil
	}
	out, err := jsonv.EncodeDryfire(body)
	if err != nil {
		return nil, 0, err
	}
	// The written file must be what dryfire itself would write for it.
	back, err := cassette.Decode(out)
	if err != nil {
		return nil, 0, fmt.Errorf("redacted cassette does not decode: %w", err)
	}
	if again, err := back.Encode(); err != nil || !bytes.Equal(again, out) {
		return nil, 0, errors.New("redacted cassette is not canonical")
	}
	return out, n, nil
}

func redactTape(data []byte, keep func(rule, hash string) bool) ([]byte, int, string, error) {
	t, err := tape.Decode(data)
	if err != nil {
		return nil, 0, "", err
	}
	d := tapeDialect(t, data)
	body, n := RedactValue(t.Body, keep)
	if n == 0 {
		return nil, 0, d.String(), nil
	}
	opts := jsonv.EncodeOptions{Dialect: d, Indent: true, AllowNonFinite: true}
	draft, err := jsonv.Encode(body, opts)
	if err != nil {
		return nil, 0, d.String(), err
	}
	t2, err := tape.Decode(draft)
	if err != nil {
		return nil, 0, d.String(), fmt.Errorf("redacted tape does not decode: %w", err)
	}
	out, err := t2.Encode(d)
	if err != nil {
		if !t.NonFinite {
			return nil, 0, d.String(), err
		}
		// Python writes NaN and Infinity bare; the tape encoder refuses to,
		// so keep the file as the Python writer had it.
		out = draft
	}
	return out, n, d.String(), nil
}

// tapeDialect tells which writer produced a tape: the dialect whose encoding
// reproduces the bytes, else Python when there are keyword arguments or bare
// NaN (only the Python port writes those), else JavaScript.
func tapeDialect(t *tape.File, data []byte) jsonv.Dialect {
	for _, d := range []jsonv.Dialect{jsonv.JS, jsonv.Python} {
		if out, err := t.Encode(d); err == nil && bytes.Equal(out, data) {
			return d
		}
	}
	if t.NonFinite {
		return jsonv.Python
	}
	for _, g := range t.Keys {
		for _, e := range g.Entries {
			if e.HasKwargs {
				return jsonv.Python
			}
		}
	}
	return jsonv.JS
}
