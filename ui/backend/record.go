package backend

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
)

// Recorder re-records cases from the browser: it says what a recording
// will call and cost, records, and opens the review of what changed.
// CoreRecorder is the real one. Every method is called from a tea.Cmd.
type Recorder interface {
	// Plan prepares the re-recording of cases of the project around path
	// (cassette mode record) without calling anything.
	Plan(ctx context.Context, path string, cases []CaseRef) (RecordPlan, error)
	// Record runs a plan, telling progress of every call; a cancelled ctx
	// stops it with every file written whole.
	Record(ctx context.Context, plan RecordPlan, progress func(RecordProgress)) RecordResult
	// Review opens the review of the recordings changed since git HEAD
	// in the project at root, and the directories it looked at.
	Review(ctx context.Context, root string) (*gitreview.Review, []string, error)
}

// CaseRef names one case, or with Case "" every case of a suite.
type CaseRef struct{ Suite, Case string }

// RecordPlan is what a re-recording will do, for the dialog that asks.
type RecordPlan struct {
	// Cases are the cases that will be recorded, in suite order.
	Cases []CaseRef
	// LeftOut say which of the chosen cases will not be, and why.
	LeftOut   []string
	Providers []RecordProvider
	// Repetitions and Calls: the case repetitions recorded and the most
	// calls they make.
	Repetitions, Calls int
	// Cost is the estimate in words.
	Cost string
	// CassetteDir is where the cassettes go, from the project root.
	CassetteDir string
	// Root is the project root.
	Root string
	// StandIn, when set, says who answers the calls instead of the
	// providers (CoreRecorder.StandIn): no key is needed, nothing is spent.
	StandIn string
	// Handle is the recorder's own state of the plan.
	Handle any
}

// RecordProvider is a provider a re-recording calls.
type RecordProvider struct {
	Name   string
	Models []string
	// KeyEnv is the variable that holds its key, KeySet whether it is set
	// (its value is never read into the UI).
	KeyEnv string
	KeySet bool
	Calls  int
}

// RecordProgress is one call of a running re-recording.
type RecordProgress struct {
	Calls, Most int
	// Line says which call it was and how it went.
	Line string
}

// RecordResult is what a re-recording did.
type RecordResult struct {
	// Written are the cassettes written, from the project root.
	Written []string
	// Problems say what went wrong: a failed call, a recording refused
	// because it carries a secret.
	Problems []string
	// Passed and Failed count the recorded cases by their new verdict.
	Passed, Failed int
	Interrupted    bool
	Err            error
}

// ReviewLoader opens the review again (r reloads) and says which
// directories it looked at.
type ReviewLoader func(ctx context.Context) (*gitreview.Review, []string, error)
