package visible

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// write writes each piece to a new stream with the options and returns
// what reached the writer under it once flushed.
func write(t *testing.T, o Options, pieces ...string) string {
	t.Helper()
	var out bytes.Buffer
	s := NewStream(&out, o)
	for _, p := range pieces {
		if n, err := s.WriteString(p); n != len(p) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", p, n, err)
		}
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestStreamEscapesOnlyATerminal: content reaches a terminal escaped as
// Text escapes it, and a pipe as it is (GNU ls, git).
func TestStreamEscapesOnlyATerminal(t *testing.T) {
	t.Parallel()
	in := "evil \x1b]0;title\x07 a\u2028b \ufeffbom \u0085nel \u200bzw\n\tnext \u009b2J \xff\n"
	if got := write(t, Options{}, in); got != in {
		t.Errorf("on a pipe: %q, want the bytes as written %q", got, in)
	}
	want := "evil \\x1b]0;title\\x07 a\\u2028b \\ufeffbom \\u0085nel \\u200bzw\n\tnext \\u009b2J \\xff\n"
	if got := write(t, Options{Escape: true}, in); got != want {
		t.Errorf("on a terminal: %q, want %q", got, want)
	}
}

// TestStreamJoinsSplitCharacters: a UTF-8 character split across writes
// (a bufio.Writer's boundary) is written whole, not as invalid bytes.
func TestStreamJoinsSplitCharacters(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"日本", "👩‍👧", "a\u202eb"} {
		want := Text(s)
		for cut := 1; cut < len(s); cut++ {
			if got := write(t, Options{Escape: true}, s[:cut], s[cut:]); got != want {
				t.Errorf("%q cut at %d: %q, want %q", s, cut, got, want)
			}
		}
	}
	if got := write(t, Options{Escape: true}, "end \xe6\x97"); got != `end \xe6\x97` {
		t.Errorf("an incomplete character at the end: %q", got)
	}
}

// TestStreamKeepsJSONValid writes JSON documents holding every kind of
// unsafe text, a workflow command and a key through a terminal stream:
// the output is valid JSON with the same values but for the key's mask,
// and holds none of the characters raw.
func TestStreamKeepsJSONValid(t *testing.T) {
	t.Parallel()
	key := Key{Name: "OPENAI_API_KEY", Value: "sk-test-0123456789abcdef"}
	values := []string{"\x1b]52;c;eA==\x07", "\u202eevil", "\u009b2J", "del\x7f", "a\u2028b", "tab\tnl\n",
		"##[error]fake", "x ##vso[task.setvariable variable=a]b", "::set-output name=x::y", "key " + key.Value + " end"}
	for _, v := range values {
		var out bytes.Buffer
		s := NewStream(&out, Options{Escape: true, Keys: NewKeys(key)})
		enc := json.NewEncoder(s)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(map[string]string{"path": v}); err != nil {
			t.Fatal(err)
		}
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		var back map[string]string
		if err := json.Unmarshal(out.Bytes(), &back); err != nil || back["path"] != strings.ReplaceAll(v, key.Value, key.Mask()) {
			t.Errorf("%q: %q decodes to %q, %v", v, out.String(), back["path"], err)
		}
		if bad := firstUnsafe(out.String(), true); bad < out.Len() {
			t.Errorf("%q: raw unsafe text at %d in %q", v, bad, out.String())
		}
		if strings.Contains(out.String(), "##[") || strings.Contains(out.String(), key.Value) {
			t.Errorf("%q: %q holds a workflow command or the key", v, out.String())
		}
	}
}

// TestStreamMasksKeys: a key is masked on a pipe and on a terminal, in
// one write or cut anywhere across two or many, and so is the longer of
// two keys one of which holds the other.
func TestStreamMasksKeys(t *testing.T) {
	t.Parallel()
	keys := NewKeys(Key{Name: "ANTHROPIC_API_KEY", Value: "sk-ant-api03-AAAA"}, Key{Name: "SHORT_API_KEY", Value: "sk-ant"},
		Key{Name: "OPENAI_API_KEY", Value: "abab-abab-ab"})
	in := "name: sk-ant-api03-AAAA, short sk-ant, overlap ababab-abab-ab, prefix sk-an.\n"
	want := "name: [$ANTHROPIC_API_KEY], short [$SHORT_API_KEY], overlap ab[$OPENAI_API_KEY], prefix sk-an.\n"
	for _, escape := range []bool{false, true} {
		o := Options{Escape: escape, Keys: keys}
		if got := write(t, o, in); got != want {
			t.Errorf("escape %v, one write: %q, want %q", escape, got, want)
		}
		for cut := 1; cut < len(in); cut++ {
			if got := write(t, o, in[:cut], in[cut:]); got != want {
				t.Fatalf("escape %v, cut at %d: %q, want %q", escape, cut, got, want)
			}
		}
		if got := write(t, o, strings.Split(in, "")...); got != want {
			t.Errorf("escape %v, a byte a write: %q, want %q", escape, got, want)
		}
	}
	if got := keys.Mask(in); got != want {
		t.Errorf("Keys.Mask: %q, want %q", got, want)
	}
	if got := write(t, Options{Keys: keys}, "ends inside sk-ant-api0"); got != "ends inside [$SHORT_API_KEY]-api0" {
		t.Errorf("a beginning held back is written at the flush: %q", got)
	}
}

// TestKeyWriterMasksKeysOnly: a KeyWriter masks keys however the writes
// cut them, and leaves everything else as it is, workflow commands and
// control characters included (a file for programs keeps its bytes).
func TestKeyWriterMasksKeysOnly(t *testing.T) {
	t.Parallel()
	keys := NewKeys(Key{Name: "ANTHROPIC_API_KEY", Value: "sk-ant-api03-AAAA"}, Key{Name: "OPENAI_API_KEY", Value: "abab-abab-ab"})
	in := "::set-output name=x::sk-ant-api03-AAAA\n##[error] \x1b[31m overlap ababab-abab-ab\x1b]0;t\x07 end sk-ant-api0"
	want := "::set-output name=x::[$ANTHROPIC_API_KEY]\n##[error] \x1b[31m overlap ab[$OPENAI_API_KEY]\x1b]0;t\x07 end sk-ant-api0"
	for cut := 0; cut <= len(in); cut++ {
		var b strings.Builder
		w := NewKeyWriter(&b, keys)
		for _, part := range []string{in[:cut], in[cut:]} {
			if n, err := w.Write([]byte(part)); n != len(part) || err != nil {
				t.Fatalf("write: %d, %v", n, err)
			}
		}
		if err := w.Flush(); err != nil || b.String() != want {
			t.Fatalf("cut at %d: %q (%v), want %q", cut, b.String(), err, want)
		}
	}
	var b strings.Builder
	w := NewKeyWriter(&b, NewKeys())
	_, _ = w.Write([]byte(in))
	_ = w.Flush()
	if b.String() != in {
		t.Errorf("no keys: %q, want the bytes as they are", b.String())
	}
}

// TestKeyMasks: a mask names the variable, or says API_KEY when the name
// could carry a character that would break what it is written into.
func TestKeyMasks(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{"ANTHROPIC_API_KEY": "[$ANTHROPIC_API_KEY]", "my_key2": "[$my_key2]",
		"": "[$API_KEY]", `X"Y`: "[$API_KEY]", "A\nB": "[$API_KEY]"} {
		if got := (Key{Name: name, Value: "v"}).Mask(); got != want {
			t.Errorf("Mask of %q = %q, want %q", name, got, want)
		}
	}
	if NewKeys(Key{Value: ""}).Len() != 0 || NewKeys(Key{"A", "x"}, Key{"B", "x"}).Len() != 1 {
		t.Error("empty and repeated values are kept")
	}
}

// TestStreamGuardsWorkflowCommands: every line a CI runner would act on
// is written with one character escaped, on a pipe as on a terminal, in
// one write or a byte a write; other lines are written as they are.
func TestStreamGuardsWorkflowCommands(t *testing.T) {
	t.Parallel()
	tests := map[string]struct{ in, want string }{
		"set-output":               {"::set-output name=x::y\n", "\\u003a:set-output name=x::y\n"},
		"after spaces and a tab":   {"  \t::error::fake\n", "  \t\\u003a:error::fake\n"},
		"after a Unicode space":    {"\u3000\u00a0::add-mask::x\n", "\u3000\u00a0\\u003a:add-mask::x\n"},
		"after a carriage return":  {"ok\r::stop-commands::t\n", "ok\r\\u003a:stop-commands::t\n"},
		"on every line":            {"a\n::x::\n::y::", "a\n\\u003a:x::\n\\u003a:y::"},
		"##[ anywhere":             {"  ✗ case ##[error]fake\n", "  ✗ case #\\u0023[error]fake\n"},
		"##vso[":                   {"x##vso[task.setvariable variable=a]b\n", "x#\\u0023vso[task.setvariable variable=a]b\n"},
		"three hashes":             {"###[x]", "##\\u0023[x]"},
		"not at a line start":      {"refund :: lookups\n", "refund :: lookups\n"},
		"one colon":                {":x\n", ":x\n"},
		"hashes without a bracket": {"## Heading #1\n", "## Heading #1\n"},
		"colon held at the end":    {"\n:", "\n:"},
		"hash held at the end":     {"a ##", "a ##"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := write(t, Options{}, tc.in); got != tc.want {
				t.Errorf("one write: %q, want %q", got, tc.want)
			}
			if got := write(t, Options{}, strings.Split(tc.in, "")...); got != tc.want {
				t.Errorf("a byte a write: %q, want %q", got, tc.want)
			}
			// On a terminal the guard reads the escaped text: an escaped
			// CR breaks no line.
			if got, want := write(t, Options{Escape: true}, tc.in), write(t, Options{}, Text(tc.in)); got != want {
				t.Errorf("on a terminal: %q, want %q", got, want)
			}
		})
	}
}

// TestWriteCommand: the tool's own annotation keeps its "::", content
// after it is still guarded, masked and escaped, and a writer that is not
// a Stream gets the line as it is.
func TestWriteCommand(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	s := NewStream(&out, Options{Escape: true, Keys: NewKeys(Key{Name: "K_API_KEY", Value: "secret-value"})})
	_, _ = s.WriteString("::forged::x\n")
	if err := WriteCommand(s, "::error file=a.yaml::case ##[x] secret-value \x1b[2J"); err != nil {
		t.Fatal(err)
	}
	_, _ = s.WriteString("::after::y\n")
	_ = s.Flush()
	want := "\\u003a:forged::x\n::error file=a.yaml::case #\\u0023[x] [$K_API_KEY] \\x1b[2J\n\\u003a:after::y\n"
	if out.String() != want {
		t.Errorf("wrote %q, want %q", out.String(), want)
	}
	var plain strings.Builder
	_ = WriteCommand(&plain, "::error::m")
	if plain.String() != "::error::m\n" {
		t.Errorf("plain writer got %q", plain.String())
	}
}

// TestPaint: the style's sequences are written as they are only where the
// stream colours; the painted text itself is content, escaped on a
// terminal, so a name cannot close or forge a colour.
func TestPaint(t *testing.T) {
	t.Parallel()
	paint := func(o Options, w func(*Stream)) string {
		var out bytes.Buffer
		s := NewStream(&out, o)
		w(s)
		_ = s.Flush()
		return out.String()
	}
	draw := func(s *Stream) {
		_, _ = s.WriteString("  ")
		_ = Paint(s, Green, "✓")
		_, _ = s.WriteString(" case \x1b[31m\n")
		_ = Paint(s, Red, "✗\x1b[0m")
	}
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Escape: true, Color: true}, "  \x1b[32m✓\x1b[0m case \\x1b[31m\n\x1b[31m✗\\x1b[0m\x1b[0m"},
		{Options{Escape: true}, "  ✓ case \\x1b[31m\n✗\\x1b[0m"},
		{Options{Color: true}, "  \x1b[32m✓\x1b[0m case \x1b[31m\n\x1b[31m✗\x1b[0m\x1b[0m"},
		{Options{}, "  ✓ case \x1b[31m\n✗\x1b[0m"},
	} {
		if got := paint(tc.o, draw); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.o, got, tc.want)
		}
	}
	var plain strings.Builder
	_ = Paint(&plain, Yellow, "~")
	if plain.String() != "~" || Yellow.String() != "yellow" {
		t.Errorf("plain writer got %q", plain.String())
	}
}

// TestLineFor: a name is escaped as a line only for a stream that escapes.
func TestLineFor(t *testing.T) {
	t.Parallel()
	name := "a\nb\x1b"
	if got := LineFor(NewStream(io.Discard, Options{Escape: true}), name); got != `a\nb\x1b` {
		t.Errorf("terminal: %q", got)
	}
	if got := LineFor(NewStream(io.Discard, Options{}), name); got != name {
		t.Errorf("pipe: %q", got)
	}
	if got := LineFor(io.Discard, name); got != name {
		t.Errorf("plain writer: %q", got)
	}
}

// FuzzStream: however the input is cut into writes, a stream writes the
// same bytes as for one write; on a terminal nothing unsafe is left; no
// key and no workflow command is ever written.
func FuzzStream(f *testing.F) {
	for _, s := range []string{"", "::a::b\n", "x\r ::y", "##[e]", "sk-ant-XYZW sk-an", "\x1b[2J\u202e日本", "\u3000::z"} {
		f.Add(s, uint8(3))
	}
	keys := NewKeys(Key{Name: "A_API_KEY", Value: "sk-ant-XYZW"}, Key{Name: "B_API_KEY", Value: "::y\n"}, Key{Name: "C_API_KEY", Value: "sk-an"})
	f.Fuzz(func(t *testing.T, in string, step uint8) {
		n := int(step%7) + 1
		var pieces []string
		for i := 0; i < len(in); i += n {
			pieces = append(pieces, in[i:min(len(in), i+n)])
		}
		for _, escape := range []bool{false, true} {
			o := Options{Escape: escape, Keys: keys}
			whole, cut := write(t, o, in), write(t, o, pieces...)
			if whole != cut {
				t.Fatalf("escape %v: %q in one write gives %q, in pieces of %d %q", escape, in, whole, n, cut)
			}
			if escape && firstUnsafe(whole, true) < len(whole) {
				t.Fatalf("%q: unsafe text left in %q", in, whole)
			}
			if strings.Contains(whole, "sk-ant-XYZW") || strings.Contains(whole, "##[") {
				t.Fatalf("%q: a key or a command is left in %q", in, whole)
			}
			for _, line := range strings.FieldsFunc(whole, func(r rune) bool { return r == '\n' || r == '\r' }) {
				if strings.HasPrefix(strings.TrimLeft(line, " \t\v\f\u00a0\u0085\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"), "::") {
					t.Fatalf("%q: a command line is left in %q", in, whole)
				}
			}
		}
	})
}

// BenchmarkStreamCleanListing writes an ls listing's worth of clean lines
// through a terminal stream with two keys to mask: the cost every
// command's output pays.
func BenchmarkStreamCleanListing(b *testing.B) {
	line := []byte("live     .dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json  read by replay of refund_agent::parallel_lookups\n")
	for _, o := range []struct {
		name string
		o    Options
	}{
		{"pipe", Options{}},
		{"terminal", Options{Escape: true}},
		{"terminal-keys", Options{Escape: true, Keys: NewKeys(Key{"ANTHROPIC_API_KEY", "sk-ant-api03-" + strings.Repeat("x", 80)},
			Key{"OPENAI_API_KEY", "sk-proj-" + strings.Repeat("y", 120)})}},
	} {
		b.Run(o.name, func(b *testing.B) {
			w := NewStream(io.Discard, o.o)
			b.ReportAllocs()
			b.SetBytes(int64(len(line)))
			for b.Loop() {
				if _, err := w.Write(line); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
