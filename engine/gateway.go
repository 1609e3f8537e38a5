package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Call is one model call of a case repetition, as a [Gateway] sees it.
type Call struct {
	Suite, Case string
	RepeatIndex int
	// Turn is the call counter of the repetition: the NN of the cassette
	// file the call reads or writes. Judge calls take the numbers after
	// the loop's calls.
	Turn int
	// Key is the storage key of the request (key#N from repetition 1); ""
	// for a call dryfire never caches (provider fake).
	Key     string
	Request conversation.Request
	// Judge is set for a judge's call.
	Judge bool
	// NeedRaw asks for the response's raw provider payload (a store may
	// otherwise leave it out).
	NeedRaw bool
}

// Reply is a gateway's answer.
type Reply struct {
	// Response is nil when the call failed. A gateway may hand out a
	// response it shares with other calls (the store's served one): no
	// one writes to it.
	Response *cassette.Response
	// CacheHit is set when a cassette served the response.
	CacheHit bool
	// File is the cassette file that served it (or that failed to).
	File *cassette.StoreFile
}

// Gateway answers the model calls of case repetitions. The replay gateway
// serves them from a cassette store; a live mode wraps a [Provider] (auto:
// the store first, then the provider, writing what it gets; record: the
// provider always, writing; off: the provider alone). An error ends the
// case's loop as a provider error, or a judge as a judge error; its text
// is the repr dryfire shows (see [PyError]).
//
// The call belongs to the loop, which fills the same one in for each turn
// of a repetition: a gateway must not keep it, nor change it, after
// Complete returns (the messages of its request it may keep: they are
// never written again).
type Gateway interface {
	Complete(ctx context.Context, call *Call) (Reply, error)
}

// Provider is a live model behind a wire adapter (Anthropic, OpenAI,
// Gemini): the live side of the gateways of the modes that call models.
type Provider interface {
	Complete(ctx context.Context, req conversation.Request) (cassette.Response, error)
}

// GatewayFactory returns the gateway of one repetition of a case, with its
// resolved settings.
type GatewayFactory func(c *suite.Case, r suite.Resolved, rep int) Gateway

// PyError is an exception as dryfire reports it: its class and message.
type PyError struct{ Class, Msg string }

func (e *PyError) Error() string { return e.Msg }

// Repr is repr() of the exception: Class('message').
func (e *PyError) Repr() string { return e.Class + "(" + jsonv.PyRepr(e.Msg) + ")" }

// pyRepr is the repr of an error: its own, or RuntimeError('text').
func pyRepr(err error) string {
	var r interface{ Repr() string }
	if errors.As(err, &r) {
		return r.Repr()
	}
	return "RuntimeError(" + jsonv.PyRepr(err.Error()) + ")"
}

// ErrCassetteMiss is what a replay gateway's miss wraps.
var ErrCassetteMiss = errors.New("cassette miss")

// missError is dryfire's CassetteMiss.
type missError struct{ PyError }

func (e *missError) Unwrap() error { return ErrCassetteMiss }

// MissMessage is dryfire's CassetteMiss message, exactly.
func MissMessage(suite, caseName, key string) string {
	return "cassette miss in replay mode: no recording for " + suite + "::" + caseName +
		" (fingerprint " + key + "). Record it with --cassette-mode=record."
}

// StoreGateway is the replay gateway: every call is served from the store
// by its key, in dryfire's lookup order, or misses. It parses each file
// once and may be shared by every case of a run.
type StoreGateway struct {
	store *cassette.Store
	// keepRaw loads every served response with its raw payload.
	keepRaw bool
	// take hands each file's served response over to the call it
	// answers (Options.BriefTraces): the store no longer holds it, and a
	// second call that the same file answers reads it from the file.
	take  bool
	mu    sync.Mutex
	cache map[*cassette.StoreFile]*cachedResponse
}

type cachedResponse struct {
	resp cassette.Response
	err  error
}

// NewStoreGateway returns a replay gateway over s (nil: every call
// misses). keepRaw loads the raw provider payload of every response it
// serves, which a run document shows; without it only judge calls (whose
// verdict names the model that served them) read it.
func NewStoreGateway(s *cassette.Store, keepRaw bool) *StoreGateway {
	return &StoreGateway{store: s, keepRaw: keepRaw, cache: map[*cassette.StoreFile]*cachedResponse{}}
}

// Complete serves call from the store.
func (g *StoreGateway) Complete(_ context.Context, call *Call) (Reply, error) {
	if g.store == nil {
		return Reply{}, g.miss(call)
	}
	f, err := g.store.Lookup(call.Key)
	if err != nil {
		if f != nil && f.ResponseErr != nil {
			err = fmt.Errorf("%s: invalid response: %w", f.Rel, f.ResponseErr)
		}
		return Reply{File: f}, dryfireLookupError(f, err)
	}
	if f == nil {
		return Reply{}, g.miss(call)
	}
	if !g.keepRaw && !call.NeedRaw {
		if r := g.served(f); r != nil {
			return Reply{Response: r, CacheHit: true, File: f}, nil
		}
	}
	g.mu.Lock()
	cr, ok := g.cache[f]
	g.mu.Unlock()
	if !ok {
		cr = g.load(f)
		g.mu.Lock()
		g.cache[f] = cr
		g.mu.Unlock()
	}
	if cr.err != nil {
		return Reply{File: f}, cr.err
	}
	return Reply{Response: &cr.resp, CacheHit: true, File: f}, nil
}

// served is the response the store parsed for f at load time (nil when
// it has none), taken from the store when g takes them.
func (g *StoreGateway) served(f *cassette.StoreFile) *cassette.Response {
	if !g.take {
		return f.Served
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	r := f.Served
	f.Served = nil
	return r
}

func (g *StoreGateway) miss(call *Call) error {
	return &missError{PyError{"CassetteMiss", MissMessage(call.Suite, call.Case, call.Key)}}
}

func (g *StoreGateway) load(f *cassette.StoreFile) *cachedResponse {
	c, err := g.store.Read(f)
	if err != nil {
		return &cachedResponse{err: err}
	}
	resp, err := cassette.ParseResponse(c.Response)
	if err != nil {
		return &cachedResponse{err: fmt.Errorf("%s: invalid response: %w", f.Rel, err)}
	}
	return &cachedResponse{resp: resp}
}
