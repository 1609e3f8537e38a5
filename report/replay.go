package report

import (
	"fmt"
	"io"
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Replay is the replay document: the offline replay of every case.
type Replay struct {
	// ExitCode is replay's exit status: 2 on a spec or config error, else 3
	// when a repetition missed or ended in a provider error, else 1 when a
	// case errored, else 0.
	ExitCode int          `json:"exit_code"`
	Cases    []ReplayCase `json:"cases"`
	Misses   []ReplayMiss `json:"misses"`
	Errors   []SpecError  `json:"errors"`
}

// ReplayCase is the replay of one repetition of one case.
type ReplayCase struct {
	Suite       string `json:"suite"`
	Case        string `json:"case"`
	RepeatIndex int    `json:"repeat_index"`
	// Outcome is hit, miss, skipped or error.
	Outcome string `json:"outcome"`
	// Termination is dryfire's termination ("" when not simulated).
	Termination string        `json:"termination"`
	Visits      []ReplayVisit `json:"visits"`
	// Reason is dryfire's miss message, the reason for a skip or an error,
	// or the unmocked-tool error; null when there is none.
	Reason *string `json:"reason"`

	// SuiteFile (relative to the project root) and Line locate the case
	// in its suite (Line 0 when unknown).
	SuiteFile string `json:"-"`
	Line      int    `json:"-"`
	// Explanation is what changed in the request of a missed repetition,
	// when the check that made the document explained it.
	Explanation *Stale `json:"-"`
}

// ReplayVisit is one model call of a case and what lookup found for it.
type ReplayVisit struct {
	Turn int    `json:"turn"`
	Key  string `json:"key"`
	Hit  bool   `json:"hit"`
	// File is the recording that served the turn (or that lookup could not
	// read), relative to the project root; null for a miss.
	File *string `json:"file"`
}

// ReplayMiss is one repetition that misses, at the turn it misses.
type ReplayMiss struct {
	Suite       string `json:"suite"`
	Case        string `json:"case"`
	RepeatIndex int    `json:"repeat_index"`
	Turn        int    `json:"turn"`
	Key         string `json:"key"`
	Message     string `json:"message"`
}

// SpecError is an error of dryfire.yaml or of a suite, at its position.
type SpecError struct {
	// File is relative to the project root.
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// String is file:line:column: message (file: message without a line).
func (e SpecError) String() string {
	return suite.SpecError{File: e.File, Line: e.Line, Column: e.Column, Message: e.Message}.Error()
}

// NewReplay makes the replay document of res; root is the project root,
// file paths are made relative to it.
func NewReplay(root string, res *engine.Result) *Replay {
	d := &Replay{ExitCode: res.ExitCode, Cases: make([]ReplayCase, 0, len(res.Cases)),
		Misses: []ReplayMiss{}, Errors: make([]SpecError, 0, len(res.Errors))}
	for i := range res.Cases {
		c := &res.Cases[i]
		// A suite's and a case's names are their directories' names: a
		// secret in one shows as its mask, as in the paths.
		rc := ReplayCase{Suite: secrets.MaskPath(c.Suite), Case: secrets.MaskPath(c.Case), RepeatIndex: c.RepeatIndex, Outcome: c.Outcome,
			Termination: c.Termination, Visits: make([]ReplayVisit, 0, len(c.Visits)), SuiteFile: c.SuiteFile}
		msg := recorded(c.Message)
		if msg != "" {
			rc.Reason = &msg
		}
		if c.Spec != nil {
			rc.Line = c.Spec.Line
		}
		for _, v := range c.Visits {
			rv := ReplayVisit{Turn: v.Turn, Key: v.Key, Hit: v.Hit}
			if v.File != nil {
				p := secrets.MaskPath(rel(root, v.File.Path))
				rv.File = &p
			}
			rc.Visits = append(rc.Visits, rv)
		}
		d.Cases = append(d.Cases, rc)
		if v, ok := c.Miss(); ok {
			d.Misses = append(d.Misses, ReplayMiss{Suite: rc.Suite, Case: rc.Case, RepeatIndex: c.RepeatIndex,
				Turn: v.Turn, Key: v.Key, Message: msg})
		}
	}
	for _, se := range res.Errors {
		d.Errors = append(d.Errors, SpecError{File: se.File, Line: se.Line, Column: se.Column, Message: se.Message})
	}
	return d
}

// Label names the repetition: suite::case, with " #N" from the second.
func (c *ReplayCase) Label() string {
	label := c.Suite + "::" + c.Case
	if c.RepeatIndex > 0 {
		label += " #" + strconv.Itoa(c.RepeatIndex)
	}
	return label
}

// message is Reason, or "" without one.
func (c *ReplayCase) message() string {
	if c.Reason == nil {
		return ""
	}
	return *c.Reason
}

// Miss returns the visit that missed, if the repetition missed.
func (c *ReplayCase) Miss() (ReplayVisit, bool) {
	if c.Outcome == engine.OutcomeMiss && len(c.Visits) > 0 {
		return c.Visits[len(c.Visits)-1], true
	}
	return ReplayVisit{}, false
}

// location is the case in its suite: file:line, or the file alone.
func (c *ReplayCase) location() string {
	if c.Line > 0 {
		return fmt.Sprintf("%s:%d", c.SuiteFile, c.Line)
	}
	return c.SuiteFile
}

// missPlace is where a check sends a person for a miss: the suite line
// its first change comes from, when the check placed it, then the case's
// line and the recording it replaces.
func (c *ReplayCase) missPlace() string {
	x := c.Explanation
	where := c.location()
	if x != nil && x.Source != nil && !c.isCaseLine(x.Source) {
		src := x.Source
		where = fmt.Sprintf("%s:%d %s · case at ", src.File, src.Line, src.What)
		if src.File == c.SuiteFile && c.Line > 0 {
			where += fmt.Sprintf("line %d", c.Line)
		} else {
			where += c.location()
		}
	}
	if x != nil && x.Path != "" {
		where += " · recorded " + x.Path
	}
	return where
}

// isCaseLine reports whether src is the case's own line (the request is
// unchanged, or the change is the case's): no other line to send to.
func (c *ReplayCase) isCaseLine(src *Source) bool {
	return src.File == c.SuiteFile && src.Line == c.Line
}

// problems are the repetitions that fail replay: a miss, an error, or a
// recorded provider error.
func (d *Replay) problems() []*ReplayCase {
	var out []*ReplayCase
	for i := range d.Cases {
		c := &d.Cases[i]
		if c.Outcome == engine.OutcomeMiss || c.Outcome == engine.OutcomeError || c.Termination == "provider_error" {
			out = append(out, c)
		}
	}
	return out
}

// WriteText writes one line per repetition, the miss or error message under
// it, and a summary line.
func (d *Replay) WriteText(w io.Writer) error {
	t := newText(w)
	// The labels as printed (keys masked, escaped on a terminal) set the
	// column's width.
	labels := make([]string, len(d.Cases))
	width := 0
	for i := range d.Cases {
		labels[i] = t.line(d.Cases[i].Label())
		width = max(width, len([]rune(labels[i])))
	}
	counts := map[string]int{}
	for i := range d.Cases {
		c := &d.Cases[i]
		counts[c.Outcome]++
		label := labels[i]
		pad := width - len([]rune(label))
		t.printf("%s%*s  %-7s  %s\n", label, pad, "", c.Outcome, c.detail())
		if c.Outcome == engine.OutcomeMiss || c.Outcome == engine.OutcomeError {
			t.printf("    %s\n", c.message())
		}
	}
	t.printf("\n%d repetitions: %d hit, %d miss, %d error, %d skipped", len(d.Cases),
		counts[engine.OutcomeHit], counts[engine.OutcomeMiss], counts[engine.OutcomeError], counts[engine.OutcomeSkipped])
	if len(d.Errors) > 0 {
		t.printf("; %s", count(len(d.Errors), "spec error"))
	}
	t.println()
	return t.err
}

func (c *ReplayCase) detail() string {
	switch c.Outcome {
	case engine.OutcomeHit:
		d := fmt.Sprintf("%s, %s", count(len(c.Visits), "turn"), c.Termination)
		if c.Termination == "unmocked_tool" {
			d += ": " + c.message()
		}
		return d
	case engine.OutcomeMiss:
		v, _ := c.Miss()
		return fmt.Sprintf("at turn %d, key %s", v.Turn, v.Key)
	case engine.OutcomeError:
		return "after " + count(len(c.Visits), "turn")
	}
	return c.message()
}
