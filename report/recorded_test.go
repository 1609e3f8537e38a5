package report

import (
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
)

// TestRecordedSecretsAreMasked: a replay's messages and a run check's
// failures may quote what a recording holds (the arguments of an unmocked
// tool call, an assertion's actual value); a secret there is printed as
// show prints it, on every stream check and replay write.
func TestRecordedSecretsAreMasked(t *testing.T) {
	t.Parallel()
	key := secrettest.New(29).Anthropic()
	msg := "unmocked tool 'page' called with {\"token\": \"" + key.Text + "\"}"
	replay := NewReplay("/p", &engine.Result{Cases: []engine.CaseResult{
		{Suite: "s", Case: "c", Outcome: engine.OutcomeMiss, Message: msg, Visits: []engine.Visit{{Turn: 0, Key: "k"}}},
	}})
	c := &engine.CaseRun{Suite: "s", Case: "c", Rep: &engine.CaseResult{}}
	c.Rep.CaseError = msg
	c.Rep.Assertions = []engine.AssertionResult{{Description: "tool_args: " + key.Text, Message: msg}}
	run := NewRunCheck(&engine.Result{Suites: []engine.SuiteRun{{Name: "s", Cases: []*engine.CaseRun{c}}}})
	texts := []string{*replay.Cases[0].Reason, replay.Misses[0].Message, *run.Failures[0].Error,
		run.Failures[0].Assertions[0].Description, run.Failures[0].Assertions[0].Message}
	for _, s := range texts {
		if strings.Contains(s, key.Random) || !strings.Contains(s, "[anthropic-api-key sk-ant-") {
			t.Errorf("not masked as show masks it: %q", s)
		}
	}
}
