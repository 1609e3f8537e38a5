package jsonbytes

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// checkFormatClaim fails when IsDryfireEncoding says data is in dryfire's
// format and encoding what data decodes to says otherwise; it returns the
// answer.
func checkFormatClaim(t *testing.T, data []byte) bool {
	t.Helper()
	v, err := jsonv.Decode(data)
	if err != nil {
		return false // IsDryfireEncoding is asked only about files that decode
	}
	ok := IsDryfireEncoding(data, nil)
	if !ok {
		return false
	}
	out, err := jsonv.EncodeDryfire(v)
	if err != nil || !bytes.Equal(out, data) {
		t.Fatalf("IsDryfireEncoding says yes, the encoder writes (err %v)\n%s\nfor\n%s", err, out, data)
	}
	checkCompactClaim(t, data, v)
	return true
}

// checkCompactClaim holds IsDryfireEncodingCompact, for each top-level
// member of v (and a name that is none), to IsDryfireEncoding's answer and
// to AppendCompact of the member's bytes.
func checkCompactClaim(t *testing.T, data []byte, v jsonv.Value) {
	t.Helper()
	values := map[string][]byte{}
	IsDryfireEncoding(data, func(k, v []byte) { values[string(k)] = v })
	keys := []string{"no such member"}
	for _, m := range v.Members {
		keys = append(keys, m.Key)
	}
	for _, k := range keys {
		ok, compact, found := IsDryfireEncodingCompact(data, k, []byte("prefix"))
		want, has := values[k]
		if !ok || found != has {
			t.Fatalf("IsDryfireEncodingCompact(%q) = %v, found %v; the member is there: %v\n%s", k, ok, found, has, data)
		}
		if wantCompact := AppendCompact([]byte("prefix"), want); !bytes.Equal(compact, wantCompact) {
			t.Fatalf("IsDryfireEncodingCompact(%q) compacts to\n%s\nAppendCompact to\n%s", k, compact, wantCompact)
		}
	}
}

// formatValues are values every spelling question of the format is asked
// about: escapes, numbers, nesting, empty containers, keys.
var formatValues = []string{
	`{}`, `[]`, `{"a": []}`, `{"a": {}}`, `[[], {}, [[]]]`, `"x"`, `0`, `-1`, `null`, `true`, `false`,
	`{"a": 1, "b": [1, 2.5, -0.0, 1e-05, 1e+16, 123456789012345678901234567890, 0.1, 780.0]}`,
	`{"s": "a\"b\\c\nd\re\tf\bg\fh\u0001i\u001fj\u007fk\/l"}`, `{"s": "\u00e9 日本 \ud83d\ude80 \u2028"}`,
	`{"": 1, " ": 2, "A": 3, "a": 4, "é": 5}`, `{"z": {"y": {"x": [{"w": "v"}]}}}`,
	`{"k\"q": 1, "k\\b": 2}`, `{"b": 1, "a": 2}`, `{"a": 1, "a": 2}`, `[1e5, 1E5, 1.50, 0.0, -0, 100.0e0]`,
}

// TestIsDryfireEncodingNeverClaimsWrongly: for what the encoder writes and
// for every one-byte edit of it (a byte changed, dropped, doubled), a yes
// is always what the encoder writes for the decoded value; and what the
// encoder writes is recognised, unless a key holds an escape.
func TestIsDryfireEncodingNeverClaimsWrongly(t *testing.T) {
	var docs [][]byte
	for _, s := range formatValues {
		v, err := jsonv.Decode([]byte(s))
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		out, err := jsonv.EncodeDryfire(v)
		if err != nil {
			continue // a value dryfire cannot write
		}
		docs = append(docs, out, []byte(s))
	}
	files, _ := filepath.Glob(filepath.Join(projectACassettes, "*/*/*.json"))
	if len(files) == 0 {
		t.Fatal("no cassettes")
	}
	for _, p := range files[:2] {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, data)
	}
	edits := []byte("x \n\"\\,:{}[]0.-eEu/")
	for _, doc := range docs {
		v, _ := jsonv.Decode(doc)
		if out, err := jsonv.EncodeDryfire(v); err == nil && bytes.Equal(out, doc) {
			if !checkFormatClaim(t, doc) && !keyHasEscape(v) {
				t.Errorf("the encoder's own output is not recognised:\n%s", doc)
			}
		}
		// Every offset of the short documents, every fifth of the cassettes.
		step := 1
		if len(doc) > 500 {
			step = 5
		}
		for i := 0; i < len(doc); i += step {
			for _, b := range edits {
				changed := bytes.Clone(doc)
				changed[i] = b
				checkFormatClaim(t, changed)
			}
			checkFormatClaim(t, append(bytes.Clone(doc[:i]), doc[i+1:]...))
			checkFormatClaim(t, append(bytes.Clone(doc[:i+1]), doc[i:]...))
		}
		checkFormatClaim(t, append(bytes.Clone(doc), '\n'))
		checkFormatClaim(t, append([]byte(" "), doc...))
	}
}

func keyHasEscape(v jsonv.Value) bool {
	switch v.Kind { //nolint:exhaustive // scalars hold no keys
	case jsonv.Array:
		for _, x := range v.Items {
			if keyHasEscape(x) {
				return true
			}
		}
	case jsonv.Object:
		for _, m := range v.Members {
			if strings.ContainsAny(m.Key, "\"\\\x00\x01\x02\x03\x04\x05\x06\x07\b\t\n\x0b\f\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f") || keyHasEscape(m.Value) {
				return true
			}
		}
	}
	return false
}

// randomValue builds a value of the shapes cassettes have, with strings
// that need every escape and numbers of every spelling.
func randomValue(r *rand.Rand, depth int) jsonv.Value {
	strs := []string{"", "a", "hello world", "quote\" back\\ nl\n tab\t", "\x01\x1f\x7f", "é", "日本", "🚀", "/", "\u2028"}
	nums := []string{"0", "1", "-3", "780", "0.5", "780.0", "1e-05", "1e+16", "-0.0", "12345678901234567890"}
	switch k := r.IntN(7); {
	case depth > 3 || k == 0:
		return jsonv.StringValue(strs[r.IntN(len(strs))] + strconv.Itoa(r.IntN(3)))
	case k == 1:
		return jsonv.Value{Kind: jsonv.Number, Text: nums[r.IntN(len(nums))]}
	case k == 2:
		return jsonv.BoolValue(r.IntN(2) == 0)
	case k == 3:
		return jsonv.NullValue()
	case k == 4:
		v := jsonv.Value{Kind: jsonv.Array, Items: []jsonv.Value{}}
		for range r.IntN(4) {
			v.Items = append(v.Items, randomValue(r, depth+1))
		}
		return v
	}
	v := jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{}}
	seen := map[string]bool{}
	for range r.IntN(5) {
		k := []string{"a", "b", "content", "role", "tool_calls", "é", "Z", "a b", "a-b", "0"}[r.IntN(10)]
		if !seen[k] {
			seen[k] = true
			v.Members = append(v.Members, jsonv.Member{Key: k, Value: randomValue(r, depth+1)})
		}
	}
	return v
}

// TestIsDryfireEncodingOfRandomValues: the encoder's output of random
// values is recognised, and its compact form is the compact encoder's,
// which is dryfire's canonical JSON for ASCII values.
func TestIsDryfireEncodingOfRandomValues(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 1))
	for range 3000 {
		v := randomValue(r, 0)
		out, err := jsonv.EncodeDryfire(v)
		if err != nil {
			t.Fatal(err)
		}
		if !checkFormatClaim(t, out) {
			t.Fatalf("not recognised:\n%s", out)
		}
		compact, err := jsonv.Encode(v, jsonv.EncodeOptions{SortKeys: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendCompact(nil, out); !bytes.Equal(got, compact) {
			t.Fatalf("AppendCompact\n%s\nwant\n%s", got, compact)
		}
		canonical, err := jsonv.Canonical(v)
		if err != nil {
			t.Fatal(err)
		}
		if isASCII(out) && !bytes.Equal(compact, canonical) {
			t.Fatalf("compact %s, canonical %s", compact, canonical)
		}
	}
}

// TestIsDryfireEncodingCompactOfRandomValues: a random value as the member
// of a cassette-like document is compacted, in the check's own pass, to
// what the compact encoder writes for it.
func TestIsDryfireEncodingCompactOfRandomValues(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 2))
	for range 3000 {
		v := randomValue(r, 0)
		doc := jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
			{Key: "fingerprint", Value: randomValue(r, 2)},
			{Key: "request_digest", Value: v},
			{Key: "response", Value: randomValue(r, 1)},
		}}
		out, err := jsonv.EncodeDryfire(doc)
		if err != nil {
			t.Fatal(err)
		}
		want, err := jsonv.Encode(v, jsonv.EncodeOptions{SortKeys: true})
		if err != nil {
			t.Fatal(err)
		}
		ok, got, found := IsDryfireEncodingCompact(out, "request_digest", nil)
		if !ok || !found || !bytes.Equal(got, want) {
			t.Fatalf("ok %v, found %v, compact\n%s\nwant\n%s\nof\n%s", ok, found, got, want, out)
		}
	}
}

// TestIsDryfireEncodingReportsTheTopMembers: each member of the top-level
// object is handed on with the bytes of its value.
func TestIsDryfireEncodingReportsTheTopMembers(t *testing.T) {
	data := []byte("{\n  \"a\": [\n    1\n  ],\n  \"b\": \"x\"\n}")
	got := map[string]string{}
	if !IsDryfireEncoding(data, func(k, v []byte) { got[string(k)] = string(v) }) {
		t.Fatal("not recognised")
	}
	if len(got) != 2 || got["a"] != "[\n    1\n  ]" || got["b"] != `"x"` {
		t.Fatalf("top members %q", got)
	}
}

// FuzzIsDryfireEncoding: a yes is always what the encoder writes.
func FuzzIsDryfireEncoding(f *testing.F) {
	for _, s := range formatValues {
		f.Add([]byte(s))
		if v, err := jsonv.Decode([]byte(s)); err == nil {
			if out, err := jsonv.EncodeDryfire(v); err == nil {
				f.Add(out)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkFormatClaim(t, data)
	})
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

const projectACassettes = "../../testdata/golden/dryfire/project-A/.dryfire/cassettes"

// BenchmarkIsDryfireEncodingCompact measures the format check with the
// digest's compaction over the real dryfire's cassettes, in bytes of the
// files per second.
func BenchmarkIsDryfireEncodingCompact(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(projectACassettes, "*/*/*.json"))
	var docs [][]byte
	size := 0
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		if ok, _, _ := IsDryfireEncodingCompact(data, "request_digest", nil); ok {
			docs = append(docs, data)
			size += len(data)
		}
	}
	if len(docs) == 0 {
		b.Fatal("no cassette in dryfire's format")
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		for _, d := range docs {
			_, buf, _ = IsDryfireEncodingCompact(d, "request_digest", buf[:0])
		}
	}
}

// TestIsDryfireEncodingReadsEveryIndentationByte: at every depth up to
// twenty (indentation read eight bytes at a time and then through a
// mask), each byte of each line's indentation is checked: a tab, a
// "!" or a NUL in its place, a space more or a space fewer, and a
// document that ends inside it, are never taken for dryfire's format.
func TestIsDryfireEncodingReadsEveryIndentationByte(t *testing.T) {
	for depth := 1; depth <= 20; depth++ {
		v := jsonv.StringValue("leaf")
		for range depth {
			v = jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{{Key: "k", Value: v}}}
		}
		doc, err := jsonv.EncodeDryfire(v)
		if err != nil {
			t.Fatal(err)
		}
		if !checkFormatClaim(t, doc) {
			t.Fatalf("depth %d: the encoder's output is not recognised:\n%s", depth, doc)
		}
		for i, c := range doc {
			if c != ' ' {
				continue
			}
			for _, b := range []byte("\t!\x00") {
				changed := bytes.Clone(doc)
				changed[i] = b
				if IsDryfireEncoding(changed, nil) {
					t.Fatalf("depth %d: %q at offset %d is taken for indentation:\n%s", depth, b, i, changed)
				}
			}
			if IsDryfireEncoding(append(bytes.Clone(doc[:i]), doc[i+1:]...), nil) {
				t.Fatalf("depth %d: a space fewer at offset %d is taken for dryfire's format", depth, i)
			}
			if IsDryfireEncoding(append(bytes.Clone(doc[:i+1]), doc[i:]...), nil) {
				t.Fatalf("depth %d: a space more at offset %d is taken for dryfire's format", depth, i)
			}
			if IsDryfireEncoding(doc[:i+1], nil) {
				t.Fatalf("depth %d: the document cut at offset %d is taken for dryfire's format", depth, i+1)
			}
		}
	}
}

// TestShortReprAgreesWithRepr: every float literal the glance at its
// digits (shortRepr) takes for Python's repr is what AppendPyFloat, the
// spelling of repr, writes for the float it reads as; and the glance
// takes the short decimals recordings hold. The literals are random
// (every length of integer and fraction up to 18 digits, leading zeros,
// trailing zeros, signs) and the edges of the rule.
func TestShortReprAgreesWithRepr(t *testing.T) {
	lits := []string{"0.0", "-0.0", "1.0", "0.7", "435.73", "250.0", "0.0001", "0.00001", "0.000123", "0.00010",
		"123456789012345.0", "1234567890123456.0", "12345678901234.5", "123456789012345.6", "0.123456789012345",
		"0.1234567890123456", "0.000123456789012345", "9007199254740993.0", "00.5", "0.50", "1.", ".5", "1e5", "1.5e3", "-12.25"}
	r := rand.New(rand.NewPCG(29, 3))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
			if r.IntN(4) == 0 {
				b[i] = '0' // runs of zeros, as in 0.0001 and 100.0
			}
		}
		return string(b)
	}
	for range 200000 {
		lit := digits(1+r.IntN(18)) + "." + digits(1+r.IntN(18))
		if r.IntN(2) == 0 {
			lit = "-" + lit
		}
		lits = append(lits, lit)
	}
	taken := 0
	for _, lit := range lits {
		if !shortRepr([]byte(lit)) {
			continue
		}
		taken++
		f, err := strconv.ParseFloat(lit, 64)
		if err != nil {
			t.Fatalf("%s: %v", lit, err)
		}
		if got := string(jsonv.AppendPyFloat(nil, f)); got != lit {
			t.Errorf("shortRepr takes %s for repr, which spells it %s", lit, got)
		}
	}
	for _, lit := range []string{"0.0", "-0.0", "1.0", "0.7", "435.73", "250.0", "0.0001", "0.000123", "123456789012345.0", "-12.25"} {
		if !shortRepr([]byte(lit)) {
			t.Errorf("shortRepr does not take %s, which is repr's spelling", lit)
		}
	}
	if taken < 1000 {
		t.Errorf("shortRepr took only %d of the random literals", taken)
	}
}
