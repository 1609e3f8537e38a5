package cassette

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

const goldenDir = "../testdata/golden/dryfire"

// readJSONLines decodes every line of a JSON Lines file with the ordered
// decoder.
func readJSONLines(t testing.TB, path string) []jsonv.Value {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []jsonv.Value
	for i, line := range bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n")) {
		v, err := jsonv.Decode(line)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		out = append(out, v)
	}
	return out
}

func readGoldenJSON(t testing.TB, name string) jsonv.Value {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(goldenDir, name))
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonv.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestFingerprintsGolden checks every line of dryfire's own fingerprints:
// the canonical JSON byte for byte and the key.
func TestFingerprintsGolden(t *testing.T) {
	t.Parallel()
	lines := readJSONLines(t, filepath.Join(goldenDir, "fingerprints.jsonl"))
	if len(lines) < 100 {
		t.Fatalf("only %d golden lines", len(lines))
	}
	for _, line := range lines {
		name := line.Field("name").Str()
		args := line.Field("hash_args")
		req, err := HashableRequest(args)
		if err != nil {
			t.Errorf("%s: HashableRequest: %v", name, err)
			continue
		}
		canon, err := jsonv.Canonical(req)
		if err != nil {
			t.Errorf("%s: Canonical: %v", name, err)
			continue
		}
		if want := line.Field("canonical").Str(); string(canon) != want {
			t.Errorf("%s: canonical\n got %s\nwant %s", name, canon, want)
		}
		key, err := Fingerprint(args)
		if want := line.Field("fingerprint").Str(); err != nil || key != want {
			t.Errorf("%s: Fingerprint = %s, %v; want %s", name, key, err, want)
		}
	}
}

// TestFingerprintProjectARequests checks every request project-A's replay
// hashes.
func TestFingerprintProjectARequests(t *testing.T) {
	t.Parallel()
	lines := readJSONLines(t, filepath.Join(goldenDir, "project-A", "requests.jsonl"))
	for i, line := range lines {
		key, err := Fingerprint(line.Field("hash_args"))
		want := line.Field("fingerprint").Str()
		if want == "" {
			want = line.Field("key").Str()
		}
		if err != nil || key != want {
			t.Errorf("request %d: Fingerprint = %s, %v; want %s", i, key, err, want)
		}
	}
}

// TestFingerprintErrorsGolden checks that the inputs dryfire refuses to hash
// are refused. They are Python literals; pyLiteral reads them.
func TestFingerprintErrorsGolden(t *testing.T) {
	t.Parallel()
	cases := readGoldenJSON(t, "fingerprint-errors.json")
	if cases.Len() == 0 {
		t.Fatal("no cases")
	}
	for _, c := range cases.Items {
		name := c.Field("name").Str()
		args, err := pyLiteral(c.Field("python_literal").Str())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, err = Fingerprint(args)
		want := jsonv.ErrNonFinite
		if strings.Contains(c.Field("error").Str(), "surrogates not allowed") {
			want = jsonv.ErrLoneSurrogate
		}
		if !errors.Is(err, want) {
			t.Errorf("%s: Fingerprint error = %v, want %v", name, err, want)
		}
	}
}

func TestSanitiseProbes(t *testing.T) {
	t.Parallel()
	probes := readGoldenJSON(t, "semantics-probes.json")
	for _, p := range probes.Field("sanitise").Items {
		name, want := p.Field("name").Str(), p.Field("sanitised").Str()
		if got := Sanitise(name); got != want {
			t.Errorf("Sanitise(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestStorageKeyProbes(t *testing.T) {
	t.Parallel()
	probes := readGoldenJSON(t, "semantics-probes.json")
	for _, p := range probes.Field("storage_key").Items {
		fp := p.Field("fingerprint").Str()
		rep, _ := p.Field("repeat_index").Int()
		key := StorageKey(fp, int(rep))
		if want := p.Field("key").Str(); key != want {
			t.Errorf("StorageKey(%s, %d) = %s, want %s", fp, rep, key, want)
		}
		gotFP, gotRep, err := ParseStorageKey(key)
		parsed := p.Field("parsed")
		wantRep, _ := parsed.Items[1].Int()
		if err != nil || gotFP != parsed.Items[0].Str() || int64(gotRep) != wantRep {
			t.Errorf("ParseStorageKey(%s) = %s, %d, %v", key, gotFP, gotRep, err)
		}
	}
	for _, p := range probes.Field("parse_storage_key_odd").Items {
		key := p.Field("key").Str()
		fp, rep, err := ParseStorageKey(key)
		parsed := p.Field("parsed")
		if parsed.Kind == jsonv.Object {
			if err == nil {
				t.Errorf("ParseStorageKey(%q) = %q, %d; want an error", key, fp, rep)
			}
			continue
		}
		wantRep, _ := parsed.Items[1].Int()
		if err != nil || fp != parsed.Items[0].Str() || int64(rep) != wantRep {
			t.Errorf("ParseStorageKey(%q) = %q, %d, %v; want %v", key, fp, rep, err, parsed)
		}
	}
	// Python's int() reads the suffix: signs, padding and underscores pass.
	for key, want := range map[string]int{"k#03": 3, "k# 4 ": 4, "k#1_0": 10, "k#+2": 2, "k#0": 0, "k#-1": -1, "k#١٢": 12} {
		if _, rep, err := ParseStorageKey(key); err != nil || rep != want {
			t.Errorf("ParseStorageKey(%q) = %d, %v; want %d", key, rep, err, want)
		}
	}
	if msg := panicMessage(func() { StorageKey("0e410f456f63bd03", -1) }); !strings.Contains(msg, probes.Field("storage_key_negative").Str()[len("ValueError: "):]) {
		t.Errorf("StorageKey(-1) panics with %q, want dryfire's message", msg)
	}
}

func panicMessage(f func()) (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	f()
	return ""
}

func TestFingerprintIgnoresKeyOrderAndWhitespace(t *testing.T) {
	t.Parallel()
	a, _ := jsonv.Decode([]byte(`{"provider":"p","model":"m","system":null,"messages":[],"tools":[],"params":{"temperature":0.0}}`))
	b, _ := jsonv.Decode([]byte("{ \"params\" : {\"temperature\": 0.0},\n \"tools\":[], \"messages\":[], \"system\":null, \"model\":\"m\", \"provider\":\"p\"}"))
	ka, _ := Fingerprint(a)
	kb, _ := Fingerprint(b)
	if ka != kb {
		t.Errorf("key order changed the key: %s vs %s", ka, kb)
	}
}

// pyLiteral reads the Python literal syntax of golden inputs: dicts, lists,
// strings with escapes, numbers, None/True/False, nan and inf.
func pyLiteral(s string) (jsonv.Value, error) {
	p := &pyParser{s: s}
	v, err := p.value()
	if err == nil && strings.TrimSpace(p.s[p.i:]) != "" {
		err = fmt.Errorf("extra data at %d", p.i)
	}
	return v, err
}

type pyParser struct {
	s string
	i int
}

func (p *pyParser) skip() {
	for p.i < len(p.s) && strings.ContainsRune(" \n\t", rune(p.s[p.i])) {
		p.i++
	}
}

func (p *pyParser) value() (jsonv.Value, error) {
	p.skip()
	if p.i >= len(p.s) {
		return jsonv.Value{}, errors.New("unexpected end")
	}
	switch c := p.s[p.i]; c {
	case '{':
		return p.container('}', true)
	case '[':
		return p.container(']', false)
	case '\'', '"':
		s, err := p.str()
		return jsonv.StringValue(s), err
	}
	for word, v := range map[string]jsonv.Value{"None": {}, "True": jsonv.BoolValue(true), "False": jsonv.BoolValue(false),
		"nan": jsonv.NumberValue("NaN"), "inf": jsonv.NumberValue("Infinity"), "-inf": jsonv.NumberValue("-Infinity")} {
		if strings.HasPrefix(p.s[p.i:], word) {
			p.i += len(word)
			return v, nil
		}
	}
	start := p.i
	for p.i < len(p.s) && strings.ContainsRune("+-.0123456789eE", rune(p.s[p.i])) {
		p.i++
	}
	if start == p.i {
		return jsonv.Value{}, fmt.Errorf("unexpected %q at %d", p.s[p.i], p.i)
	}
	return jsonv.NumberValue(p.s[start:p.i]), nil
}

func (p *pyParser) container(end byte, isDict bool) (jsonv.Value, error) {
	p.i++
	v := jsonv.ArrayValue()
	if isDict {
		v = jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{}}
	}
	for {
		p.skip()
		if p.i < len(p.s) && p.s[p.i] == end {
			p.i++
			return v, nil
		}
		item, err := p.value()
		if err != nil {
			return jsonv.Value{}, err
		}
		if isDict {
			p.skip()
			if p.i >= len(p.s) || p.s[p.i] != ':' {
				return jsonv.Value{}, fmt.Errorf("expected ':' at %d", p.i)
			}
			p.i++
			x, err := p.value()
			if err != nil {
				return jsonv.Value{}, err
			}
			v.Set(item.Text, x)
		} else {
			v.Items = append(v.Items, item)
		}
		p.skip()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
		}
	}
}

func (p *pyParser) str() (string, error) {
	quote := p.s[p.i]
	p.i++
	var b []byte
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == quote:
			p.i++
			return string(b), nil
		case c != '\\':
			b = append(b, c)
			p.i++
			continue
		}
		if p.i+1 >= len(p.s) {
			break
		}
		e := p.s[p.i+1]
		p.i += 2
		switch e {
		case 'n':
			b = append(b, '\n')
		case 't':
			b = append(b, '\t')
		case 'r':
			b = append(b, '\r')
		case 'x', 'u', 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			r, err := strconv.ParseUint(p.s[p.i:p.i+n], 16, 32)
			if err != nil {
				return "", err
			}
			p.i += n
			if utf16.IsSurrogate(rune(r)) {
				b = append(b, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
			} else {
				b = utf8.AppendRune(b, rune(r))
			}
		default:
			b = append(b, e)
		}
	}
	return "", errors.New("unterminated string")
}
