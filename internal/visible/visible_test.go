package visible

import (
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

// TestParts: the parts joined are what Text and Line write, and each
// escaped part is one escape, never text typed as one.
func TestParts(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in        string
		keepLines bool
		want      []string // escapes in brackets
	}{
		"clean":                   {"naïve 日本", true, []string{"naïve 日本"}},
		"typed escape stays text": {`a\x1bb`, true, []string{`a\x1bb`}},
		"ESC and RLO":             {"a\x1b[2Jb\u202ec", true, []string{"a", `[\x1b]`, "[2Jb", `[\u202e]`, "c"}},
		"lines kept":              {"a\nb\rc", true, []string{"a\nb", `[\r]`, "c"}},
		"lines escaped":           {"a\nb", false, []string{"a", `[\n]`, "b"}},
		"invalid bytes, one each": {"\xff\xc3", true, []string{`[\xff]`, `[\xc3]`}},
		"escape first and last":   {"\u200bx\u2028", true, []string{`[\u200b]`, "x", `[\u2028]`}},
		"empty":                   {"", true, nil},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var got []string
			var joined strings.Builder
			Parts(tc.in, tc.keepLines, func(s string, escaped bool) {
				joined.WriteString(s)
				if escaped {
					s = "[" + s + "]"
				}
				got = append(got, s)
			})
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("Parts(%q) = %q, want %q", tc.in, got, tc.want)
			}
			want := Line(tc.in)
			if tc.keepLines {
				want = Text(tc.in)
			}
			if joined.String() != want {
				t.Errorf("joined parts %q, want %q", joined.String(), want)
			}
		})
	}
}
