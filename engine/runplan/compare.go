package runplan

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Axis is what a comparison varies from column to column.
type Axis int

// The axes of dryfire compare, one at a time.
const (
	// AxisModel gives each column its model (--models).
	AxisModel Axis = iota
	// AxisPrompt gives each column its system prompt, read from a file
	// (--prompts).
	AxisPrompt
)

// String is the axis as dryfire names it: "model" or "prompt".
func (a Axis) String() string {
	if a == AxisPrompt {
		return "prompt"
	}
	return "model"
}

// CompareConfirmThreshold is dryfire's: a comparison of more case runs
// than this, in a mode other than replay, runs only when confirmed
// (--yes).
const CompareConfirmThreshold = 25

// CompareOptions tune [PrepareCompare].
type CompareOptions struct {
	// Axis is what the columns vary.
	Axis Axis
	// Labels are the columns, in order: models, or prompt files (read
	// relative to the working directory, as dryfire reads them).
	Labels []string
	// Mode is the cassette mode (--cassette-mode); "" takes dryfire.yaml's
	// cassettes.mode, else off.
	Mode string
	// ReadFile reads a prompt file (nil: safefile.ReadFile).
	ReadFile func(path string) ([]byte, error)
	// KeepTraces keeps every column's traces once its metrics are taken
	// (by default they are let go: the matrix needs the verdicts).
	KeepTraces bool
}

// Comparison is dryfire compare prepared, then run: one suite set run
// once per column, each column its own run of the project with its model
// or system prompt, over its own cassettes (the model and the system
// prompt are part of every cassette's key).
type Comparison struct {
	Axis Axis
	// Mode is the cassette mode every column runs in.
	Mode string
	// CaseRuns are the case repetitions one column runs: the repeat of
	// every case planned, as dryfire counts them before anything runs.
	CaseRuns int
	// Columns are in the order asked for.
	Columns []*Column

	keepTraces bool
}

// Column is one model or prompt of a comparison.
type Column struct {
	// Label is the model, or the prompt file as it was given.
	Label string
	// Plan is the column's run (nil when Err is set).
	Plan *Plan
	// Err is why the column could not run (a prompt file that cannot be
	// read): it is a failed column, and the others still run, as in
	// dryfire.
	Err error
	// Result and Recorded are the column's run, once executed. Result
	// keeps every case's verdict; its traces, visits and assertions are
	// let go once Metrics are taken, unless CompareOptions.KeepTraces, so
	// that a comparison holds one column's traces at a time.
	Result   *engine.Result
	Recorded *Recorded
	// Metrics summarise Result (nil for a failed column).
	Metrics *ColumnMetrics
}

// Failed reports whether the column has no result: it could not be
// prepared, or was not run.
func (c *Column) Failed() bool { return c.Result == nil }

// Rows are the case names of the matrix: those of the first column that
// ran, in suite order (every column runs the same cases), as dryfire
// lists them.
func (c *Comparison) Rows() []string {
	for _, col := range c.Columns {
		if col.Failed() {
			continue
		}
		var rows []string
		for _, s := range col.Result.Suites {
			for _, cr := range s.Cases {
				rows = append(rows, cr.Case)
			}
		}
		return rows
	}
	return nil
}

// Verdict is the column's first case named caseName, as dryfire looks a
// row's cell up (nil for a failed column, or a case it did not run).
func (c *Column) Verdict(caseName string) *engine.CaseRun {
	if c.Failed() {
		return nil
	}
	for _, s := range c.Result.Suites {
		for _, cr := range s.Cases {
			if cr.Case == caseName {
				return cr
			}
		}
	}
	return nil
}

// ColumnMetrics are dryfire's figures of a column: over its cases (a
// repeated case counts once, by its reported repetition), the pass rate,
// the cost, and the mean latency and turns of the cases with a trace.
type ColumnMetrics struct {
	Cases    int
	PassRate float64
	// Cost is the sum of the priced cases' costs, as dryfire adds them
	// (floats, in case order); Priced is false when no case was priced.
	Cost   float64
	Priced bool
	// MeanLatencyMS is the mean, over the cases with a trace, of the
	// latency of their model calls added up.
	MeanLatencyMS float64
	MeanTurns     float64
}

// Runs are the case runs of the whole comparison: columns × case runs,
// dryfire's estimate.
func (c *Comparison) Runs() int { return len(c.Columns) * c.CaseRuns }

// NeedsConfirmation reports whether dryfire would refuse the comparison
// without --yes: more than [CompareConfirmThreshold] runs in a mode other
// than replay (replay is free).
func (c *Comparison) NeedsConfirmation() bool {
	return c.Runs() > CompareConfirmThreshold && c.Mode != engine.ModeReplay
}

// ConfirmationError is dryfire's refusal of a comparison of more runs
// than the threshold without --yes.
type ConfirmationError struct {
	Runs, Threshold int
}

func (e *ConfirmationError) Error() string {
	return fmt.Sprintf("%d runs exceeds the confirmation threshold (%d); re-run with --yes to proceed (cost scales with the run count)",
		e.Runs, e.Threshold)
}

// Confirm returns nil when the comparison may run (yes is --yes), and
// dryfire's *ConfirmationError when it would refuse it.
func (c *Comparison) Confirm(yes bool) error {
	if yes || !c.NeedsConfirmation() {
		return nil
	}
	return &ConfirmationError{Runs: c.Runs(), Threshold: CompareConfirmThreshold}
}

// ErrNoAxis and ErrTwoAxes are dryfire's refusals of a compare without an
// axis, or with both.
var (
	ErrNoAxis  = errors.New("compare needs --models a,b,c or --prompts file1,file2")
	ErrTwoAxes = errors.New("compare takes one axis at a time: --models OR --prompts, not both (v0.3)")
)

// PrepareCompare prepares a comparison from base, the plan of a run of
// the project without overrides (made by [Prepare] with the options every
// column shares, and without errors; its own mode does not matter, and
// replay resolves nothing): dryfire's count of the case runs, then each
// column's plan in o.Mode, with the model or the system prompt of its
// label. Nothing is called. A prompt file that cannot be read fails
// its column only; a mode dryfire does not know is a *ModeError.
func PrepareCompare(ctx context.Context, base *Plan, o CompareOptions) (*Comparison, error) {
	mode, err := ResolveMode(o.Mode, base.Project)
	if err != nil {
		return nil, err
	}
	cmp := &Comparison{Axis: o.Axis, Mode: mode, keepTraces: o.KeepTraces}
	for _, pc := range engine.PlannedCases(base.Project, base.given) {
		cmp.CaseRuns += pc.Resolved.Repeat
	}
	// What one column records serves an identical request of a later one
	// in auto mode (a model given twice), as dryfire finds the file.
	shared := engine.NewRecordings()
	for _, label := range o.Labels {
		col := &Column{Label: label}
		col.Plan, col.Err = base.column(ctx, mode, o, label)
		if col.Err != nil {
			col.Plan = nil
		} else {
			col.Plan.recordings = shared
		}
		cmp.Columns = append(cmp.Columns, col)
		if err := ctx.Err(); err != nil {
			return cmp, err
		}
	}
	return cmp, nil
}

// column is the plan of one column: base's project and cassettes, with
// the label's model or system prompt.
func (rp *Plan) column(ctx context.Context, mode string, o CompareOptions, label string) (*Plan, error) {
	col := &Plan{Project: rp.Project, CassetteRoot: rp.CassetteRoot, Mode: mode, live: rp.live,
		store: rp.store, given: rp.given}
	if o.Axis == AxisModel {
		col.given.Model = label
	} else {
		read := o.ReadFile
		if read == nil {
			read = safefile.ReadFile
		}
		system, err := readPrompt(read, label)
		if err != nil {
			return nil, err
		}
		col.Project = withSystem(rp.Project, system)
	}
	return col, col.prepare(ctx)
}

// readPrompt reads a prompt file as dryfire does (Path.read_text: UTF-8,
// universal newlines).
func readPrompt(read func(string) ([]byte, error), path string) (string, error) {
	data, err := read(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", fmt.Errorf("cannot read prompt file %s: %w", jsonv.PyRepr(path), err)
	}
	if !utf8.Valid(data) {
		return "", fmt.Errorf("cannot read prompt file %s: it is not UTF-8", jsonv.PyRepr(path))
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	return strings.ReplaceAll(text, "\r", "\n"), nil
}

// withSystem is p with every suite's system prompt replaced by system:
// the suites and cases are copied, the rest shared.
func withSystem(p *suite.Project, system string) *suite.Project {
	out := *p
	out.Suites = make([]*suite.Suite, len(p.Suites))
	for i, st := range p.Suites {
		s := *st
		s.System = jsonv.StringValue(system)
		s.Cases = make([]*suite.Case, len(st.Cases))
		for j, c := range st.Cases {
			cc := *c
			cc.Suite = &s
			s.Cases[j] = &cc
		}
		out.Suites[i] = &s
	}
	return &out
}

// OnCall sets who hears of every model call of every column.
func (c *Comparison) OnCall(f func(engine.CallEvent)) {
	for _, col := range c.Columns {
		if col.Plan != nil {
			col.Plan.OnCall(f)
		}
	}
}

// Execute runs the columns one after another, in order, as dryfire does
// (each with the concurrency of its plan), and computes their metrics. It
// stops between columns when ctx is done: the columns not run are failed.
// A column's traces are let go once its metrics are taken (see
// [Column].Result).
func (c *Comparison) Execute(ctx context.Context) {
	for _, col := range c.Columns {
		if col.Plan == nil || ctx.Err() != nil {
			continue
		}
		col.Result, col.Recorded = col.Plan.Execute(ctx)
		m := Metrics(col.Result)
		col.Metrics = &m
		if !c.keepTraces {
			for i := range col.Result.Cases {
				cr := &col.Result.Cases[i]
				cr.Trace, cr.Visits, cr.Assertions = nil, nil, nil
			}
		}
	}
}

// Metrics are a run's figures as a column of a comparison, dryfire's
// column_metrics.
func Metrics(res *engine.Result) ColumnMetrics {
	var m ColumnMetrics
	passed, traced, turns := 0, 0, 0
	var latency int64
	for _, s := range res.Suites {
		for _, cr := range s.Cases {
			m.Cases++
			if cr.Passed {
				passed++
			}
			t := cr.Rep.Trace
			if t == nil {
				continue
			}
			traced++
			turns += len(t.Turns)
			for _, turn := range t.Turns {
				latency += turn.Response.LatencyMS
			}
			if t.Cost != nil {
				f, _ := t.Cost.Float64()
				m.Cost += f
				m.Priced = true
			}
		}
	}
	if m.Cases > 0 {
		m.PassRate = float64(passed) / float64(m.Cases)
	}
	if traced > 0 {
		m.MeanLatencyMS = float64(latency) / float64(traced)
		m.MeanTurns = float64(turns) / float64(traced)
	}
	return m
}

// ExitCode is dryfire's: the worst column's, a failed column counting as
// a provider error (3), then a case's provider error (3), then a failing
// case (1).
func (c *Comparison) ExitCode() int {
	code := 0
	for _, col := range c.Columns {
		switch {
		case col.Failed():
			code = max(code, 3)
		default:
			code = max(code, col.Result.RunExitCode)
		}
	}
	return code
}

// CallsProviders reports whether a column may call a model provider.
func (c *Comparison) CallsProviders() bool { return c.Estimate().Calls > 0 }

// Estimate is what the columns may call and cost, added up: per provider
// the models of every column.
func (c *Comparison) Estimate() Estimate {
	var est Estimate
	uses := map[string]int{}
	unpriced := map[string]bool{}
	for _, col := range c.Columns {
		if col.Plan == nil {
			continue
		}
		e := col.Plan.Estimate
		est.Cases += e.Cases
		est.Repetitions += e.Repetitions
		est.Calls += e.Calls
		est.FromRecordings += e.FromRecordings
		est.UnpricedCalls += e.UnpricedCalls
		if e.Cost != nil {
			if est.Cost == nil {
				est.Cost = new(big.Rat)
			}
			est.Cost.Add(est.Cost, e.Cost)
		}
		for _, u := range e.Unpriced {
			if !unpriced[u] {
				unpriced[u] = true
				est.Unpriced = append(est.Unpriced, u)
			}
		}
		for _, u := range e.Providers {
			i, ok := uses[u.Name]
			if !ok {
				i = len(est.Providers)
				uses[u.Name] = i
				est.Providers = append(est.Providers, ProviderUse{Name: u.Name, KeyEnv: u.KeyEnv, KeySet: u.KeySet,
					BaseURL: u.BaseURL, BaseURLFrom: u.BaseURLFrom})
			}
			p := &est.Providers[i]
			p.Calls += u.Calls
			for _, m := range u.Models {
				addModel(p, m)
			}
		}
	}
	sort.Strings(est.Unpriced)
	return est
}

// Differences say where the columns' runs do what dryfire's would not,
// each once.
func (c *Comparison) Differences() []string {
	var out []string
	seen := map[string]bool{}
	for _, col := range c.Columns {
		if col.Plan == nil {
			continue
		}
		for _, d := range col.Plan.Differences {
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	return out
}

// AxisOf is the axis and the labels of --models and --prompts, already
// split at commas: exactly one of them, as dryfire takes them (ErrTwoAxes,
// ErrNoAxis).
func AxisOf(models, prompts []string) (Axis, []string, error) {
	switch {
	case len(models) > 0 && len(prompts) > 0:
		return AxisModel, nil, ErrTwoAxes
	case len(models) > 0:
		return AxisModel, models, nil
	case len(prompts) > 0:
		return AxisPrompt, prompts, nil
	}
	return AxisModel, nil, ErrNoAxis
}

// Lines are what dryfire prints on stdout as it comes to each column,
// column by column: the cases it skips for want of a key, then its notes
// on the cases recording leaves alone.
func (c *Comparison) Lines() []string {
	var lines []string
	for _, col := range c.Columns {
		if col.Plan == nil {
			continue
		}
		for _, s := range col.Plan.Skipped {
			lines = append(lines, s.Line())
		}
		lines = append(lines, col.Plan.Notes...)
	}
	return lines
}
