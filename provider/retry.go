package provider

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
)

// DefaultMaxRetries is dryfire's default for --max-retries.
const DefaultMaxRetries = 3

// dryfire's own backoff (RetryingGateway): 0.5 s doubling per attempt, at
// most 60 s, with equal jitter.
const (
	baseDelay = 500 * time.Millisecond
	maxDelay  = 60 * time.Second
)

// MaxRetryAfter is the longest wait a provider's Retry-After obtains
// before a retry: dryfire waits whatever the provider says (a Retry-After
// of 999999 is 277 hours of a run doing nothing); dryfire-tui waits at
// most dryfire's own longest backoff, and says so ([Retry].RetryAfter).
const MaxRetryAfter = maxDelay

// The official SDKs' backoff inside one call: 0.5 s doubling, at most 8 s,
// shortened by up to a quarter at random; a Retry-After of at most 60 s is
// obeyed instead.
const (
	sdkBaseDelay     = 500 * time.Millisecond
	sdkMaxDelay      = 8 * time.Second
	sdkMaxRetryAfter = 60 * time.Second
)

// retrying is dryfire's RetryingGateway: it retries a failed call while
// [Retryable] says so, at most max times, sleeping between attempts. A
// retried call is still one turn.
type retrying struct {
	inner   Gateway
	max     int
	sleep   func(context.Context, time.Duration) error
	random  func() float64
	onRetry func(Retry)
}

// Retry tells [Options].OnRetry that a failed call is about to be tried
// again.
type Retry struct {
	Provider string
	// Err is the failure being retried; its message holds no credential.
	Err error
	// Wait is how long the gateway waits first.
	Wait time.Duration
	// RetryAfter is the provider's Retry-After, as it sent it, when it
	// asked for a longer wait than [MaxRetryAfter]: Wait is then
	// MaxRetryAfter. Empty otherwise.
	RetryAfter string
	// Retry is the number of this retry (1 for the first) of Of at most.
	// Transport says which layer retries: the SDK's own retries inside
	// one attempt (Of is 2 for the official SDKs), or dryfire's, which
	// --max-retries counts (Of is max retries), each of whose attempts
	// makes the SDK's.
	Retry, Of int
	Transport bool
	// Call is what the context of the call carried ([WithCall]): what the
	// caller names the call by. Nil when it carried nothing.
	Call any
}

// callKey is the context key of [WithCall].
type callKey struct{}

// WithCall returns ctx carrying call, a value the caller names a model
// call by (its case and turn): every [Retry] of a call made with the
// context holds it, so that a retry line can say which call it retries
// when several run at once.
func WithCall(ctx context.Context, call any) context.Context {
	return context.WithValue(ctx, callKey{}, call)
}

// callOf is the value [WithCall] put in ctx, or nil.
func callOf(ctx context.Context) any { return ctx.Value(callKey{}) }

func (r *retrying) Name() string { return r.inner.Name() }

func (r *retrying) String() string { return r.inner.Name() + " gateway" }

func (r *retrying) GoString() string { return r.String() }

func (r *retrying) Complete(ctx context.Context, req *Request) (cassette.Response, error) {
	for attempt := 0; ; attempt++ {
		resp, err := r.inner.Complete(ctx, req)
		if err == nil || attempt >= r.max || ctx.Err() != nil || !Retryable(err) {
			return resp, err
		}
		wait, asked := r.delay(attempt, err)
		if r.onRetry != nil {
			r.onRetry(Retry{Provider: r.inner.Name(), Err: err, Wait: wait, RetryAfter: asked,
				Retry: attempt + 1, Of: r.max, Call: callOf(ctx)})
		}
		if serr := r.sleep(ctx, wait); serr != nil {
			return cassette.Response{}, stopped(ctx, r.inner.Name(), serr)
		}
	}
}

// delay is dryfire's wait before retry attempt+1: the provider's
// Retry-After in seconds when it sent one, else min(60 s,
// 0.5 s·2^attempt) with equal jitter (half fixed, half random). A
// Retry-After over [MaxRetryAfter] waits MaxRetryAfter, and asked is the
// header as sent.
func (r *retrying) delay(attempt int, err error) (wait time.Duration, asked string) {
	var se *StatusError
	if errors.As(err, &se) {
		h := se.header.Get("Retry-After")
		if s, ok := parseSeconds(h); ok {
			if d := seconds(s); d > MaxRetryAfter {
				return MaxRetryAfter, strings.TrimSpace(h)
			}
			return seconds(s), ""
		}
	}
	d := min(float64(maxDelay), float64(baseDelay)*math.Pow(2, float64(attempt)))
	return time.Duration(d/2 + r.random()*d/2), ""
}

// sdkShouldRetry is the SDKs' rule for one more try inside a call.
func sdkShouldRetry(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		switch se.header.Get("X-Should-Retry") {
		case "true":
			return true
		case "false":
			return false
		}
		s := se.StatusCode
		return s == http.StatusRequestTimeout || s == http.StatusConflict || s == http.StatusTooManyRequests || s >= 500
	}
	var te *TransportError
	return errors.As(err, &te)
}

// sdkDelay is the SDKs' wait before try+1: retry-after-ms, else
// Retry-After (seconds or an HTTP date), when it lies in (0, 60 s]; else
// min(8 s, 0.5 s·2^try)·(1 − 0.25·random).
func (c *caller) sdkDelay(try int, err error) time.Duration {
	var se *StatusError
	if errors.As(err, &se) {
		if after, ok := sdkRetryAfter(se.header, c.now()); ok && after > 0 && after <= sdkMaxRetryAfter {
			return after
		}
	}
	d := min(float64(sdkMaxDelay), float64(sdkBaseDelay)*math.Pow(2, float64(try)))
	return time.Duration(d * (1 - 0.25*c.random()))
}

func sdkRetryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if ms, ok := parseSeconds(h.Get("Retry-After-Ms")); ok {
		return seconds(ms / 1000), true
	}
	v := h.Get("Retry-After")
	if s, ok := parseSeconds(v); ok {
		return seconds(s), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return t.Sub(now), true
	}
	return 0, false
}

// parseSeconds reads a header as Python's float() does (surrounding space,
// a sign, underscores between digits, exponents). Non-finite values are
// refused: a Retry-After of inf would wait forever.
func parseSeconds(v string) (float64, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if strings.Contains(v, "_") {
		if strings.HasPrefix(v, "_") || strings.HasSuffix(v, "_") || strings.Contains(v, "__") {
			return 0, false
		}
		v = strings.ReplaceAll(v, "_", "")
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return f, true
}

// seconds converts to a Duration, saturating instead of overflowing.
func seconds(s float64) time.Duration {
	ns := s * float64(time.Second)
	switch {
	case ns >= math.MaxInt64:
		return math.MaxInt64
	case ns <= 0:
		return 0
	}
	return time.Duration(ns)
}

// sleepContext waits for d or until ctx ends.
func sleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
