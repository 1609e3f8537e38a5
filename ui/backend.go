package ui

import (
	"context"
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// Backend is what the browser needs from the core packages. NewCore wires
// the real one (scan, diff, secrets and the prune core); tests pass fakes.
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
