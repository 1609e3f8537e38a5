package command

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/suite"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// RedactReport is what redactFiles did.
type RedactReport struct {
	// Files are the recordings rewritten, in path order.
	Files []secrets.Redaction
	// Replay is the proof that dryfire replay is unaffected; nil outside a
	// dryfire project.
	Replay *ReplayProof
	// Skipped are the files left as they were: changed since they were
	// read (errors.Is safefile.ErrChanged), symbolic links
	// (safefile.ErrSymlink), or not readable.
	Skipped []error
	// NotRestored are the files that could not be put back when the
	// redaction was undone (a lost case, an interruption): they hold the
	// redacted bytes.
	NotRestored []error
	// Interrupted is set when the context was cancelled before the
	// redaction was proven (between two files, or while the replay that
	// proves it ran): every file already rewritten was put back, except
	// those in NotRestored.
	Interrupted bool
	// InterruptedAfterProof is set when the context was cancelled once the
	// redaction was proven (or undone for a lost case, Replay.Restored):
	// what it did stands. See [RedactReport.NoteInterrupt].
	InterruptedAfterProof bool
}

// Kept reports whether the redaction changed files and they keep the
// redacted bytes: it was neither interrupted before its proof nor undone
// by it.
func (out *RedactReport) Kept() bool {
	return out != nil && len(out.Files) > 0 && !out.Interrupted && (out.Replay == nil || !out.Replay.Restored)
}

// NoteInterrupt records a cancellation of ctx that came after the
// redaction was proven (InterruptedAfterProof): redactFiles calls it as it
// returns, and a caller that goes on to print the report calls it again
// just before, so that the report says which of the two interruptions it
// was. An interruption before the proof (Interrupted) is left as it is.
func (out *RedactReport) NoteInterrupt(ctx context.Context) {
	if out != nil && !out.Interrupted && ctx.Err() != nil {
		out.InterruptedAfterProof = true
	}
}

// ReplayProof compares the offline replay of every case before and after
// the redaction.
type ReplayProof struct {
	// Cases is the number of case repetitions replayed; Hits how many
	// replayed fully before the redaction.
	Cases, Hits int
	// Lost are the cases (suite::case, #N for repetitions) that replayed
	// fully before and not after. When any is lost, every file is put back
	// as it was and Restored is set.
	Lost     []string
	Restored bool
}

// redacted is a file rewritten by a redaction, for putting it back.
type redacted struct {
	path     string
	original []byte
	stamp    safefile.Stamp // of the redacted file
}

// redactFiles rewrites every file with findings in rep (except the secrets
// keep spares), then, in a dryfire project, replays every case
// offline before and after: if a case that hit before no longer does (a
// redacted tool-call argument that a mock matched on, say), every file is
// restored and the proof says which cases were lost. Tapes need no replay:
// their keys and entry lists are checked to be unchanged.
//
// Files under a cassette root that is not safe to change, or that a link
// places outside the project, are refused (an [*UnsafeRootError], unless
// allowOutside). Each file is read, redacted and
// rewritten only while it is still as read (safefile.Rewrite): a file
// edited in between, or a symbolic link, is left and reported
// (RedactReport.Skipped).
// A cancelled ctx stops the redaction between two files and puts back the
// files already rewritten, and so does one cancelled while the proving
// replay runs: what the replay proof cannot vouch for is not left half
// done (RedactReport.Interrupted). Once the proof has passed, the
// redaction stands: a cancellation after that point only marks the report
// (RedactReport.InterruptedAfterProof).
func redactFiles(ctx context.Context, rep *secretsScan, keep func(rule, hash, path string) bool, allowOutside bool) (*RedactReport, error) {
	var paths []string
	out := &RedactReport{}
	seen, named := map[string]bool{}, map[string]bool{}
	for _, f := range rep.Findings {
		switch {
		case f.Rule == secrets.RuleNotDecoded:
			// Its secrets were found as text: nothing can be rewritten in
			// its format until the file decodes again.
			out.Skipped = append(out.Skipped, fmt.Errorf("%s: does not decode: fix it, then redact", secrets.MaskPath(f.Path)))
		case f.Name != secrets.InContents && !f.Suppressed && !named[f.Path]:
			// A redaction rewrites contents; a name is for a person to change
			// (and replay to find again).
			named[f.Path] = true
			out.Skipped = append(out.Skipped, fmt.Errorf("%s: a secret in the %s's name: rename it, then record again", secrets.MaskPath(f.Path), f.Name))
		case f.Suppressed || f.Unscanned() || f.Line > 0 || f.Name != secrets.InContents || seen[f.Path]:
		default:
			seen[f.Path] = true
			paths = append(paths, f.Path)
		}
	}
	if len(paths) == 0 {
		return out, nil
	}
	if err := rep.checkModifiable(paths, allowOutside); err != nil {
		return nil, err
	}
	var project string
	if cfg, err := suite.FindProject(rep.Root); err == nil && filepath.Dir(cfg) == rep.Root {
		project = rep.Root
	}
	var before map[string]bool
	if project != "" {
		var err error
		if before, out.Replay, err = replayHits(ctx, project); err != nil {
			if ctx.Err() != nil {
				out.Replay, out.Interrupted = nil, true
				return out, nil
			}
			return nil, err
		}
	}
	var done []redacted
	for _, rel := range paths {
		if ctx.Err() != nil {
			out.Interrupted = true
			out.restore(done)
			return out, nil
		}
		r, res, err := redactOne(filepath.Join(rep.Root, filepath.FromSlash(rel)), rel, keep)
		switch {
		case errors.Is(err, errSkipped):
			out.Skipped = append(out.Skipped, errors.Unwrap(err))
			continue
		case err != nil:
			out.restore(done)
			return nil, err
		case res.Replaced == 0:
			continue
		}
		done = append(done, r)
		out.Files = append(out.Files, res)
	}
	if testOnlyBeforeProof != nil {
		testOnlyBeforeProof()
	}
	if project != "" {
		after, _, err := replayHits(ctx, project)
		if err != nil || ctx.Err() != nil {
			// A replay cut short proves nothing: its cases did not all run.
			out.restore(done)
			if ctx.Err() != nil {
				out.Interrupted = true
				return out, nil
			}
			return nil, err
		}
		for k := range before {
			if !after[k] {
				out.Replay.Lost = append(out.Replay.Lost, k)
			}
		}
		slices.Sort(out.Replay.Lost)
		if len(out.Replay.Lost) > 0 {
			out.restore(done)
			out.Replay.Restored = true
		}
	}
	// The redaction is proven (or undone): from here it stands.
	if testOnlyAfterProof != nil {
		testOnlyAfterProof()
	}
	out.NoteInterrupt(ctx)
	return out, nil
}

// testOnlyBeforeProof and testOnlyAfterProof, when set by a test, run
// once every file is rewritten, before the replay that proves the
// redaction, and once the proof has passed.
var testOnlyBeforeProof, testOnlyAfterProof func()

// errSkipped marks a file redactOne left alone; the wrapped error says
// why.
var errSkipped = errors.New("skipped")

type skipError struct{ err error }

func (e skipError) Error() string        { return e.err.Error() }
func (e skipError) Unwrap() error        { return e.err }
func (e skipError) Is(target error) bool { return target == errSkipped }

// redactOne redacts one file and rewrites it if it is still as read. A
// file that cannot be rewritten safely (changed, a link) is skipped.
func redactOne(abs, rel string, keep func(rule, hash, path string) bool) (redacted, secrets.Redaction, error) {
	shown := secrets.MaskPath(rel) // what errors name
	data, stamp, err := safefile.ReadInto(abs, nil)
	if err != nil {
		return redacted{}, secrets.Redaction{}, skipError{fmt.Errorf("%s: %w", shown, safefile.Reason(err))}
	}
	var keepFile func(rule, hash string) bool
	if keep != nil {
		keepFile = func(rule, hash string) bool { return keep(rule, hash, rel) }
	}
	out, res, err := secrets.Redact(data, keepFile)
	res.Path = rel
	if err != nil {
		return redacted{}, res, fmt.Errorf("%s: %w", shown, err)
	}
	if res.Replaced == 0 {
		return redacted{}, res, nil
	}
	if res.Format == format.Tape {
		if err := sameTapeKeys(data, out); err != nil {
			return redacted{}, res, fmt.Errorf("%s: %w", shown, err)
		}
	}
	if testOnlyBeforeAct != nil {
		testOnlyBeforeAct(abs)
	}
	newStamp, err := safefile.Rewrite(abs, out, stamp)
	if err != nil {
		return redacted{}, res, skipError{fmt.Errorf("%s: %w", shown, safefile.Reason(err))}
	}
	return redacted{path: abs, original: data, stamp: newStamp}, res, nil
}

// restore puts back the original bytes of every redacted file, each only
// while it still holds what the redaction wrote.
func (out *RedactReport) restore(done []redacted) {
	for _, r := range done {
		if _, err := safefile.Rewrite(r.path, r.original, r.stamp); err != nil {
			out.NotRestored = append(out.NotRestored, err)
		}
	}
}

// checkModifiable refuses a redaction of files under a cassette root that
// is not safe to change, or of files a link places outside the project
// (checkChangeable).
func (rep *secretsScan) checkModifiable(paths []string, allowOutside bool) error {
	l := rep.layout
	if l == nil {
		return nil
	}
	for _, rel := range paths {
		if err := checkChangeable(l, filepath.Join(rep.Root, filepath.FromSlash(rel)), allowOutside); err != nil {
			return err
		}
	}
	return nil
}

// replayHits replays the project at root offline and returns the case
// repetitions that hit.
func replayHits(ctx context.Context, root string) (map[string]bool, *ReplayProof, error) {
	w, err := Env{}.open(ctx, []string{root}, scan.Project, scan.Options{})
	if err != nil {
		return nil, nil, err
	}
	if w.Replay == nil {
		return nil, nil, fmt.Errorf("%s: no dryfire project to replay", root)
	}
	hits := map[string]bool{}
	proof := &ReplayProof{Cases: len(w.Replay.Cases)}
	for _, c := range w.Replay.Cases {
		if c.Outcome == engine.OutcomeHit {
			name := c.Suite + "::" + c.Case
			if c.RepeatIndex > 0 {
				name += fmt.Sprintf("#%d", c.RepeatIndex)
			}
			hits[name] = true
			proof.Hits++
		}
	}
	return hits, proof, nil
}

// sameTapeKeys checks that a redacted tape still has the keys and entry
// counts of the original: replay looks entries up by key and hands back
// their result, so those are what must not move.
func sameTapeKeys(before, after []byte) error {
	a, err1 := tape.Decode(before)
	b, err2 := tape.Decode(after)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("tape does not decode after redaction")
	}
	if len(a.Keys) != len(b.Keys) {
		return fmt.Errorf("redaction changed the tape's keys")
	}
	for i := range a.Keys {
		if a.Keys[i].Key != b.Keys[i].Key || len(a.Keys[i].Entries) != len(b.Keys[i].Entries) {
			return fmt.Errorf("redaction changed the tape's keys")
		}
	}
	return nil
}
