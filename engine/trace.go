package engine

import (
	"math/big"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Trace is the record of one case repetition, as dryfire's Trace holds
// it: every turn, the final text, how the loop ended, tokens and cost, and
// the judges' verdicts.
type Trace struct {
	Suite, Case string
	Turns       []Turn
	// FinalText is the text of the last turn (HasFinal false when there is
	// no turn or the last response has no text).
	FinalText string
	HasFinal  bool
	// Termination is dryfire's: end_turn, max_turns_exceeded,
	// provider_error, unmocked_tool, max_tokens or refusal.
	Termination string
	Usage       cassette.Usage
	// Cost is the advisory cost in USD (nil: the model is not priced).
	Cost       *big.Rat
	DurationMS int64
	// Error is the loop's error text (HasError false for none).
	Error    string
	HasError bool
	// Model is the case's resolved model.
	Model string
	// Verdicts are the judges' verdicts, in the order the judges ran.
	Verdicts   []JudgeVerdict
	JudgeUsage cassette.Usage
	// JudgeCost is the judges' advisory cost (nil: no judge was priced).
	JudgeCost *big.Rat
	// spec is the case the loop ran, whose input the first request's
	// messages are made of again by [Trace.Requests] (nil for a trace
	// made by hand: its requests then hold only what the turns sent).
	spec *suite.Case
}

// Turn is one model call and the tool results it produced. The messages
// it sent are not kept: they are the case's input and the turns before
// it, and [Trace.Requests] makes them again for a document that shows
// them.
type Turn struct {
	Index int
	// Response is what answered the call: the store's served response on a
	// replay (shared, never written), the provider's otherwise. It is
	// never nil in a trace the loop made.
	Response *cassette.Response
	// CacheHit is set when a cassette served the response.
	CacheHit    bool
	ToolResults []conversation.ToolResult
}

// ToolNames are the names of every tool call, in call order.
func (t *Trace) ToolNames() []string {
	var names []string
	for _, turn := range t.Turns {
		for _, c := range turn.Response.ToolCalls {
			names = append(names, c.Name)
		}
	}
	return names
}

// CacheHits is the number of turns a cassette served.
func (t *Trace) CacheHits() int {
	n := 0
	for _, turn := range t.Turns {
		if turn.CacheHit {
			n++
		}
	}
	return n
}

// Requests are the messages each turn sent, in turn order: the case's
// first messages, then after each turn the model's answer and the tool
// results it got, as the loop appended them. The turns' requests are
// prefixes of one conversation, made again on each call.
func (t *Trace) Requests() [][]conversation.Message {
	var msgs []conversation.Message
	if t.spec != nil {
		// The loop made the same messages from the same input before
		// its first call; an input that fails has no trace.
		msgs, _ = conversation.AppendInitialMessages(nil, t.spec.Input, t.spec.InputViews)
	}
	out := make([][]conversation.Message, len(t.Turns))
	for i, turn := range t.Turns {
		out[i] = msgs[:len(msgs):len(msgs)]
		msgs = appendAnswered(msgs, turn.Response, turn.ToolResults)
	}
	return out
}

// appendAnswered appends to msgs what a tool_use turn adds to the
// conversation: the model's answer and the tool results it got.
func appendAnswered(msgs []conversation.Message, resp *cassette.Response, results []conversation.ToolResult) []conversation.Message {
	if resp == nil {
		return msgs
	}
	return append(msgs,
		conversation.Message{Role: "assistant", Content: resp.Text, ToolCalls: resp.ToolCalls, Raw: resp.Raw},
		conversation.Message{Role: "tool", Content: jsonv.NullValue(), ToolResults: results})
}

func addUsage(a, b cassette.Usage) cassette.Usage {
	return cassette.Usage{
		InputTokens:      a.InputTokens + b.InputTokens,
		OutputTokens:     a.OutputTokens + b.OutputTokens,
		CacheReadTokens:  a.CacheReadTokens + b.CacheReadTokens,
		CacheWriteTokens: a.CacheWriteTokens + b.CacheWriteTokens,
	}
}

// timeNow is the default clock.
var timeNow = time.Now
