package report

import (
	"io"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
)

// Review is the review document: the recordings changed since git HEAD,
// what each change means, and the changes grouped by case.
type Review struct {
	// Root is the directory paths are relative to (the project root).
	Root    string         `json:"root"`
	Changes []ReviewChange `json:"changes"`
	Cases   []ReviewCase   `json:"cases"`
}

// ReviewChange is one changed recording.
type ReviewChange struct {
	Path string `json:"path"`
	// OldPath is the path before a rename.
	OldPath string `json:"old_path,omitempty"`
	// Kind is added, modified, deleted or renamed.
	Kind string `json:"kind"`
	// Format is format.Dryfire, format.Tape or format.Unknown (JSON:
	// "dryfire", "tape", "other").
	Format format.Kind `json:"format"`
	Suite  string      `json:"suite,omitempty"`
	Case   string      `json:"case,omitempty"`
	// Turn is set for a dryfire cassette with a key.
	Turn *int   `json:"turn,omitempty"`
	Key  string `json:"key,omitempty"`
	// Staged, Unstaged and Untracked say where git holds the change.
	Staged    bool `json:"staged"`
	Unstaged  bool `json:"unstaged"`
	Untracked bool `json:"untracked"`
	// Summary says what changed, one line each; Details are old → new
	// pairs.
	Summary []string `json:"summary"`
	Details []Detail `json:"details"`
	// Secrets are the secrets the change adds (not in the committed
	// version, not accepted by the baseline): review --accept refuses the
	// change without --allow-secrets.
	Secrets []Finding `json:"secrets"`
}

// Detail is one old → new pair of a change.
type Detail struct {
	Label string `json:"label"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// ReviewCase groups the changes of one dryfire case.
type ReviewCase struct {
	Suite   string   `json:"suite"`
	Case    string   `json:"case"`
	Paths   []string `json:"paths"`
	Summary []string `json:"summary"`
}

// WriteText writes each change with where git holds it and its summary.
func (d *Review) WriteText(w io.Writer) error {
	t := newText(w)
	if len(d.Changes) == 0 {
		t.println("no recording changed since HEAD")
		return t.err
	}
	for _, c := range d.Changes {
		mark := ""
		if len(c.Secrets) > 0 {
			mark = "  [adds " + count(len(c.Secrets), "secret") + "]"
		}
		t.printf("%-8s %s (%s)%s\n", c.Kind, c.Path, WhereHeld(c.Staged, c.Unstaged, c.Untracked), mark)
		for _, s := range c.Summary {
			t.printf("         %s\n", s)
		}
	}
	t.printf("\n%s changed since HEAD. Accept with 'dryfire-tui review --accept FILE…', reject with --reject.\n", count(len(d.Changes), "recording"))
	return t.err
}

// WhereHeld says where git holds a change: "staged", "unstaged",
// "untracked", or several of them, comma-separated.
func WhereHeld(staged, unstaged, untracked bool) string {
	var ws []string
	if staged {
		ws = append(ws, "staged")
	}
	if unstaged {
		ws = append(ws, "unstaged")
	}
	if untracked {
		ws = append(ws, "untracked")
	}
	return strings.Join(ws, ", ")
}
