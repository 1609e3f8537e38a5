// Package detail is the right pane of both pages. On the browse page it
// shows one recording in five tabs (Response, Request, Diff, Secrets, Raw)
// under a title line and its status reason (wrapped, never cut); on the
// review page, one changed file ([FileChange]): what it is, what changed in
// the user's terms, and old → new. Either way the body scrolls.
//
// The pane is a viewer: long lines wrap under their own indentation, or,
// with the wrap key off, scroll sideways; [Model.SetSearch] and
// [Model.NextMatch] search its text (smart case); the Raw tab has a cursor
// that folds and unfolds JSON and gives the value and JSON path under it
// ([Model.CursorValue]); [Model.PlainText] is the tab for a pager. The Diff
// tab marks the words that changed inside a line, says where a change is
// written ([Source]) and, for a turn replay never reaches, the miss before
// it ([Miss]).
//
// The pane renders from plain values ([Data], [FileChange]) that the root model
// fills from the core packages (cassette, diff, secrets, gitreview) inside a
// Cmd; the pane itself does no I/O. Its rows are built when the content,
// tab, width or a setting changes, so a key press costs only the rows that
// fit on screen.
package detail

import (
	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Data is everything the pane shows about one recording.
type Data struct {
	ID     string // the tree item ID this data belongs to
	Path   string
	Title  string // "refund_agent › parallel_lookups › turn 1"
	Status string
	Reason string
	Format format.Kind
	// Body is the decoded cassette file, or the tape entry, as it is.
	Body jsonv.Value
	// Masked is Body with every secret masked ([rule preview sha256:…]):
	// what the Response, Request and Raw tabs show until the reveal key.
	// Masks counts the values masked in Masked and Diff; with none, Body is
	// shown.
	Masked jsonv.Value
	Masks  int
	// HasBody is false when the file could not be decoded; Err says why.
	HasBody bool
	Err     error
	// Diff explains a stale recording, its secrets masked; RevealedDiff is
	// the same with the secrets shown. Nil when there is nothing to
	// explain.
	Diff, RevealedDiff *Diff
	// Secrets are the findings in this recording.
	Secrets []Secret
	// SecretsChecked is false when no secret scanner was available.
	SecretsChecked bool
	// NoFile, for a row that is no file (a turn replay asks for that no
	// recording answers), says so and what records it: the Response and
	// Raw tabs show it, the Request tab the request of Body.
	NoFile string
}

// Diff is the stale explanation, as the diff package computes it.
type Diff struct {
	Summary []string
	Changes []Change
	// Lines is the unified diff of both requests, changed lines paired and
	// marked word by word.
	Lines      []diff.Line
	Incomplete bool
	// Note is said first: the keys, or why a request that did not change
	// still misses.
	Note string
	// Sources are where the changes are written in the suites (the first
	// is what e opens).
	Sources []Source
	// Miss is set for a turn replay never reaches: the miss before it,
	// which the tab explains instead (enter goes there).
	Miss *Miss
	// Masks is more than 0 when masking changed what the diff shows.
	Masks int
}

// Change is one field-level difference of the hashed request: the path,
// the kind, and each side's value on one line, with the words that differ
// marked when the two are alike enough (nil spans otherwise).
type Change struct {
	Path, Kind, Before, After string
	BeforeSpans, AfterSpans   []diff.Span
}

// Source is a line of a suite (or dryfire.yaml) a change comes from.
type Source struct {
	// File is relative to the project root; Line is 1-based.
	File string
	Line int
	// What names what is written there ("tool lookup_order: description").
	What string
}

// Miss is where a case misses before reaching a turn.
type Miss struct {
	// ID is the tree ID of the recording at the missing turn ("" when the
	// case has no recording there).
	ID string
	// Title names the turn ("refund_agent › parallel_lookups › turn 0").
	Title    string
	Turn     int
	Headline string
}

// Secret is one finding. Value holds the secret itself and is shown only
// after the reveal key.
type Secret struct {
	JSONPath, Rule, Redacted, Value string
}

// Tab is one of the five detail tabs.
type Tab int

// The tabs, in key order (1-5).
const (
	TabResponse Tab = iota
	TabRequest
	TabDiff
	TabSecrets
	TabRaw
)

// Tabs lists every tab in order.
var Tabs = []Tab{TabResponse, TabRequest, TabDiff, TabSecrets, TabRaw}

func (t Tab) String() string {
	switch t {
	case TabResponse:
		return "Response"
	case TabRequest:
		return "Request"
	case TabDiff:
		return "Diff"
	case TabSecrets:
		return "Secrets"
	default:
		return "Raw"
	}
}
