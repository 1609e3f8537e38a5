package diff

import (
	"fmt"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// contextLines is the number of unchanged lines around each hunk.
const contextLines = 3

// unified returns a unified diff of the pretty JSON of a and b, or "" when
// they render the same.
func unified(a, b jsonv.Value) string {
	before, after := Pretty(a), Pretty(b)
	if before == after {
		return ""
	}
	return unifiedText("recorded", "current", before, after)
}

// line is one line of a line diff: ' ', '-' or '+' and the text.
type line struct {
	op   byte
	text string
}

// lineDiff diffs two texts by line with go-diff.
func lineDiff(before, after string) []line {
	dmp := diffmatchpatch.New()
	ca, cb, lines := dmp.DiffLinesToChars(before, after)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(ca, cb, false), lines)
	var out []line
	for _, d := range diffs {
		op := byte(' ')
		switch d.Type {
		case diffmatchpatch.DiffInsert:
			op = '+'
		case diffmatchpatch.DiffDelete:
			op = '-'
		case diffmatchpatch.DiffEqual:
		}
		for _, l := range strings.SplitAfter(d.Text, "\n") {
			if l != "" {
				out = append(out, line{op, strings.TrimSuffix(l, "\n")})
			}
		}
	}
	return out
}

// lineStats counts the lines added and removed between two texts.
func lineStats(before, after string) (plus, minus int) {
	for _, l := range lineDiff(withNewline(before), withNewline(after)) {
		switch l.op {
		case '+':
			plus++
		case '-':
			minus++
		}
	}
	return plus, minus
}

func withNewline(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// unifiedText renders a unified diff with hunk headers.
func unifiedText(nameA, nameB, before, after string) string {
	lines := lineDiff(withNewline(before), withNewline(after))
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", nameA, nameB)
	for start := 0; start < len(lines); {
		first := nextChange(lines, start)
		if first < 0 {
			break
		}
		lo := max(first-contextLines, start)
		hi := first
		// Extend the hunk while the next change is within 2×context lines.
		for {
			end := hi
			for end < len(lines) && lines[end].op != ' ' {
				end++
			}
			next := nextChange(lines, end)
			if next < 0 || next-end > 2*contextLines {
				hi = min(end+contextLines, len(lines))
				break
			}
			hi = next
		}
		writeHunk(&b, lines, lo, hi)
		start = hi
	}
	return b.String()
}

func nextChange(lines []line, from int) int {
	for i := from; i < len(lines); i++ {
		if lines[i].op != ' ' {
			return i
		}
	}
	return -1
}

func writeHunk(b *strings.Builder, lines []line, lo, hi int) {
	// Line numbers of the hunk's start on each side.
	na, nb := 1, 1
	for _, l := range lines[:lo] {
		if l.op != '+' {
			na++
		}
		if l.op != '-' {
			nb++
		}
	}
	ca, cb := 0, 0
	for _, l := range lines[lo:hi] {
		if l.op != '+' {
			ca++
		}
		if l.op != '-' {
			cb++
		}
	}
	fmt.Fprintf(b, "@@ -%s +%s @@\n", hunkRange(na, ca), hunkRange(nb, cb))
	for _, l := range lines[lo:hi] {
		b.WriteByte(l.op)
		b.WriteString(l.text)
		b.WriteByte('\n')
	}
}

func hunkRange(start, count int) string {
	if count == 0 {
		start--
	}
	if count == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

// Pretty renders a value as indented JSON with sorted keys, the way the
// unified diff shows it: a string with line breaks is split after each
// "\n" into adjacent quoted pieces, one per line, so that a changed line of
// a long prompt is one changed line of the diff.
func Pretty(v jsonv.Value) string {
	var b strings.Builder
	pretty(&b, v, 0, 0)
	return b.String()
}

func pretty(b *strings.Builder, v jsonv.Value, depth, col int) {
	switch v.Kind {
	case jsonv.Array:
		if len(v.Items) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, it := range v.Items {
			indent(b, depth+1)
			pretty(b, it, depth+1, 2*(depth+1))
			if i < len(v.Items)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		indent(b, depth)
		b.WriteByte(']')
	case jsonv.Object:
		if len(v.Members) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, m := range v.Members {
			indent(b, depth+1)
			k := jsonString(m.Key) + ": "
			b.WriteString(k)
			pretty(b, m.Value, depth+1, 2*(depth+1)+len(k))
			if i < len(v.Members)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		indent(b, depth)
		b.WriteByte('}')
	case jsonv.String:
		pieces := strings.SplitAfter(v.Text, "\n")
		if pieces[len(pieces)-1] == "" && len(pieces) > 1 {
			pieces = pieces[:len(pieces)-1]
		}
		for i, p := range pieces {
			if i > 0 {
				b.WriteByte('\n')
				b.WriteString(strings.Repeat(" ", col))
			}
			b.WriteString(jsonString(p))
		}
	default:
		data, err := jsonv.Encode(v, jsonv.EncodeOptions{AllowNonFinite: true})
		if err != nil {
			b.WriteString(v.Kind.String())
			return
		}
		b.Write(data)
	}
}

func jsonString(s string) string {
	data, err := jsonv.Encode(jsonv.StringValue(s), jsonv.EncodeOptions{Dialect: jsonv.JS})
	if err != nil {
		return fmt.Sprintf("%q", s)
	}
	return string(data)
}

func indent(b *strings.Builder, depth int) {
	for range depth {
		b.WriteString("  ")
	}
}
