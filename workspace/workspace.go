package workspace

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// Recording is one cassette file or one tape entry.
type Recording struct {
	// Path is relative to the workspace root (the directory of dryfire.yaml,
	// or PATH without a project), slash-separated.
	Path string
	// Format is "dryfire" or "tape".
	Format      string
	Suite, Case string
	Turn        int
	// RepeatIndex is the repetition #N of the storage key (0 for none).
	RepeatIndex int
	// Key is the storage key of the file name (dryfire) or the tape key.
	Key    string
	Status Status
	// Reason says why, in terms a person can act on.
	Reason string
	// Verdict is what dryfire's prune says about a dryfire file: "orphaned
	// case", "orphaned suite", "stale schema_version", or "" (kept).
	Verdict string
	// ReadBy are the cases (suite::case, with #N for repetitions) whose
	// replay reads this file.
	ReadBy []string
	// Secrets is the number of secrets found (with Options.Secrets).
	Secrets int

	File *cassette.StoreFile // dryfire

	Tape    *tape.File // tape entries
	TapeKey string
	Entry   int // index in the key's entry list; -1 for a whole tape
}

// Workspace is everything Open found.
type Workspace struct {
	// Path is PATH made absolute; Root is the directory paths are relative
	// to: the project root, or PATH (its directory for a file) without one.
	Path, Root string
	// Project is nil for a bare cassette or tapes directory.
	Project *suite.Project
	// Store is the cassette store (empty when there is none).
	Store *cassette.Store
	Tapes []*tape.File
	// Replay is nil without a project.
	Replay *engine.Result
	// Recordings are every listed recording: dryfire files in lookup order,
	// then tape entries.
	Recordings []*Recording
	// Stale explains every replay miss against the recording it replaces.
	Stale []*Explanation
	// Problems are diagnostics that did not stop the scan: directories that
	// could not be read, symbolic links not followed, tapes that did not load.
	Problems []error

	// SuitesConfigured is false when the project has no suite at all (a
	// dryfire.yaml without suites:, or globs that match nothing): dryfire's
	// prune then calls every cassette an orphan.
	SuitesConfigured bool

	byFile map[*cassette.StoreFile]*Recording
	listed func(rel string) bool
	// repeats indexes replayed case directories for doctor's checks.
	repeats map[string]int
}

// Options tune Open.
type Options struct {
	// Secrets counts secrets in every recording (Recording.Secrets).
	Secrets bool
	// OnBatch receives recordings while the store loads (see the package
	// documentation, section Streaming).
	OnBatch func([]*Recording)
	// Getenv looks up environment variables for ${VAR} in suites
	// (os.LookupEnv when nil).
	Getenv func(string) (string, bool)
	// Workers bounds parallel file reads (0: a default).
	Workers int
	// OnFile, when set, is called for every cassette file read, as
	// cassette.LoadOptions.OnFile is, so that a caller can check each file
	// in the same pass (check runs doctor and secrets this way).
	OnFile func(f *cassette.StoreFile, c *cassette.Cassette, data []byte)
}

// ErrNotFound is returned when PATH does not exist.
var ErrNotFound = errors.New("no such file or directory")

// batchSize is the number of recordings per OnBatch call.
const batchSize = 256

// Open scans PATH. Problems with single files are never fatal: they become
// invalid recordings or Workspace.Problems. Open fails only when PATH does
// not exist, the project configuration cannot be loaded, or ctx is done.
func Open(ctx context.Context, path string, o Options) (*Workspace, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: %w", path, ErrNotFound)
		}
		return nil, err
	}
	w := &Workspace{Path: abs, byFile: map[*cassette.StoreFile]*Recording{}}
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.LookupEnv
	}
	if !fi.IsDir() {
		return w, w.openTapeFile(abs)
	}
	storeRoot, tapeDirs, err := w.locate(abs)
	if err != nil {
		return nil, err
	}
	// The suites parse while the store loads: the two are independent, and
	// the store's first batches reach OnBatch without waiting for them.
	suitesDone := make(chan struct{})
	go func() {
		defer close(suitesDone)
		if w.Project != nil {
			w.Project.LoadSuites(getenv)
		}
	}()
	storeErr := w.loadStore(ctx, storeRoot, o)
	<-suitesDone
	if storeErr != nil {
		return nil, storeErr
	}
	if w.Project != nil {
		w.SuitesConfigured = len(w.Project.Suites) > 0
	}
	w.loadTapes(tapeDirs)
	if w.Project != nil {
		w.Replay = engine.Replay(ctx, w.Project, w.Store, engine.Options{})
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	w.classify()
	return w, nil
}

// locate finds the project (or decides PATH is bare), the cassette root and
// the tape directories.
// Only the project's config is read here; Open parses the suites.
func (w *Workspace) locate(abs string) (storeRoot string, tapeDirs []string, err error) {
	configPath, err := suite.FindProject(abs)
	switch {
	case err == nil:
		p, err := suite.LoadConfig(configPath)
		if err != nil {
			return "", nil, err
		}
		w.Project, w.Root = p, p.Root
		storeRoot = p.CassetteRoot
		tapeDirs = []string{filepath.Join(w.Root, ".tapes"), filepath.Join(w.Root, "tapes")}
		if abs != w.Root && isTapeDir(abs) {
			tapeDirs = append(tapeDirs, abs)
		}
		if within(abs, storeRoot) && abs != storeRoot {
			prefix := w.rel(abs) + "/"
			w.listed = func(rel string) bool { return strings.HasPrefix(rel, prefix) }
		}
		return storeRoot, dedupe(tapeDirs), nil
	case errors.Is(err, suite.ErrNoProject):
		w.Root = abs
		if isTapeDir(abs) {
			return "", []string{abs}, nil
		}
		storeRoot = abs
		if fi, err := os.Stat(filepath.Join(abs, ".dryfire", "cassettes")); err == nil && fi.IsDir() {
			storeRoot = filepath.Join(abs, ".dryfire", "cassettes")
		}
		return storeRoot, []string{filepath.Join(abs, ".tapes"), filepath.Join(abs, "tapes")}, nil
	default:
		return "", nil, err
	}
}

// isTapeDir reports whether dir is named like a tapes directory or holds
// tapes at its top level.
func isTapeDir(dir string) bool {
	if b := filepath.Base(dir); b == ".tapes" || b == "tapes" {
		return true
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err == nil && tape.Detect(data) {
			return true
		}
	}
	return false
}

func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func dedupe(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		dup := false
		for _, o := range out {
			if o == d || within(d, o) {
				dup = true
			}
		}
		if !dup {
			out = append(out, d)
		}
	}
	return out
}

// rel returns p relative to the workspace root, slash-separated.
func (w *Workspace) rel(p string) string {
	r, err := filepath.Rel(w.Root, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// loadStore loads the cassette store, streaming pending recordings.
func (w *Workspace) loadStore(ctx context.Context, root string, o Options) error {
	if root == "" {
		w.Store = &cassette.Store{}
		return nil
	}
	var mu sync.Mutex
	var batch []*Recording
	flush := func() {
		if len(batch) > 0 && o.OnBatch != nil {
			o.OnBatch(batch)
		}
		batch = nil
	}
	secrets := map[*cassette.StoreFile]int{}
	onFile := func(f *cassette.StoreFile, c *cassette.Cassette, data []byte) {
		if o.OnFile != nil {
			o.OnFile(f, c, data)
		}
		n := 0
		if o.Secrets && c != nil {
			n = countSecrets(w.rel(f.Path), c)
		}
		if o.OnBatch == nil && !o.Secrets {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		secrets[f] = n
		if o.OnBatch != nil {
			r := w.newFileRecording(f)
			r.Secrets = n
			batch = append(batch, r)
			if len(batch) >= batchSize {
				flush()
			}
		}
	}
	s, err := cassette.LoadStore(ctx, root, cassette.LoadOptions{Workers: o.Workers, OnFile: onFile,
		SkipBodies: !o.Secrets && o.OnFile == nil})
	if err != nil {
		return err
	}
	mu.Lock()
	flush()
	mu.Unlock()
	w.Store = s
	w.Problems = append(w.Problems, s.Problems...)
	for _, f := range s.Files {
		r := w.newFileRecording(f)
		r.Secrets = secrets[f]
		w.byFile[f] = r
		if w.listed == nil || w.listed(r.Path) {
			w.Recordings = append(w.Recordings, r)
		}
	}
	return nil
}

// newFileRecording makes the pending recording of a store file.
func (w *Workspace) newFileRecording(f *cassette.StoreFile) *Recording {
	r := &Recording{Path: w.rel(f.Path), Format: "dryfire", File: f, Entry: -1,
		Suite: f.Suite, Case: f.Case, Turn: f.Turn, Key: f.NameKey}
	if f.NameOK {
		r.Turn = f.NameTurn
	}
	if _, rep, err := cassette.ParseStorageKey(f.NameKey); err == nil {
		r.RepeatIndex = rep
	}
	if r.Suite == "" || r.Case == "" {
		if parts := strings.Split(f.Rel, "/"); len(parts) == 3 {
			r.Suite, r.Case = orDefault(r.Suite, parts[0]), orDefault(r.Case, parts[1])
		}
	}
	return r
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// openTapeFile opens a workspace of one tape file.
func (w *Workspace) openTapeFile(abs string) error {
	w.Root = filepath.Dir(abs)
	w.Store = &cassette.Store{}
	t, err := tape.Load(abs)
	if err != nil {
		w.Recordings = append(w.Recordings, &Recording{Path: w.rel(abs), Format: "tape", Entry: -1,
			Status: Invalid, Reason: err.Error()})
		return nil
	}
	w.Tapes = []*tape.File{t}
	w.Recordings = append(w.Recordings, w.tapeRecordings(t)...)
	return nil
}

// loadTapes loads the tapes of every tape directory that exists.
func (w *Workspace) loadTapes(dirs []string) {
	for _, d := range dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			continue
		}
		tapes, errs := tape.LoadDir(d)
		for _, err := range errs {
			w.Problems = append(w.Problems, err)
			w.Recordings = append(w.Recordings, &Recording{Path: w.errPath(err), Format: "tape", Entry: -1,
				Status: Invalid, Reason: err.Error()})
		}
		w.Tapes = append(w.Tapes, tapes...)
		for _, t := range tapes {
			w.Recordings = append(w.Recordings, w.tapeRecordings(t)...)
		}
	}
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
	if len(t.Keys) == 0 {
		return []*Recording{{Path: rel, Format: "tape", Suite: t.Name, Entry: -1, Tape: t,
			Status: Empty, Reason: "saved with no entries: every auto run records again, every replay run misses"}}
	}
	var out []*Recording
	for _, g := range t.Keys {
		for i, e := range g.Entries {
			r := &Recording{Path: rel, Format: "tape", Suite: t.Name, Key: g.Key, Turn: i,
				Tape: t, TapeKey: g.Key, Entry: i, Status: TapeOK}
			switch {
			case e.KeyCheck == tape.KeyMismatch:
				r.Status = KeyMismatch
				r.Reason = "stored args hash to neither the JavaScript nor the Python key: a normalize function changed them, or the tape was edited by hand"
			case e.Error != nil:
				r.Status = ErrorEntry
				r.Reason = "recorded error: " + e.Error.Error()
			default:
				r.Reason = "key matches its arguments (" + e.KeyCheck.String() + ")"
			}
			out = append(out, r)
		}
	}
	return out
}
