package provider

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

const (
	anthropicOK = `{"content":[{"type":"text","text":"ok"}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}`
	openAIOK    = `{"choices":[{"message":{"content":"ok"},"finish_reason":"stop"}]}`
	geminiOK    = `{"candidates":[{"content":{"parts":[{"text":"ok"}],"role":"model"},"finishReason":"STOP"}]}`
)

var okBody = map[string]string{"anthropic": anthropicOK, "openai": openAIOK, "local": openAIOK, "gemini": geminiOK}

func hi() *Request {
	return &Request{Model: "m", Messages: []Message{{Role: "user", Content: jsonv.StringValue("Hi")}}}
}

func fail(status int, header ...string) reply {
	h := map[string]string{}
	for i := 0; i+1 < len(header); i += 2 {
		h[header[i]] = header[i+1]
	}
	return reply{status: status, header: h, body: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`}
}

// TestRetries counts the requests and the waits of dryfire's two retry
// layers: the official SDK's inside one call (Anthropic, OpenAI: 2 more
// tries on 408/409/429/5xx, 0.5 s then 1 s) and dryfire's around it (3
// more attempts on 429/5xx/transport failures, 0.5·2^n s with equal
// jitter, here at its lowest: half). Gemini has only dryfire's layer.
func TestRetries(t *testing.T) {
	t.Parallel()
	ok := func(p string) reply { return reply{status: 200, body: okBody[p]} }
	tests := []struct {
		name       string
		provider   string
		maxRetries int
		replies    func(p string) []reply
		requests   int
		sleeps     []float64
		status     int // of the final error; 0: success
	}{
		{"anthropic overloaded for good", "anthropic", 3, func(string) []reply { return []reply{fail(529)} },
			12, []float64{0.5, 1, 0.25, 0.5, 1, 0.5, 0.5, 1, 1, 0.5, 1}, 529},
		{"openai 500 with --max-retries 0", "openai", 0, func(string) []reply { return []reply{fail(500)} },
			3, []float64{0.5, 1}, 500},
		{"custom provider 503", "local", 1, func(string) []reply { return []reply{fail(503)} },
			6, []float64{0.5, 1, 0.25, 0.5, 1}, 503},
		{"gemini 500 for good", "gemini", 3, func(string) []reply { return []reply{fail(500)} },
			4, []float64{0.25, 0.5, 1}, 500},
		{"gemini rate limit with Retry-After", "gemini", 2, func(string) []reply { return []reply{fail(429, "Retry-After", "7")} },
			3, []float64{7, 7}, 429},
		{"anthropic first two overloaded", "anthropic", 3, func(p string) []reply { return []reply{fail(529), fail(529), ok(p)} },
			3, []float64{0.5, 1}, 0},
		{"gemini first two failing", "gemini", 3, func(p string) []reply { return []reply{fail(500), fail(500), ok(p)} },
			3, []float64{0.25, 0.5}, 0},
		{"openai 429 obeys a short Retry-After", "openai", 3, func(p string) []reply { return []reply{fail(429, "Retry-After", "2"), ok(p)} },
			2, []float64{2}, 0},
		{"anthropic retry-after-ms", "anthropic", 3, func(p string) []reply { return []reply{fail(429, "Retry-After-Ms", "1500"), ok(p)} },
			2, []float64{1.5}, 0},
		{"a long Retry-After: the SDK backs off, dryfire waits (at most 60 s)", "anthropic", 1, func(string) []reply { return []reply{fail(429, "Retry-After", "120")} },
			6, []float64{0.5, 1, 60, 0.5, 1}, 429},
		{"400 is final", "anthropic", 3, func(string) []reply { return []reply{fail(400)} }, 1, nil, 400},
		{"401 is final", "openai", 3, func(string) []reply { return []reply{fail(401)} }, 1, nil, 401},
		{"408: the SDK retries, dryfire does not", "anthropic", 3, func(string) []reply { return []reply{fail(408)} },
			3, []float64{0.5, 1}, 408},
		{"gemini 408 is final", "gemini", 3, func(string) []reply { return []reply{fail(408)} }, 1, nil, 408},
		{"x-should-retry false stops the SDK only", "anthropic", 2, func(string) []reply { return []reply{fail(500, "X-Should-Retry", "false")} },
			3, []float64{0.25, 0.5}, 500},
		{"x-should-retry true makes the SDK retry a 400", "anthropic", 3, func(string) []reply { return []reply{fail(400, "X-Should-Retry", "true")} },
			3, []float64{0.5, 1}, 400},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newFake(t, tc.replies(tc.provider)...)
			g, s := f.resolve(t, tc.provider, tc.maxRetries, nil)
			_, err := g.Complete(context.Background(), hi())
			if n := len(f.requests()); n != tc.requests {
				t.Errorf("%d requests, want %d", n, tc.requests)
			}
			if got := s.seconds(); !reflect.DeepEqual(got, tc.sleeps) && len(got)+len(tc.sleeps) > 0 {
				t.Errorf("sleeps %v, want %v", got, tc.sleeps)
			}
			var se *StatusError
			switch {
			case tc.status == 0 && err != nil:
				t.Fatalf("error %v, want success", err)
			case tc.status != 0 && (!errors.As(err, &se) || se.StatusCode != tc.status):
				t.Fatalf("error %v, want HTTP %d", err, tc.status)
			}
		})
	}
}

// TestRetryAfterIsCapped: dryfire waits whatever Retry-After says (999999
// s is 277 hours); here no wait is longer than MaxRetryAfter, and the
// retry says what the provider asked for.
func TestRetryAfterIsCapped(t *testing.T) {
	t.Parallel()
	for _, asked := range []string{"999999", "1e300", " 61 ", "9_999_999"} {
		t.Run(asked, func(t *testing.T) {
			t.Parallel()
			f := newFake(t, fail(429, "Retry-After", asked), reply{status: 200, body: geminiOK})
			var heard []Retry
			s := &sleeps{}
			g, err := Resolve("gemini", f.env(), Options{Client: f.srv.Client(), MaxRetries: 3, Sleep: s.sleep,
				OnRetry: func(r Retry) { heard = append(heard, r) }})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Complete(context.Background(), hi()); err != nil {
				t.Fatal(err)
			}
			if got := s.seconds(); !reflect.DeepEqual(got, []float64{60}) {
				t.Errorf("waits %v s, want [60]", got)
			}
			if len(heard) != 1 || heard[0].Wait != MaxRetryAfter || heard[0].RetryAfter != strings.TrimSpace(asked) {
				t.Errorf("heard %+v, want a wait of %v naming Retry-After %q", heard, MaxRetryAfter, asked)
			}
		})
	}
	f := newFake(t, fail(429, "Retry-After", "60"), reply{status: 200, body: geminiOK})
	var heard []Retry
	g, _ := Resolve("gemini", f.env(), Options{Client: f.srv.Client(), MaxRetries: 3, Sleep: (&sleeps{}).sleep,
		OnRetry: func(r Retry) { heard = append(heard, r) }})
	if _, err := g.Complete(context.Background(), hi()); err != nil || len(heard) != 1 || heard[0].Wait != 60*time.Second || heard[0].RetryAfter != "" {
		t.Errorf("Retry-After 60: %v, heard %+v; want a wait of 60 s, not said to be capped", err, heard)
	}
}

func TestOnRetryHearsEveryRetry(t *testing.T) {
	t.Parallel()
	f := newFake(t, fail(529), fail(529), fail(529), fail(529), reply{status: 200, body: anthropicOK})
	var heard []string
	s := &sleeps{}
	g, err := Resolve("anthropic", f.env(), Options{Client: f.srv.Client(), MaxRetries: 3, Sleep: s.sleep,
		Random: func() float64 { return 0 }, OnRetry: func(r Retry) {
			heard = append(heard, fmt.Sprintf("%s %v %s", r.Provider, r.Wait, r.Err))
		}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Complete(context.Background(), hi()); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"anthropic 500ms anthropic: HTTP 529 overloaded_error: Overloaded",
		"anthropic 1s anthropic: HTTP 529 overloaded_error: Overloaded",
		"anthropic 250ms anthropic: HTTP 529 overloaded_error: Overloaded",
		"anthropic 500ms anthropic: HTTP 529 overloaded_error: Overloaded",
	}
	if !reflect.DeepEqual(heard, want) {
		t.Errorf("heard %q, want %q", heard, want)
	}
}

// TestRetryNamesItsCallAndLayer: every retry carries what the call's
// context was given (WithCall), its number, of how many, and the layer
// that retries (the SDK's inside one attempt, or dryfire's, which
// --max-retries counts), so that a progress line can say which call of
// several at once it retries and why there are so many lines.
func TestRetryNamesItsCallAndLayer(t *testing.T) {
	t.Parallel()
	f := newFake(t, fail(529), fail(529), fail(529), fail(529), reply{status: 200, body: anthropicOK})
	var heard []string
	g, err := Resolve("anthropic", f.env(), Options{Client: f.srv.Client(), MaxRetries: 3, Sleep: (&sleeps{}).sleep,
		Random: func() float64 { return 0 }, OnRetry: func(r Retry) {
			heard = append(heard, fmt.Sprintf("%v %d/%d transport=%v", r.Call, r.Retry, r.Of, r.Transport))
		}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Complete(WithCall(context.Background(), "s::c turn 01"), hi()); err != nil {
		t.Fatal(err)
	}
	want := []string{"s::c turn 01 1/2 transport=true", "s::c turn 01 2/2 transport=true", "s::c turn 01 1/3 transport=false", "s::c turn 01 1/2 transport=true"}
	if !reflect.DeepEqual(heard, want) {
		t.Errorf("heard %q, want %q", heard, want)
	}
}

func TestEqualJitterSpansHalfToWholeBackoff(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		random  float64
		attempt int
		want    time.Duration
	}{
		{0, 0, 250 * time.Millisecond},
		{0.5, 0, 375 * time.Millisecond},
		{0.999, 3, 3998 * time.Millisecond},
		{1, 7, 60 * time.Second}, // capped at 60 s before jitter
		{0, 40, 30 * time.Second},
	} {
		r := &retrying{random: func() float64 { return tc.random }}
		if got, _ := r.delay(tc.attempt, errors.New("x")); got.Round(time.Millisecond) != tc.want {
			t.Errorf("delay(attempt %d, random %v) = %v, want %v", tc.attempt, tc.random, got, tc.want)
		}
	}
}

func TestBadBodyIsAClearErrorAndNotRetried(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"anthropic", "openai", "gemini"} {
		for name, body := range map[string]string{"not JSON": "<html>Bad gateway</html>", "not an object": `["x"]`, "wrong shape": `{"content":"x","choices":"x","candidates":"x"}`} {
			t.Run(p+"/"+name, func(t *testing.T) {
				t.Parallel()
				f := newFake(t, reply{status: 200, body: body})
				g, s := f.resolve(t, p, 3, nil)
				_, err := g.Complete(context.Background(), hi())
				var re *ResponseError
				if !errors.As(err, &re) || Retryable(err) {
					t.Fatalf("error %v (%T), want a ResponseError, not retryable", err, err)
				}
				if len(f.requests()) != 1 || len(s.seconds()) != 0 {
					t.Errorf("%d requests, %d sleeps; want 1 and 0", len(f.requests()), len(s.seconds()))
				}
				t.Log(err)
			})
		}
	}
}

// hangingTransport holds every request until its context ends, counting
// them: a provider that never answers, without the network.
type hangingTransport struct{ n atomic.Int32 }

func (h *hangingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	h.n.Add(1)
	<-req.Context().Done()
	return nil, req.Context().Err()
}

// TestTimeout lets the provider hold every request: the gateway gives up
// after its timeout without progress, and retries as for a lost connection.
func TestTimeout(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		provider   string
		maxRetries int
		requests   int32
		sleeps     []float64
	}{
		{"gemini", 1, 2, []float64{0.25}},
		{"anthropic", 0, 3, []float64{0.5, 1}},
	} {
		t.Run(tc.provider, func(t *testing.T) {
			t.Parallel()
			hang := &hangingTransport{}
			s := &sleeps{}
			g, err := Resolve(tc.provider, mapEnv(map[string]string{"ANTHROPIC_API_KEY": anthropicKey, "GEMINI_API_KEY": geminiKey}),
				Options{Client: &http.Client{Transport: hang}, MaxRetries: tc.maxRetries,
					Timeout: 20 * time.Millisecond, Sleep: s.sleep, Random: func() float64 { return 0 }})
			if err != nil {
				t.Fatal(err)
			}
			_, err = g.Complete(context.Background(), hi())
			var te *TransportError
			if !errors.As(err, &te) || !te.Timeout || !Retryable(err) {
				t.Fatalf("error %v, want a retryable timeout", err)
			}
			if n := hang.n.Load(); n != tc.requests {
				t.Errorf("%d requests, want %d", n, tc.requests)
			}
			if !reflect.DeepEqual(s.seconds(), tc.sleeps) {
				t.Errorf("sleeps %v, want %v", s.seconds(), tc.sleeps)
			}
		})
	}
}

func TestConnectionRefusedIsRetried(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	s := &sleeps{}
	g, err := Resolve("gemini", mapEnv(map[string]string{"GEMINI_API_KEY": geminiKey, "GEMINI_BASE_URL": "http://" + addr}),
		Options{MaxRetries: 2, Sleep: s.sleep, Random: func() float64 { return 0 }})
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Complete(context.Background(), hi())
	var te *TransportError
	if !errors.As(err, &te) || te.Timeout {
		t.Fatalf("error %v, want a connection failure", err)
	}
	if !reflect.DeepEqual(s.seconds(), []float64{0.25, 0.5}) {
		t.Errorf("sleeps %v, want [0.25 0.5]", s.seconds())
	}
}

func TestCancelStopsAtOnce(t *testing.T) {
	t.Parallel()
	f := newFake(t, reply{hang: true})
	g, s := f.resolve(t, "anthropic", 3, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := g.Complete(ctx, hi())
		done <- err
	}()
	<-f.arrived // the request is in flight
	cancel()
	err := <-done
	if !errors.Is(err, context.Canceled) || Retryable(err) {
		t.Fatalf("error %v, want context.Canceled, not retryable", err)
	}
	if len(f.requests()) != 1 || len(s.seconds()) != 0 {
		t.Errorf("%d requests, %d sleeps after cancel; want 1 and 0", len(f.requests()), len(s.seconds()))
	}
}

func TestRedirects(t *testing.T) {
	t.Parallel()
	other := newFake(t, reply{status: 200, body: anthropicOK})
	t.Run("to another origin: not followed", func(t *testing.T) {
		t.Parallel()
		f := newFake(t, reply{status: 307, header: map[string]string{"Location": other.srv.URL + "/v1/messages"}})
		g, _ := f.resolve(t, "anthropic", 3, nil)
		_, err := g.Complete(context.Background(), hi())
		var se *StatusError
		if !errors.As(err, &se) || se.StatusCode != 307 {
			t.Fatalf("error %v, want HTTP 307", err)
		}
		if len(other.requests()) != 0 {
			t.Errorf("the other origin got %d requests (with the key)", len(other.requests()))
		}
	})
	t.Run("same origin: followed with the body", func(t *testing.T) {
		t.Parallel()
		f := newFake(t, reply{status: 308, header: map[string]string{"Location": "/moved/v1/messages"}}, reply{status: 200, body: anthropicOK})
		g, _ := f.resolve(t, "anthropic", 3, nil)
		if _, err := g.Complete(context.Background(), hi()); err != nil {
			t.Fatal(err)
		}
		got := f.requests()
		if len(got) != 2 || got[1].Path != "/moved/v1/messages" || len(got[1].Body) == 0 || got[1].Header.Get("X-Api-Key") != anthropicKey {
			t.Errorf("redirected request %+v", got)
		}
	})
}

func TestAnthropicRefusesWhatNeedsStreaming(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		model  string
		tokens int64
		ok     bool
	}{
		{"claude-sonnet-4-6", 21333, true},
		{"claude-sonnet-4-6", 21334, false},
		{"claude-opus-4-0", 8192, true},
		{"claude-opus-4-0", 8193, false},
	} {
		f := newFake(t, reply{status: 200, body: anthropicOK})
		g, _ := f.resolve(t, "anthropic", 3, nil)
		req := hi()
		req.Model, req.Params.MaxTokens = tc.model, &tc.tokens
		_, err := g.Complete(context.Background(), req)
		var re *RequestError
		if tc.ok != (err == nil) || (!tc.ok && (!errors.As(err, &re) || len(f.requests()) != 0)) {
			t.Errorf("%s max_tokens %d: error %v, %d requests", tc.model, tc.tokens, err, len(f.requests()))
		}
	}
}

func TestLatencyIsMeasuredAroundTheCall(t *testing.T) {
	t.Parallel()
	f := newFake(t, reply{status: 200, body: geminiOK})
	t0 := time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC)
	calls := 0
	now := func() time.Time {
		calls++
		return t0.Add(time.Duration(calls-1) * 1234567 * time.Microsecond)
	}
	g, err := Resolve("gemini", f.env(), Options{Client: f.srv.Client(), Now: now})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := g.Complete(context.Background(), hi())
	if err != nil {
		t.Fatal(err)
	}
	if resp.LatencyMS != 1234 {
		t.Errorf("latency %d ms, want 1234 (truncated, as dryfire's int())", resp.LatencyMS)
	}
}
