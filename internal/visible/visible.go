package visible

import "unicode/utf8"

// Line returns s with every control character, bidi control and invalid
// byte escaped, newlines and tabs included (see the package
// documentation).
func Line(s string) string { return escape(s, false) }

// Text returns s with every control character, bidi control and invalid
// byte escaped, keeping newlines and tabs.
func Text(s string) string { return escape(s, true) }

// Needs reports whether Line would change s.
func Needs(s string) bool { return firstUnsafe(s, false) < len(s) }

const hexDigits = "0123456789abcdef"

func escape(s string, keepLines bool) string {
	i := firstUnsafe(s, keepLines)
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	b = append(b, s[:i]...)
	return string(appendEscaped(b, s[i:], keepLines))
}

// appendEscaped appends s to b, escaped.
func appendEscaped(b []byte, s string, keepLines bool) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c >= 0x20 && c < 0x7f, keptControl(c, keepLines):
				b = append(b, c)
			case c == '\n':
				b = append(b, `\n`...)
			case c == '\t':
				b = append(b, `\t`...)
			case c == '\r':
				b = append(b, `\r`...)
			case c == 0x7f:
				b = append(b, `\u007f`...)
			default:
				b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&0xf])
		case unsafeRune(r):
			b = append(b, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return b
}

// firstUnsafe returns the index of the first byte of s that needs an
// escape, or len(s).
func firstUnsafe(s string, keepLines bool) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 || c == 0x7f) && !keptControl(c, keepLines) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || unsafeRune(r) {
			return i
		}
		i += size
	}
	return len(s)
}

// keptControl reports whether the control c is written as it is: a
// newline or a tab, when lines are kept.
func keptControl(c byte, keepLines bool) bool {
	return keepLines && (c == '\n' || c == '\t')
}

// unsafeRune reports whether a non-ASCII rune is escaped: a C1 control, a
// bidi control, a line or paragraph separator, or an invisible character
// that can make two names look alike.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200b, r == 0x200e, r == 0x200f, r == 0x2060, r == 0xfeff:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x2028, r == 0x2029:
		return true
	}
	return false
}

// Parts calls part with each piece of s in order, as [Text] (keepLines)
// or [Line] writes it: a run that is written as it is (escaped false), or
// one character that is escaped, as its escape (escaped true), so that a
// writer can set the escapes apart from the text (the HTML report shows
// them as marks a reader can tell from the same characters typed).
func Parts(s string, keepLines bool, part func(text string, escaped bool)) {
	for s != "" {
		i := firstUnsafe(s, keepLines)
		if i > 0 {
			part(s[:i], false)
		}
		if i == len(s) {
			return
		}
		size := 1
		if s[i] >= utf8.RuneSelf {
			if r, n := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || n != 1 {
				size = n
			}
		}
		part(string(appendEscaped(nil, s[i:i+size], keepLines)), true)
		s = s[i+size:]
	}
}
