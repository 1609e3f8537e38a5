package runplan

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/pathlib"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/provider/redact"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// LiveConcurrency is how many case repetitions a run that calls providers
// runs at once without --concurrency: dryfire's default of 4, which keeps
// a run's load on a provider what dryfire's would be.
const LiveConcurrency = 4

// LiveOptions configure the part of a run that calls model providers
// (modes record, auto and off).
type LiveOptions struct {
	// Env looks up API keys and base URLs (nil: os.LookupEnv). A key is
	// never printed, written, or put in an error.
	Env provider.Env
	// Provider tunes the gateways: MaxRetries (0 is none: pass
	// provider.DefaultMaxRetries for dryfire's default), the HTTP client,
	// the waits, OnRetry. Custom is filled from dryfire.yaml's providers:.
	Provider provider.Options
	// Now is the clock of recorded_at (nil: time.Now).
	Now func() time.Time
	// RedactSecrets writes a recording that carries a secret with the
	// secret replaced ([REDACTED:<rule>], [REDACTED:env:<VARIABLE>] for the
	// value of a key variable) instead of refusing to write it.
	RedactSecrets bool
	// Environ is the environment in os.Environ's form, whose *_API_KEY
	// variables are key variables too (nil: os.Environ()). Their values
	// are looked up through Env.
	Environ []string
	// OnCall hears of every model call, from the goroutine that made it.
	OnCall func(engine.CallEvent)
}

// Skip is a case a run leaves out because its provider's API key is not
// set, as dryfire skips it.
type Skip struct {
	Suite, Case string
	Missing     *provider.MissingKeyError
}

// Line is dryfire's line for the skip: "skipped <suite>::<case> (needs
// <ENV_VAR>)".
func (s Skip) Line() string { return s.Missing.Skip(s.Suite, s.Case) }

// Recorded is what a run wrote to the cassette root.
type Recorded struct {
	// Written are the cassettes written, relative to the project root,
	// in lookup order.
	Written []string
	// Redacted are the cassettes of Written whose secrets were replaced.
	Redacted []string
	// Refused are the recordings not written because they carry a secret.
	Refused []*SecretRefusal
}

// SecretRefusal is a recording a run did not write because it carries a
// secret: the case ends with it as its provider error.
type SecretRefusal struct {
	// Path is where the cassette would have gone, relative to the project
	// root (with any key value in a suite or case name replaced).
	Path string
	// Keys are the places that hold the value of a key variable: never
	// accepted by a baseline.
	Keys []KeyFinding
	// Findings are the secrets the rules found that the baseline does not
	// accept.
	Findings []secrets.Finding
}

func (e *SecretRefusal) Error() string {
	first := ""
	if len(e.Keys) > 0 {
		first = e.Keys[0].String()
	} else {
		f := e.Findings[0]
		first = f.Rule + " " + f.Where + " at " + f.JSONPath
	}
	more := ""
	if n := len(e.Keys) + len(e.Findings) - 1; n > 0 {
		more = fmt.Sprintf(" (and %d more)", n)
	}
	return fmt.Sprintf("refused to record %s: %s%s; run with --redact-secrets to record it redacted", e.Path, first, more)
}

// Repr is the exception dryfire-tui reports for the refusal.
func (e *SecretRefusal) Repr() string {
	return (&engine.PyError{Class: "SecretRefused", Msg: e.Error()}).Repr()
}

// recorder writes the cassettes of a run, after a secrets scan.
type recorder struct {
	root     string // the cassette root
	prefix   string // the cassette root relative to the project root, with a slash
	redact   bool
	keys     *redact.KeySet // the values of the key variables
	baseline *secrets.Baseline
	mu       sync.Mutex
	done     Recorded
}

func newRecorder(projectRoot, cassetteRoot string, redact bool, keys *redact.KeySet) (*recorder, error) {
	r := &recorder{root: cassetteRoot, redact: redact, keys: keys}
	if rel, err := filepath.Rel(projectRoot, cassetteRoot); err == nil && !strings.HasPrefix(rel, "..") {
		r.prefix = filepath.ToSlash(rel) + "/"
		if rel == "." {
			r.prefix = ""
		}
	} else {
		r.prefix = filepath.ToSlash(cassetteRoot) + "/"
	}
	bl := filepath.Join(projectRoot, secrets.DefaultBaselineFile)
	if _, err := os.Stat(bl); err == nil {
		b, err := secrets.ReadBaseline(bl)
		if err != nil {
			return nil, err
		}
		r.baseline = b
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	return r, nil
}

// Record scans the cassette about to be written and writes it, refusing
// (or redacting) one that carries the value of a key variable, or a
// secret the baseline does not accept. A cassette replay could not read
// back (over the size limit of reads) is not written either.
func (r *recorder) Record(_ context.Context, rec *cassette.Record) (cassette.Response, error) {
	clean, keys := redactKeys(r.keys, rec)
	// The path never shows a key, refused or not.
	rel := r.prefix + clean.RelPath()
	if len(keys) > 0 && r.redact {
		rec = clean
	}
	c := rec.Cassette()
	var open []secrets.Finding
	for _, f := range secrets.ScanCassette(rel, c) {
		if !r.baseline.AcceptsFinding(f) {
			open = append(open, f)
		}
	}
	if (len(keys) > 0 || len(open) > 0) && !r.redact {
		refusal := &SecretRefusal{Path: rel, Keys: keys, Findings: open}
		r.mu.Lock()
		r.done.Refused = append(r.done.Refused, refusal)
		r.mu.Unlock()
		return rec.Response, refusal
	}
	resp := rec.Response
	if len(open) > 0 {
		body, _ := secrets.RedactValue(c.Body, func(rule, hash string) bool { return r.baseline.Accepts(rule, hash, rel) })
		c = cassette.FromBody(body)
	}
	if len(keys) > 0 || len(open) > 0 {
		var err error
		if resp, err = cassette.ParseResponse(c.Response); err != nil {
			return rec.Response, fmt.Errorf("%s: the redacted response is not valid: %w", rel, err)
		}
		resp.LatencyMS = rec.Response.LatencyMS
	}
	if _, err := cassette.Write(r.root, c); err != nil {
		return rec.Response, err
	}
	r.mu.Lock()
	r.done.Written = append(r.done.Written, rel)
	if len(keys) > 0 || len(open) > 0 {
		r.done.Redacted = append(r.done.Redacted, rel)
	}
	r.mu.Unlock()
	return resp, nil
}

// summary is what was written, in lookup order.
func (r *recorder) summary() *Recorded {
	if r == nil {
		return &Recorded{}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	out := &Recorded{
		Written:  append([]string(nil), r.done.Written...),
		Redacted: append([]string(nil), r.done.Redacted...),
		Refused:  append([]*SecretRefusal(nil), r.done.Refused...),
	}
	pathlib.Sort(out.Written)
	pathlib.Sort(out.Redacted)
	return out
}

// resolveProviders resolves the gateway of every real provider the planned
// cases use, in plan order, and lists the cases skipped for want of a key.
// An unknown provider is an error, as dryfire's exit 2.
func (rp *Plan) resolveProviders(planned []engine.PlannedCase) error {
	opts := rp.live.Provider
	opts.Custom = customProviders(rp.Project)
	env := rp.live.Env
	if env == nil {
		env = os.LookupEnv
	}
	rp.providers = map[string]engine.Provider{}
	missing := map[string]*provider.MissingKeyError{}
	for _, pc := range planned {
		name := pc.Resolved.Provider
		if name == "fake" || rp.providers[name] != nil || missing[name] != nil {
			continue
		}
		g, err := provider.Resolve(name, env, opts)
		var mk *provider.MissingKeyError
		switch {
		case errors.As(err, &mk):
			missing[name] = mk
		case err != nil:
			return err
		default:
			rp.providers[name] = engine.WireProvider(g)
		}
	}
	rp.skip = map[*suite.Case]bool{}
	for _, pc := range planned {
		if mk := missing[pc.Resolved.Provider]; mk != nil {
			rp.Skipped = append(rp.Skipped, Skip{Suite: pc.Case.Suite.Name, Case: pc.Case.Name, Missing: mk})
			rp.skip[pc.Case] = true
		}
	}
	return nil
}

func customProviders(p *suite.Project) map[string]provider.Custom {
	out := map[string]provider.Custom{}
	for _, c := range p.Config.CustomProviders {
		out[c.Name] = provider.Custom{BaseURL: c.BaseURL, KeyEnv: c.APIKeyEnv}
	}
	return out
}

// uncached reports the cases recording leaves alone: in record and auto,
// dryfire never wraps a case whose mocks run code.
func (rp *Plan) uncached(c *suite.Case) bool {
	return (rp.Mode == engine.ModeRecord || rp.Mode == engine.ModeAuto) && engine.UsesPassthrough(c)
}

// notes are what dryfire says of the cases it will not record, and what
// dryfire-tui does differently with several providers.
func (rp *Plan) notes(planned []engine.PlannedCase) {
	names := map[string]bool{}
	var order []string
	for _, pc := range planned {
		if pc.Resolved.Provider == "fake" || rp.skip[pc.Case] {
			continue
		}
		if rp.uncached(pc.Case) {
			rp.Notes = append(rp.Notes, "note: "+pc.Case.Suite.Name+"::"+pc.Case.Name+
				" uses passthrough mocks — excluded from cassette recording (results aren't cacheable)")
		}
		if !names[pc.Resolved.Provider] {
			names[pc.Resolved.Provider] = true
			order = append(order, pc.Resolved.Provider)
		}
	}
	if len(order) > 1 {
		rp.Differences = append(rp.Differences, fmt.Sprintf("this run calls %s: each case calls its own provider, "+
			"and its cassettes carry its name. dryfire 0.4.0 would send every case to one of them "+
			"and name every cassette after it, so that replay misses the others", joinAnd(order)))
	}
}

func joinAnd(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// CassetteDir is the cassette root as a person in the project root names
// it: relative to the root when it lies inside, else absolute.
func (rp *Plan) CassetteDir() string {
	if rel, err := filepath.Rel(rp.Project.Root, rp.CassetteRoot); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
		return filepath.ToSlash(rel)
	}
	return rp.CassetteRoot
}
