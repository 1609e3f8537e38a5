// The check command's reports: text, JSON and GitHub workflow annotations.

package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// writeCheckJSON prints {"ok", "replay", "secrets", "prune", "doctor"}.
//
// The document is what encodeJSONDoc writes for a struct of ok and the parts
// as json.RawMessage, assembled directly: each part is re-indented one level
// deeper by json.Indent (which drops the part's own layout, as the encoder's
// compaction does), without the encoder's second pass over the whole
// document.
func writeCheckJSON(w io.Writer, r *checkResult) error {
	var b bytes.Buffer
	b.WriteString("{\n  \"ok\": ")
	b.WriteString(strconv.FormatBool(r.ok()))
	for _, name := range []string{"replay", "secrets", "prune", "doctor"} {
		b.WriteString(",\n  \"" + name + "\": ")
		d, ok := r.docs[name]
		if !ok {
			b.WriteString("null")
			continue
		}
		if err := json.Indent(&b, bytes.TrimSpace(d), "  ", "  "); err != nil {
			return fmt.Errorf("json: error calling MarshalJSON for type json.RawMessage: %w", err)
		}
	}
	b.WriteString("\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}

// writeCheckText prints one line per part, and under a failing part the
// problems with paths relative to the project root.
func writeCheckText(w io.Writer, r *checkResult) {
	var failed []string
	total := 0
	for _, part := range checkParts {
		n := r.problems(part)
		switch {
		case r.skipped[part]:
			fmt.Fprintf(w, "%-8s skipped\n", part)
			continue
		case n < 0:
			fmt.Fprintf(w, "%-8s not run: %s\n", part, r.Notes[part])
			continue
		case n == 0:
			fmt.Fprintf(w, "%-8s ok  %s\n", part, r.okDetail(part))
			continue
		}
		total += n
		failed = append(failed, fmt.Sprintf("%s %d", part, n))
		fmt.Fprintf(w, "%-8s %d %s\n", part, n, plural(n, "problem"))
		switch part {
		case "replay":
			r.replayText(w)
		case "secrets":
			for _, f := range r.openSecrets() {
				fmt.Fprintf(w, "  %s  %s  %s  sha256:%.12s\n", f.Path, f.JSONPath, f.Rule, f.Hash)
			}
			fmt.Fprintln(w, "  fix: remove or redact them (dryfire-tui secrets --redact), or accept known fakes (dryfire-tui secrets --write-baseline "+secrets.DefaultBaselineFile+")")
		case "prune":
			for _, it := range r.Prune.Candidates {
				fmt.Fprintf(w, "  %s (%s)\n", it.Recording.Path, it.Reason)
			}
			fmt.Fprintln(w, "  fix: dryfire-tui prune --yes")
		case "doctor":
			r.doctorText(w)
		}
	}
	if total == 0 {
		fmt.Fprintln(w, "check passed")
		return
	}
	fmt.Fprintf(w, "check failed: %d %s (%s)\n", total, plural(total, "problem"), strings.Join(failed, ", "))
}

// okDetail says what a clean part looked at.
func (r *checkResult) okDetail(part string) string {
	switch part {
	case "replay":
		hit, skipped := 0, 0
		for _, c := range r.Replay.Cases {
			switch c.Outcome {
			case engine.OutcomeHit:
				hit++
			case engine.OutcomeSkipped:
				skipped++
			}
		}
		d := fmt.Sprintf("%d %s hit", hit, plural(hit, "repetition"))
		if skipped > 0 {
			d += fmt.Sprintf(", %d skipped", skipped)
		}
		return d
	case "secrets":
		d := fmt.Sprintf("%d %s scanned", r.Secrets.Files, plural(r.Secrets.Files, "recording"))
		if r.Secrets.Suppressed > 0 {
			d += fmt.Sprintf(", %d accepted by %s", r.Secrets.Suppressed, projectRel(r.ws.Root, r.Secrets.Baseline))
		}
		return d
	case "prune":
		d := "nothing to prune"
		if k := len(r.Prune.Kept); k > 0 {
			d += fmt.Sprintf("; %d orphaned %s kept (see dryfire-tui prune)", k, plural(k, "file"))
		}
		return d
	case "doctor":
		return fmt.Sprintf("%d %s checked", r.Doctor.Files, plural(r.Doctor.Files, "file"))
	}
	return ""
}

func (r *checkResult) replayText(w io.Writer) {
	for _, se := range r.Replay.Errors {
		fmt.Fprintf(w, "  %s\n", se.Error())
	}
	for _, c := range r.replayProblems() {
		label := replayLabel(*c)
		if v, ok := c.Miss(); ok {
			line := fmt.Sprintf("  %s  miss at turn %d (key %s)", label, v.Turn, v.Key)
			x := r.explanation(c)
			if x != nil {
				line += ": " + x.Headline()
			}
			fmt.Fprintln(w, line)
			where := suiteLocation(c)
			if x != nil && x.Recording != nil {
				where += " · recorded " + x.Recording.Path
			}
			fmt.Fprintf(w, "    %s\n", where)
			continue
		}
		fmt.Fprintf(w, "  %s  %s: %s\n    %s\n", label, c.Outcome, oneLine(c.Message), suiteLocation(c))
	}
	if len(r.Replay.Errors) > 0 {
		fmt.Fprintln(w, "  fix: correct the spec errors (on stderr with their source lines); failed suites were not replayed")
	}
	if len(r.replayProblems()) > 0 {
		fmt.Fprintln(w, "  fix: dryfire-tui diff explains each miss; re-record with dryfire run --cassette-mode=record")
	}
}

func suiteLocation(c *engine.CaseResult) string {
	if c.Spec != nil && c.Spec.Line > 0 {
		return fmt.Sprintf("%s:%d", c.SuiteFile, c.Spec.Line)
	}
	return c.SuiteFile
}

func (r *checkResult) doctorText(w io.Writer) {
	fixable := 0
	for _, p := range r.Doctor.Problems {
		if p.Kind == cassette.ProblemWalk {
			fmt.Fprintf(w, "  %s: %s\n", p.Kind, p.Message)
			continue
		}
		where := r.Doctor.Show(p.Path)
		if p.Line > 0 {
			where = fmt.Sprintf("%s:%d:%d", where, p.Line, p.Column)
		}
		if p.Fixable {
			fixable++
		}
		fmt.Fprintf(w, "  %s: %s: %s\n", where, p.Kind, p.Message)
	}
	for _, c := range r.Doctor.Checks {
		fmt.Fprintf(w, "  %s: %s: %s\n", c.Path, c.Kind, c.Message)
	}
	if fixable > 0 {
		fmt.Fprintf(w, "  fix: dryfire-tui doctor --fix rewrites the %d format-only %s\n", fixable, plural(fixable, "problem"))
	}
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	return s
}

// annotation is one GitHub Actions workflow command.
type annotation struct {
	level      string // error or warning
	file       string // relative to the repository root
	line, col  int
	title, msg string
}

// String renders the command, escaped as GitHub's workflow commands need:
// in the message %, CR and LF; in property values also ':' and ','.
func (a annotation) String() string {
	var props []string
	if a.file != "" {
		props = append(props, "file="+escapeProperty(a.file))
	}
	if a.line > 0 {
		props = append(props, "line="+strconv.Itoa(a.line))
		if a.col > 0 {
			props = append(props, "col="+strconv.Itoa(a.col))
		}
	}
	if a.title != "" {
		props = append(props, "title="+escapeProperty(a.title))
	}
	cmd := "::" + a.level
	if len(props) > 0 {
		cmd += " " + strings.Join(props, ",")
	}
	return cmd + "::" + escapeData(a.msg)
}

func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// writeCheckAnnotations prints one annotation per problem on the file to
// fix, paths relative to the repository root (the nearest directory above
// the project holding .git; the project root without one). Misses, secrets,
// spec and doctor problems are errors; prune candidates are warnings: cruft
// breaks nothing, and GitHub shows only the first ten annotations of each
// level per step, so cruft never hides a miss or a secret. The job still
// fails on them through the exit status.
func writeCheckAnnotations(w io.Writer, r *checkResult) {
	repo := repoRoot(r.ws.Root)
	file := func(abs string) string { return projectRel(repo, abs) }
	fromRoot := func(rel string) string {
		if rel == "" {
			return ""
		}
		return file(filepath.Join(r.ws.Root, filepath.FromSlash(rel)))
	}
	var out []annotation
	out = append(out, r.replayAnnotations(fromRoot)...)
	for _, f := range r.openSecrets() {
		out = append(out, annotation{level: "error", file: fromRoot(f.Path), title: "secret (" + f.Rule + ")",
			msg: fmt.Sprintf("%s at %s, %s (sha256 %.12s)\nredact it (dryfire-tui secrets --redact) or accept it in %s",
				f.Rule, f.JSONPath, f.Where, f.Hash, secrets.DefaultBaselineFile)})
	}
	if d := r.Doctor; d != nil {
		base := d.Dir
		for _, p := range d.Problems {
			if p.Fixed {
				continue
			}
			a := annotation{level: "error", title: "doctor " + p.Kind.String(), msg: p.Message, line: p.Line, col: p.Column}
			if p.Kind != cassette.ProblemWalk {
				a.file = file(filepath.Join(base, filepath.FromSlash(p.Path)))
			}
			if p.Fixable {
				a.msg += "\nfix: dryfire-tui doctor --fix"
			}
			out = append(out, a)
		}
		for _, c := range r.Doctor.Checks {
			out = append(out, annotation{level: "error", file: fromRoot(c.Path), title: "doctor " + c.Kind, msg: c.Message})
		}
	}
	if r.Prune != nil {
		for _, it := range r.Prune.Candidates {
			out = append(out, annotation{level: "warning", file: fromRoot(it.Recording.Path), title: "prune (" + it.Reason + ")",
				msg: "replay never reads this recording (" + it.Reason + "); remove it with dryfire-tui prune --yes"})
		}
	}
	for _, a := range out {
		fmt.Fprintln(w, a)
	}
}

// repoRoot is the nearest directory at or above dir that holds .git, or
// dir itself.
func repoRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return dir
		}
		d = up
	}
}

// openSecrets are the findings of the secrets part, none when it did not run.
func (r *checkResult) openSecrets() []secrets.Finding {
	if r.Secrets == nil {
		return nil
	}
	return r.Secrets.Open
}

// replayAnnotations are the annotations of the replay part: spec errors and
// the repetitions that fail, each with its explanation.
func (r *checkResult) replayAnnotations(fromRoot func(string) string) []annotation {
	if r.Replay == nil {
		return nil
	}
	var out []annotation
	for _, se := range r.Replay.Errors {
		out = append(out, annotation{level: "error", file: fromRoot(se.File), line: se.Line, col: se.Column,
			title: "spec error", msg: se.Message})
	}
	for _, c := range r.replayProblems() {
		a := annotation{level: "error", file: fromRoot(c.SuiteFile), title: "replay " + c.Outcome}
		if c.Spec != nil {
			a.line = c.Spec.Line
		}
		label := replayLabel(*c)
		if v, ok := c.Miss(); ok {
			a.title = "cassette miss"
			a.msg = fmt.Sprintf("%s misses at turn %d: no recording for key %s", label, v.Turn, v.Key)
			if x := r.explanation(c); x != nil {
				a.msg += "\n" + x.Headline()
				if x.Recording != nil {
					a.msg += "\nrecorded as " + x.Recording.Path
					if a.file == "" {
						a.file = fromRoot(x.Recording.Path)
					}
				}
			}
			a.msg += "\nexplain: dryfire-tui diff; fix: re-record with dryfire run --cassette-mode=record"
		} else {
			a.msg = label + ": " + c.Message
		}
		out = append(out, a)
	}
	return out
}
