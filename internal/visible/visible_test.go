package visible

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLineAndText(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in, line, text string
	}{
		"plain":                       {"refund_agent/00-6e943a4a4125d90d.json", "refund_agent/00-6e943a4a4125d90d.json", "refund_agent/00-6e943a4a4125d90d.json"},
		"OSC 0 sets the window title": {"a\x1b]0;pwned\x07b", `a\x1b]0;pwned\x07b`, `a\x1b]0;pwned\x07b`},
		"OSC 52 writes the clipboard": {"\x1b]52;c;Y3VybCBldmlsLnNo\x1b\\", `\x1b]52;c;Y3VybCBldmlsLnNo\x1b\`, `\x1b]52;c;Y3VybCBldmlsLnNo\x1b\`},
		"CSI 2J clears the screen":    {"\x1b[2J\x1b[H", `\x1b[2J\x1b[H`, `\x1b[2J\x1b[H`},
		"SGR colour":                  {"\x1b[31mred\x1b[0m", `\x1b[31mred\x1b[0m`, `\x1b[31mred\x1b[0m`},
		"one-byte CSI (C1)":           {"a\u009b2Jb", `a\u009b2Jb`, `a\u009b2Jb`},
		"right-to-left override":      {"invoice\u202efdp.exe", `invoice\u202efdp.exe`, `invoice\u202efdp.exe`},
		"isolates and marks":          {"\u2066x\u2069\u200f\u061c", `\u2066x\u2069\u200f\u061c`, `\u2066x\u2069\u200f\u061c`},
		"line separator":              {"a\u2028b", `a\u2028b`, `a\u2028b`},
		"zero width space":            {"ca\u200bse", `ca\u200bse`, `ca\u200bse`},
		"newline and tab":             {"a\nb\tc", `a\nb\tc`, "a\nb\tc"},
		"carriage return overwrites":  {"ok\rFAIL", `ok\rFAIL`, `ok\rFAIL`},
		"NUL, BEL, backspace, DEL":    {"\x00\x07\x08\x7f", `\x00\x07\x08\u007f`, `\x00\x07\x08\u007f`},
		"invalid UTF-8":               {"a\xff\xc3b", `a\xff\xc3b`, `a\xff\xc3b`},
		"other scripts and emoji":     {"naïve 日本 👩‍👩‍👧 مرحبا", "naïve 日本 👩‍👩‍👧 مرحبا", "naïve 日本 👩‍👩‍👧 مرحبا"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := Line(tc.in); got != tc.line {
				t.Errorf("Line(%q) = %q, want %q", tc.in, got, tc.line)
			}
			if got := Text(tc.in); got != tc.text {
				t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.text)
			}
			if Needs(tc.in) != (tc.line != tc.in) {
				t.Errorf("Needs(%q) = %v", tc.in, Needs(tc.in))
			}
		})
	}
}

func TestLineDoesNotCopyCleanText(t *testing.T) {
	s := "refund_agent/parallel_lookups/00-6e943a4a4125d90d.json · turn 0 — live"
	if n := testing.AllocsPerRun(100, func() { _ = Line(s) }); n != 0 {
		t.Errorf("Line allocates %v times on clean text", n)
	}
}

// TestWriterKeepsJSONValid writes JSON documents holding every kind of
// unsafe text through the writer: the output is valid JSON with the same
// values, and holds none of the characters raw.
func TestWriterKeepsJSONValid(t *testing.T) {
	t.Parallel()
	values := []string{"\x1b]52;c;eA==\x07", "\u202eevil", "\u009b2J", "del\x7f", "a\u2028b", "tab\tnl\n"}
	for _, v := range values {
		var out bytes.Buffer
		enc := json.NewEncoder(NewWriter(&out))
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(map[string]string{"path": v}); err != nil {
			t.Fatal(err)
		}
		var back map[string]string
		if err := json.Unmarshal(out.Bytes(), &back); err != nil || back["path"] != v {
			t.Errorf("%q: %q decodes to %q, %v", v, out.String(), back["path"], err)
		}
		if bad := firstUnsafe(out.String(), true); bad < out.Len() {
			t.Errorf("%q: raw unsafe text at %d in %q", v, bad, out.String())
		}
	}
}

func TestWriterEscapesEachWrite(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	w := NewWriter(&out)
	for _, s := range []string{"clean line\n", "evil \x1b[2J line\n", "\t\u202e\n"} {
		if n, err := w.Write([]byte(s)); n != len(s) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	if want := "clean line\nevil \\x1b[2J line\n\t\\u202e\n"; out.String() != want {
		t.Errorf("wrote %q, want %q", out.String(), want)
	}
	if NewWriter(w) != w {
		t.Error("a writer wrapped twice escapes twice")
	}
}

// FuzzLine: whatever the input, the output of Line is valid UTF-8 with no
// control, bidi or invisible character left, and Text's keeps only
// newlines and tabs; escaping twice changes nothing more.
func FuzzLine(f *testing.F) {
	for _, s := range []string{"", "a\x1b[31mb", "\u202e", "\xff\xfe", "\u009b", "a\nb\tc\r", "日本\u200b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, mode := range []struct {
			esc  func(string) string
			keep bool
		}{{Line, false}, {Text, true}} {
			out := mode.esc(s)
			if !utf8.ValidString(out) {
				t.Fatalf("%q: output %q is not UTF-8", s, out)
			}
			for _, r := range out {
				if (r < 0x20 && !keptControl(byte(r), mode.keep)) || (r >= 0x7f && r <= 0x9f) || unsafeRune(r) {
					t.Fatalf("%q: output %q holds %U", s, out, r)
				}
			}
			if again := mode.esc(out); again != out {
				t.Fatalf("%q: escaping again changed %q to %q", s, out, again)
			}
			if !strings.Contains(s, "\\") && len(out) < len(s) {
				t.Fatalf("%q: output %q is shorter", s, out)
			}
		}
	})
}

// BenchmarkWriterCleanListing writes an ls listing's worth of clean lines
// through the writer: the cost every command's output pays.
func BenchmarkWriterCleanListing(b *testing.B) {
	line := []byte("live     .dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json  read by replay of refund_agent::parallel_lookups\n")
	w := NewWriter(io.Discard)
	b.ReportAllocs()
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		if _, err := w.Write(line); err != nil {
			b.Fatal(err)
		}
	}
}
