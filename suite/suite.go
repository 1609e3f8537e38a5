package suite

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// SpecError is a problem in a project or suite file, at a position. Line and
// Column are 1-based (0 when dryfire has no position for it either).
type SpecError struct {
	File         string // path as given to the loader (relative to the project root when loaded through a project)
	Line, Column int
	Message      string
	Hint         string // dryfire's did-you-mean, when it has one
	Source       string // the source line, without its newline
}

func (e SpecError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Message)
	}
	return e.File + ": " + e.Message
}

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
	// Unserialisable is set when the outcome holds a date.
	Unserialisable string
}

// MockStep is one step of a sequence: an error step carries its error
// value as written (a string, usually), a return step its value.
type MockStep struct {
	IsError bool
	Value   jsonv.Value
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
	// InputUnserialisable is set when the input holds a date.
	InputUnserialisable string
	Expect              []jsonv.Value
	// Assertions are the expect entries parsed, one per entry.
	Assertions []Assertion
	Mocks      []ToolMocks
	HasMocks   bool
	Script     jsonv.Value
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
	s := &Suite{Path: filepath.ToSlash(display), File: file}
	data, err := safefile.ReadFile(file)
	if err != nil {
		s.fail(SpecError{File: display, Message: "cannot read suite: " + err.Error()})
		return s
	}
	root, err := ParseYAML(data)
	if err != nil {
		s.fail(yamlSpecError(display, data, err))
		return s
	}
	v := &validator{file: display}
	root = v.resolveRefs(root, filepath.Dir(file), nil)
	v.interpolate(root, lookupEnv)
	v.checkAssertions(root)
	v.suite(root, s)
	sortSpecErrors(v.errs)
	for i := range v.errs {
		v.errs[i].Source = sourceLine(data, v.errs[i].Line)
	}
	if len(v.errs) > 0 {
		s.Failed = true
		s.Errors = v.errs
	}
	return s
}

func (s *Suite) fail(e SpecError) {
	s.Failed = true
	s.Errors = append(s.Errors, e)
}

func yamlSpecError(display string, data []byte, err error) SpecError {
	e := SpecError{File: display, Message: err.Error()}
	if pe, ok := err.(*jsonv.ParseError); ok {
		e.Line, e.Column, e.Message = pe.Line, pe.Column, pe.Err.Error()
		e.Source = sourceLine(data, pe.Line)
	}
	return e
}

// sourceLine returns line n (1-based) of data without its line break.
func sourceLine(data []byte, n int) string {
	if n <= 0 {
		return ""
	}
	lines := strings.SplitN(string(data), "\n", n+1)
	if n > len(lines) {
		return ""
	}
	return strings.TrimRight(lines[n-1], "\r")
}

// validator collects the errors of one file.
type validator struct {
	file     string
	errs     []SpecError
	poisoned [][]string // locations whose $ref failed: errors below are cascades
	loc      []string
}

type pos struct{ line, col int }

func nodePos(n *YAMLNode) pos {
	if n == nil {
		return pos{}
	}
	return pos{n.Line, n.Column}
}

func (v *validator) add(p pos, msg string) {
	for _, poisoned := range v.poisoned {
		if len(v.loc) >= len(poisoned) && strings.Join(v.loc[:len(poisoned)], "\x00") == strings.Join(poisoned, "\x00") {
			return
		}
	}
	v.errs = append(v.errs, SpecError{File: v.file, Line: p.line, Column: p.col, Message: msg})
}

// resolveRefs replaces every mapping holding $ref by the parsed target file
// (relative to dir); a missing target is an error and becomes {}.
func (v *validator) resolveRefs(n *YAMLNode, dir string, loc []string) *YAMLNode {
	switch n.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Object:
		for _, m := range n.Members {
			if m.Key != "$ref" {
				continue
			}
			ref := pyStr(m.Value)
			target := filepath.Join(dir, ref)
			data, err := safefile.ReadFile(target)
			if err != nil {
				e := SpecError{File: v.file, Line: m.KeyNode.Line, Column: m.KeyNode.Column,
					Message: "$ref target not found: " + ref}
				if _, statErr := os.Stat(target); statErr == nil {
					e.Message = "cannot read $ref target " + ref + ": " + err.Error()
				} else {
					e.Hint = suggestFile(target)
				}
				v.errs = append(v.errs, e)
				v.poisoned = append(v.poisoned, append([]string(nil), loc...))
				return &YAMLNode{Kind: jsonv.Object, Line: n.Line, Column: n.Column}
			}
			loaded, err := ParseYAML(data)
			if err != nil {
				e := yamlSpecError(ref, data, err)
				e.Message = "in $ref target " + ref + ": " + e.Message
				e.Line, e.Column, e.Source = m.KeyNode.Line, m.KeyNode.Column, ""
				v.errs = append(v.errs, e)
				v.poisoned = append(v.poisoned, append([]string(nil), loc...))
				return &YAMLNode{Kind: jsonv.Object, Line: n.Line, Column: n.Column}
			}
			markFrom(loaded, target)
			loaded.Line, loaded.Column, loaded.From = n.Line, n.Column, ""
			return loaded
		}
		for i := range n.Members {
			n.Members[i].Value = v.resolveRefs(n.Members[i].Value, dir, append(loc, n.Members[i].Key))
		}
	case jsonv.Array:
		for i := range n.Items {
			n.Items[i] = v.resolveRefs(n.Items[i], dir, append(loc, strconv.Itoa(i)))
		}
	}
	return n
}

// markFrom records on every node of a tree loaded by $ref the file it was
// loaded from, so a position inside it names that file.
func markFrom(n *YAMLNode, file string) {
	n.From = file
	for _, it := range n.Items {
		markFrom(it, file)
	}
	for _, m := range n.Members {
		if m.KeyNode != nil {
			m.KeyNode.From = file
		}
		markFrom(m.Value, file)
	}
}

// suggestFile is dryfire's did-you-mean for a missing $ref target.
func suggestFile(missing string) string {
	parent := filepath.Dir(missing)
	entries, err := os.ReadDir(parent)
	if err != nil {
		return ""
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	if best := closeMatch(filepath.Base(missing), names, 0.5); best != "" {
		return "did you mean ./" + filepath.Base(parent) + "/" + best + "?"
	}
	return ""
}

var envRe = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// interpolate replaces ${NAME} in every string value (not keys).
func (v *validator) interpolate(n *YAMLNode, lookupEnv func(string) (string, bool)) {
	sub := func(x *YAMLNode) {
		if x.Kind != jsonv.String || !strings.Contains(x.Scalar.Text, "${") {
			v.interpolate(x, lookupEnv)
			return
		}
		x.Scalar = jsonv.StringValue(envRe.ReplaceAllStringFunc(x.Scalar.Text, func(m string) string {
			name := m[2 : len(m)-1]
			if lookupEnv != nil {
				if val, ok := lookupEnv(name); ok {
					return val
				}
			}
			v.errs = append(v.errs, SpecError{File: v.file, Line: x.Line, Column: x.Column,
				Message: "environment variable ${" + name + "} is not set"})
			return ""
		}))
	}
	switch n.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Object:
		for _, m := range n.Members {
			sub(m.Value)
		}
	case jsonv.Array:
		for _, it := range n.Items {
			sub(it)
		}
	}
}
