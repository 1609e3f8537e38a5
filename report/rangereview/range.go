package rangereview

import (
	"fmt"
	"io"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/report"
)

// Document is the review document of a range (review --base): the
// recordings changed between two revisions, what each change means, and
// why it was made.
type Document struct {
	// Root is the directory paths are relative to (the project root).
	Root string `json:"root"`
	// Base and Head are the two sides; Head is the working tree unless
	// --head named a revision.
	Base Revision `json:"base"`
	Head Revision `json:"head"`
	// ReadOnly says why the review cannot accept or reject ("" when it
	// can: the head is the working tree).
	ReadOnly string   `json:"read_only"`
	Changes  []Change `json:"changes"`
	Cases    []Case   `json:"cases"`
	Problems []string `json:"problems"`
}

// Revision is one side of a range.
type Revision struct {
	// Rev is the revision as given; "" for the working tree.
	Rev string `json:"rev"`
	// Commit is the full commit id; "" for the working tree.
	Commit   string `json:"commit"`
	WorkTree bool   `json:"worktree"`
}

// String is "origin/main (3f2a9c81d0e4)" or "the working tree".
func (r Revision) String() string {
	switch {
	case r.WorkTree:
		return "the working tree"
	case r.Rev == "" || strings.HasPrefix(r.Commit, r.Rev):
		return r.Commit[:min(12, len(r.Commit))]
	}
	return r.Rev + " (" + r.Commit[:min(12, len(r.Commit))] + ")"
}

// Change is one recording changed over a range.
type Change struct {
	Path string `json:"path"`
	// OldPath is the path before a rename.
	OldPath string `json:"old_path,omitempty"`
	// Kind is added, modified, deleted or renamed.
	Kind   string      `json:"kind"`
	Format format.Kind `json:"format"`
	Suite  string      `json:"suite,omitempty"`
	Case   string      `json:"case,omitempty"`
	Turn   *int        `json:"turn,omitempty"`
	Key    string      `json:"key,omitempty"`
	// Replaces is, for a re-recording, the base's recording of the same
	// turn it is compared with; ReplacedBy is, for a removed recording,
	// the re-recording that replaces it.
	Replaces   string `json:"replaces,omitempty"`
	ReplacedBy string `json:"replaced_by,omitempty"`
	// Summary says what changed, one line each; Details are old → new
	// pairs.
	Summary []string        `json:"summary"`
	Details []report.Detail `json:"details"`
	// Secrets are the secrets the change adds (not held by the base's
	// version, not accepted by the head's baseline).
	Secrets []report.Finding `json:"secrets"`
	// Why says why it changed; nil for a file that is no dryfire
	// recording (a tape: no suite says why).
	Why *Why `json:"why"`
}

// Why says why a recording changed.
type Why struct {
	// Kind is suite change, earlier turn, same request, new case, new
	// turn, case removed, orphan pruned, pruned, replaced, turn dropped,
	// unread or unexplained.
	Kind string `json:"kind"`
	// Lines say it: "tool lookup_order: description changed at
	// evals/support/refund_agent.eval.yaml:10".
	Lines []string `json:"lines"`
	// Sources are the places in the head's files the request's changes
	// come from.
	Sources []Source `json:"sources"`
	// Request says what changed in the request at the recorded turn,
	// base → head.
	Request []string `json:"request"`
	// Warning is what a reviewer should not miss ("" for nothing).
	Warning string `json:"warning,omitempty"`
}

// Source is one place a request's change comes from.
type Source struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	// What names what is written there ("tool lookup_order: description").
	What string `json:"what"`
	// Change is the change's path in the request (tools[0].description),
	// Kind its kind (changed, added, removed, reordered).
	Change string `json:"change"`
	Kind   string `json:"kind"`
}

// Case groups the changes of one dryfire case.
type Case struct {
	Suite   string   `json:"suite"`
	Case    string   `json:"case"`
	Paths   []string `json:"paths"`
	Summary []string `json:"summary"`
	// Why are the distinct reasons of its changes, in turn order.
	Why []string `json:"why"`
}

// Title is "origin/main (3f2a…) → the working tree".
func (d *Document) Title() string { return d.Base.String() + " → " + d.Head.String() }

// WriteText writes the range and each change with its summary and why.
// A recording removed because a re-recording replaces it is said under
// the re-recording.
func (d *Document) WriteText(w io.Writer) error {
	t := visible.NewPrinter(w)
	t.Printf("review: %s\n", d.Title())
	for _, p := range d.Problems {
		t.Printf("problem: %s\n", p)
	}
	if len(d.Changes) == 0 {
		t.Println("no recording changed")
		return t.Err()
	}
	t.Println()
	for _, c := range d.Shown() {
		mark := ""
		if len(c.Secrets) > 0 {
			mark = "  [adds " + count(len(c.Secrets), "secret") + "]"
		}
		t.Printf("%-8s %s%s\n", c.Kind, c.Path, mark)
		if d.replacedBy(c.Path) != nil {
			t.Printf("         replaces %s (removed)\n", path.Base(c.Replaces))
		}
		for _, s := range c.Summary {
			t.Printf("         %s\n", s)
		}
		if c.Why == nil {
			continue
		}
		for _, l := range c.Why.Lines {
			t.Printf("         why: %s\n", l)
		}
		if c.Why.Warning != "" {
			t.Printf("         warning: %s\n", c.Why.Warning)
		}
	}
	t.Printf("\n%s.\n", d.Tally())
	return t.Err()
}

// Shown are the changes as the text and markdown say them: every change
// but a recording removed because a re-recording in the document
// replaces it (the re-recording says so).
func (d *Document) Shown() []Change {
	paths := map[string]bool{}
	for _, c := range d.Changes {
		paths[c.Path] = true
	}
	var out []Change
	for _, c := range d.Changes {
		if c.Kind == "deleted" && c.ReplacedBy != "" && paths[c.ReplacedBy] {
			continue
		}
		out = append(out, c)
	}
	return out
}

// replacedBy is the removed change the re-recording at p replaces, when
// the document has it.
func (d *Document) replacedBy(p string) *Change {
	for i, c := range d.Changes {
		if c.Kind == "deleted" && c.ReplacedBy == p {
			return &d.Changes[i]
		}
	}
	return nil
}

// Reasons are the distinct reasons of the changes shown, each with how
// many recordings it explains, the most frequent first.
func (d *Document) Reasons() []Reason {
	var out []Reason
	index := map[string]int{}
	for _, c := range d.Shown() {
		if c.Why == nil {
			continue
		}
		for _, l := range c.Why.Lines {
			i, ok := index[l]
			if !ok {
				i = len(out)
				index[l] = i
				out = append(out, Reason{Line: l})
			}
			out[i].Recordings++
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Recordings > out[j].Recordings })
	return out
}

// Reason is one reason recordings changed, and how many it explains.
type Reason struct {
	Line       string
	Recordings int
}

// Tally is "15 re-recorded, 1 added in 5 cases (31 files), 1 adding
// secrets".
func (d *Document) Tally() string {
	s := changeCounts(d.Shown())
	if len(d.Cases) > 0 {
		s += " in " + count(len(d.Cases), "case")
	}
	s += " (" + count(len(d.Changes), "file") + ")"
	n, warn := 0, 0
	for _, c := range d.Changes {
		if len(c.Secrets) > 0 {
			n++
		}
		if c.Why != nil && c.Why.Warning != "" {
			warn++
		}
	}
	if n > 0 {
		s += fmt.Sprintf(", %d adding secrets", n)
	}
	if warn > 0 {
		s += ", " + count(warn, "warning")
	}
	return s
}

// count is n and word, in the plural unless n is 1 ([report.Plural]).
func count(n int, word string) string { return strconv.Itoa(n) + " " + report.Plural(n, word) }

// changeCounts says what changes are: "2 re-recorded, 1 removed". A
// re-recording is a recording modified in place or added for a turn the
// base recorded.
func changeCounts(changes []Change) string {
	var rerecorded, added, removed, moved int
	for _, c := range changes {
		switch {
		case c.Kind == "deleted":
			removed++
		case c.Kind == "renamed":
			moved++
		case c.Kind == "modified" || c.Replaces != "":
			rerecorded++
		default:
			added++
		}
	}
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{rerecorded, "re-recorded"}, {added, "added"}, {removed, "removed"}, {moved, "moved"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}
