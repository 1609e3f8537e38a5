package suite

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/pathlib"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// ConfigFileName is the project file dryfire looks for.
const ConfigFileName = "dryfire.yaml"

// DefaultCassetteDir is the cassette root relative to the project root when
// dryfire.yaml does not set cassettes.dir.
const DefaultCassetteDir = ".dryfire/cassettes"

// ErrNoProject means no dryfire.yaml was found in the directory or above.
var ErrNoProject = errors.New("no " + ConfigFileName + " found in this directory or any parent")

// Built-in settings, as dryfire's resolver has them.
const (
	BuiltinProvider   = "anthropic"
	BuiltinModel      = "claude-sonnet-4-6"
	BuiltinMaxTurns   = 10
	BuiltinOnUnmocked = "error"
	BuiltinRepeat     = 1
)

// Config is a validated dryfire.yaml.
type Config struct {
	Version         int
	Defaults        Settings
	DefaultProvider *string
	Suites          []string
	CassetteDir     string // as written; "" when unset
	CassetteMode    string // as written; "" when unset
	PricingFile     string
	Providers       []string // names of user-defined providers
	// CustomProviders are the entries of the providers: block, in file
	// order: OpenAI-compatible endpoints a suite names in provider:.
	CustomProviders []CustomProvider
}

// CustomProvider is one entry of the providers: block of dryfire.yaml.
type CustomProvider struct {
	Name string
	// BaseURL is the Chat Completions base URL, as written.
	BaseURL string
	// APIKeyEnv names the environment variable that holds the key.
	APIKeyEnv string
}

// Project is a dryfire project: its config, its suites (in dryfire's load
// order, failed ones included) and every spec error found.
type Project struct {
	Root, ConfigPath string
	Config           Config
	CassetteRoot     string
	Suites           []*Suite
	// Errors holds the config's errors, then each suite's, sorted per file
	// by line and column.
	Errors []SpecError
	// yaml is the YAML session after the config was read: dryfire reads
	// every file of a command through one loader (see [yamlrt.Session]).
	yaml yamlrt.Session
}

// FindProject walks up from path (a directory, or a file inside one) to the
// first directory holding a regular file dryfire.yaml, as dryfire does from
// its working directory. It returns the config file's path.
func FindProject(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(abs); err == nil && !fi.IsDir() {
		if filepath.Base(abs) == ConfigFileName && fi.Mode().IsRegular() {
			return abs, nil
		}
		abs = filepath.Dir(abs)
	}
	for dir := abs; ; {
		cand := filepath.Join(dir, ConfigFileName)
		if fi, err := os.Stat(cand); err == nil && fi.Mode().IsRegular() {
			return cand, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ErrNoProject
		}
		dir = parent
	}
}

// LoadProject finds and loads the project around path: the config (strict
// schema), the suites its globs match, and the cassette root. lookupEnv
// serves ${VAR} interpolation (nil: every variable is unset). A broken
// config is reported in Errors with no suites loaded; a broken suite is
// kept with Failed set. The error is non-nil only when there is no project.
func LoadProject(p string, lookupEnv func(string) (string, bool)) (*Project, error) {
	pr, err := LoadConfig(p)
	if err != nil {
		return nil, err
	}
	pr.LoadSuites(lookupEnv)
	return pr, nil
}

// LoadConfig finds the project around path and reads only its config: the
// root, the cassette root and the settings, with config errors in Errors
// and no suites yet. [Project.LoadSuites] adds them; splitting the two lets a
// caller read the cassette store while the suites parse.
func LoadConfig(p string) (*Project, error) {
	cfgPath, err := FindProject(p)
	if err != nil {
		return nil, err
	}
	pr := &Project{Root: filepath.Dir(cfgPath), ConfigPath: cfgPath}
	cfg, errs := loadConfig(cfgPath, &pr.yaml)
	pr.Config = cfg
	pr.CassetteRoot = cassetteRoot(pr.Root, cfg.CassetteDir)
	pr.Errors = errs
	return pr, nil
}

// DefaultProject is the project of suite files run where no dryfire.yaml
// is found, as dryfire runs them: the built-in defaults, the root dir (the
// working directory: its cassettes under dir/.dryfire/cassettes, its
// suites' $refs confined to it), no config file and no suites yet
// ([Project.LoadSuiteFiles] adds them).
func DefaultProject(dir string) *Project {
	return &Project{Root: dir, CassetteRoot: cassetteRoot(dir, "")}
}

// Configured reports whether the project has a dryfire.yaml (a
// [DefaultProject] has none).
func (pr *Project) Configured() bool { return pr.ConfigPath != "" }

// LoadSuites parses the suites the config's globs match, in glob order, in
// parallel, and resolves every case's settings. It does nothing when the
// config itself has errors (dryfire stops there too).
func (pr *Project) LoadSuites(lookupEnv func(string) (string, bool)) {
	if len(pr.Errors) > 0 {
		return
	}
	// A glob error is reported where its pattern is.
	var entries []suiteEntry
	for _, pattern := range pr.Config.Suites {
		matches, err := pathlib.Glob(pr.Root, pattern)
		if err != nil {
			entries = append(entries, suiteEntry{err: &SpecError{File: ConfigFileName, Message: "suites: " + err.Error()}})
			continue
		}
		for _, rel := range matches {
			entries = append(entries, suiteEntry{rel: rel})
		}
	}
	pr.load(entries, lookupEnv)
}

// LoadSuiteFiles parses the given suite files instead of the config's
// globs, as dryfire's run, validate, trace and compare load the suite
// paths of their command line. files are slash paths relative to the
// root, or absolute (a file outside the root); each is named in its
// errors and its [Suite.Path] as it is given. The $refs of a file inside
// the root read in the root; those of a file outside it read in the
// directory of the dryfire.yaml above it, else in its own (see
// [LoadSuite]). It does nothing when the config has errors (dryfire stops
// there).
func (pr *Project) LoadSuiteFiles(files []string, lookupEnv func(string) (string, bool)) {
	if len(pr.Errors) > 0 {
		return
	}
	refs := projectScope(pr.Root)
	entries := make([]suiteEntry, len(files))
	for i, f := range files {
		entries[i] = suiteEntry{rel: f}
		if p := pr.suiteFile(f); !inside(pr.Root, p) {
			entries[i].refs = outsideScope(p, refs)
		}
	}
	pr.loadIn(entries, refs, lookupEnv)
}

// inside reports whether file is at or below dir (both absolute), by
// their names.
func inside(dir, file string) bool {
	rel, err := filepath.Rel(dir, file)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

type suiteEntry struct {
	rel   string
	err   *SpecError
	suite *Suite
	after yamlrt.Session // the YAML session once the suite is read
	// refs is where the suite's $refs may read; nil: the project root.
	refs *refScope
}

// scope is where the $refs of e may read.
func (e *suiteEntry) scope(project *refScope) *refScope {
	if e.refs != nil {
		return e.refs
	}
	return project
}

// load parses the entries in parallel, keeps them in order and resolves
// every case's settings.
func (pr *Project) load(entries []suiteEntry, lookupEnv func(string) (string, bool)) {
	pr.loadIn(entries, projectScope(pr.Root), lookupEnv)
}

// loadIn is load with refs the scope of the project root.
func (pr *Project) loadIn(entries []suiteEntry, refs *refScope, lookupEnv func(string) (string, bool)) {
	next := make(chan int)
	shared := jsonv.NewShared()
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(entries)) {
		wg.Go(func() {
			for i := range next {
				e := &entries[i]
				e.after = pr.yaml
				e.suite = loadSuite(pr.suiteFile(e.rel), e.rel, e.scope(refs), lookupEnv, &e.after, shared)
			}
		})
	}
	for i := range entries {
		if entries[i].err == nil {
			next <- i
		}
	}
	close(next)
	wg.Wait()
	// Each suite was read in the session the config left; a suite whose
	// YAML version leaks into the next files (a "%YAML" document) makes
	// them be read again in order, as dryfire reads them.
	state := pr.yaml
	for i := range entries {
		e := &entries[i]
		if e.err != nil {
			continue
		}
		if state != pr.yaml {
			e.after = state
			e.suite = loadSuite(pr.suiteFile(e.rel), e.rel, e.scope(refs), lookupEnv, &e.after, shared)
		}
		state = e.after
	}
	for _, e := range entries {
		if e.err != nil {
			pr.Errors = append(pr.Errors, *e.err)
			continue
		}
		pr.Suites = append(pr.Suites, e.suite)
		pr.Errors = append(pr.Errors, e.suite.Errors...)
	}
	for _, s := range pr.Suites {
		for _, c := range s.Cases {
			r := Resolve(&pr.Config, c, "")
			c.Provider, c.Model, c.Repeat, c.MaxTurns = r.Provider, r.Model, r.Repeat, r.MaxTurns
		}
	}
}

// suiteFile is the path of a suite given relative to the root (or
// absolute).
func (pr *Project) suiteFile(rel string) string {
	if filepath.IsAbs(rel) {
		return rel
	}
	return filepath.Join(pr.Root, filepath.FromSlash(rel))
}

func cassetteRoot(root, dir string) string {
	if dir == "" {
		dir = DefaultCassetteDir
	}
	if filepath.IsAbs(dir) {
		return filepath.Clean(dir)
	}
	return filepath.Join(root, filepath.FromSlash(dir))
}

// Resolved are the effective settings of a case.
type Resolved struct {
	Provider        string
	Model           string
	MaxTurns        int
	Temperature     float64
	OnUnmocked      string
	Repeat          int
	RequirePassRate float64
}

// Resolve applies dryfire's precedence, first set value wins: command line
// (model only) > case > suite > dryfire.yaml defaults > built-in. The
// provider is never a case setting. cfg may be nil (no project file).
func Resolve(cfg *Config, c *Case, modelOverride string) Resolved {
	var d Settings
	var dp *string
	if cfg != nil {
		d, dp = cfg.Defaults, cfg.DefaultProvider
	}
	s := c.Suite.Settings
	cs := c.Settings
	r := Resolved{
		Provider:        firstStr(BuiltinProvider, c.Suite.Provider, dp),
		Model:           firstStr(BuiltinModel, cs.Model, s.Model, d.Model),
		MaxTurns:        firstInt(BuiltinMaxTurns, cs.MaxTurns, s.MaxTurns, d.MaxTurns),
		Temperature:     firstFloat(0, cs.Temperature, s.Temperature, d.Temperature),
		OnUnmocked:      firstStr(BuiltinOnUnmocked, cs.OnUnmocked, s.OnUnmocked, d.OnUnmocked),
		Repeat:          firstInt(BuiltinRepeat, cs.Repeat, s.Repeat, d.Repeat),
		RequirePassRate: firstFloat(1, cs.RequirePassRate, s.RequirePassRate, d.RequirePassRate),
	}
	if modelOverride != "" {
		r.Model = modelOverride
	}
	return r
}

func firstStr(def string, vals ...*string) string {
	for _, v := range vals {
		if v != nil {
			return *v
		}
	}
	return def
}

func firstInt(def int, vals ...*int) int {
	for _, v := range vals {
		if v != nil {
			return *v
		}
	}
	return def
}

func firstFloat(def float64, vals ...*float64) float64 {
	for _, v := range vals {
		if v != nil {
			return *v
		}
	}
	return def
}

// loadConfig reads dryfire.yaml with dryfire's strict schema.
func loadConfig(file string, session *yamlrt.Session) (Config, []SpecError) {
	var cfg Config
	data, err := safefile.ReadFile(file)
	if err != nil {
		return cfg, []SpecError{{File: ConfigFileName, Message: "cannot read: " + err.Error(), InConfig: true}}
	}
	root, err := yamlnode.ParseIn(data, session)
	if err != nil {
		e := yamlSpecError(ConfigFileName, data, err)
		e.InConfig = true
		if le, ok := err.(*LoadError); ok && le.Cause != nil {
			e.Raised = ruamelText(le.Cause, realPath(file))
		}
		return cfg, []SpecError{e}
	}
	v := &validator{file: ConfigFileName, root: root, config: true}
	if o, ok := v.open(root, nodePos(root), "ProjectConfig"); ok {
		if n, p, ok := o.required("version"); ok {
			v.pushField("version")
			cfg.Version, _ = v.laxIntField(n, p)
			v.pop()
		}
		if n, p, ok := o.field("defaults"); ok && n.Kind != jsonv.Null {
			v.pushField("defaults")
			v.defaults(n, p, &cfg)
			v.pop()
		}
		if n, p, ok := o.field("suites"); ok {
			cfg.Suites = v.strList(n, p, "suites")
		}
		if n, p, ok := o.field("cassettes"); ok && n.Kind != jsonv.Null {
			v.pushField("cassettes")
			v.cassettes(n, p, &cfg)
			v.pop()
		}
		if s := o.optStr("pricing_file"); s != nil {
			cfg.PricingFile = *s
		}
		if n, p, ok := o.field("providers"); ok {
			v.pushField("providers")
			cfg.CustomProviders = v.providers(n, p)
			v.pop()
			for _, c := range cfg.CustomProviders {
				cfg.Providers = append(cfg.Providers, c.Name)
			}
		}
		o.close()
	}
	sortSpecErrors(v.errs)
	setSources(v.errs, data)
	return cfg, v.errs
}

// defaults reads the defaults: block of dryfire.yaml.
func (v *validator) defaults(n *YAMLNode, p pos, cfg *Config) {
	d, ok := v.open(n, p, "Defaults")
	if !ok {
		return
	}
	cfg.DefaultProvider = d.optStr("provider")
	cfg.Defaults = d.settings()
	d.close()
}

// cassettes reads the cassettes: block of dryfire.yaml.
func (v *validator) cassettes(n *YAMLNode, p pos, cfg *Config) {
	c, ok := v.open(n, p, "CassetteConfig")
	if !ok {
		return
	}
	if s := c.optStr("dir"); s != nil {
		cfg.CassetteDir = *s
	}
	if n, p, ok := c.field("mode"); ok && n.Kind != jsonv.Null {
		switch n.Scalar.Text {
		case "auto", "record", "replay", "off":
			cfg.CassetteMode = n.Scalar.Text
		default:
			v.addIn(n, fieldSeg("mode"), p, "Input should be 'auto', 'record', 'replay' or 'off'")
		}
	}
	c.close()
}

func (v *validator) providers(n *YAMLNode, p pos) []CustomProvider {
	if n.Kind != jsonv.Object {
		v.add(n, p, "expected a mapping")
		return nil
	}
	var out []CustomProvider
	for _, m := range n.Members {
		c := CustomProvider{Name: m.Key}
		v.push(pydanticKeySeg(m))
		if !strLike(m.KeyNode) {
			// pydantic checks each key before its value.
			v.addIn(m.KeyNode, keyStep, v.badKeyPos(n, m, p), "expected a string")
		}
		if o, ok := v.open(m.Value, nodePos(m.KeyNode), "CustomProvider"); ok {
			if x, p, ok := o.required("base_url"); ok {
				v.pushField("base_url")
				c.BaseURL, _ = v.str(x, p, false)
				v.pop()
			}
			if x, p, ok := o.required("api_key_env"); ok {
				v.pushField("api_key_env")
				c.APIKeyEnv, _ = v.str(x, p, false)
				v.pop()
			}
			o.close()
		}
		v.pop()
		out = append(out, c)
	}
	return out
}

// Valid reports whether the project loaded without a spec error, and
// counts its suites and their cases: what dryfire's validate prints.
func (pr *Project) Valid() (ok bool, suites, cases int) {
	for _, s := range pr.Suites {
		cases += len(s.Cases)
	}
	return len(pr.Errors) == 0, len(pr.Suites), cases
}
