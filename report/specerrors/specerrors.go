package specerrors

import (
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Write writes the spec errors of a load as dryfire's validate,
// run, trace and compare print them on stderr. An error of dryfire.yaml
// stops dryfire before any suite is read, and is written as it writes one
// ("error: invalid dryfire.yaml: …", [writeConfigErrors]). An error of a
// suite is a block:
//
//	error: unknown field 'modl'
//	  --> /path/to/all_five.eval.yaml:2:1   (modl)
//	     |
//	   2 | modl: claude-sonnet-4-6
//	     | ^
//	   = help: did you mean …?
//
// with "  (nearest enclosing node)" after the caret when the position is
// that of the node around what the error is about, and a blank line after
// each error. The file is named as dryfire names it: as given when
// absolute, else under root (the project root, its symbolic links
// resolved as dryfire resolves the directory of dryfire.yaml). The
// errors of a file are written together, files in the order their first
// error comes.
//
// The bytes are dryfire's, but where the stream escapes a character (a
// control character, a byte-order mark: stderr escapes them wherever it
// goes) and the caret moves with it; a source line of more than 1,000
// characters is cut around the column. An error in a file a $ref brought
// in shows no line of that file (dryfire shows the suite's line of the
// same number): a note names the file instead.
func Write(w io.Writer, root string, errs []suite.SpecError) error {
	t := visible.NewPrinter(w)
	var config, files []suite.SpecError
	for _, se := range errs {
		if se.InConfig {
			config = append(config, se)
		} else {
			files = append(files, se)
		}
	}
	rootDir := realDir(root)
	if len(config) > 0 {
		writeConfigErrors(t, filepath.Join(rootDir, suite.ConfigFileName), config)
		return t.Err()
	}
	for _, group := range byFile(files) {
		name := group[0].File
		if !filepath.IsAbs(name) {
			name = filepath.Join(rootDir, filepath.FromSlash(name))
		}
		var lines []string
		for _, se := range group {
			if se.Line > 0 && se.Ref == "" && lines == nil {
				lines = sourceLinesOf(name)
			}
			writeSpecError(t, name, se, lines)
		}
	}
	return t.Err()
}

// realDir is dir with its symbolic links resolved, dir itself when they
// cannot be.
func realDir(dir string) string {
	if dir == "" {
		return ""
	}
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		return r
	}
	return dir
}

// byFile groups errors by file, in the order each file's first error
// comes, as dryfire groups them.
func byFile(errs []suite.SpecError) [][]suite.SpecError {
	var out [][]suite.SpecError
	at := map[string]int{}
	for _, se := range errs {
		i, ok := at[se.File]
		if !ok {
			i = len(out)
			at[se.File] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], se)
	}
	return out
}

// writeSpecError writes one error of the file named name, whose lines
// (as dryfire reads them) are lines.
func writeSpecError(t *visible.Printer, name string, se suite.SpecError, lines []string) {
	t.Printf("error: %s\n", se.Message)
	where := name
	if se.Line > 0 {
		where += ":" + strconv.Itoa(se.Line) + ":" + strconv.Itoa(se.Column)
	}
	if se.Loc != "" {
		t.Printf("  --> %s   (%s)\n", where, se.Loc)
	} else {
		t.Printf("  --> %s\n", where)
	}
	switch {
	case se.Line > 0 && se.Ref != "":
		t.Printf("   = note: line %d, column %d of %s, which a $ref brought in (its lines are not shown)\n",
			se.Line, se.Column, se.Ref)
	case se.Line > 0 && se.Line <= len(lines):
		writeGutter(t, se, lines[se.Line-1])
	case se.Line > 0 && lines == nil && se.Source != "":
		// A file dryfire cannot read as text (it stops there): the line
		// as the loader saw it.
		writeGutter(t, se, se.Source)
	}
	if se.Hint != "" {
		t.Printf("   = help: %s\n", se.Hint)
	}
	t.Printf("\n")
}

// writeGutter writes the source line of an error with the caret under
// its column: dryfire's spaces, one a character, wider where the stream
// escapes a character before the column.
func writeGutter(t *visible.Printer, se suite.SpecError, src string) {
	gutter := strconv.Itoa(se.Line)
	pad := strings.Repeat(" ", len(gutter))
	note := ""
	if se.Enclosing {
		note = "  (nearest enclosing node)"
	}
	src, col := clipSource(src, se.Column)
	t.Printf("   %s |\n", pad)
	t.Printf("   %s | %s\n", gutter, visible.Block(src))
	t.Printf("   %s | %s^%s\n", pad, caretPad(src, col, t.Escapes()), note)
}

// sourceLinesOf is a file's lines as dryfire reads them to echo one under
// an error: decoded as UTF-8, any line break (CR LF, CR, LF, NEL, LS, PS
// and the others Python's splitlines knows) ending a line, a byte-order
// mark kept at the start of the first. Nil when the file cannot be read
// or is not UTF-8.
func sourceLinesOf(file string) []string {
	data, err := safefile.ReadFile(file)
	if err != nil || !utf8.Valid(data) {
		return nil
	}
	return pySplitLines(string(data))
}

// pySplitLines is Python's str.splitlines(): no empty line after a final
// line break.
func pySplitLines(s string) []string {
	lines := []string{}
	start := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !pyLineBreak(r) {
			i += size
			continue
		}
		lines = append(lines, s[start:i])
		i += size
		if r == '\r' && i < len(s) && s[i] == '\n' {
			i++
		}
		start = i
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}

// pyLineBreak reports whether r ends a line for Python's splitlines.
func pyLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// caretPad is the spaces before the caret under column col (characters)
// of src: one a character, as dryfire pads it; where the stream escapes
// (escaped), a character it escapes (a control character, an invalid
// byte) widens the pad by its escape.
func caretPad(src string, col int, escaped bool) string {
	var b strings.Builder
	i := 1
	for off := 0; off < len(src) && i < col; i++ {
		_, size := utf8.DecodeRuneInString(src[off:])
		w := 1
		if escaped {
			w = utf8.RuneCountInString(visible.Text(src[off : off+size]))
		}
		b.WriteString(strings.Repeat(" ", w))
		off += size
	}
	for ; i < col; i++ {
		b.WriteByte(' ')
	}
	return b.String()
}

// sourceWidth is how many characters of a source line are echoed: a line
// longer than that (a minified file, a 4,301-digit number) is shown
// around the column, so one line of a hostile file cannot flood the
// screen or a log. A line of a suite written by hand is shorter, and is
// echoed whole, as dryfire echoes it.
const sourceWidth = 1000

// clipSource returns the part of src echoed under an error at column col
// (1-based, in characters), with "…" where it was cut, and the column in
// the part returned.
func clipSource(src string, col int) (string, int) {
	runes := []rune(src)
	if len(runes) <= sourceWidth {
		return src, col
	}
	start := min(max(0, col-1-sourceWidth/2), len(runes)-sourceWidth)
	end := start + sourceWidth
	out, at := string(runes[start:end]), col-start
	if start > 0 {
		out, at = "…"+out, at+1
	}
	if end < len(runes) {
		out += "…"
	}
	return out, at
}
