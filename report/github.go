package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Annotation is one GitHub Actions workflow command (::error …::message).
type Annotation struct {
	// Level is error or warning.
	Level string
	// File is relative to the repository root; Line and Col locate the
	// problem in it (0 when unknown).
	File      string
	Line, Col int
	Title     string
	Message   string
}

// String renders the command, escaped as GitHub's workflow commands need:
// in the message %, CR and LF; in property values also ':' and ','.
func (a Annotation) String() string {
	var props []string
	if a.File != "" {
		props = append(props, "file="+escapeProperty(a.File))
	}
	if a.Line > 0 {
		props = append(props, "line="+strconv.Itoa(a.Line))
		if a.Col > 0 {
			props = append(props, "col="+strconv.Itoa(a.Col))
		}
	}
	if a.Title != "" {
		props = append(props, "title="+escapeProperty(a.Title))
	}
	cmd := "::" + a.Level
	if len(props) > 0 {
		cmd += " " + strings.Join(props, ",")
	}
	return cmd + "::" + escapeData(a.Message)
}

func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// WriteGitHub writes one annotation per problem on the file to fix, paths
// relative to the repository root (Repo). Misses, secrets, spec and doctor
// problems are errors; prune candidates are warnings: cruft breaks nothing,
// and GitHub shows only the first ten annotations of each level per step,
// so cruft never hides a miss or a secret. The job still fails on them
// through the exit status. Each is written as the stream's own command
// (visible.WriteCommand), escaped as one line on any stream: they are the
// only lines of the output that begin with "::" (a name that would begin
// one elsewhere is neutralised by the stream).
func (c *Check) WriteGitHub(w io.Writer) error {
	for _, a := range c.annotations() {
		if err := visible.WriteCommand(w, visible.Line(a.String())); err != nil {
			return err
		}
	}
	return nil
}

// annotations are the annotations WriteGitHub writes, in order.
func (c *Check) annotations() []Annotation {
	var out []Annotation
	if c.Replay != nil {
		out = append(out, c.replayAnnotations()...)
	}
	if c.Run != nil {
		out = append(out, c.runAnnotations()...)
	}
	if c.Secrets != nil {
		out = append(out, c.secretAnnotations()...)
	}
	if c.Doctor != nil {
		out = append(out, c.doctorAnnotations()...)
	}
	if c.Prune != nil {
		for _, it := range c.Prune.Candidates {
			out = append(out, Annotation{
				Level: "warning", File: c.fromRoot(it.Path), Title: "prune (" + it.Reason + ")",
				Message: "replay never reads this recording (" + it.Reason + "); remove it with dryfire-tui prune --yes",
			})
		}
	}
	return out
}

func (c *Check) replayAnnotations() []Annotation {
	var out []Annotation
	for _, se := range c.Replay.Errors {
		out = append(out, Annotation{
			Level: "error", File: c.fromRoot(se.File), Line: se.Line, Col: se.Column,
			Title: "spec error", Message: se.Message,
		})
	}
	for _, rc := range c.Replay.problems() {
		a := Annotation{Level: "error", File: c.fromRoot(rc.SuiteFile), Line: rc.Line, Title: "replay " + rc.Outcome}
		v, ok := rc.Miss()
		if !ok {
			a.Message = rc.Label() + ": " + rc.message()
			out = append(out, a)
			continue
		}
		a.Title = "cassette miss"
		a.Message = fmt.Sprintf("%s misses at turn %d: no recording for key %s", rc.Label(), v.Turn, v.Key)
		if x := rc.Explanation; x != nil && x.Source != nil && !rc.isCaseLine(x.Source) {
			// On the line to edit, as the Diff tab places it; the case's
			// own line is in the message.
			a.File, a.Line = c.fromRoot(x.Source.File), x.Source.Line
			a.Message += "; the case is at " + rc.location()
		}
		if x := rc.Explanation; x != nil {
			a.Message += "\n" + x.Headline
			if x.Path != "" {
				a.Message += "\nrecorded as " + x.Path
				if a.File == "" {
					a.File = c.fromRoot(x.Path)
				}
			}
		}
		a.Message += "\nexplain: dryfire-tui diff; fix: dryfire-tui run --cassette-mode auto re-records what misses"
		out = append(out, a)
	}
	return out
}

func (c *Check) doctorAnnotations() []Annotation {
	var out []Annotation
	for _, p := range c.Doctor.Problems {
		if p.Fixed {
			continue
		}
		a := Annotation{Level: "error", Title: "doctor " + p.Kind, Message: p.Message, Line: p.Line, Col: p.Column}
		if p.Kind != walk {
			a.File = rel(c.Repo, p.File)
		}
		if p.Fixable {
			a.Message += "\nfix: dryfire-tui doctor --fix"
		}
		out = append(out, a)
	}
	for _, ch := range c.Doctor.Checks {
		out = append(out, Annotation{Level: "error", File: c.fromRoot(ch.Path), Title: "doctor " + ch.Kind, Message: ch.Message})
	}
	return out
}

// secretAnnotations annotate each secret on its file, and each file that
// could not be scanned. A file that could not be read or decoded is left to
// doctor's annotation when doctor ran: one file, one annotation.
func (c *Check) secretAnnotations() []Annotation {
	parsed := map[string]bool{}
	if c.Doctor != nil {
		for _, p := range c.Doctor.Problems {
			if !p.Fixed && p.Kind != walk {
				parsed[rel(c.Repo, p.File)] = true
			}
		}
	}
	var out []Annotation
	for _, f := range c.Secrets.Findings {
		file := c.fromRoot(f.Path)
		switch {
		case f.Unscanned() && parsed[file]:
			continue // doctor says what is wrong with the file
		case f.Unscanned():
			out = append(out, Annotation{Level: "error", File: file, Title: "secrets (" + f.Rule + ")",
				Message: f.Where + "\na file that cannot be scanned fails the check until it is fixed"})
			continue
		}
		out = append(out, Annotation{
			Level: "error", File: file, Line: f.Line, Title: "secret (" + f.Rule + ")",
			Message: fmt.Sprintf("%s at %s, %s (sha256 %.12s)\nredact it (dryfire-tui secrets --redact) or accept it in %s",
				f.Rule, f.location(), f.Where, f.Hash, secrets.DefaultBaselineFile),
		})
	}
	return out
}

// fromRoot makes a path relative to the project root relative to the
// repository root.
func (c *Check) fromRoot(p string) string {
	if p == "" {
		return ""
	}
	return rel(c.Repo, filepath.Join(c.Root, filepath.FromSlash(p)))
}
