package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Secrets is the secrets document: the findings a baseline leaves open,
// and what a redaction did. A secret itself never appears in it.
type Secrets struct {
	Findings []Finding `json:"findings"`
	// Suppressed is how many findings the baseline accepted.
	Suppressed int `json:"suppressed"`
	// Baseline is the baseline file read; null without one.
	Baseline *string `json:"baseline"`
	// RedactedFiles and Replay are set by --redact (absent otherwise).
	RedactedFiles []Redaction  `json:"redacted_files,omitempty"`
	Replay        *ReplayProof `json:"replay,omitempty"`
	// NotRedacted are the files --redact left as they were, each with why
	// (changed since it was read, a symbolic link, unreadable).
	NotRedacted []string `json:"not_redacted,omitempty"`
	// NotRestored are the files that could not be put back when the
	// redaction was undone: they hold the redacted bytes.
	NotRestored []string `json:"not_restored,omitempty"`
	// Interrupted is set when --redact was interrupted before its replay
	// proof passed: it stopped and put back the files it had rewritten
	// (except those in NotRestored).
	Interrupted bool `json:"interrupted,omitempty"`
	// InterruptedAfterProof is set when --redact was interrupted once its
	// replay proof had passed: the redactions were kept.
	InterruptedAfterProof bool `json:"interrupted_after_proof,omitempty"`

	// Root is the project root (finding paths are relative to it), Files
	// the number of recordings scanned.
	Root  string `json:"-"`
	Files int    `json:"-"`
	// Redacted is set when a redaction ran.
	Redacted bool `json:"-"`
}

// Finding is one secret: where it is, which rule found it, a preview and
// the SHA-256 of the secret (its identity in a baseline).
type Finding struct {
	// Path is the recording, relative to the project root.
	Path string `json:"path"`
	// JSONPath addresses the value inside the file.
	JSONPath string `json:"json_path"`
	Rule     string `json:"rule"`
	// Redacted is a preview: a few leading characters, "…", the last two.
	Redacted string `json:"redacted"`
	Hash     string `json:"hash"`
	// where says where the value sits, in the user's terms.
	Where string `json:"where"`
	// AffectsTests is set when redacting the value changes what a replay
	// hands to the code under test.
	AffectsTests bool `json:"affects_tests"`
	// Line is the line of a secret in a file that does not decode, which
	// was scanned as text and has no JSON path.
	Line int `json:"line,omitempty"`
	// Name is "file" or "directory" for a secret in the name of the file
	// or directory at Path, which has no JSON path.
	Name string `json:"name,omitempty"`
}

// Unscanned reports whether the finding stands for a file that was not
// fully scanned (not-scanned, not-decoded) rather than for a secret.
func (f Finding) Unscanned() bool {
	return f.Rule == secrets.RuleNotScanned || f.Rule == secrets.RuleNotDecoded
}

// location says where in the file the finding is: its JSON path, its line
// in a file scanned as text, or the whole file.
func (f Finding) location() string {
	switch {
	case f.JSONPath != "":
		return f.JSONPath
	case f.Line > 0:
		return fmt.Sprintf("line %d", f.Line)
	case f.Name != "":
		return "(" + f.Name + " name)"
	}
	return "(whole file)"
}

// line is the finding as the text reports list it, without the file.
func (f Finding) line() string {
	if f.Unscanned() {
		return fmt.Sprintf("%s  %s", f.location(), f.Rule)
	}
	return fmt.Sprintf("%s  %s  %s  sha256:%.12s", f.location(), f.Rule, f.Redacted, f.Hash)
}

// Redaction is one file a redaction rewrote.
type Redaction struct {
	// Format is format.Dryfire or format.Tape (JSON: "dryfire", "tape").
	Format   format.Kind `json:"format"`
	Path     string      `json:"path"`
	Replaced int         `json:"replaced"`
	// Dialect is the tape writer whose format was kept ("js" or "python").
	Dialect string `json:"-"`
}

// ReplayProof compares the offline replay of every case before and after a
// redaction.
type ReplayProof struct {
	// Cases is the number of case repetitions replayed; Hits how many
	// replayed fully before the redaction.
	Cases int `json:"cases"`
	Hits  int `json:"hits"`
	// Lost are the cases that replayed fully before and not after ([] for
	// none); then every file was put back and Restored is set.
	Lost     []string `json:"lost"`
	Restored bool     `json:"restored"`
}

// NewFindings makes the findings of a document, each path as shown: a
// secret in a name shows as its mask (secrets.MaskPath).
func NewFindings(fs []secrets.Finding) []Finding {
	out := make([]Finding, 0, len(fs))
	for _, f := range fs {
		out = append(out, Finding{secrets.MaskPath(f.Path), f.JSONPath, f.Rule, f.Redacted, f.Hash, f.Where, f.AffectsTests, f.Line, f.Name.String()})
	}
	return out
}

// NewRedactions makes the redacted files of a document.
func NewRedactions(rs []secrets.Redaction) []Redaction {
	out := make([]Redaction, 0, len(rs))
	for _, r := range rs {
		out = append(out, Redaction{Format: r.Format, Path: secrets.MaskPath(r.Path), Replaced: r.Replaced, Dialect: r.Dialect})
	}
	return out
}

// baselineName is the baseline file as the text names it: relative to the
// project root when it lies below it.
func (d *Secrets) baselineName() string {
	if d.Baseline == nil {
		return ""
	}
	r, err := filepath.Rel(d.Root, *d.Baseline)
	if err != nil || strings.HasPrefix(r, "..") {
		r = *d.Baseline
	}
	return filepath.ToSlash(r)
}

// Counts returns the number of secrets among the findings, of the
// recordings that hold them (directories whose names hold one are not
// recordings: see the text), and of the files not scanned and not
// decoded.
func (d *Secrets) Counts() (secrets, files, notScanned, notDecoded int) {
	seen := map[[2]string]bool{}
	for _, f := range d.Findings {
		kind := "secret"
		if f.Unscanned() {
			kind = f.Rule
		} else {
			secrets++
		}
		if f.Name == "directory" {
			continue // a directory is not a recording: the text counts them apart
		}
		if k := [2]string{kind, f.Path}; !seen[k] {
			seen[k] = true
			switch kind {
			case ruleNotScanned:
				notScanned++
			case ruleNotDecoded:
				notDecoded++
			default:
				files++
			}
		}
	}
	return secrets, files, notScanned, notDecoded
}

// directories counts the directories whose names hold a finding.
func (d *Secrets) directories() int {
	seen := map[string]bool{}
	for _, f := range d.Findings {
		if f.Name == "directory" {
			seen[f.Path] = true
		}
	}
	return len(seen)
}

// The rules of the findings that stand for files, not secrets.
const (
	ruleNotScanned = secrets.RuleNotScanned
	ruleNotDecoded = secrets.RuleNotDecoded
)

// WriteText writes the findings grouped by file, a count, and what a
// redaction did.
func (d *Secrets) WriteText(w io.Writer) error {
	t := newText(w)
	last := ""
	for _, f := range d.Findings {
		if f.Path != last {
			t.println(f.Path)
			last = f.Path
		}
		t.printf("  %s\n      %s\n", f.line(), f.Where)
	}
	if len(d.Findings) > 0 {
		t.println()
	}
	n, files, notScanned, notDecoded := d.Counts()
	t.printf("%s in %d of %s", count(n, "secret"), files, count(d.Files, "file"))
	if dirs := d.directories(); dirs > 0 {
		t.printf(" and %d directory %s", dirs, Plural(dirs, "name"))
	}
	if notScanned > 0 {
		t.printf("; %s not scanned", count(notScanned, "file"))
	}
	if notDecoded > 0 {
		t.printf("; %s scanned as text only (not decoded)", count(notDecoded, "file"))
	}
	if d.Suppressed > 0 {
		t.printf("; %d suppressed by %s", d.Suppressed, d.baselineName())
	}
	t.println()
	if d.Redacted {
		d.writeRedaction(t)
	}
	return t.err
}

func (d *Secrets) writeRedaction(t *text) {
	visible, hidden := 0, 0
	for _, f := range d.Findings {
		if f.Unscanned() || f.Line > 0 || f.Name != "" {
			continue // not redacted: the file does not decode, or it is a name
		}
		if f.AffectsTests {
			visible++
		} else {
			hidden++
		}
	}
	for _, r := range d.RedactedFiles {
		what := "dryfire cassette"
		if r.Format == format.Tape {
			what = "tape, " + r.Dialect + " writer's format"
		}
		t.printf("redacted %s in %s (%s)\n", count(r.Replaced, "secret"), r.Path, what)
	}
	if hidden > 0 {
		t.printf("%s cannot change what tests see (request digest, tape args and kwargs are never read back)\n", count(hidden, "redaction"))
	}
	if visible > 0 {
		t.printf("%s can change what tests see (recorded responses, tape results and errors)\n", count(visible, "redaction"))
	}
	for _, s := range d.NotRedacted {
		t.printf("not redacted %s\n", s)
	}
	for _, s := range d.NotRestored {
		t.printf("not restored %s: it holds the redacted bytes\n", s)
	}
	switch p := d.Replay; {
	case d.Interrupted && len(d.RedactedFiles) == 0:
		t.printf("interrupted before the replay proof: nothing was redacted\n")
	case d.Interrupted && len(d.NotRestored) > 0:
		t.printf("interrupted before the replay proof: every other file redacted so far was put back\n")
	case d.Interrupted:
		t.printf("interrupted before the replay proof: every file redacted so far was put back\n")
	case len(d.RedactedFiles) == 0:
		t.println("nothing was redacted")
	case p == nil:
		t.println("replay: no dryfire project; tape keys and entries unchanged")
	case p.Restored:
		t.printf("replay: %s no longer hit (%s); every file was restored\n", count(len(p.Lost), "repetition"), strings.Join(p.Lost, ", "))
	case p.Hits == p.Cases:
		t.printf("replay: nothing broke: %s hit before and after redaction\n", count(p.Hits, "repetition"))
	default:
		t.printf("replay: nothing broke: %s hit before and after redaction; %s did not hit before either\n",
			count(p.Hits, "repetition"), count(p.Cases-p.Hits, "other"))
	}
	if d.InterruptedAfterProof {
		d.writeLateInterrupt(t)
	}
}

// writeLateInterrupt says that an interruption came once the redaction was
// proven, so that what it did stands.
func (d *Secrets) writeLateInterrupt(t *text) {
	switch p := d.Replay; {
	case p != nil && p.Restored:
		t.println("interrupted after the replay proof, which had put every file back")
	case p != nil:
		t.println("interrupted after the replay proof: the redactions were kept")
	default:
		t.println("interrupted after every file was redacted and checked: the redactions were kept")
	}
}
