package scan

import (
	"context"
	"errors"
	"os"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// The tapes: every tape directory read with the one walk, each tape
// decoded and listed entry by entry.

// loadTapes loads the tapes of every tape directory that exists.
func (w *Workspace) loadTapes(ctx context.Context, dirs []string, o Options) {
	for _, d := range dirs {
		hooks := walkHooks{report: w.problem, onTemp: func(p string) { w.TempFiles = append(w.TempFiles, p) }, onDir: w.dirNames(o)}
		for p := range walkJSON(ctx, d, hooks) {
			data, err := safefile.ReadFile(p)
			if err != nil {
				r := w.invalidTape(err)
				if o.Secrets {
					w.scannedTape(r, append(secrets.ScanName(w.rel(p), false), secrets.NotScanned(w.rel(p), err)))
				}
				continue
			}
			// JSON that is not a tape (a package.json, say) is not a
			// recording; bytes that are not JSON in a tape directory are a
			// broken tape.
			if _, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true}); err == nil && format.Detect(data) != format.Tape {
				continue
			}
			w.addTape(p, data, o)
		}
	}
}

// addTape decodes one tape file and lists its entries.
func (w *Workspace) addTape(p string, data []byte, o Options) {
	t, err := tape.Decode(data)
	if err != nil {
		r := w.invalidTape(jsonv.WithPath(p, err))
		if o.Secrets {
			w.scannedTape(r, append(secrets.ScanName(w.rel(p), false), secrets.ScanUndecodable(w.rel(p), data, err)...))
		}
		return
	}
	t.Path = p
	w.Tapes = append(w.Tapes, t)
	if o.Secrets {
		if w.TapeFindings == nil {
			w.TapeFindings = map[*tape.File][]secrets.Finding{}
		}
		w.TapeFindings[t] = append(secrets.ScanName(w.rel(p), false), secrets.ScanTape(w.rel(p), t)...)
	}
	w.Recordings = append(w.Recordings, w.tapeRecordings(t)...)
}

// invalidTape lists a tape that cannot be read.
func (w *Workspace) invalidTape(err error) *Recording {
	err = secrets.MaskErrorNames(err)
	w.Problems = append(w.Problems, err)
	rel := w.errPath(err)
	r := &Recording{Path: rel, Shown: secrets.MaskPath(rel), Format: format.Tape, Entry: -1, Status: Invalid, Reason: err.Error()}
	w.Recordings = append(w.Recordings, r)
	return r
}

// scannedTape sets the findings of a tape that could not be read or
// decoded on its recording.
func (w *Workspace) scannedTape(r *Recording, fs []secrets.Finding) {
	r.Findings, r.Scanned, r.Secrets = fs, true, openCount(fs)
}

// errPath is the file an error names, relative to the root.
func (w *Workspace) errPath(err error) string {
	var pe *jsonv.ParseError
	if errors.As(err, &pe) && pe.Path != "" {
		return w.rel(pe.Path)
	}
	var fe *os.PathError
	if errors.As(err, &fe) {
		return w.rel(fe.Path)
	}
	return ""
}

// tapeRecordings returns one recording per entry of a tape, or one for an
// empty tape.
func (w *Workspace) tapeRecordings(t *tape.File) []*Recording {
	rel := w.rel(t.Path)
	shown := secrets.MaskPath(rel)
	if len(t.Keys) == 0 {
		return []*Recording{{Path: rel, Shown: shown, Format: format.Tape, Suite: t.Name, Entry: -1, Tape: t,
			Status: Empty, Reason: "saved with no entries: every auto run records again, every replay run misses"}}
	}
	var out []*Recording
	for _, g := range t.Keys {
		for i, e := range g.Entries {
			r := &Recording{Path: rel, Shown: shown, Format: format.Tape, Suite: t.Name, Key: g.Key, Turn: i,
				Tape: t, TapeKey: g.Key, Entry: i, Status: TapeOK}
			switch {
			case e.KeyCheck == tape.KeyMismatch:
				r.Status = KeyMismatch
				r.Reason = "stored args hash to neither the JavaScript nor the Python key: a normalize function changed them, or the tape was edited by hand"
			case e.Error != nil:
				r.Status = ErrorEntry
				r.Reason = "recorded error: " + secrets.MaskNames(e.Error.Error())
			default:
				r.Reason = "key matches its arguments (" + e.KeyCheck.String() + ")"
			}
			out = append(out, r)
		}
	}
	return out
}

// tapeDirsIn are the tape directories that lie inside root (a bare
// directory holding tapes/ is also its own cassette root): the store's walk
// leaves them to the tapes, so that no file is listed twice.
func (w *Workspace) tapeDirsIn(root string) []string {
	var out []string
	for _, d := range w.TapeDirs {
		if d != root && Within(d, root) {
			out = append(out, d)
		}
	}
	return out
}
