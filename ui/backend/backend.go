package backend

import (
	"context"
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/scan/watch"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// Backend is what the browser needs from the core packages. [Core] is the
// real one (over scan, diff, secrets and the command tier); tests pass
// fakes.
// Every method is called from a tea.Cmd, never from Update.
type Backend interface {
	// Open scans path and calls onBatch with recordings as they are
	// classified; it may call onBatch from any goroutine.
	Open(ctx context.Context, path string, onBatch func([]tree.Item)) (Summary, error)
	// Detail reads one recording for the detail pane.
	Detail(ctx context.Context, it tree.Item) detail.Data
	// Prune removes the files that may go among items, through the same
	// core as the prune command, and says what it did with each.
	Prune(ctx context.Context, items []tree.Item) (PruneResult, error)
	// Run runs a command of the palette on path through the same core as
	// the command line does, and returns the report the command prints.
	Run(ctx context.Context, path string, req CommandRequest) CommandResult
}

// Refresher is a Backend that reads a project again after a change
// more cheaply than Open, with the same result: the live reading uses it.
type Refresher interface {
	Refresh(ctx context.Context, path string, onBatch func([]tree.Item)) (Summary, error)
}

// Watcher follows the files path's recordings come from (Core is one):
// the browser reads the project again when they change, and says on its
// status line whether it is live. The events stop, and the channel
// closes, when ctx is done.
type Watcher interface {
	Watch(ctx context.Context, path string) <-chan watch.Event
}

// The commands of the palette, as the command line spells them.
const (
	CommandCheck    = "check"
	CommandReplay   = "replay"
	CommandBaseline = "secrets --write-baseline"
	CommandDoctor   = "doctor --fix"
	CommandRedact   = "secrets --redact"
	CommandRun      = "run --cassette-mode replay"
	CommandDiff     = "diff"
	CommandPrune    = "prune"
)

// CommandRequest asks for a command of the palette.
type CommandRequest struct {
	// Command is one of the Command constants.
	Command string
	// Filter is replay's --filter (a case name; "" replays every case).
	Filter string
	// Ref is diff's KEY (a recording's key or path; "" explains every miss).
	Ref string
	// Listed is, for an applied prune, the files its dry run listed
	// (CommandResult.Listed): the prune goes ahead only while the files it
	// would remove are those. A string, so that requests compare.
	Listed string
	// Apply is false for the dry run of a command that changes files
	// (baseline, doctor --fix, redact): it says what would change.
	Apply bool
}

// CommandResult is what a command did.
type CommandResult struct {
	// Title is the command line it stands for ("doctor --fix").
	Title string
	// Lines are the report the command prints, as text.
	Lines []string
	// Outcome is what the command found; OK is Outcome command.OK with
	// no error (the command line's exit status 0).
	Outcome command.Outcome
	OK      bool
	// Todo is, for a dry run, what the command would change (0 for
	// nothing); Confirm says what y does.
	Todo    int
	Confirm string
	// Listed is, for a prune's dry run, the files it would remove, one a
	// line.
	Listed string
	// Changed is set when files were written (the browser reads them again).
	Changed bool
	Err     error
}

// Summary describes a finished scan.
type Summary struct {
	Name    string // the project name for the header
	Root    string // the project root (absolute)
	Project bool   // a dryfire.yaml was found
	// LookedFor says what was searched and where, for the empty state.
	LookedFor []string
	// Problems are errors that did not stop the scan (spec errors, files
	// that could not be walked).
	Problems []string
	// SpecErrors are the errors of dryfire.yaml and the suites, with
	// where they are (the problem summary opens the file there).
	SpecErrors []SpecError
}

// SpecError is an error in dryfire.yaml or a suite file.
type SpecError struct {
	// File is relative to the project root.
	File         string
	Line, Column int
	Message      string
}

// String is "file:line:column: message".
func (e SpecError) String() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Message)
	}
	return e.File + ": " + e.Message
}

// PruneResult is what a prune did.
type PruneResult struct {
	Removed []string
	Kept    []Refusal
}

// Refusal is a marked file that prune kept, with the reason.
type Refusal struct {
	Path, Reason string
}
