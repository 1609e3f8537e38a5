package frame

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// Sanitize returns a row of the screen with everything a terminal would
// act on escaped as visible.Line escapes it, except the colour codes
// (SGR: ESC [ params m) the styles write: any other escape sequence, C0
// and C1 control (a carriage return, the one-byte CSI), bidi control and
// invalid byte. It is the last guard of the screen: every text from a
// file is made visible where it is drawn, so that its width is known
// when it is fitted; a row that needs nothing is returned without a
// copy.
func Sanitize(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		if n := sgrLen(s[i:]); n > 0 {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		j := textEnd(s, i)
		b.WriteString(visible.Line(s[i:j]))
		i = j
	}
	return b.String()
}

// Fit is s sanitized and cut to w cells: a row of the screen that can
// neither act on the terminal nor run past the edge of its room.
func Fit(s string, w int) string {
	s = Sanitize(s)
	if ansi.StringWidth(s) > w {
		return ansi.Truncate(s, w, "")
	}
	return s
}

// clean reports whether s holds nothing Sanitize would change.
func clean(s string) bool {
	for i := 0; i < len(s); {
		if n := sgrLen(s[i:]); n > 0 {
			i += n
			continue
		}
		j := textEnd(s, i)
		if visible.Needs(s[i:j]) {
			return false
		}
		i = j
	}
	return true
}

// textEnd is where the text starting at i ends: at the next escape
// character after i (an escape at i that starts no colour code is text).
func textEnd(s string, i int) int {
	if j := strings.IndexByte(s[i+1:], 0x1b); j >= 0 {
		return i + 1 + j
	}
	return len(s)
}

// sgrLen is the length of the colour code s starts with (ESC [, digits,
// ';' and ':', then 'm'), or 0.
func sgrLen(s string) int {
	if len(s) < 3 || s[0] != 0x1b || s[1] != '[' {
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
