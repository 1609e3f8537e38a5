package scan

import (
	"context"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// Recording is one cassette file or one tape entry.
type Recording struct {
	// Path is relative to the workspace root (the directory of dryfire.yaml,
	// or PATH without a project), slash-separated. It names the file: what
	// acts on it uses Path.
	Path string
	// Shown is Path as every surface prints it: a secret in the name of the
	// file or of a directory above it shows as its mask
	// (secrets.MaskPath).
	Shown string
	// Format is format.Dryfire or format.Tape.
	Format      format.Kind
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
	// Secrets is the number of secrets found (with Options.Secrets), and
	// Findings are those secrets; Scanned says the file was scanned.
	Secrets  int
	Findings []secrets.Finding
	Scanned  bool
	// FileCheck is what doctor's per-file checks found (with Options.Doctor);
	// nil for a tape or without the option.
	FileCheck *cassette.FileCheck
	// Foreign is set for a tape found among the cassettes.
	Foreign bool
	// RecordPath, for an [Unrecorded] row (which has no Path), is the
	// file a recording of the request replay asked for is written to,
	// relative to the root as Path is: the one `run --cassette-mode auto`
	// writes. Miss is the explanation of that miss (nil with
	// Options.NoExplain).
	RecordPath string
	Miss       *Explanation

	File *cassette.StoreFile // dryfire

	Tape    *tape.File // tape entries
	TapeKey string
	Entry   int // index in the key's entry list; -1 for a whole tape
}

// Workspace is everything Open found.
type Workspace struct {
	// Layout is where the recordings are (Path, Root, Project, the
	// cassette root and the tape directories). Project is nil for a bare
	// cassette or tapes directory; its suites are loaded unless
	// Options.NoReplay.
	*Layout
	// Store is the cassette store (empty when there is none).
	Store *cassette.Store
	Tapes []*tape.File
	// TapeFindings are the secrets of each tape (with Options.Secrets).
	TapeFindings map[*tape.File][]secrets.Finding
	// NameFindings are the secrets in the names of the directories the
	// walks entered below the cassette root and in the tape directories
	// (with Options.Secrets); those in a file's own name are among its
	// findings.
	NameFindings []secrets.Finding
	// Replay is nil without a project.
	Replay *engine.Result
	// Recordings are every listed recording: dryfire files in lookup order,
	// then tape entries.
	Recordings []*Recording
	// Unrecorded are the turns replay asks for that no file answers, one
	// row each (status [Unrecorded], no File, no Path), in case order.
	// They are not among Recordings, which are files and tape entries.
	Unrecorded []*Recording
	// Stale explains every replay miss against the recording it replaces.
	Stale []*Explanation
	// Problems are diagnostics that did not stop the scan: directories that
	// could not be read, symbolic links not followed, tapes that did not load.
	Problems []error

	// Masker masks the secrets of what the workspace's documents print:
	// what the rules find, and the values of environment variables with a
	// credential's name that ${VAR} interpolation put into the suites.
	Masker *secrets.Masker

	// SuitesConfigured is false when the project has no suite at all (a
	// dryfire.yaml without suites:, or globs that match nothing): dryfire's
	// prune then calls every cassette an orphan.
	SuitesConfigured bool

	// WalkProblems are the directories of the cassette root that could not
	// be walked or were not followed (doctor reports them).
	WalkProblems []error
	// TempFiles are the temporary files of interrupted atomic writes found
	// by the walks (doctor reports them, its fix removes them).
	TempFiles []string

	byFile map[*cassette.StoreFile]*Recording
	mu     sync.Mutex // guards Problems and Masker while loading
	// tree is what the walk of the cassette root saw of its directories
	// (nil when the store was not walked): prune's empty directories.
	tree *dirTree
}

// Options tune Open.
type Options struct {
	// Secrets scans every recording for secrets (Recording.Findings).
	Secrets bool
	// Doctor runs doctor's per-file checks on every cassette
	// (Recording.Check).
	Doctor bool
	// NoReplay leaves the suites unread and the cases unreplayed, and so
	// the recordings unclassified (Status Pending): for the commands that
	// only read files (secrets, doctor).
	NoReplay bool
	// NoExplain leaves the misses unexplained (Workspace.Stale empty, and
	// the reasons of stale recordings without the cause): for prune, which
	// never prints them. Explaining re-reads the recorded requests.
	NoExplain bool
	// OnBatch receives recordings while the store loads (see the package
	// documentation, section Streaming).
	OnBatch func([]*Recording)
	// Getenv looks up environment variables for ${VAR} in suites
	// (os.LookupEnv when nil).
	Getenv func(string) (string, bool)
	// Workers bounds parallel file reads (0: a default).
	Workers int
	// Reuse takes the cassettes unchanged since its last load as read
	// then, with their findings and checks (cassette.Reuse): one Reuse
	// per set of options.
	Reuse *cassette.Reuse
	// ReleaseServed drops the responses the store parsed for the replay
	// once it ran (cassette.Store.ReleaseServed), before the recordings
	// are classified: for a command that replays once and keeps the
	// workspace only for its documents. A later replay of Workspace.Store
	// reads the responses from their files. The replay's traces are then
	// brief (engine.Options.BriefTraces): they hold no turns.
	ReleaseServed bool
	// BriefExplanations keeps of each explanation of a miss its headline,
	// summary and changes (what Sources locates), masked as every
	// document prints them, and drops the two requests it compared once
	// the recordings are classified: for a command that prints no
	// unified diff (check). Explanation.Result is then without them.
	BriefExplanations bool
	// Collect runs the collector after the load, after the replay, after
	// the explanations and after the classification of a large store (see
	// collectBetweenStages): for a command that replays once and whose
	// peak memory matters more than four collections (check, in CI).
	Collect bool
}

// batchSize is the number of recordings per OnBatch call.
const batchSize = 256

// Open scans one PATH (relative to the process's working directory) in
// any of the forms [Resolve] takes for a [Project]: Resolve, then
// [OpenLayout].
func Open(ctx context.Context, path string, o Options) (*Workspace, error) {
	l, err := Resolve(Request{Args: []string{path}, Want: Project})
	if err != nil {
		return nil, err
	}
	return OpenLayout(ctx, l, o)
}

// OpenLayout scans a resolved PATH. Problems with single files are never
// fatal: they become invalid recordings or Workspace.Problems. It fails
// only when the cassette root is not a directory or ctx is done.
func OpenLayout(ctx context.Context, l *Layout, o Options) (*Workspace, error) {
	w := &Workspace{Layout: l, byFile: map[*cassette.StoreFile]*Recording{}, Masker: &secrets.Masker{}}
	for _, err := range l.Ignored {
		w.Problems = append(w.Problems, secrets.MaskErrorNames(err))
	}
	getenv := w.maskingEnv(o.Getenv)
	if l.IsFile && (l.Project == nil || !Within(l.Path, l.CassetteRoot)) {
		if err := w.openFile(ctx, o); err != nil || o.NoReplay {
			return w, err
		}
		w.classifyAlone()
		return w, nil
	}
	// A file inside the cassette root is classified with the project's
	// replay, and listed alone (Layout.Lists).
	// The suites parse while the store loads: the two are independent, and
	// the store's first batches reach OnBatch without waiting for them.
	suitesDone := make(chan struct{})
	go func() {
		defer close(suitesDone)
		if w.Project != nil && !o.NoReplay {
			l.LoadSuites(getenv)
		}
	}()
	storeErr := w.loadStore(ctx, l.CassetteRoot, o, nil)
	<-suitesDone
	if storeErr != nil {
		return nil, storeErr
	}
	if w.Project != nil && !o.NoReplay {
		w.SuitesConfigured = len(w.Project.Suites) > 0
	}
	w.loadTapes(ctx, l.TapeDirs, o)
	if o.NoReplay {
		w.addFileRecordings()
		return w, ctx.Err()
	}
	w.collectBetweenStages(o)
	if w.Project != nil {
		w.Replay = engine.Replay(ctx, w.Project, w.Store, engine.Options{BriefTraces: o.ReleaseServed})
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	if o.ReleaseServed {
		w.Store.ReleaseServed()
	}
	w.addFileRecordings()
	w.collectBetweenStages(o)
	w.classify(o)
	w.collectBetweenStages(o)
	if o.BriefExplanations {
		for _, e := range w.Stale {
			e.makeBrief()
		}
	}
	return w, nil
}

// collectFrom is the number of cassettes from which Options.Collect
// collects between stages. A collection costs CPU in proportion to what
// is live: at 20,000 recordings two cost check 6% of its CPU for a peak
// of about 100 MB, which does not need them; at 100,000 three cost about
// 2% and take the peak from about 480 to about 370 MiB, and the fourth,
// after the load, keeps the peak from the 385 MiB that a collection in
// the middle of the load could set it at.
const collectFrom = 50_000

// collectBetweenStages runs the collector now, with Options.Collect and a
// store of collectFrom files or more. It is called between stages, where
// what a stage allocated for its own work has just been let go: after
// the load (what the secrets scan remembered of the files, the decoders'
// scratch), after the replay (the served responses, with
// Options.ReleaseServed), after
// the explanations (the recordings they read and compared) and after the
// classification (the indexes). The
// heap's next goal is then twice what is live there. Left to itself, the
// collector runs in the middle of a stage, counts as live everything the
// stage allocates while it marks, and sets a goal a fifth higher.
func (w *Workspace) collectBetweenStages(o Options) {
	if o.Collect && len(w.Store.Files) >= collectFrom {
		runtime.GC()
	}
}

// maskingEnv wraps the lookup of ${VAR} interpolation so that the masker
// learns every value the suites take from the environment.
func (w *Workspace) maskingEnv(lookup func(string) (string, bool)) func(string) (string, bool) {
	if lookup == nil {
		lookup = os.LookupEnv
	}
	return func(name string) (string, bool) {
		v, ok := lookup(name)
		if ok {
			w.mu.Lock()
			w.Masker.AddEnv(name, v)
			w.mu.Unlock()
		}
		return v, ok
	}
}

// rel returns p relative to the workspace root, slash-separated.
func (w *Workspace) rel(p string) string {
	r, err := filepath.Rel(w.Root, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// loadStore loads the cassette store, streaming pending recordings, and
// runs the per-file analyses (doctor's checks, the secrets scan) on each
// file while its bytes are in memory.
func (w *Workspace) loadStore(ctx context.Context, root string, o Options, files iter.Seq[string]) error {
	w.Store = &cassette.Store{Root: root}
	if root == "" {
		return nil
	}
	if fi, err := os.Stat(root); err == nil && !fi.IsDir() {
		return fmt.Errorf("cassette root %s is not a directory", root)
	}
	var mu sync.Mutex
	var batch, streamed []*Recording // guarded by mu
	flush := func() {
		if len(batch) > 0 && o.OnBatch != nil {
			o.OnBatch(batch)
		}
		batch = nil
	}
	// Nearly every file is a dryfire cassette with no finding and nothing
	// for doctor to say: those share one result, and one clean check.
	clean := &perFile{scanned: o.Secrets, kind: format.Dryfire}
	if o.Doctor {
		clean.check = &cassette.FileCheck{}
	}
	onFile := func(f *cassette.StoreFile, c *cassette.Cassette, data []byte) {
		var pf perFile
		var rel string // the path the findings and the recording give
		if o.Secrets || o.OnBatch != nil {
			rel = w.rel(f.Path)
		}
		pf.kind = fileKind(c, data)
		if o.Doctor && pf.kind != format.Tape {
			if fc := cassette.CheckFile(f, c, data); fc.Problems != nil || fc.Notes != nil || fc.Fix != nil {
				pf.check = &fc
			} else {
				pf.check = clean.check
			}
		}
		if o.Secrets {
			pf.findings, pf.scanned = secrets.ScanStoreFile(rel, f.Path, pf.kind, c, data, f.Err), true
		}
		switch {
		case pf.findings == nil && pf.scanned == clean.scanned && pf.check == clean.check && pf.kind == clean.kind:
			f.Attach(clean)
		case pf.scanned || pf.check != nil || pf.kind == format.Tape:
			own := pf // only a file with results of its own allocates them
			f.Attach(&own)
		}
		if o.OnBatch != nil {
			r := w.newFileRecording(f, rel)
			r.Secrets = openCount(pf.findings)
			mu.Lock()
			defer mu.Unlock()
			streamed = append(streamed, r) // addFileRecordings completes it
			batch = append(batch, r)
			if len(batch) >= batchSize {
				flush()
			}
		}
	}
	var tree *dirTree
	load := cassette.LoadOptions{Workers: o.Workers, OnFile: onFile, SkipBodies: !o.Secrets && !o.Doctor, Reuse: o.Reuse}
	if o.Secrets {
		// What recurs in the digests is scanned once; doctor's checks
		// read a digest's bytes, and decode them again in the rare case
		// they need its values (cassette.CheckFile).
		load.Repeats = secrets.NewRepeats()
	}
	if files == nil {
		tree = &dirTree{}
		walk := walkJSON(ctx, root, walkHooks{
			report: func(err error) {
				err = secrets.MaskErrorNames(err)
				w.problem(err)
				w.WalkProblems = append(w.WalkProblems, err)
			},
			onTemp: func(p string) { w.TempFiles = append(w.TempFiles, p) },
			onDir:  w.dirNames(o),
			tree:   tree, skip: w.tapeDirsIn(root),
		})
		var listed bool // what the walk saw at the path it yields now
		files = func(yield func(string) bool) {
			for p, regular := range walk {
				listed = regular
				if !yield(p) {
					return
				}
			}
		}
		load.Listed = func(string) bool { return listed }
	}
	s, err := cassette.LoadStore(ctx, root, files, load)
	if err != nil {
		return err
	}
	mu.Lock()
	flush()
	mu.Unlock()
	w.Store = s
	if len(streamed) > 0 && len(w.byFile) == 0 { // indexed once, sized for every file
		w.byFile = make(map[*cassette.StoreFile]*Recording, len(s.Files))
	}
	for _, r := range streamed {
		w.byFile[r.File] = r
	}
	if ctx.Err() == nil {
		w.tree = tree // a walk cut short does not know which directories are empty
	}
	return nil
}

// ReleaseRecordings lets the workspace's recordings go (Recordings,
// Unrecorded, and what finds a file's recording): for a command that has
// made every document that lists them and keeps the workspace for the
// rest, the replay and the explanations of its misses (which keep their
// own recordings). The workspace then lists nothing.
func (w *Workspace) ReleaseRecordings() {
	w.Recordings, w.Unrecorded, w.byFile = nil, nil, nil
}

// perFile is what the load works out of a file's bytes besides its
// summary (StoreFile.Attach, a *perFile): the secrets scan, doctor's
// checks, the format. A file with none of them (a dryfire cassette,
// neither scanned nor checked) has none attached; the results of clean
// files are one value, which no one changes.
type perFile struct {
	findings []secrets.Finding
	scanned  bool
	check    *cassette.FileCheck
	kind     format.Kind
}

// addFileRecordings makes the recordings of the store's files, with what
// the load attached to them, and puts them before the tape entries. An
// open makes them once the replay ran: they are not needed before, and
// are not then held beside the responses the replay is served. A file
// streamed to Options.OnBatch has its pending recording in byFile, which
// OnBatch read during its call and kept nothing of: that one is
// completed, so that each file's recording is made, its path made
// relative and masked, once.
func (w *Workspace) addFileRecordings() {
	tapes := w.Recordings
	w.Recordings = make([]*Recording, 0, len(w.Store.Files)+len(tapes))
	streamed := len(w.byFile) > 0 // else there is nothing to look up
	if !streamed {
		w.byFile = make(map[*cassette.StoreFile]*Recording, len(w.Store.Files))
	}
	for _, f := range w.Store.Files {
		var r *Recording
		if streamed {
			r = w.byFile[f]
		}
		if r == nil {
			r = w.newFileRecording(f, w.rel(f.Path))
			w.byFile[f] = r
		}
		pf, _ := f.Attached().(*perFile)
		if pf == nil {
			pf = &perFile{}
		}
		f.Attach(nil) // the recording holds it now (a Reuse keeps its own copy)
		r.Findings, r.Scanned, r.FileCheck, r.Foreign = pf.findings, pf.scanned, pf.check, pf.kind == format.Tape
		r.Secrets = openCount(pf.findings)
		if w.Lists(f.Path) {
			w.Recordings = append(w.Recordings, r)
		}
	}
	w.Recordings = append(w.Recordings, tapes...)
}

// problem records a diagnostic that did not stop the scan, the secrets in
// the names it holds masked.
func (w *Workspace) problem(err error) {
	err = secrets.MaskErrorNames(err)
	w.mu.Lock()
	w.Problems = append(w.Problems, err)
	w.mu.Unlock()
}

// fileKind is the format of a store file: what it decoded to, or for a
// file that did not decode strictly, what its bytes are (a tape of the
// Python port may hold bare NaN tokens). Anything else is read as a
// dryfire cassette, broken or not.
func fileKind(c *cassette.Cassette, data []byte) format.Kind {
	if c != nil {
		if k := format.Of(c.Body); k == format.Tape {
			return k
		}
		return format.Dryfire
	}
	if data != nil && format.Detect(data) == format.Tape {
		return format.Tape
	}
	return format.Dryfire
}

// newFileRecording makes the pending recording of a store file, whose
// path relative to the workspace root is rel.
func (w *Workspace) newFileRecording(f *cassette.StoreFile, rel string) *Recording {
	r := &Recording{Path: rel, Shown: secrets.MaskPath(rel), Format: format.Dryfire, File: f, Entry: -1,
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

// classifyAlone classifies the one file of a workspace opened on a file
// outside any cassette root: nothing replays it, so it is Unknown
// (Invalid when it does not decode), as in a cassette directory without a
// project.
func (w *Workspace) classifyAlone() {
	why := "outside the project's cassette root " + w.rel(w.CassetteRoot) + ": replay never reads it"
	if w.Project == nil {
		why = "no dryfire.yaml found: without the suites nothing tells live recordings from orphans"
	}
	for _, f := range w.Store.Files {
		r := w.byFile[f]
		r.Status, r.Reason = Unknown, secrets.MaskNames(why)
		if f.Err != nil {
			r.Status, r.Reason = Invalid, secrets.MaskNames(fileError(f))
		}
	}
}

// openFile opens a workspace of one file that lies outside a project's
// cassette root (or outside any project): a tape, or a dryfire cassette
// read on its own.
func (w *Workspace) openFile(ctx context.Context, o Options) error {
	data, err := safefile.ReadFile(w.Path)
	if err == nil && format.Detect(data) == format.Tape {
		w.Store = &cassette.Store{}
		w.addTape(w.Path, data, o)
		return nil
	}
	dir := filepath.Dir(w.Path)
	err = w.loadStore(ctx, dir, o, func(yield func(string) bool) { yield(w.Path) })
	if err == nil {
		w.addFileRecordings()
	}
	return err
}

// ReadStore reads the cassette root of the layout by the one walk, as
// [OpenLayout] does, without classifying anything: the store a run or a
// replay looks its cassettes up in.
func ReadStore(ctx context.Context, l *Layout) (*cassette.Store, error) {
	w := &Workspace{Layout: l, byFile: map[*cassette.StoreFile]*Recording{}}
	err := w.loadStore(ctx, l.CassetteRoot, Options{}, nil)
	return w.Store, err
}
