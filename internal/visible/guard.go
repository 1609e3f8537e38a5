package visible

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// The workflow commands of CI logs. GitHub's runner acts on a line whose
// first characters, after any white space, are "::" (::error::, ::add-mask::,
// ::stop-commands::) and on "##[" anywhere in a line (##[error], ##[group]);
// Azure Pipelines on "##vso[". A log line breaks at LF and at CR. The guard
// writes the first ':' of such a line as \u003a and the second '#' of
// "##[" or "##vso[" as \u0023: the line reads the same to a person, its
// JSON string (if it is one) decodes to the same text, and no runner acts
// on it. A stream's own annotations ([WriteCommand]) are the only lines
// that begin with "::".
const (
	colonEscape = `\u003a`
	hashEscape  = `\u0023`
)

// guard neutralises workflow commands in a stream of bytes. Bytes that may
// begin a command whose end is still to come (a ':' at a line start, "#"
// or "##" at the end, part of a white space character at a line start) are
// held until the next write or the flush.
type guard struct {
	started bool // a byte other than white space was passed since the last line break
	allow   bool // the next "::" at a line start is the stream's own command
	held    []byte
	out     []byte
}

// feed returns the bytes of p (after those held) that can be passed now,
// neutralised; it returns p itself when nothing was held or changed.
func (g *guard) feed(p []byte) []byte {
	data := p
	if len(g.held) > 0 {
		data = append(g.held, p...)
		g.held = nil
	}
	g.out = g.out[:0]
	last, changed := 0, len(data) != len(p)
	for i := 0; i < len(data); {
		if g.started {
			// Within a line only a break or a '#' matters.
			j := indexBreakOrHash(data[i:])
			if j < 0 {
				break
			}
			i += j
		}
		n, repl, hold := g.step(data[i:])
		if hold {
			g.held = append(g.held, data[i:]...)
			return append(g.out, data[last:i]...)
		}
		if repl != "" {
			g.out = append(append(g.out, data[last:i]...), repl...)
			last, changed = i+n, true
		}
		i += n
	}
	if !changed {
		return p
	}
	return append(g.out, data[last:]...)
}

// breakOrHash marks LF, CR and '#'.
var breakOrHash = [256]bool{'\n': true, '\r': true, '#': true}

// indexBreakOrHash is the index of the first LF, CR or '#' of b, or -1.
func indexBreakOrHash(b []byte) int {
	for i, c := range b {
		if breakOrHash[c] {
			return i
		}
	}
	return -1
}

// step reads the start of b: how many bytes it passes, what replaces
// them ("" to keep them), or hold when what b ends with cannot be decided
// yet.
func (g *guard) step(b []byte) (n int, repl string, hold bool) {
	c := b[0]
	switch {
	case c == '\n' || c == '\r':
		g.started = false
		return 1, "", false
	case c == '#':
		g.started = true
		return hashStep(b)
	case g.started:
		return 1, "", false
	case c == ' ' || c == '\t' || c == '\v' || c == '\f':
		return 1, "", false
	case c == ':':
		return g.colonStep(b)
	case c >= utf8.RuneSelf:
		if !utf8.FullRune(b) {
			return 0, "", true
		}
		r, size := utf8.DecodeRune(b)
		g.started = !unicode.IsSpace(r)
		return size, "", false
	}
	g.started = true
	return 1, "", false
}

// colonStep reads b, which begins with ':' at a line start: "::" is
// neutralised unless it begins the stream's own command.
func (g *guard) colonStep(b []byte) (n int, repl string, hold bool) {
	switch {
	case len(b) == 1:
		return 0, "", true
	case b[1] != ':':
		g.started = true
		return 1, "", false
	case g.allow:
		g.started, g.allow = true, false
		return 2, "", false
	}
	g.started = true
	return 2, colonEscape + ":", false
}

// hashStep reads b, which begins with '#': in "##[" and "##vso[" the
// second '#' is written as its escape; a proper beginning of either at the
// end of b is held.
func hashStep(b []byte) (n int, repl string, hold bool) {
	for _, cmd := range [...]string{"##[", "##vso["} {
		switch {
		case bytes.HasPrefix(b, []byte(cmd)):
			return 2, "#" + hashEscape, false
		case len(b) < len(cmd) && bytes.HasPrefix([]byte(cmd), b):
			return 0, "", true
		}
	}
	return 1, "", false
}

// flush returns what is held, as it is: a ':' or a '#' that no more bytes
// follow acts on nothing.
func (g *guard) flush() []byte {
	b := g.held
	g.held = nil
	return b
}
