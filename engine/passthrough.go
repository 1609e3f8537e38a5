package engine

import (
	"context"
	"fmt"
	"slices"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Invoker runs passthrough mocks: rules whose impl names a Python callable
// (package.module:function) that answers the tool call.
type Invoker interface {
	// Invoke calls target with the call's arguments. A callable that
	// raises or times out is a result (an error tool result), not an
	// error; the error is for an invoker that cannot run at all, which
	// ends the case.
	Invoke(ctx context.Context, target string, call cassette.ToolCall) (ImplResult, error)
	// Check imports every target, as dryfire does when it loads a suite,
	// and returns the message of each that does not resolve.
	Check(ctx context.Context, targets []string) (map[string]string, error)
}

// ImplResult is what a passthrough mock gave.
type ImplResult struct {
	Result conversation.ToolResult
	// Unserialisable is set when the value cannot be hashed (the next
	// request then fails, as it does for dryfire).
	Unserialisable string
}

// ImplErrors imports the impl target of every passthrough mock of the
// project's parsed suites with inv, as dryfire's loader does, and returns
// a spec error, at the impl value, for each that does not resolve. An
// invoker that cannot run (no Python) returns its error instead: the cases
// that reach such a mock then fail when they do.
func ImplErrors(ctx context.Context, p *suite.Project, inv Invoker) ([]suite.SpecError, error) {
	type site struct {
		file   string
		rule   suite.MockRule
		target string
		loc    string // where dryfire says the impl is
	}
	var sites []site
	var targets []string
	add := func(file, loc string, mocks []suite.ToolMocks) {
		for _, tm := range mocks {
			for i, r := range tm.Rules {
				if r.Kind == "impl" {
					sites = append(sites, site{file, r, r.Impl, fmt.Sprintf("%s.%s[%d].impl", loc, tm.Tool, i)})
					if !slices.Contains(targets, r.Impl) {
						targets = append(targets, r.Impl)
					}
				}
			}
		}
	}
	for _, st := range p.Suites {
		if st.Failed {
			continue
		}
		add(st.Path, "mocks", st.Mocks)
		for _, c := range st.Cases {
			add(st.Path, fmt.Sprintf("cases[%d].mocks", c.Index), c.Mocks)
		}
	}
	if len(targets) == 0 {
		return nil, nil
	}
	bad, err := inv.Check(ctx, targets)
	if err != nil {
		return nil, err
	}
	var errs []suite.SpecError
	for _, s := range sites {
		if msg, ok := bad[s.target]; ok {
			errs = append(errs, suite.SpecError{File: s.file, Line: s.rule.ImplLine, Column: s.rule.ImplColumn, Message: msg, Loc: s.loc})
		}
	}
	return errs, nil
}
