package engine

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// The cassette modes of dryfire run.
const (
	ModeReplay = "replay" // every call from the store; a miss is CassetteMiss
	ModeRecord = "record" // every call live, every response written
	ModeAuto   = "auto"   // the store first; a miss is called live and written
	ModeOff    = "off"    // every call live, nothing hashed, nothing written
)

// Recorder writes the cassettes a live gateway records.
type Recorder interface {
	// Record writes one cassette and returns the response as written: a
	// recorder that redacts what it writes returns the redacted response,
	// and the case goes on with it, so that the next request is the one a
	// replay of the file will make. An error ends the case's loop as a
	// provider error, as a failed write does in dryfire.
	Record(ctx context.Context, r *cassette.Record) (cassette.Response, error)
}

// CallEvent tells [LiveOptions].OnCall of one model call a live gateway
// answered or failed.
type CallEvent struct {
	Suite, Case       string
	RepeatIndex, Turn int
	Judge             bool
	// Key is the storage key ("" for a call nothing is recorded for).
	Key string
	// Served is set when a cassette answered the call (auto mode).
	Served bool
	// File is the cassette written, relative to the cassette root.
	File string
	Err  error
}

// LiveOptions configure the gateways of a run in a mode that calls
// providers.
type LiveOptions struct {
	// Mode is ModeRecord, ModeAuto or ModeOff.
	Mode string
	// Providers holds the provider of every provider name the run's real
	// cases resolve to. A case with none fails its first call.
	Providers map[string]Provider
	// Store serves auto mode's lookups (nil: every lookup misses).
	Store *cassette.Store
	// Recorder writes what record and auto get (nil: nothing is written).
	Recorder Recorder
	// Uncached reports the cases recording leaves alone: dryfire never
	// wraps a case whose mocks run code (a passthrough impl:) in the
	// caching layer, so their calls are live, unhashed and unwritten.
	Uncached func(c *suite.Case) bool
	// Now is the clock of recorded_at (nil: time.Now).
	Now func() time.Time
	// OnCall hears of every call, from the goroutine that made it.
	OnCall func(CallEvent)
	// Recordings are where the run keeps what it recorded, to serve a
	// later identical request in auto mode; runs that share them (the
	// columns of a comparison, run one after another) serve each other's,
	// as dryfire's lookup finds the files written before it. Nil: the
	// run's own.
	Recordings *Recordings
}

// Recordings are the responses live gateways recorded, by storage key.
// They are safe for concurrent use.
type Recordings struct {
	mu sync.Mutex
	m  map[string]cassette.Response
}

// NewRecordings returns an empty set of recordings.
func NewRecordings() *Recordings { return &Recordings{m: map[string]cassette.Response{}} }

func (r *Recordings) get(key string) (cassette.Response, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	resp, ok := r.m[key]
	return resp, ok
}

func (r *Recordings) put(key string, resp cassette.Response) {
	r.mu.Lock()
	r.m[key] = resp
	r.mu.Unlock()
}

// Live is the gateway side of a run in record, auto or off mode: dryfire's
// CachingGateway over its live gateway, one per provider. In auto mode a
// cassette written earlier in the run serves a later identical request,
// as dryfire's lookup, which reads the directory at every call, does.
type Live struct {
	o     LiveOptions
	store *StoreGateway
	// written are the responses recorded in this run, by storage key.
	written *Recordings
}

// NewLive returns the live side of a run.
func NewLive(o LiveOptions) *Live {
	if o.Now == nil {
		o.Now = time.Now
	}
	written := o.Recordings
	if written == nil {
		written = NewRecordings()
	}
	return &Live{o: o, store: NewStoreGateway(o.Store, false), written: written}
}

// Gateways returns the factory of the run's gateways ([Options].Gateways).
func (l *Live) Gateways() GatewayFactory {
	return func(c *suite.Case, r suite.Resolved, _ int) Gateway {
		uncached := l.o.Mode == ModeOff || (l.o.Uncached != nil && l.o.Uncached(c))
		return &liveGateway{live: l, provider: l.o.Providers[r.Provider], name: r.Provider, uncached: uncached}
	}
}

// liveGateway is one case's gateway.
type liveGateway struct {
	live     *Live
	provider Provider
	name     string
	uncached bool
}

// Uncached reports whether the gateway reads and writes no cassette: the
// loop then hashes nothing, as dryfire's unwrapped gateways do not.
func (g *liveGateway) Uncached() bool { return g.uncached }

// Complete answers one call as dryfire's caching layer does in the
// gateway's mode.
func (g *liveGateway) Complete(ctx context.Context, call *Call) (Reply, error) {
	l := g.live
	ev := CallEvent{Suite: call.Suite, Case: call.Case, RepeatIndex: call.RepeatIndex, Turn: call.Turn, Judge: call.Judge}
	if !g.uncached {
		ev.Key = call.Key
	}
	if !g.uncached && l.o.Mode == ModeAuto {
		if reply, err, done := g.lookup(ctx, call); done {
			ev.Served, ev.Err = err == nil, err
			l.notify(ev)
			return reply, err
		}
	}
	if g.provider == nil {
		ev.Err = &PyError{"RuntimeError", "no gateway for provider " + g.name}
		l.notify(ev)
		return Reply{}, ev.Err
	}
	// A retry of the call names it by its event (provider.Retry.Call).
	resp, err := g.provider.Complete(provider.WithCall(ctx, ev), call.Request)
	if err == nil && !g.uncached {
		resp, ev.File, err = g.record(ctx, call, resp)
	}
	ev.Err = err
	l.notify(ev)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Response: &resp}, nil
}

// lookup is auto mode's read: the store, then what this run wrote. done
// is false on a miss.
func (g *liveGateway) lookup(ctx context.Context, call *Call) (Reply, error, bool) {
	l := g.live
	reply, err := l.store.Complete(ctx, call)
	if err == nil || !errors.Is(err, ErrCassetteMiss) {
		return reply, err, true
	}
	if resp, ok := l.written.get(call.Key); ok {
		return Reply{Response: &resp, CacheHit: true}, nil, true
	}
	return Reply{}, nil, false
}

// record writes a live response as dryfire's caching layer does.
func (g *liveGateway) record(ctx context.Context, call *Call, resp cassette.Response) (cassette.Response, string, error) {
	l := g.live
	if l.o.Recorder == nil {
		return resp, "", nil
	}
	args, bad := call.Request.DigestArgs()
	if bad != "" {
		// dryfire's store cannot write the request digest: the answer
		// is lost and the case ends with a provider error.
		return resp, "", &reprError{bad}
	}
	digest, err := cassette.HashableRequest(args)
	if err != nil {
		return resp, "", err
	}
	rec := &cassette.Record{
		Key: call.Key, Suite: call.Suite, Case: call.Case, Turn: call.Turn,
		Provider: g.name, Model: call.Request.Model, Digest: digest,
		Response: resp, RecordedAt: l.o.Now(),
	}
	written, err := l.o.Recorder.Record(ctx, rec)
	if err != nil {
		return resp, "", err
	}
	served, err := asServed(written)
	if err == nil {
		l.written.put(call.Key, served)
	}
	return written, rec.RelPath(), nil
}

// asServed is a written response as a later lookup reads it back from its
// file: keys sorted, non-finite numbers null.
func asServed(r cassette.Response) (cassette.Response, error) {
	v := cassette.ResponseValue(r)
	// Measured first, so that the text of a large answer is made once, not
	// in doubling buffers.
	n, err := jsonv.EncodedLen(v, jsonv.DryfireEncoding)
	if err != nil {
		return r, err
	}
	data, err := jsonv.AppendEncode(make([]byte, 0, n), v, jsonv.DryfireEncoding)
	if err != nil {
		return r, err
	}
	back, err := jsonv.Decode(data)
	if err != nil {
		return r, err
	}
	return cassette.ParseResponse(back)
}

func (l *Live) notify(ev CallEvent) {
	if l.o.OnCall != nil {
		l.o.OnCall(ev)
	}
}

// callsProviders reports whether gw may call a model provider (a live
// mode's gateway), so that waiting on it is worth doing concurrently.
func callsProviders(gw Gateway) bool {
	_, ok := gw.(*liveGateway)
	return ok
}

// isUncached reports whether gw computes no keys (see liveGateway.Uncached).
func isUncached(gw Gateway) bool {
	u, ok := gw.(interface{ Uncached() bool })
	return ok && u.Uncached()
}

// UsesPassthrough reports whether a case's mocks (its suite's merged with
// its own) run code: a rule with impl:. dryfire never records such a case.
func UsesPassthrough(c *suite.Case) bool {
	for _, tm := range suite.MergeMocks(c.Suite.Mocks, c.Mocks) {
		for _, r := range tm.Rules {
			if r.Kind == "impl" {
				return true
			}
		}
	}
	return false
}
