package engine

import (
	"fmt"
	"slices"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/engine/internal/pydantic"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/pyvalue"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// MockOutcome is how one tool call resolves.
type MockOutcome struct {
	Kind   OutcomeKind
	Result conversation.ToolResult // OutcomeResult
	Impl   string                  // OutcomePassthrough: the Python callable
	// Err is the exception that ends the case (OutcomeCrash), as dryfire
	// reports it: ToolResult's ValidationError for a value it refuses, an
	// IndexError for an empty sequence.
	Err string
	// Unserialisable is set when the result carries a date: the next request
	// cannot be hashed.
	Unserialisable string
}

// OutcomeKind tells the kinds of [MockOutcome] apart.
type OutcomeKind uint8

// The outcomes of mock resolution.
const (
	OutcomeResult      OutcomeKind = iota // a tool result
	OutcomeUnmocked                       // no rule matched: on_unmocked decides
	OutcomePassthrough                    // an impl: rule, which needs Python
	OutcomeCrash                          // dryfire raises: the case errors
)

// Resolver resolves tool calls against one case repetition's mocks, with
// its own sequence counters (dryfire builds a fresh one per repetition).
type Resolver struct {
	mocks []suite.ToolMocks
	seq   map[seqKey]int
}

type seqKey struct {
	tool string
	rule int
}

// NewResolver returns a resolver over merged rule lists (see [suite.MergeMocks]).
func NewResolver(mocks []suite.ToolMocks) *Resolver {
	return &Resolver{mocks: mocks, seq: map[seqKey]int{}}
}

// Resolve finds the first rule of call.Name that matches and returns its
// outcome: a rule without when matches everything; a when rule never
// matches a call whose arguments were malformed, and otherwise matches when
// when is a deep subset of the arguments under Python equality.
func (r *Resolver) Resolve(call cassette.ToolCall) MockOutcome {
	i := slices.IndexFunc(r.mocks, func(tm suite.ToolMocks) bool { return tm.Tool == call.Name })
	if i < 0 {
		return MockOutcome{Kind: OutcomeUnmocked}
	}
	for index, rule := range r.mocks[i].Rules {
		if !ruleMatches(rule, call) {
			continue
		}
		return r.outcome(call, rule, index)
	}
	return MockOutcome{Kind: OutcomeUnmocked}
}

func ruleMatches(rule suite.MockRule, call cassette.ToolCall) bool {
	if rule.When == nil {
		return true
	}
	if !call.MalformedArguments.IsNull() {
		return false
	}
	return DeepSubset(*rule.When, call.Arguments)
}

// DeepSubset reports whether every key of when is in args with an equal
// value (Python ==), recursing where both sides are objects.
func DeepSubset(when, args jsonv.Value) bool {
	for _, m := range when.Members {
		actual, ok := args.Get(m.Key)
		if !ok {
			return false
		}
		if m.Value.Kind == jsonv.Object && actual.Kind == jsonv.Object {
			if !DeepSubset(m.Value, actual) {
				return false
			}
			continue
		}
		if !pyvalue.Equal(actual, m.Value) {
			return false
		}
	}
	return true
}

func (r *Resolver) outcome(call cassette.ToolCall, rule suite.MockRule, index int) MockOutcome {
	switch rule.Kind {
	case "impl":
		return MockOutcome{Kind: OutcomePassthrough, Impl: rule.Impl}
	case "error":
		return result(call, jsonv.StringValue(rule.Error), true, rule.Unserialisable, nil)
	case "sequence":
		if len(rule.Sequence) == 0 {
			return MockOutcome{Kind: OutcomeCrash, Err: "IndexError('tuple index out of range')"}
		}
		k := seqKey{call.Name, index}
		n := r.seq[k]
		r.seq[k] = n + 1
		step := rule.Sequence[min(n, len(rule.Sequence)-1)]
		if step.Crash != "" {
			return MockOutcome{Kind: OutcomeCrash, Err: fmt.Sprintf("mock for tool %q: %s", call.Name, step.Crash)}
		}
		return result(call, step.Value, step.IsError, step.Unserialisable, step.Views)
	}
	if rule.Crash != "" {
		return MockOutcome{Kind: OutcomeCrash, Err: fmt.Sprintf("mock for tool %q: %s", call.Name, rule.Crash)}
	}
	return result(call, rule.Return, false, rule.Unserialisable, rule.Views)
}

// result is the outcome of a rule that gives content; py is how the
// content's Python object shows (nil for a string error).
func result(call cassette.ToolCall, content jsonv.Value, isError bool, bad string, py *suite.PyViews) MockOutcome {
	switch content.Kind {
	case jsonv.String, jsonv.Object, jsonv.Null:
	default:
		return MockOutcome{Kind: OutcomeCrash, Err: pydantic.ToolResultError(content)}
	}
	return MockOutcome{Kind: OutcomeResult, Result: conversation.ToolResult{CallID: call.ID, Content: content, IsError: isError, Py: py}, Unserialisable: bad}
}
