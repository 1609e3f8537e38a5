package cassette

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonbytes"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// ProblemKind names what [CheckFile] found wrong with a file.
type ProblemKind int

// The kinds of problems, in the order a file's problems are reported.
const (
	// ProblemWalk: a directory could not be walked or was not followed.
	ProblemWalk ProblemKind = iota
	// ProblemParse: unreadable, not UTF-8, not JSON or not a JSON object.
	ProblemParse
	// ProblemName: the file name is not <NN>-<key>.json.
	ProblemName
	// ProblemKey: the file name's key and the body's fingerprint disagree;
	// dryfire's lookup skips the file.
	ProblemKey
	// ProblemSchema: schema_version is not 1; dryfire's lookup skips the file.
	ProblemSchema
	// ProblemDigest: a complete request_digest hashes to another key.
	ProblemDigest
	// ProblemResponse: the response is missing or invalid; a replay that
	// reaches the file fails.
	ProblemResponse
	// ProblemFormat: the bytes differ from what dryfire writes for the same
	// body.
	ProblemFormat
	// ProblemDuplicate: an object repeats a key. dryfire (Python's
	// json.loads) reads the last value; rewriting the file would silently
	// drop the others, so such a file is never fixed automatically.
	ProblemDuplicate
	// ProblemTemp: the temporary file of an atomic write that was killed
	// before its rename (ours or dryfire's); fixing removes it.
	ProblemTemp
)

var problemNames = [...]string{"walk", "parse", "name", "key", "schema", "digest", "response", "format", "duplicate", "temp"}

// String returns the kind's short name, as the JSON report spells it.
func (k ProblemKind) String() string {
	if k >= 0 && int(k) < len(problemNames) {
		return problemNames[k]
	}
	return fmt.Sprintf("ProblemKind(%d)", int(k))
}

// Problem is one finding of [CheckFile] about one file.
type Problem struct {
	// Path is slash-separated and relative to the checked root ("" for the
	// root itself).
	Path    string
	Kind    ProblemKind
	Message string
	// Line and Column locate parse errors and the first format difference
	// (1-based; 0 when there is no position).
	Line, Column int
	// Fixable problems are the format problems of files that have no other
	// problem; Fixed is set when doctor --fix rewrote the file.
	Fixable, Fixed bool
}

// FileCheck is what [CheckFile] found about one file.
type FileCheck struct {
	Problems []Problem
	// Notes are observations that are not problems, such as a request
	// digest too incomplete to check (the v0.2 stub {"messages": []}).
	Notes []Problem
	// Fix is what dryfire would write for the file, set only when the
	// format is the file's one problem (Problems[0].Fixable).
	Fix []byte
}

// CheckFile checks the integrity of one dryfire cassette read by
// [LoadStore] (the arguments of [LoadOptions.OnFile]): parse errors with
// line:column, the file name, the name's key against the body's
// fingerprint, schema_version, the key recomputed from a complete
// request_digest, the response, and the bytes against what dryfire would
// write. It never writes anything.
func CheckFile(f *StoreFile, c *Cassette, data []byte) FileCheck {
	problems, notes, encoded := checkFile(f, c, data)
	return FileCheck{Problems: problems, Notes: notes, Fix: encoded}
}

// checkFile runs every check on one summarised file. encoded is what dryfire
// would write, returned only when the format is the file's one problem.
func checkFile(f *StoreFile, c *Cassette, data []byte) (problems, notes []Problem, encoded []byte) {
	add := func(k ProblemKind, format string, args ...any) {
		problems = append(problems, Problem{Path: f.Rel, Kind: k, Message: fmt.Sprintf(format, args...)})
	}
	if c == nil {
		p := Problem{Path: f.Rel, Kind: ProblemParse, Message: "unreadable"}
		var pe *jsonv.ParseError
		if errors.As(f.Err, &pe) {
			p.Line, p.Column, p.Message = pe.Line, pe.Column, pe.Err.Error()
		} else if f.Err != nil {
			p.Message = f.Err.Error()
		}
		return []Problem{p}, nil, nil
	}
	if !f.NameOK {
		add(ProblemName, "file name is not <NN>-<key>.json")
	}
	bodyKey, fpOK := c.Body.Get("fingerprint")
	switch {
	case !fpOK || bodyKey.Kind != jsonv.String:
		add(ProblemKey, "the body has no fingerprint string; dryfire's lookup never serves this file")
	case f.NameOK && bodyKey.Text != f.NameKey:
		add(ProblemKey, "file name says %s, body says %s; dryfire's lookup skips this file", f.NameKey, bodyKey.Text)
	}
	if !f.SchemaOK {
		add(ProblemSchema, "schema_version is %s, not 1; dryfire's lookup skips this file", describe(c.Body, "schema_version"))
	}
	key := f.NameKey
	if fpOK && bodyKey.Kind == jsonv.String {
		key = bodyKey.Text
	}
	// Nearly every file is in dryfire's format, which a look at its bytes
	// proves without encoding the body; the same pass takes the digest's
	// bytes without their indentation, which are then hashed (digestKey).
	bufp := formatBuffers.Get().(*[]byte)
	defer formatBuffers.Put(bufp)
	formatted, compact, found := jsonbytes.IsDryfireEncodingCompact(data, "request_digest", (*bufp)[:0])
	*bufp = compact
	if !formatted || !found {
		compact = nil
	}
	if c.partial && (compact == nil || !isASCII(compact)) {
		// The digest is hashed, or the body encoded, from their values:
		// take them whole.
		c = wholeCassette(c, data)
	}
	if note := checkDigest(c.RequestDigest, compact, key, add); note != "" {
		notes = append(notes, Problem{Path: f.Rel, Kind: ProblemDigest, Message: note})
	}
	if f.ResponseErr != nil {
		add(ProblemResponse, "%v; a replay that reaches this file fails", f.ResponseErr)
	}
	if formatted {
		return problems, notes, nil
	}
	// Encode into the pooled buffer and keep a copy only when the bytes
	// differ.
	out, err := jsonv.AppendEncode((*bufp)[:0], c.Body, jsonv.EncodeOptions{Indent: true, SortKeys: true})
	*bufp = out
	switch {
	case err != nil:
		add(ProblemFormat, "dryfire could not write this body: %v", err)
	case !bytes.Equal(out, data):
		out = bytes.Clone(out)
		off := firstDifference(out, data)
		line, col := jsonv.Position(data, off)
		problems = append(problems, Problem{Path: f.Rel, Kind: ProblemFormat, Line: line, Column: col,
			Message: "bytes differ from what dryfire writes (indent 2, sorted keys, no trailing newline)"})
		// A repeated key always changes the bytes (the encoder writes each
		// key once), so it is looked for only here.
		if dup, ok := duplicateProblem(f.Rel, data); ok {
			problems = append(problems, dup)
		}
		if len(problems) == 1 {
			encoded = fixable(&problems[0], out)
		}
	}
	return problems, notes, encoded
}

// wholeCassette is c decoded from data with nothing left out; c itself
// when data does not decode (it did once, into c).
func wholeCassette(c *Cassette, data []byte) *Cassette {
	body, err := jsonv.DecodeValidUTF8(data)
	if err != nil {
		return c
	}
	whole := &Cassette{}
	fromBody(whole, body)
	return whole
}

// fixable makes the one problem of a file, its format, fixable with the
// bytes out, unless no read could read them back: over the size limit (a
// compact file grows several times over once indented), it says so and
// stays unfixed. It returns the bytes of the fix.
func fixable(p *Problem, out []byte) []byte {
	if limit := safefile.MaxSize(); int64(len(out)) > limit {
		p.Message += fmt.Sprintf("; not fixable: in dryfire's format it would be %s, over the file size limit of %s that every read obeys (raise it with %s)",
			safefile.FormatSize(int64(len(out))), safefile.FormatSize(limit), safefile.MaxSizeEnv)
		return nil
	}
	p.Fixable = true
	return out
}

// CheckFix checks the bytes a fix wrote, as read back from the file: they
// must be a cassette a store load reads (within every limit of a read and
// of the decoder) and be what dryfire writes for its body, so that the
// file is neither invalid nor a format problem again.
func CheckFix(data []byte) error {
	c, err := Decode(data)
	if err != nil {
		return err
	}
	out, err := jsonv.AppendEncode(nil, c.Body, jsonv.EncodeOptions{Indent: true, SortKeys: true})
	switch {
	case err != nil:
		return err
	case !bytes.Equal(out, data):
		return errors.New("not in dryfire's format")
	}
	return nil
}

// duplicateProblem reports the repeated object keys of a file, at the
// first repetition.
func duplicateProblem(rel string, data []byte) (Problem, bool) {
	var keys []string
	first := -1
	_, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true, Duplicate: func(key string, off int) {
		if first < 0 {
			first = off
		}
		keys = append(keys, strconv.Quote(key))
	}})
	if err != nil || first < 0 {
		return Problem{}, false
	}
	line, col := jsonv.Position(data, first)
	const most = 5
	list := strings.Join(keys[:min(len(keys), most)], ", ")
	if len(keys) > most {
		list += fmt.Sprintf(" and %d more", len(keys)-most)
	}
	return Problem{Path: rel, Kind: ProblemDuplicate, Line: line, Column: col,
		Message: "repeated key " + list + ": dryfire reads the last value of each; a rewrite would silently drop the others, so --fix leaves this file to you"}, true
}

// digestFields are the members of a request digest that dryfire hashes;
// without all of them the digest is a stub and is not checked.
var digestFields = []string{"provider", "model", "messages", "tools", "params"}

// checkDigest recomputes the key of a complete request digest (from
// compact, its bytes in dryfire's format without indentation, when not
// nil: see digestKey). It returns a note for a digest too incomplete to
// check.
func checkDigest(digest jsonv.Value, compact []byte, key string, add func(ProblemKind, string, ...any)) string {
	if digest.Kind != jsonv.Object {
		return "incomplete digest: request_digest is not an object; key not checked"
	}
	var missing []string
	for _, k := range digestFields {
		if !digest.Has(k) {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return "incomplete digest: request_digest lacks " + strings.Join(missing, ", ") + "; key not checked"
	}
	got, err := digestKey(digest, compact)
	if err != nil {
		add(ProblemDigest, "request_digest cannot be hashed: %v", err)
		return ""
	}
	want, _, err := ParseStorageKey(key)
	if err == nil && key != "" && got != want {
		add(ProblemDigest, "request_digest hashes to %s, the key says %s", got, want)
	}
	return ""
}

// digestKey is FingerprintRequest(digest). compact, when not nil, is the
// digest as dryfire's format writes it (keys sorted) without its
// indentation: those are the bytes dryfire hashes, as long as every string
// is in NFC, which an ASCII digest is; they are hashed without encoding
// the digest again.
func digestKey(digest jsonv.Value, compact []byte) (string, error) {
	if compact == nil || !isASCII(compact) {
		return FingerprintRequest(digest)
	}
	return FingerprintBytes(compact), nil
}

func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// describe spells a member of v for a message, "missing" when absent.
func describe(v jsonv.Value, key string) string {
	x, ok := v.Get(key)
	if !ok {
		return "missing"
	}
	out, err := jsonv.Encode(x, jsonv.EncodeOptions{AllowNonFinite: true})
	if err != nil {
		return x.Kind.String()
	}
	return string(out)
}

func firstDifference(a, b []byte) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// formatBuffers hold the re-encoded bytes of the format check.
var formatBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 16<<10); return &b }}
