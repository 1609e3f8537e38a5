package suite

import (
	"path/filepath"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
	"github.com/dryfire-tui/dryfire-tui/suite/casemodel"
)

// Settings are the overridable per-case settings; nil means "not set here".
type Settings struct {
	Model           *string
	MaxTurns        *int
	Temperature     *float64
	OnUnmocked      *string // "error", "null" or "passthrough"
	Repeat          *int
	RequirePassRate *float64
	// Pos says where each setting that is set is written, by its key
	// (model, temperature, …).
	Pos map[string]Pos
}

// Pos is where something is written: a 1-based line and column, in File
// when it came in by $ref (the path as read), else in the file being
// loaded. The zero Pos is unknown.
type Pos struct {
	File         string
	Line, Column int
}

func posOf(n *YAMLNode) Pos {
	if n == nil {
		return Pos{}
	}
	return Pos{File: n.From, Line: n.Line, Column: n.Column}
}

// Tool is one tool of a suite, after $ref and ${VAR} processing.
type Tool struct {
	Name        string
	Description jsonv.Value // a string or null
	InputSchema jsonv.Value // an object, key order as written
	// Pos is where the tool is written; DescriptionPos and SchemaPos where
	// its description and input_schema keys are (zero when absent).
	Pos, DescriptionPos, SchemaPos Pos
	// Unserialisable is set when the schema holds a date: dryfire loads it
	// but cannot hash any request carrying it.
	Unserialisable string
}

// ToolMocks is the rule list of one tool name.
type ToolMocks struct {
	Tool  string
	Rules []MockRule
}

// MockRule is one mock rule; exactly one of the outcome kinds is set.
type MockRule struct {
	Line, Column int
	// From is the file the rule came from by $ref ("" for the suite's).
	From     string
	When     *jsonv.Value // nil: catch-all
	Kind     string       // "return", "error", "sequence" or "impl"
	Return   jsonv.Value  // Kind "return"
	Error    string       // Kind "error" (null reads as "")
	Sequence []MockStep
	Impl     string // Kind "impl": the Python callable, pkg.mod:func
	// ImplLine and ImplColumn are where the impl value is written.
	ImplLine, ImplColumn int
	// Unserialisable is the exception hashing the returned value raises
	// (Kind "return"), as Python's repr() spells it; "" when it hashes.
	Unserialisable string
	// Crash is set when dryfire's ToolResult refuses the returned value for
	// a reason only the loaded Python value shows (a date, a mapping with
	// keys that are not strings): the case fails when the rule is used.
	Crash string
	// Views is the returned value as dryfire prints, sends and reports it
	// (Kind "return"; nil otherwise).
	Views *PyViews
}

// MockStep is one step of a sequence: an error step carries its error
// value as written (a string, usually), a return step its value.
type MockStep struct {
	IsError bool
	Value   jsonv.Value
	// Unserialisable, Crash and Views are as for [MockRule], for this
	// step's value.
	Unserialisable string
	Crash          string
	Views          *PyViews
}

// Suite is one suite file. A suite with errors has Failed set; its cases
// may be partly filled and are never replayed.
type Suite struct {
	Path        string // slash path relative to the project root (or as given)
	File        string // the path that was read
	Name        string
	Failed      bool
	Errors      []SpecError
	Description string
	Tags        []string
	Provider    *string
	Settings    Settings
	System      jsonv.Value // a string or null (hashed)
	// SystemPos, ToolsPos and MocksPos are where the system, tools and
	// mocks keys are written (zero when absent).
	SystemPos, ToolsPos, MocksPos Pos
	Tools                         []Tool
	Mocks                         []ToolMocks
	Cases                         []*Case
	Unserialised                  string // a date in the system prompt or the tools
}

// Case is one case of a suite, with its own settings. Resolve gives the
// effective values.
type Case struct {
	Suite        *Suite
	Index        int
	Name         string
	Line, Column int
	Input        jsonv.Value // a string, or a list of message objects
	// InputPos and MocksPos are where the input and mocks keys are
	// written (zero when absent).
	InputPos, MocksPos Pos
	// InputUnserialisable is the exception hashing the input's messages
	// raises (a date in a tool call's arguments, say), as Python's repr()
	// spells it; "" when they hash.
	InputUnserialisable string
	// InputCrash is set when dryfire's Message model refuses the input as
	// the case starts, for a reason only the loaded values show (a date
	// where a string is needed): the case fails without a request.
	InputCrash string
	// InputViews are the loaded values of a list input's messages, one per
	// message, as dryfire prints and reports them (nil for a string
	// input).
	InputViews []casemodel.MessageViews
	Expect     []jsonv.Value
	// Assertions are the expect entries parsed, one per entry.
	Assertions []casemodel.Assertion
	Mocks      []ToolMocks
	HasMocks   bool
	Script     jsonv.Value
	// ScriptArgs are the arguments of each scripted tool call as dryfire
	// prints and reports them, per step of Script (see [casemodel.ScriptViews]).
	ScriptArgs [][]*PyViews
	HasScript  bool
	Settings   Settings
	// Resolved without command-line overrides (filled by LoadProject).
	Provider string
	Model    string
	Repeat   int
	MaxTurns int
}

// ID is the case's name as dryfire prints it: suite::case.
func (c *Case) ID() string { return c.Suite.Name + "::" + c.Name }

// UsesImpl reports whether any mock rule the case resolves against runs
// Python code (an impl: passthrough).
func (c *Case) UsesImpl() bool {
	for _, tm := range MergeMocks(c.Suite.Mocks, c.Mocks) {
		for _, r := range tm.Rules {
			if r.Kind == "impl" {
				return true
			}
		}
	}
	return false
}

// LoadSuite reads and validates one suite file as dryfire's loader does:
// $ref resolution relative to the file, ${VAR} interpolation through
// lookupEnv, the assertion-kind check, then the strict structural check.
// Every error of the file is returned, sorted by position; a suite with any
// error has Failed set. display is the name errors carry (e.g. the path
// relative to the project root).
func LoadSuite(file, display string, lookupEnv func(string) (string, bool)) *Suite {
	var session yamlrt.Session
	return loadSuite(file, display, suiteScope(file), lookupEnv, &session, nil)
}

// loadSuite is LoadSuite in the YAML session of a command loading several
// files (the suite's $ref targets are read in it too), its $refs confined
// to refs, its tool schemas shared with the other suites of the load
// through shared (nil: kept as they are).
func loadSuite(file, display string, refs *refScope, lookupEnv func(string) (string, bool), session *yamlrt.Session, shared *jsonv.Shared) *Suite {
	s := &Suite{Path: filepath.ToSlash(display), File: file}
	buf := readBufs.Get().(*[]byte)
	// The tree is read here and nowhere else: what the suite keeps are
	// values taken out of it, so its Nodes go back once it is loaded.
	var arena yamlnode.Arena
	defer arena.Release()
	root, v, data := readTree(file, display, refs, lookupEnv, session, *buf, &arena)
	defer func() {
		// Nothing loaded keeps a reference to the bytes read: the YAML
		// layer and the error sources copy what they take.
		if cap(data) > cap(*buf) && cap(data) <= maxKeptRead {
			*buf = data[:0]
		}
		readBufs.Put(buf)
	}()
	if root == nil {
		s.Failed, s.Errors = true, v.errs
		return s
	}
	v.root, v.shared = root, shared
	v.checkAssertions(root)
	v.suite(root, s)
	if v.fatal != nil {
		if v.fatal.Ref == "" {
			v.fatal.Source = sourceLine(data, v.fatal.Line)
		}
		s.Failed, s.Errors = true, []SpecError{*v.fatal}
		return s
	}
	sortSpecErrors(v.errs)
	if len(v.errs) > 0 {
		setSources(v.errs, data)
		s.Failed = true
		s.Errors = v.errs
	}
	return s
}

// ReadSuiteTree reads a suite file into the tree dryfire's loader
// validates: parsed, every $ref replaced by its target, every ${VAR}
// interpolated. The tree is nil when the file cannot be loaded at all; the
// errors are those found so far, by position.
func ReadSuiteTree(file, display string, lookupEnv func(string) (string, bool)) (*YAMLNode, []SpecError) {
	var session yamlrt.Session
	root, v, _ := readTree(file, display, suiteScope(file), lookupEnv, &session, nil, new(yamlnode.Arena))
	sortSpecErrors(v.errs)
	return root, v.errs
}

// readBufs are buffers to read suite files into, kept from one to the next.
var readBufs = sync.Pool{New: func() any { return new([]byte) }}

// maxKeptRead is the largest read buffer kept for the next suite.
const maxKeptRead = 1 << 20

// readTree reads the file (into buf's storage, when large enough), parses
// it (its Nodes and its $ref targets' taken from arena), resolves its
// $refs (inside refs) and interpolates it.
func readTree(file, display string, refs *refScope, lookupEnv func(string) (string, bool), session *yamlrt.Session, buf []byte, arena *yamlnode.Arena) (*YAMLNode, *validator, []byte) {
	v := &validator{file: display, refs: refs, session: session, arena: arena}
	v.loc = v.locBuf[:0]
	if se := refs.refuseSuiteFile(file, display); se != nil {
		v.errs = append(v.errs, *se)
		return nil, v, nil
	}
	data, _, err := safefile.ReadInto(file, buf)
	if err != nil {
		v.errs = append(v.errs, SpecError{File: display, Message: "cannot read suite: " + err.Error()})
		return nil, v, nil
	}
	root, err := arena.ParseIn(data, session)
	if err != nil {
		v.errs = append(v.errs, yamlSpecError(display, data, err))
		return nil, v, data
	}
	root = v.resolveRefs(root, filepath.Dir(file))
	if v.fatal == nil {
		v.interpolate(root, lookupEnv)
	}
	if v.fatal != nil {
		if v.fatal.File == display && v.fatal.Ref == "" {
			v.fatal.Source = sourceLine(data, v.fatal.Line)
		}
		v.errs = []SpecError{*v.fatal}
		return nil, v, data
	}
	return root, v, data
}

// validator collects the errors of one file.
type validator struct {
	file     string // the name errors carry
	errs     []SpecError
	poisoned [][]locSeg // locations whose $ref failed: errors below are cascades
	refLoc   []locSeg   // where resolveRefs is
	loc      []locSeg   // where the structural check is (pydantic's location)
	locBuf   [12]locSeg // loc's first storage: suites nest a dozen deep or so
	// root is the tree the structural check walks, where an error's
	// location is looked up (by finder).
	root   *YAMLNode
	finder locFinder
	// config marks the validator of dryfire.yaml, whose errors keep
	// pydantic's wording (SpecError.Pydantic).
	config bool
	// broken counts the merged entries being checked that dryfire cannot
	// position (see [pos]); fatal is the first error met there.
	broken int
	fatal  *SpecError
	// session is the YAML session the file and its $ref targets are read
	// in; arena where their Nodes are taken from (nil: allocated).
	session *yamlrt.Session
	arena   *yamlnode.Arena
	// assertions are the expect entries parsed so far, so that the
	// assertion pre-pass and the cases share one parse (one compiled
	// pattern) of each.
	assertions map[*YAMLNode]casemodel.Assertion
	// refs is where $refs may read; realDir the real path of the file's
	// directory, once a $ref needs it; refNames the name of each $ref
	// target by the path the From of its nodes holds.
	refs     *refScope
	realDir  string
	refNames map[string]string
	// shared are the tool schemas of the suites loaded with this one.
	shared *jsonv.Shared
}

// pos is where an error is reported. broken marks an entry a merge key
// brought into a mapping with keys of its own: ruamel keeps no position
// for it and dryfire's loader fails (a KeyError) when it looks one up to
// report an error there or below.
type pos struct {
	line, col int
	broken    bool
	// from is the file a $ref brought the node in from (its From).
	from string
}

func nodePos(n *YAMLNode) pos {
	if n == nil {
		return pos{}
	}
	return pos{line: n.Line, col: n.Column, from: n.From}
}

// errorAt is an error of the file at p.
func (v *validator) errorAt(p pos, msg string) SpecError {
	e := SpecError{File: v.file, Line: p.line, Column: p.col, Message: msg}
	if p.from != "" {
		e.Ref = v.refNames[p.from]
	}
	return e
}

func (v *validator) add(input *YAMLNode, p pos, msg string) {
	for _, poisoned := range v.poisoned {
		if under(v.loc, poisoned) {
			return
		}
	}
	if p.broken || v.broken > 0 {
		v.crash(p, msg)
		return
	}
	e := v.placed(v.errorAt(p, msg))
	if v.config {
		e.InConfig = true
		e.Pydantic = pydanticOf(msg, input, v.loc, len(v.errs))
	}
	v.errs = append(v.errs, e)
}

// crash records that dryfire's loader fails on an error it cannot place.
func (v *validator) crash(p pos, msg string) {
	if v.fatal == nil {
		e := v.errorAt(p, "dryfire's loader fails (KeyError) reporting an error in an entry brought in by a merge key (<<) into a mapping with keys of its own: "+msg)
		e.Fatal = FatalValue
		v.fatal = &e
	}
}

// enter marks the checks of a value reached through p: when p is broken,
// every error below it is one dryfire cannot place. Call the result when
// done.
func (v *validator) enter(p pos) func() {
	if !p.broken {
		return func() {}
	}
	v.broken++
	return func() { v.broken-- }
}

// markFrom records on every node of a tree loaded by $ref the file it was
// loaded from, so a position inside it names that file. (A set's
// members have no value.)
func markFrom(n *YAMLNode, file string) {
	if n == nil {
		return
	}
	n.From, n.Referenced = file, true
	for _, it := range n.Items {
		markFrom(it, file)
	}
	for _, m := range n.Members {
		if m.KeyNode != nil {
			m.KeyNode.From, m.KeyNode.Referenced = file, true
		}
		markFrom(m.Value, file)
	}
}
