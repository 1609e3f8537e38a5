package report

import "io"

// indentWriter indents, as encoding/json's Indent does with no prefix and
// two spaces, the compact JSON written to it, in chunks: the encoder hands
// it its whole document in one Write, and the indented copy of a large
// document (check's, at 100,000 recordings) is never held whole.
type indentWriter struct {
	w     io.Writer
	buf   []byte
	depth int
	// inString and escape follow a string; opened is set after { or [
	// until the next byte says whether the container is empty.
	inString, escape, opened bool
	err                      error
}

// flushAt is the size at which indentWriter hands its chunk on.
const flushAt = 64 << 10

func (iw *indentWriter) Write(p []byte) (int, error) {
	if iw.err != nil {
		return 0, iw.err
	}
	for i := 0; i < len(p); i++ {
		if iw.inString && !iw.escape {
			// The run of a string up to its next quote or backslash.
			j := i
			for j < len(p) && p[j] != '"' && p[j] != '\\' {
				j++
			}
			iw.buf = append(iw.buf, p[i:j]...)
			if i = j; i == len(p) {
				break
			}
		}
		iw.byte(p[i])
		if len(iw.buf) >= flushAt && iw.flush() != nil {
			return 0, iw.err
		}
	}
	return len(p), nil
}

func (iw *indentWriter) byte(c byte) {
	if iw.inString {
		iw.buf = append(iw.buf, c)
		switch {
		case iw.escape:
			iw.escape = false
		case c == '\\':
			iw.escape = true
		case c == '"':
			iw.inString = false
		}
		return
	}
	if iw.opened {
		iw.opened = false
		if c == '}' || c == ']' {
			iw.depth--
			iw.buf = append(iw.buf, c)
			return
		}
		iw.newline()
	}
	switch c {
	case '"':
		iw.inString = true
		iw.buf = append(iw.buf, c)
	case '{', '[':
		iw.buf = append(iw.buf, c)
		iw.depth++
		iw.opened = true
	case '}', ']':
		iw.depth--
		iw.newline()
		iw.buf = append(iw.buf, c)
	case ',':
		iw.buf = append(iw.buf, c)
		iw.newline()
	case ':':
		iw.buf = append(iw.buf, ':', ' ')
	default:
		iw.buf = append(iw.buf, c)
	}
}

func (iw *indentWriter) newline() {
	iw.buf = append(iw.buf, '\n')
	for range iw.depth {
		iw.buf = append(iw.buf, ' ', ' ')
	}
}

// flush hands the indented bytes on.
func (iw *indentWriter) flush() error {
	if iw.err == nil && len(iw.buf) > 0 {
		_, iw.err = iw.w.Write(iw.buf)
	}
	iw.buf = iw.buf[:0]
	return iw.err
}
