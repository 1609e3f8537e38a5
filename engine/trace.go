package engine

import (
	"math/big"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
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
}

// Turn is one model call and the tool results it produced.
type Turn struct {
	Index int
	// Request are the messages sent: a prefix of the conversation, shared
	// with the turns after it.
	Request  []conversation.Message
	Response cassette.Response
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
