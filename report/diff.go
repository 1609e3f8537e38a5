package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// Diff is the diff document: every replay miss explained against the
// recording it replaces.
type Diff struct {
	Stale []Stale `json:"stale"`
}

// Stale explains one replay miss: what changed between the request a case
// repetition sends now and the recording it most likely replaces.
type Stale struct {
	// Path is the stale recording, relative to the project root; "" when
	// the store has nothing to compare with.
	Path        string `json:"path"`
	Suite       string `json:"suite"`
	Case        string `json:"case"`
	RepeatIndex int    `json:"repeat_index"`
	Turn        int    `json:"turn"`
	// RecordedKey is the recording's key, CurrentKey the key the case looks
	// up now.
	RecordedKey string `json:"recorded_key"`
	CurrentKey  string `json:"current_key"`
	// Summary says what changed, in the user's terms.
	Summary []string `json:"summary"`
	// Changes address the hashed request (tools[2].description).
	Changes []Change `json:"changes"`
	// Unified is a unified diff of the two requests as pretty JSON.
	Unified string `json:"unified"`
	// Closest is set when the recording is not of the same turn but the
	// nearest one found; Incomplete when its request digest is a stub.
	Closest    bool `json:"closest"`
	Incomplete bool `json:"incomplete"`
	// Note explains a miss the request cannot: the request is unchanged
	// but lookup skips the recorded file.
	Note string `json:"note,omitempty"`
	// Headline is the first thing to say about the miss, one line.
	Headline string `json:"-"`
	// Source is where the first change is written in the project's
	// files, when the check that made the document placed it.
	Source *Source `json:"-"`
}

// Source is a place in a suite or dryfire.yaml: the line a change of a
// request comes from.
type Source struct {
	// File is relative to the project root; Line is 1-based.
	File string
	Line int
	// What names what is written there ("tool lookup_order:
	// description").
	What string
}

// Change is one difference between the recorded and the current request.
type Change struct {
	Path string `json:"path"`
	// Kind is changed, added, removed or reordered.
	Kind string `json:"kind"`
	// Before and After are the values, as recorded (null when absent).
	Before json.RawMessage `json:"before"`
	After  json.RawMessage `json:"after"`
}

// NewChanges makes the changes of a diff.Result.
func NewChanges(cs []diff.Change) []Change {
	out := make([]Change, 0, len(cs))
	for _, ch := range cs {
		out = append(out, Change{Path: ch.Path, Kind: ch.Kind.String(), Before: Value(ch.Before), After: Value(ch.After)})
	}
	return out
}

// WriteText writes each miss: where it is, the key it asks for now, the
// recording it replaces, the summary, the change paths and the unified
// diff.
func (d *Diff) WriteText(w io.Writer) error {
	t := newText(w)
	if len(d.Stale) == 0 {
		t.println("nothing is stale: every case replays from its recordings")
		return t.err
	}
	for i := range d.Stale {
		if i > 0 {
			t.println()
		}
		d.Stale[i].writeText(t)
	}
	return t.err
}

func (x *Stale) writeText(t *text) {
	title := fmt.Sprintf("%s › %s › turn %d", x.Suite, x.Case, x.Turn)
	if x.RepeatIndex > 0 {
		title += fmt.Sprintf(" › repetition #%d", x.RepeatIndex)
	}
	t.paint(visible.Bold, title)
	t.printf("\n  now asks for %s\n", x.CurrentKey)
	switch {
	case x.Path == "":
		t.println("  no recording to compare with: record this case")
		return
	case x.Closest:
		t.printf("  closest recording (not the same turn): %s\n", x.Path)
	default:
		t.printf("  recorded as %s\n", x.Path)
	}
	if x.Note != "" {
		t.printf("  %s\n", x.Note)
	}
	for _, s := range x.Summary {
		t.printf("  • %s\n", s)
	}
	for _, ch := range x.Changes {
		t.printf("    %s %s\n", ch.Kind, ch.Path)
	}
	if x.Unified != "" {
		t.println()
		for _, l := range strings.SplitAfter(strings.TrimSuffix(x.Unified, "\n"), "\n") {
			body, nl := strings.CutSuffix(l, "\n")
			t.printf("  ")
			// The colour ends before the line does.
			t.paintBlock(unifiedStyle(body), body)
			if nl {
				t.println()
			}
		}
		t.println()
	}
}

// unifiedStyle is the colour of a line of a unified diff where the
// output is coloured, as git colours it: the file headers bold, the hunk
// headers cyan, what was removed red, what was added green.
func unifiedStyle(line string) visible.Style {
	switch {
	case strings.HasPrefix(line, "--- "), strings.HasPrefix(line, "+++ "):
		return visible.Bold
	case strings.HasPrefix(line, "@@"):
		return visible.Cyan
	case strings.HasPrefix(line, "-"):
		return visible.Red
	case strings.HasPrefix(line, "+"):
		return visible.Green
	}
	return 0
}
