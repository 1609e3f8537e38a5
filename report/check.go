package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// The parts of a check, in report order.
const (
	PartReplay  = "replay"
	PartSecrets = "secrets"
	PartPrune   = "prune"
	PartDoctor  = "doctor"
)

// CheckParts are the parts of a check, in report order.
var CheckParts = []string{PartReplay, PartRun, PartSecrets, PartPrune, PartDoctor}

// Check is the check document: each part is the document its own command
// writes with --json, null when the part was skipped or does not apply.
type Check struct {
	OK      bool      `json:"ok"`
	Replay  *Replay   `json:"replay"`
	Run     *RunCheck `json:"run"`
	Secrets *Secrets  `json:"secrets"`
	Prune   *Prune    `json:"prune"`
	Doctor  *Doctor   `json:"doctor"`

	// Skipped are the parts not run on request; Notes say why a part that
	// was not skipped did not run.
	Skipped map[string]bool   `json:"-"`
	Notes   map[string]string `json:"-"`
	// Root is the project root (the directory paths are relative to), Repo
	// the repository root annotations are relative to.
	Root, Repo string `json:"-"`
}

// problems counts what fails a part; -1 for a part that did not run.
func (c *Check) problems(part string) int {
	switch part {
	case PartReplay:
		if c.Replay == nil {
			return -1
		}
		return len(c.Replay.problems()) + len(c.Replay.Errors)
	case PartRun:
		if c.Run == nil {
			return -1
		}
		return len(c.runProblems())
	case PartSecrets:
		if c.Secrets == nil {
			return -1
		}
		return len(c.Secrets.Findings)
	case PartPrune:
		if c.Prune == nil {
			return -1
		}
		return len(c.Prune.Candidates)
	case PartDoctor:
		if c.Doctor == nil {
			return -1
		}
		return c.Doctor.Remaining + len(c.Doctor.Checks)
	}
	return -1
}

// Passed reports that no part has a problem (what OK says).
func (c *Check) Passed() bool {
	for _, p := range CheckParts {
		if c.problems(p) > 0 {
			return false
		}
	}
	return true
}

// WriteText writes one line per part, under a failing part its problems
// and the command that fixes them, and a verdict.
func (c *Check) WriteText(w io.Writer) error {
	t := newText(w)
	var failed []string
	total := 0
	for _, part := range CheckParts {
		n := c.problems(part)
		t.printf("%-8s ", part)
		switch {
		case c.Skipped[part]:
			t.paint(visible.Dim, "skipped")
			t.println()
			continue
		case n < 0:
			t.paint(visible.Dim, "not run: "+c.Notes[part])
			t.println()
			continue
		case n == 0 && part == PartRun && c.runByReplay() > 0:
			// Not ok, but nothing more to fix than the replay's problems.
			t.paint(visible.Yellow, c.runDetail())
			t.println()
			continue
		case n == 0:
			t.paint(visible.Green, "ok")
			t.printf("  %s\n", c.okDetail(part))
			continue
		}
		total += n
		failed = append(failed, fmt.Sprintf("%s %d", part, n))
		t.paint(visible.Red, fmt.Sprintf("%d %s", n, Plural(n, "problem")))
		t.println()
		c.writeProblems(t, part)
	}
	if total == 0 {
		t.paint(visible.Green, "check passed")
		t.println()
		return t.err
	}
	t.paint(visible.Red, fmt.Sprintf("check failed: %d %s (%s)", total, Plural(total, "problem"), strings.Join(failed, ", ")))
	t.println()
	return t.err
}

func (c *Check) writeProblems(t *text, part string) {
	switch part {
	case PartReplay:
		c.replayText(t)
	case PartRun:
		c.runText(t)
	case PartSecrets:
		unscanned := 0
		for _, f := range c.Secrets.Findings {
			t.printf("  %s  %s  %s", f.Path, f.location(), f.Rule)
			if !f.Unscanned() {
				t.printf("  sha256:%.12s", f.Hash)
			}
			t.println()
			if f.Unscanned() {
				unscanned++
			}
		}
		if unscanned < len(c.Secrets.Findings) {
			t.println("  fix: remove or redact them (dryfire-tui secrets --redact), or accept known fakes (dryfire-tui secrets --write-baseline " + secrets.DefaultBaselineFile + ")")
		}
		if unscanned > 0 {
			t.println("  fix: make the files readable, and decodable (dryfire-tui doctor says what is wrong): a file that cannot be scanned keeps the check failing")
		}
	case PartPrune:
		for _, it := range c.Prune.Candidates {
			t.printf("  %s (%s)\n", it.Path, it.Reason)
		}
		t.println("  fix: dryfire-tui prune --yes")
	case PartDoctor:
		c.doctorText(t)
	}
}

// okDetail says what a clean part looked at.
func (c *Check) okDetail(part string) string {
	switch part {
	case PartReplay:
		hit, skipped := 0, 0
		for _, rc := range c.Replay.Cases {
			switch rc.Outcome {
			case engine.OutcomeHit:
				hit++
			case engine.OutcomeSkipped:
				skipped++
			}
		}
		d := fmt.Sprintf("%d %s hit", hit, Plural(hit, "repetition"))
		if skipped > 0 {
			d += fmt.Sprintf(", %d skipped", skipped)
		}
		return d
	case PartRun:
		return c.runDetail()
	case PartSecrets:
		s := c.Secrets
		d := fmt.Sprintf("%d %s scanned", s.Files, Plural(s.Files, "file"))
		if s.Suppressed > 0 && s.Baseline != nil {
			d += fmt.Sprintf(", %d accepted by %s", s.Suppressed, rel(c.Root, *s.Baseline))
		}
		return d
	case PartPrune:
		d := "nothing to prune"
		if k := len(c.Prune.Kept); k > 0 {
			d += fmt.Sprintf("; %d orphaned %s kept (see dryfire-tui prune)", k, Plural(k, "file"))
		}
		return d
	case PartDoctor:
		return fmt.Sprintf("%d %s checked", c.Doctor.Files, Plural(c.Doctor.Files, "file"))
	}
	return ""
}

func (c *Check) replayText(t *text) {
	for _, se := range c.Replay.Errors {
		t.printf("  %s\n", se)
	}
	problems := c.Replay.problems()
	for _, rc := range problems {
		if v, ok := rc.Miss(); ok {
			line := fmt.Sprintf("  %s  miss at turn %d (key %s)", rc.Label(), v.Turn, v.Key)
			x := rc.Explanation
			if x != nil {
				line += ": " + x.Headline
			}
			t.println(line)
			t.printf("    %s\n", rc.missPlace())
			continue
		}
		t.printf("  %s  %s: %s\n    %s\n", rc.Label(), rc.Outcome, oneLine(rc.message()), rc.location())
	}
	if len(c.Replay.Errors) > 0 {
		t.println("  fix: correct the spec errors (on stderr with their source lines); failed suites were not replayed")
	}
	if len(problems) > 0 {
		t.println("  fix: dryfire-tui diff explains each miss; dryfire-tui run --cassette-mode auto re-records what misses")
	}
}

func (c *Check) doctorText(t *text) {
	fixable := 0
	for i := range c.Doctor.Problems {
		p := &c.Doctor.Problems[i]
		if p.Kind == walk {
			t.printf("  %s: %s\n", p.Kind, p.Message)
			continue
		}
		if p.Fixable {
			fixable++
		}
		t.printf("  %s: %s: %s\n", p.where(), p.Kind, p.Message)
	}
	for _, ch := range c.Doctor.Checks {
		t.printf("  %s: %s: %s\n", ch.Path, ch.Kind, ch.Message)
	}
	if fixable > 0 {
		t.printf("  fix: dryfire-tui doctor --fix rewrites the %d format-only %s\n", fixable, Plural(fixable, "problem"))
	}
}
