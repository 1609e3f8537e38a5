package engine

import (
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// CallsAtMost is how many model calls one repetition of a case can make
// at most: max_turns calls of the loop, then one per distinct judge (the
// judge models, in the order the judges run).
func CallsAtMost(c *suite.Case, r suite.Resolved) (loop int, judges []string) {
	for _, jr := range judgeRequests(c.Assertions, r.Model) {
		judges = append(judges, jr.model)
	}
	return max(r.MaxTurns, 0), judges
}

// FirstRequest is the hash args of the first call a case makes (the
// request dryfire's caching layer fingerprints), or an error when the
// case's input is not one dryfire accepts.
func FirstRequest(c *suite.Case, r suite.Resolved) (jsonv.Value, error) {
	msgs, err := conversation.AppendInitialMessages(nil, c.Input, c.InputViews)
	if err != nil {
		return jsonv.Value{}, err
	}
	req := conversation.Request{Provider: r.Provider, Model: r.Model, System: c.Suite.System, Messages: msgs,
		Tools: c.Suite.Tools, Temperature: r.Temperature}
	return req.HashArgs(), nil
}
