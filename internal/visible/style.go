package visible

import "io"

// Style is one of the few styles the tool paints its own output with.
type Style int

// The styles, as dryfire paints its report: the glyph of a passing case
// green, of a failing one red, of a flaky one yellow; and those of the
// tool's own texts: cyan for a diff's hunk headers, bold for a heading,
// dim for a note beside the result.
const (
	Green Style = iota + 1
	Red
	Yellow
	Cyan
	Bold
	Dim
)

func (s Style) String() string {
	switch s {
	case Green:
		return "green"
	case Red:
		return "red"
	case Yellow:
		return "yellow"
	case Cyan:
		return "cyan"
	case Bold:
		return "bold"
	case Dim:
		return "dim"
	}
	return "plain"
}

// sgr is the escape sequence that starts the style.
func (s Style) sgr() string {
	switch s {
	case Green:
		return "\x1b[32m"
	case Red:
		return "\x1b[31m"
	case Yellow:
		return "\x1b[33m"
	case Cyan:
		return "\x1b[36m"
	case Bold:
		return "\x1b[1m"
	case Dim:
		return "\x1b[2m"
	}
	return ""
}

const sgrReset = "\x1b[0m"

// Paint writes text to w in the style st when w is a [Stream] that
// colours, and as plain content otherwise. The text is content like any
// other (masked, escaped); only the style's own escape sequences are
// written as they are.
func Paint(w io.Writer, st Style, text string) error {
	s, ok := w.(*Stream)
	if !ok || st.sgr() == "" {
		_, err := io.WriteString(w, text)
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.opts.Color {
		return s.writeLocked([]byte(text))
	}
	if err := s.raw(st.sgr()); err != nil {
		return err
	}
	if err := s.writeLocked([]byte(text)); err != nil {
		return err
	}
	return s.raw(sgrReset)
}

// WriteCommand writes line, a CI workflow command the tool issues itself
// (::error file=…::message), and a newline. It is masked and escaped like
// content, and the workflow guard lets its leading "::" through: it is
// the only way a line that begins with "::" reaches a [Stream]. The
// message must carry no line break (GitHub's escapes, %0A, do that).
func WriteCommand(w io.Writer, line string) error {
	s, ok := w.(*Stream)
	if !ok {
		_, err := io.WriteString(w, line+"\n")
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.flushLocked(); err != nil {
		return err
	}
	s.guard.allow = true
	err := s.writeLocked([]byte(line + "\n"))
	s.guard.allow = false
	return err
}

// Escapes reports whether w is a [Stream] that escapes its content: what
// is written to it reaches a terminal.
func Escapes(w io.Writer) bool {
	s, ok := w.(*Stream)
	return ok && s.Options().Escape
}

// LineFor returns s as it is to be written to w: its keys masked and,
// when w escapes, escaped as one line ([Line]). A name written with it
// cannot fake a line of output on a terminal, and it has its final width
// before a table lays it out (the stream would mask the keys anyway, but
// after the columns were measured).
func LineFor(w io.Writer, s string) string {
	st, ok := w.(*Stream)
	if !ok {
		return s
	}
	o := st.Options()
	s = o.Keys.Mask(s)
	if o.Escape {
		return Line(s)
	}
	return s
}

// TextFor returns s with the keys of w masked, when w is a [Stream]: a
// value of several lines, which the stream itself escapes.
func TextFor(w io.Writer, s string) string {
	if st, ok := w.(*Stream); ok {
		return st.Options().Keys.Mask(s)
	}
	return s
}

// Flush writes what w holds back, when w is a [Stream].
func Flush(w io.Writer) error {
	if s, ok := w.(*Stream); ok {
		return s.Flush()
	}
	return nil
}
