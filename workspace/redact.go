package workspace

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/suite"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// RedactReport is what [RedactSecrets] did.
type RedactReport struct {
	// Files are the recordings rewritten, in path order.
	Files []secrets.Redaction
	// Replay is the proof that dryfire replay is unaffected; nil outside a
	// dryfire project.
	Replay *ReplayProof
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

// RedactSecrets rewrites every file with findings in rep (except the secrets
// keep spares), then, in a dryfire project, replays every case offline
// before and after: if a case that hit before no longer does (a redacted
// tool-call argument that a mock matched on, say), every file is restored
// and the proof says which cases were lost. Tapes need no replay: their
// keys and entry lists are checked to be unchanged.
func RedactSecrets(ctx context.Context, rep *SecretsReport, keep func(rule, hash, path string) bool) (*RedactReport, error) {
	var paths []string
	for _, f := range rep.Findings {
		if !f.Suppressed && !slices.Contains(paths, f.Path) {
			paths = append(paths, f.Path)
		}
	}
	out := &RedactReport{}
	if len(paths) == 0 {
		return out, nil
	}
	var project string
	if cfg, err := suite.FindProject(rep.Root); err == nil && filepath.Dir(cfg) == rep.Root {
		project = rep.Root
	}
	var before map[string]bool
	if project != "" {
		var err error
		if before, out.Replay, err = replayHits(ctx, project); err != nil {
			return nil, err
		}
	}
	originals := map[string][]byte{}
	restore := func() {
		for p, data := range originals {
			_ = safefile.WriteAtomic(p, data, 0o644)
		}
	}
	for _, rel := range paths {
		abs := filepath.Join(rep.Root, filepath.FromSlash(rel))
		data, err := os.ReadFile(abs)
		if err != nil {
			restore()
			return nil, err
		}
		var keepFile func(rule, hash string) bool
		if keep != nil {
			keepFile = func(rule, hash string) bool { return keep(rule, hash, rel) }
		}
		res, err := secrets.RedactFile(abs, keepFile)
		if err != nil {
			restore()
			return nil, err
		}
		if res.Replaced == 0 {
			continue
		}
		originals[abs] = data
		if res.Format == "tape" {
			if err := sameTapeKeys(data, abs); err != nil {
				restore()
				return nil, fmt.Errorf("%s: %w", rel, err)
			}
		}
		res.Path = rel
		out.Files = append(out.Files, res)
	}
	if project != "" {
		after, _, err := replayHits(ctx, project)
		if err != nil {
			restore()
			return nil, err
		}
		for k := range before {
			if !after[k] {
				out.Replay.Lost = append(out.Replay.Lost, k)
			}
		}
		slices.Sort(out.Replay.Lost)
		if len(out.Replay.Lost) > 0 {
			restore()
			out.Replay.Restored = true
		}
	}
	return out, nil
}

// replayHits replays the project at root offline and returns the case
// repetitions that hit.
func replayHits(ctx context.Context, root string) (map[string]bool, *ReplayProof, error) {
	w, err := Open(ctx, root, Options{})
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
func sameTapeKeys(before []byte, path string) error {
	after, err := os.ReadFile(path)
	if err != nil {
		return err
	}
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
