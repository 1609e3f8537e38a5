package backend

import "strings"

// lineChunk is how much text a lineWriter holds in one piece.
const lineChunk = 64 << 10

// lineWriter collects a document's text as the lines the palette shows:
// the text goes into pieces of about lineChunk bytes that are never
// copied (each line is a part of its piece), and only the start of a
// line cut by the end of a piece is copied into the next one. A report
// of thousands of lines costs its size once, where a buffer that
// doubles, its string and its split cost it about three times.
type lineWriter struct {
	piece strings.Builder
	lines []string
}

// Write implements io.Writer.
func (w *lineWriter) Write(p []byte) (int, error) {
	if w.piece.Len()+len(p) > w.piece.Cap() {
		w.cut(len(p))
	}
	return w.piece.Write(p)
}

// WriteString implements io.StringWriter.
func (w *lineWriter) WriteString(s string) (int, error) {
	if w.piece.Len()+len(s) > w.piece.Cap() {
		w.cut(len(s))
	}
	return w.piece.WriteString(s)
}

// cut takes the whole lines of the piece and starts the next one with
// room for the rest of its last line and n more bytes.
func (w *lineWriter) cut(n int) {
	s := w.piece.String()
	end := strings.LastIndexByte(s, '\n') + 1
	w.take(s[:end])
	w.piece = strings.Builder{}
	w.piece.Grow(max(lineChunk, len(s)-end+n))
	w.piece.WriteString(s[end:])
}

// take appends the lines of s, which ends in a newline or is empty.
func (w *lineWriter) take(s string) {
	for s != "" {
		i := strings.IndexByte(s, '\n')
		w.lines = append(w.lines, s[:i])
		s = s[i+1:]
	}
}

// Lines is the text written, line by line, without the newlines at its
// end: strings.Split(strings.TrimRight(text, "\n"), "\n").
func (w *lineWriter) Lines() []string {
	s := w.piece.String()
	end := strings.LastIndexByte(s, '\n') + 1
	w.take(s[:end])
	w.piece = strings.Builder{}
	lines := w.lines
	if rest := s[end:]; rest != "" {
		return append(lines, rest)
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return []string{""}
	}
	return lines
}
