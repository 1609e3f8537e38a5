package uitest

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
)

// HostileSGR is the colour code Hostile starts with: one the theme never
// writes (blink, magenta on cyan), so that finding it on a screen means
// text from a file reached the terminal as it is.
const HostileSGR = "\x1b[5;35;46m"

// Hostile is what a hostile file puts in a name or a value: a colour
// code, OSC 0 (the window title), CSI 2J (clear the screen), U+202E
// (right-to-left override), U+2066 (an isolate), the C1 CSI as UTF-8
// (0xC2 0x9B) and as a lone byte, a carriage return (which draws over the
// start of the line, the tree pane), NUL, a tab, NEL (U+0085), the line
// separator, a newline and an invalid byte.
const Hostile = HostileSGR + "EVIL\x1b]0;pwned\x07\x1b[2J\u202eRTL\u2066ISO\u009b31m\x9b2J\rCR\x00NUL\tTAB\u0085NEL\u2028LS\nNL\xffEND"

// CheckHostile checks a screen drawn from hostile data on a terminal laid
// out as l: exactly l.Height lines, none wider than l.Width; nothing a
// terminal acts on but colour codes (no other escape sequence, C0 or C1
// control, bidi control or invalid byte); not HostileSGR; drawn by a
// terminal emulator exactly as the text says (nothing moved the cursor);
// and, when panes is set, the separator of a split screen on every body
// row, where the layout puts it (no line of the left pane overflows into
// the right one). what names the screen in the errors.
func CheckHostile(t testing.TB, what, out string, l frame.Layout, panes bool) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) != l.Height {
		t.Errorf("%s: %d lines, want %d", what, len(lines), l.Height)
	}
	if strings.Contains(out, HostileSGR) {
		t.Errorf("%s: a colour code from the data reached the screen", what)
	}
	for i, line := range lines {
		if n := ansi.StringWidth(line); n > l.Width {
			t.Errorf("%s: line %d is %d cells wide, want ≤ %d: %q", what, i, n, l.Width, ansi.Strip(line))
		}
		if bad := unsafeAt(line); bad != "" {
			t.Errorf("%s: line %d holds %s: %q", what, i, bad, line)
		}
		if panes && l.Split && i >= l.BodyY && i < l.BodyY+l.BodyH {
			if sep := ansi.Strip(ansi.Cut(line, l.ListW, l.ListW+1)); sep != "│" {
				t.Errorf("%s: line %d has %q where the panes' separator goes: %q", what, i, sep, ansi.Strip(line))
			}
		}
	}
	if t.Failed() {
		return // the emulator would only say the same again
	}
	want := strings.Split(ansi.Strip(out), "\n")
	for i, got := range Emulate(out, l.Width, l.Height) {
		if i < len(want) && strings.TrimRight(got, " ") != strings.TrimRight(want[i], " ") {
			t.Errorf("%s: the terminal draws line %d as\n%q, the text says\n%q", what, i, got, want[i])
		}
	}
}

// CheckPane checks what one part of a screen (a pane, an overlay, the
// header) draws from hostile data, before the screen's last guard
// (frame.Render sanitizes every row) sees it: at most h lines, none wider
// than w, holding nothing a terminal acts on but colour codes, and not
// HostileSGR. A text from a file must be made visible where it is drawn,
// so that it is fitted at the width it is shown with.
func CheckPane(t testing.TB, what, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) > h {
		t.Errorf("%s: %d lines, want ≤ %d", what, len(lines), h)
	}
	if strings.Contains(view, HostileSGR) {
		t.Errorf("%s: draws a colour code from the data", what)
	}
	for i, line := range lines {
		if n := ansi.StringWidth(line); n > w {
			t.Errorf("%s: line %d is %d cells wide, want ≤ %d: %q", what, i, n, w, ansi.Strip(line))
		}
		if bad := unsafeAt(line); bad != "" {
			t.Errorf("%s: line %d holds %s: %q", what, i, bad, line)
		}
	}
}

// unsafeAt describes the first thing in line a terminal would act on,
// other than a colour code (ESC [ params m), or returns "".
func unsafeAt(line string) string {
	for i := 0; i < len(line); {
		if line[i] == 0x1b {
			n := sgrLen(line[i:])
			if n == 0 {
				return fmt.Sprintf("an escape sequence other than colour at byte %d (%q)", i, line[i:min(i+12, len(line))])
			}
			i += n
			continue
		}
		j := i
		for j < len(line) && line[j] != 0x1b {
			j++
		}
		if seg := line[i:j]; visible.Needs(seg) {
			k := firstNeeded(seg)
			return fmt.Sprintf("a control character, bidi control or invalid byte at byte %d (%q)", i+k, seg[k:min(k+8, len(seg))])
		}
		i = j
	}
	return ""
}

// sgrLen is the length of the SGR sequence s starts with, or 0.
func sgrLen(s string) int {
	if len(s) < 3 || s[1] != '[' {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'm':
			return i + 1
		case c >= '0' && c <= '9', c == ';', c == ':':
		default:
			return 0
		}
	}
	return 0
}

func firstNeeded(s string) int {
	for i, r := range s {
		if visible.Needs(string(r)) || r == utf8.RuneError {
			return i
		}
	}
	return 0
}

// Emulate is what a terminal emulator of w × h cells shows for out, line
// by line.
func Emulate(out string, w, h int) []string {
	emu := vt.NewEmulator(w, h)
	defer emu.Close()
	go func() { _, _ = io.Copy(io.Discard, emu) }() // answers to queries
	// A tty maps \n to \r\n (onlcr).
	_, _ = emu.Write(bytes.ReplaceAll([]byte(out), []byte("\n"), []byte("\r\n")))
	return strings.Split(emu.String(), "\n")
}
