package tape

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// Mode is how a [Tape] treats calls.
type Mode string

// The modes of cassette-fn, spelled as CASSETTE_FN_MODE spells them.
const (
	// Auto replays when the tape file exists and records otherwise,
	// decided once when the tape is opened.
	Auto Mode = "auto"
	// Record calls through and records every call; Save overwrites the file.
	Record Mode = "record"
	// Replay answers every call from the file and never calls through.
	Replay Mode = "replay"
	// Off calls through and records nothing.
	Off Mode = "off"
)

// ModeEnv is the environment variable that overrides the mode option
// when it is set and not empty.
const ModeEnv = "CASSETTE_FN_MODE"

// Options configure [Open]. The zero value is JavaScript keys, auto
// mode and no normalization.
type Options struct {
	// Mode is the requested mode ("" means auto); CASSETTE_FN_MODE wins
	// over it.
	Mode Mode
	// Python selects the Python port's dialect for keys and the file
	// (1.0 stays 1.0, integers of any size, insertion key order). The
	// default is JavaScript's, the dialect both upstream test suites pin.
	Python bool
	// Normalize rewrites a call's arguments before they are hashed and
	// stored; the wrapped function still gets the raw arguments. It receives
	// copies: args is an array, kwargs an object (empty without keyword
	// arguments). It must return an array and an object (or null). Use it to
	// drop secrets, timestamps and request ids.
	Normalize func(args, kwargs Value) (Value, Value)
}

// ErrMiss is what every replay miss matches with errors.Is.
var ErrMiss = errors.New("no recording found")

// MissError is a replay miss: no entry under Key in the tape at Path. Its
// message says how to record the call: run again with
// CASSETTE_FN_MODE=record, which rewrites the whole tape from that run's
// calls (in auto mode, deleting the tape does the same).
type MissError struct {
	Key  string
	Path string
}

// Error says which call missed in which tape, and how to record it.
func (e *MissError) Error() string {
	return fmt.Sprintf("no recording found for key %q in tape %s: no recorded call has these arguments; "+
		"to record it, run again with %s=record, which rewrites the tape from that run's calls", e.Key, e.Path, ModeEnv)
}

// Is makes a miss match [ErrMiss].
func (e *MissError) Is(target error) bool { return target == ErrMiss }

// Stats counts the calls of one session, so that a test can assert that
// every call was answered (Misses == 0) in any mode. Off mode counts
// nothing.
//
// The JavaScript package and the Python port count every record-mode call
// as a miss as well; here a miss is only a replay miss, and their misses
// are Misses + Recorded (plus the calls whose result could not be stored).
type Stats struct {
	// Hits are the calls answered from the tape (replay mode).
	Hits int
	// Misses are the replay calls that found no recording, each of which
	// returned a [*MissError].
	Misses int
	// Recorded are the calls recorded in this session (record mode), a
	// returned error included.
	Recorded int
	// Mode is the resolved mode, never auto.
	Mode Mode
}

// SaveOptions tune [Tape.SaveWith].
type SaveOptions struct {
	// DropUnused leaves out the entries this session never used: keys that
	// were never called and, in replay, entries past the last one replayed.
	// In replay mode it rewrites the tape (in the tape's dialect) when there
	// is anything to drop; run it after a complete test run.
	DropUnused bool
}

// Tape records and replays function calls in a cassette-fn tape file,
// interchangeable with the JavaScript package and its Python port. It is
// safe for concurrent use: a call takes its place in the recording when it
// starts, so the recorded order is the call order, and the wrapped function
// runs without any lock held.
type Tape struct {
	path      string
	name      string
	mode      Mode
	dialect   Dialect
	normalize func(args, kwargs Value) (Value, Value)
	version   Value

	mu     sync.Mutex
	order  []string
	lists  map[string]*tapeList
	hits   int
	misses int
	rec    int
}

type tapeList struct {
	slots  []*tapeSlot
	cursor int
	used   bool
}

// tapeSlot is one entry, reserved when its call starts and filled when it
// returns.
type tapeSlot struct {
	entry Entry
	done  bool
}

// Open opens the tape <dir>/<name>.json (dir defaults to [DefaultDir],
// testdata/tapes, name to "default"); a relative dir is relative to the
// working directory, which in a Go test is the package's directory. The
// mode is CASSETTE_FN_MODE when set and not empty, else o.Mode, else auto;
// auto becomes replay when the path exists and record otherwise, once,
// here. Replay reads the file now and fails if it is missing or malformed.
// In a test, [OpenTest] names the tape after the test and saves it.
func Open(dir, name string, o Options) (*Tape, error) {
	if dir == "" {
		dir = DefaultDir
	}
	if name == "" {
		name = "default"
	}
	t := &Tape{
		path:      filepath.Join(dir, name+".json"),
		name:      name,
		dialect:   JS,
		normalize: o.Normalize,
		version:   jsonv.IntValue(1),
		lists:     map[string]*tapeList{},
	}
	if o.Python {
		t.dialect = Python
	}
	mode := o.Mode
	if env := os.Getenv(ModeEnv); env != "" {
		mode = Mode(env)
	}
	switch mode {
	case "", Auto:
		mode = Record
		if _, err := os.Stat(t.path); err == nil {
			mode = Replay
		}
	case Record, Replay, Off:
	default:
		return nil, fmt.Errorf("invalid tape mode %q (want auto, record, replay or off)", string(mode))
	}
	t.mode = mode
	if mode == Replay {
		f, err := Load(t.path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("open tape: %w; replay mode needs the tape: record it by running with %s=record", err, ModeEnv)
		}
		if err != nil {
			return nil, fmt.Errorf("open tape: %w", err)
		}
		t.version = f.Version
		for _, g := range f.Keys {
			l := t.list(g.Key)
			for _, e := range g.Entries {
				l.slots = append(l.slots, &tapeSlot{entry: e, done: true})
			}
		}
	}
	return t, nil
}

// Path returns the tape's file path.
func (t *Tape) Path() string { return t.path }

// Mode returns the resolved mode (never auto).
func (t *Tape) Mode() Mode { return t.mode }

// Dialect returns the dialect of the tape's keys and file.
func (t *Tape) Dialect() Dialect { return t.dialect }

// Stats returns the session's counters.
func (t *Tape) Stats() Stats {
	t.mu.Lock()
	defer t.mu.Unlock()
	return Stats{Hits: t.hits, Misses: t.misses, Recorded: t.rec, Mode: t.mode}
}

// Keys returns the tape's keys in order: file order, then keys first
// called in this session, in call order.
func (t *Tape) Keys() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.order...)
}

// Unused returns the keys that no call of this session used, in order.
func (t *Tape) Unused() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	for _, k := range t.order {
		if !t.lists[k].used {
			out = append(out, k)
		}
	}
	return out
}

func (t *Tape) list(key string) *tapeList {
	l := t.lists[key]
	if l == nil {
		l = &tapeList{}
		t.lists[key] = l
		t.order = append(t.order, key)
	}
	return l
}

// Save writes the recordings atomically (a failed save leaves the old file
// as it was). It does nothing in replay and off modes.
func (t *Tape) Save() error { return t.SaveWith(SaveOptions{}) }

// SaveWith is [Tape.Save] with options.
func (t *Tape) SaveWith(o SaveOptions) error {
	if t.mode == Off || t.mode == Replay && !o.DropUnused {
		return nil
	}
	t.mu.Lock()
	f := &File{Name: t.name, Version: t.version}
	dropped := false
	for _, k := range t.order {
		l := t.lists[k]
		if o.DropUnused && !l.used {
			dropped = true
			continue
		}
		slots := l.slots
		if o.DropUnused && t.mode == Replay && l.cursor < len(slots) {
			slots, dropped = slots[:l.cursor], true
		}
		g := Group{Key: k}
		for _, s := range slots {
			if s.done {
				g.Entries = append(g.Entries, s.entry)
			}
		}
		if len(g.Entries) > 0 {
			f.Keys = append(f.Keys, g)
		}
	}
	t.mu.Unlock()
	if t.mode == Replay && !dropped {
		return nil
	}
	data, err := f.Encode(t.dialect)
	if err != nil {
		return fmt.Errorf("save %s: %w", t.path, err)
	}
	if dir := filepath.Dir(t.path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("save %s: %w", t.path, err)
		}
	}
	return safefile.WriteAtomic(t.path, data, 0o644)
}
