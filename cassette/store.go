package cassette

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/pathlib"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// StoreFile is the summary of one *.json file under a cassette root. The
// store keeps summaries, not bodies: [Store.Read] reads a body on demand.
// A store of 100,000 files keeps 100,000 of them, so they are kept small:
// Rel is a part of Path's bytes, and the body's strings share the bytes of
// the path or of other files where they are equal.
type StoreFile struct {
	// Rel is the slash-separated path relative to the store root; Path is
	// the root joined with it.
	Rel, Path string
	Size      int64
	// NameTurn and NameKey come from a file name of dryfire's form
	// <NN>-<key>.json (NameOK false otherwise).
	NameTurn int
	NameKey  string
	// Stamp is the state of the file when it was read: a deletion or a
	// rewrite acts only while the file still has it.
	Stamp safefile.Stamp
	// Err is why the file is not a usable cassette: unreadable (not a
	// regular file, over the size limit), not UTF-8, not JSON, or not a
	// JSON object (a *ParseError with a position when
	// there is one). Such files are still listed, never skipped silently.
	Err error
	// The body's fields, empty when absent or not strings.
	Fingerprint, Suite, Case, Provider, Model string
	Turn                                      int
	// ResponseErr is set when the response is missing or is not a valid
	// ModelResponse: dryfire fails the case when its lookup reaches the file.
	ResponseErr error

	// schema is the body's schema_version (nil when absent).
	schema *jsonv.Value
	// Served is the response as parsed at load time, without its raw
	// payload, so that replay does not read and decode the file again
	// (nil once [Store.ReleaseServed] dropped it).
	Served   *Response
	attached any // the caller's (Attach)

	NameOK bool
	// SchemaOK reports schema_version == 1 under Python equality.
	SchemaOK bool
	lookup   lookupKind
	fpString bool // the body's fingerprint is a string
	listed   bool // the listing saw a regular file (LoadOptions.Listed)
	reused   bool // taken from the last load (LoadOptions.Reuse)
}

// SchemaVersion is the body's schema_version, as decoded (the zero Value
// when the body has none).
func (f *StoreFile) SchemaVersion() jsonv.Value {
	if f.schema == nil {
		return jsonv.Value{}
	}
	return *f.schema
}

// schemaOne is the schema_version nearly every file has, shared by them.
var schemaOne = jsonv.Value{Kind: jsonv.Number, Text: "1"}

// keepSchema sets f's schema_version to its own copy of v (v may be in
// scratch space): the one shared value when it is 1 as dryfire writes it.
func (f *StoreFile) keepSchema(v jsonv.Value) {
	switch {
	case v.Kind == jsonv.Number && v.Text == "1":
		f.schema = &schemaOne
	case v.Kind == jsonv.Null:
		f.schema = nil
	default:
		c := v.Clone()
		f.schema = &c
	}
}

// lookupKind is how dryfire's lookup treats a file before looking inside.
type lookupKind uint8

const (
	lookupRead lookupKind = iota // an object: the schema and fingerprint checks apply
	lookupSkip                   // unreadable or not JSON: skipped
	lookupFail                   // not UTF-8 or not an object: dryfire's lookup raises
)

// LoadOptions tune [LoadStore].
type LoadOptions struct {
	// Workers bounds the files read and decoded at once (default: twice the
	// number of CPUs Go may use).
	Workers int
	// OnFile is called from worker goroutines for every file read, with the
	// decoded cassette (nil when it failed) and the bytes; use it to do more
	// per file without reading it twice (secrets, statuses, doctor checks).
	// The bytes, and every array and object of the cassette, are scratch
	// space that the next file reuses: they are valid only during the call
	// (Clone what must outlive it). Strings are the callee's own, except
	// those inside request_digest and response.raw, which are views of the
	// bytes (copy one to keep it: a formatted or concatenated string is a
	// copy). Must be safe for concurrent use.
	OnFile func(f *StoreFile, c *Cassette, data []byte)
	// SkipBodies tells LoadStore that OnFile does not look at a cassette's
	// request_digest or its response's raw payload: those are then checked
	// for syntax but not built (empty values of their kind). This makes
	// loading a large store several times cheaper. Without OnFile they are
	// always skipped.
	SkipBodies bool
	// Listed, when set, says whether the directory listing behind files
	// saw the path files has just yielded as a regular file, not a link:
	// such a file is read with one lookup of its path instead of two
	// (safefile.ReadListedInto). LoadStore calls it right after each
	// yield, before asking for the next path.
	Listed func(path string) bool
	// Reuse, when set, takes the files that did not change since its last
	// load as that load read them, without calling OnFile (see [Reuse]),
	// and keeps this load's for the next.
	Reuse *Reuse
	// Repeats, when set (and bodies are not skipped), is given to the
	// decode of every file ([jsonv.DecodeFuncRepeats]): the containers of
	// a request digest it has seen are left out of the body OnFile gets
	// (empty values of their kind), neither built nor visited. Only for an
	// OnFile that reads a digest for what the Repeats checks of it, the
	// secrets scan (the secrets package's Repeats), and for [CheckFile],
	// which decodes the file whole again in the rare case it needs the
	// digest's values (a file not in dryfire's format, a digest that is not
	// ASCII).
	Repeats jsonv.Repeats
}

// Store is an index of a cassette root: every *.json file under it, in the
// order dryfire's lookup visits them.
type Store struct {
	Root string
	// Files are every file given to [LoadStore], in pathlib's sort order
	// (component-wise, by code point).
	Files []*StoreFile

	// byKey is the place in Files of the one file of a key, or -1 for a
	// key of several files, whose list is shared's.
	byKey  map[string]int32
	shared map[string][]*StoreFile
}

// LoadStore reads every file that files yields (absolute paths below root:
// the *.json files of the cassette root, as dryfire's rglob finds them) in
// parallel into a summary, while files is still yielding. A file that
// cannot be used gets a diagnostic (StoreFile.Err); nothing is fatal except
// a cancelled context.
func LoadStore(ctx context.Context, root string, files iter.Seq[string], opts LoadOptions) (*Store, error) {
	s := &Store{Root: root}
	workers := opts.Workers
	if workers <= 0 {
		workers = min(2*runtime.GOMAXPROCS(0), 64)
	}
	// The files go to the workers a few at a time: one hand-over per file
	// kept the scheduler waking goroutines more than reading files.
	const perJob = 16
	jobs := make(chan []*StoreFile, 16)
	reuse := opts.Reuse.begin(root, opts.OnFile == nil || opts.SkipBodies)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var buf []byte // one read buffer per worker, reused file after file
			scratch := workerScratch{repeats: opts.Repeats}
			for batch := range jobs {
				for _, f := range batch {
					if ctx.Err() == nil && !reuse.take(f) {
						buf = loadFile(f, buf, opts.OnFile, opts.OnFile == nil || opts.SkipBodies, &scratch)
					}
				}
			}
		})
	}
	var batch []*StoreFile
	for p := range files {
		if ctx.Err() != nil {
			break
		}
		rel, err := filepath.Rel(root, p) // a part of p's bytes, as is ToSlash's
		if err != nil {
			rel = filepath.Base(p)
		}
		f := &StoreFile{Rel: filepath.ToSlash(rel), Path: p, listed: opts.Listed != nil && opts.Listed(p)}
		f.NameTurn, f.NameKey, f.NameOK = ParseName(filepath.Base(p))
		s.Files = append(s.Files, f)
		if batch = append(batch, f); len(batch) == perJob {
			jobs <- batch
			batch = nil
		}
	}
	if len(batch) > 0 {
		jobs <- batch
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(s.Files, func(a, b *StoreFile) int { return pathlib.Compare(a.Rel, b.Rel) })
	s.index()
	reuse.commit(s.Files)
	return s, nil
}

// index maps every key of a file name to its files, in order. Nearly every
// key names one file: the map holds that file's place in Files (its list
// is a slice of Files), and only the keys of several files have a list of
// their own.
func (s *Store) index() {
	s.byKey = make(map[string]int32, len(s.Files))
	for i, f := range s.Files {
		for _, k := range nameKeys(path.Base(f.Rel)) {
			j, ok := s.byKey[k]
			switch {
			case !ok:
				s.byKey[k] = int32(i)
			case j >= 0:
				if s.shared == nil {
					s.shared = map[string][]*StoreFile{}
				}
				s.shared[k] = []*StoreFile{s.Files[j], f}
				s.byKey[k] = -1
			default:
				s.shared[k] = append(s.shared[k], f)
			}
		}
	}
}

// workerScratch is what one worker of a load reuses from file to file:
// the cassette decoded into, and the strings its files share.
type workerScratch struct {
	c       Cassette
	names   interner
	repeats jsonv.Repeats // LoadOptions.Repeats
}

// loadFile reads and summarises one file into buf (grown as needed) and
// returns the buffer for the next file. The bytes and the cassette handed
// to onFile are only valid during the call: the cassette is decoded into
// scratch (see jsonv.DecodeSummaryFunc and jsonv.DecodeFunc), its strings
// its own.
func loadFile(f *StoreFile, buf []byte, onFile func(*StoreFile, *Cassette, []byte), skipBodies bool, scratch *workerScratch) []byte {
	read := safefile.ReadInto
	if f.listed {
		read = safefile.ReadListedInto
	}
	data, stamp, err := read(f.Path, buf)
	f.Stamp = stamp
	if err != nil {
		f.Err, f.lookup = &jsonv.ParseError{Path: f.Path, Err: unwrapPathError(err)}, lookupSkip
		if onFile != nil {
			onFile(f, nil, nil)
		}
		return buf
	}
	summariseShared(f, data, &scratch.c, &scratch.names, scratch.repeats, skipBodies, onFile)
	return data[:0]
}

// unwrapPathError drops the path from an *fs.PathError (the diagnostic
// names the file already).
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// summarise summarises a file's bytes into f and returns the decoded
// cassette, in full (nil when it is not one).
func summarise(f *StoreFile, data []byte) *Cassette {
	if !checkUTF8(f, data) {
		return nil
	}
	// The whole file is valid UTF-8: the decoder need not check each string.
	body, err := jsonv.DecodeValidUTF8(data)
	if err != nil {
		f.Err, f.lookup = jsonv.WithPath(f.Path, err), lookupSkip
		return nil
	}
	if !checkObject(f, data, body) {
		return nil
	}
	c := &Cassette{}
	summariseBody(f, c, body, nil)
	return c
}

// summariseScoped is summarise for a caller that keeps nothing of the
// cassette: it is decoded into scratch space (c and the decoder's arenas,
// see jsonv.DecodeSummaryFunc), its bodies left out when skipBodies is set,
// handed to onFile while that is valid, and only what f keeps of it is
// copied out.
func summariseScoped(f *StoreFile, data []byte, c *Cassette, skipBodies bool, onFile func(*StoreFile, *Cassette, []byte)) {
	summariseShared(f, data, c, nil, nil, skipBodies, onFile)
}

// summariseShared is summariseScoped with the strings that files have
// alike shared through names, and the request digest's containers that
// repeats has seen left out of a full body (LoadOptions.Repeats).
func summariseShared(f *StoreFile, data []byte, c *Cassette, names *interner, repeats jsonv.Repeats, skipBodies bool, onFile func(*StoreFile, *Cassette, []byte)) {
	if !checkUTF8(f, data) {
		if onFile != nil {
			onFile(f, nil, data)
		}
		return
	}
	decode := jsonv.DecodeSummaryFunc
	switch {
	case skipBodies:
	case repeats != nil:
		decode = func(data []byte, _ bool, fn func(jsonv.Value)) error {
			return jsonv.DecodeFuncRepeats(data, repeats, fn) // checked UTF-8 above
		}
	default:
		decode = jsonv.DecodeFunc
	}
	handed := false
	err := decode(data, true, func(body jsonv.Value) {
		if !checkObject(f, data, body) {
			return
		}
		*c = Cassette{}
		summariseBody(f, c, body, names)
		c.partial = repeats != nil
		keepSummary(f)
		if onFile != nil {
			onFile(f, c, data)
		}
		handed = true
		*c = Cassette{} // no references into the arenas past their use
	})
	if err != nil {
		f.Err, f.lookup = jsonv.WithPath(f.Path, err), lookupSkip
	}
	if !handed && onFile != nil {
		onFile(f, nil, data)
	}
}

// keepSummary gives f its own copy of every array and object it holds of a
// body decoded into scratch space.
func keepSummary(f *StoreFile) {
	if r := f.Served; r != nil {
		r.Text = r.Text.Clone()
		for i := range r.ToolCalls {
			tc := &r.ToolCalls[i]
			tc.Arguments, tc.MalformedArguments = tc.Arguments.Clone(), tc.MalformedArguments.Clone()
		}
	}
}

// checkUTF8 records that a file is not UTF-8, if it is not.
func checkUTF8(f *StoreFile, data []byte) bool {
	f.Size = int64(len(data))
	if off := invalidUTF8Offset(data); off >= 0 {
		line, col := jsonv.Position(data, off)
		f.Err = &jsonv.ParseError{Path: f.Path, Line: line, Column: col,
			Err: fmt.Errorf("not UTF-8: invalid byte 0x%02x", data[off])}
		f.lookup = lookupFail
		return false
	}
	return true
}

// checkObject records that a decoded file is not a JSON object, if it is
// not.
func checkObject(f *StoreFile, data []byte, body jsonv.Value) bool {
	if body.Kind != jsonv.Object {
		// Said as Decode says it, without decoding the file again.
		f.Err, f.lookup = jsonv.WithPath(f.Path, notAnObject(data, body.Kind)), lookupFail
		return false
	}
	return true
}

// summariseBody fills c and f from a decoded cassette body; names, when
// not nil, shares the strings many files have alike.
func summariseBody(f *StoreFile, c *Cassette, body jsonv.Value, names *interner) {
	fromBody(c, body)
	f.keepSchema(c.SchemaVersion)
	f.SchemaOK = c.SchemaOK()
	fp := body.Field("fingerprint")
	f.fpString = fp.Kind == jsonv.String
	f.Turn = c.Turn
	f.keepNames(c, names)
	if !body.Has("response") {
		f.ResponseErr = errors.New("invalid response: no response field")
	} else if r, err := ParseResponse(c.Response); err != nil {
		f.ResponseErr = err
	} else {
		r.Raw = jsonv.Value{}
		f.Served = &r
	}
}

func invalidUTF8Offset(data []byte) int {
	if utf8.Valid(data) {
		return -1
	}
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return -1
}

// nameKeys returns every key k for which dryfire's glob *-<k>.json matches
// the file name.
func nameKeys(name string) []string {
	stem, ok := strings.CutSuffix(name, ".json")
	if !ok {
		return nil
	}
	var keys []string
	for i := 0; i < len(stem); i++ {
		if stem[i] == '-' {
			keys = append(keys, stem[i+1:])
		}
	}
	return keys
}

// Candidates returns every file dryfire's lookup of key considers: any file
// under the root named *-<key>.json, in pathlib's sort order.
func (s *Store) Candidates(key string) []*StoreFile {
	j, ok := s.byKey[key]
	switch {
	case !ok:
		return nil
	case j < 0:
		return s.shared[key]
	}
	return s.Files[j : j+1 : j+1]
}

// Lookup finds the file dryfire's replay serves for a storage key, with
// dryfire's rules: the candidates in pathlib order; unreadable files and
// JSON syntax errors are skipped, as are bodies whose schema_version is not
// 1 (Python equality) or whose fingerprint is not the key; the first other
// file wins. (nil, nil) is a miss.
//
// Where dryfire's lookup raises instead of skipping (a file that is not
// UTF-8 or not a JSON object, or a winning file whose response is missing or
// invalid), Lookup returns an error: the replayed case then ends in a
// provider error. The file is returned with the error when there is one.
func (s *Store) Lookup(key string) (*StoreFile, error) {
	for _, f := range s.Candidates(key) {
		switch f.lookup { //nolint:exhaustive // the other cases need nothing here
		case lookupSkip:
			continue
		case lookupFail:
			return f, fmt.Errorf("lookup of %s fails: %w", key, f.Err)
		}
		if !f.SchemaOK || !f.fpString || f.Fingerprint != key {
			continue
		}
		if f.ResponseErr != nil {
			return f, fmt.Errorf("%s: %w", f.Path, f.ResponseErr)
		}
		return f, nil
	}
	return nil, nil
}

// Read reads a file of the store again, in full.
func (s *Store) Read(f *StoreFile) (*Cassette, error) {
	data, err := safefile.ReadFile(f.Path)
	if err != nil {
		return nil, err
	}
	c, err := Decode(data)
	if err != nil {
		return nil, jsonv.WithPath(f.Path, err)
	}
	return c, nil
}
