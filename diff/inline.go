package diff

import (
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Span is a piece of one side of a changed line; Changed marks the words
// and characters that differ from the other side.
type Span struct {
	Text    string
	Changed bool
}

// minShared is the share of a line (by bytes) that must be the same on
// both sides for an inline diff to help: below it the two lines are
// simply different, and marking nearly everything would only be noise.
const minShared = 0.4

// Inline compares two versions of a line and returns each side as spans,
// the parts that differ marked, as a character diff cleaned up to whole
// words where that reads better (go-diff's semantic cleanup): "order ID."
// → "order id." marks "ID" and "id". ok is false when the lines share too
// little for that to help, or are equal.
func Inline(before, after string) (a, b []Span, ok bool) {
	if before == after {
		return nil, nil, false
	}
	dmp := diffmatchpatch.New()
	diffs := dmp.DiffCleanupSemantic(dmp.DiffMain(before, after, false))
	shared := 0
	for _, d := range diffs {
		if d.Type == diffmatchpatch.DiffEqual {
			shared += len(d.Text)
		}
	}
	if float64(shared) < minShared*float64(max(len(before), len(after))) {
		return nil, nil, false
	}
	for _, d := range diffs {
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			a = appendSpan(a, d.Text, false)
			b = appendSpan(b, d.Text, false)
		case diffmatchpatch.DiffDelete:
			a = appendSpan(a, d.Text, true)
		case diffmatchpatch.DiffInsert:
			b = appendSpan(b, d.Text, true)
		}
	}
	return a, b, true
}

// appendSpan adds text to spans, joining it to the last span of the same
// kind.
func appendSpan(spans []Span, text string, changed bool) []Span {
	if text == "" {
		return spans
	}
	if n := len(spans); n > 0 && spans[n-1].Changed == changed {
		spans[n-1].Text += text
		return spans
	}
	return append(spans, Span{Text: text, Changed: changed})
}

// LineKind says what a line of a unified diff is.
type LineKind int

// The kinds of line.
const (
	LineContext LineKind = iota
	LineRemoved
	LineAdded
	LineHunk   // "@@ -3,3 +3,3 @@"
	LineHeader // "--- recorded", "+++ current"
)

// String returns the kind's name.
func (k LineKind) String() string {
	switch k {
	case LineContext:
		return "context"
	case LineRemoved:
		return "removed"
	case LineAdded:
		return "added"
	case LineHunk:
		return "hunk"
	case LineHeader:
		return "header"
	}
	return "line"
}

// Line is one line of a unified diff. Text is the whole line as
// [Result.Unified] writes it, its first character included. For a
// removed line paired with an added one (a line changed in place), Spans
// split the text after the first character into what stayed and what
// changed; otherwise Spans is nil.
type Line struct {
	Kind  LineKind
	Text  string
	Spans []Span
}

// UnifiedLines is [Result.Unified] line by line, each changed line paired
// with its new version and compared word by word ([Inline]): in a run of
// removed lines followed by a run of added ones, the first removed line
// goes with the first added one, and so on.
func (r Result) UnifiedLines() []Line {
	return Lines(r.Unified())
}

// Lines splits a unified diff (as [Result.Unified] writes it) into lines,
// pairing and marking the changed ones as [Result.UnifiedLines] does.
func Lines(text string) []Line {
	if text == "" {
		return nil
	}
	raw := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	out := make([]Line, len(raw))
	for i, l := range raw {
		out[i] = Line{Kind: lineKind(l, i), Text: l}
	}
	for i := 0; i < len(out); {
		if out[i].Kind != LineRemoved {
			i++
			continue
		}
		del := i
		for i < len(out) && out[i].Kind == LineRemoved {
			i++
		}
		add := i
		for i < len(out) && out[i].Kind == LineAdded {
			i++
		}
		for k := 0; k < min(add-del, i-add); k++ {
			a, b, ok := Inline(out[del+k].Text[1:], out[add+k].Text[1:])
			if ok {
				out[del+k].Spans, out[add+k].Spans = a, b
			}
		}
	}
	return out
}

// lineKind classifies line i of a unified diff: the first two lines are
// the header.
func lineKind(l string, i int) LineKind {
	switch {
	case i < 2 && (strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "+++ ")):
		return LineHeader
	case strings.HasPrefix(l, "@@"):
		return LineHunk
	case strings.HasPrefix(l, "-"):
		return LineRemoved
	case strings.HasPrefix(l, "+"):
		return LineAdded
	}
	return LineContext
}
