package provider

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Test credentials: long enough to be searched for, distinct from each other.
const (
	anthropicKey = "sk-ant-test-AAAAbbbbCCCCdddd0001"
	openAIKey    = "sk-proj-test-EEEEffffGGGGhhhh0002"
	geminiKey    = "AIzaTest-IIIIjjjjKKKKllll0003"
	customKey    = "vllm-test-MMMMnnnnOOOOpppp0004"
)

// exchange is one request the fake provider received.
type exchange struct {
	Method, Path, Query string
	Header              http.Header
	Body                []byte
}

// reply is one scripted answer. hang holds the request until the client
// gives up (a timeout) or the test ends.
type reply struct {
	status int
	header map[string]string
	body   string
	hang   bool
}

// fakeProvider is a local provider that answers from a script: reply i for
// request i, the last reply for every request after.
type fakeProvider struct {
	srv     *httptest.Server
	mu      sync.Mutex
	got     []exchange
	replies []reply
	done    chan struct{}
	// arrived gets a value as each request arrives (dropped when full).
	arrived chan struct{}
}

func newFake(t *testing.T, replies ...reply) *fakeProvider {
	t.Helper()
	f := &fakeProvider{replies: replies, done: make(chan struct{}), arrived: make(chan struct{}, 64)}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(func() {
		close(f.done)
		f.srv.Close()
	})
	return f
}

func (f *fakeProvider) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.got = append(f.got, exchange{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Header: r.Header.Clone(), Body: body})
	rep := f.replies[min(len(f.got), len(f.replies))-1]
	f.mu.Unlock()
	select {
	case f.arrived <- struct{}{}:
	default:
	}
	if rep.hang {
		select {
		case <-r.Context().Done():
		case <-f.done:
		}
		return
	}
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(rep.status)
	_, _ = io.WriteString(w, rep.body)
}

func (f *fakeProvider) requests() []exchange {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]exchange(nil), f.got...)
}

// env points every built-in provider at the fake and sets every key.
func (f *fakeProvider) env(extra ...string) Env {
	m := map[string]string{
		"ANTHROPIC_API_KEY":  anthropicKey,
		"OPENAI_API_KEY":     openAIKey,
		"GEMINI_API_KEY":     geminiKey,
		"LOCAL_KEY":          customKey,
		"ANTHROPIC_BASE_URL": f.srv.URL,
		"OPENAI_BASE_URL":    f.srv.URL + "/v1",
		"GEMINI_BASE_URL":    f.srv.URL,
	}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i]] = extra[i+1]
	}
	return mapEnv(m)
}

func mapEnv(m map[string]string) Env {
	return func(k string) (string, bool) {
		v, ok := m[k]
		return v, ok
	}
}

// sleeps records the waits of a gateway instead of waiting.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleeps) seconds() []float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]float64, len(s.d))
	for i, d := range s.d {
		out[i] = d.Seconds()
	}
	return out
}

// resolve builds a gateway against the fake with recorded sleeps and no
// jitter (Random 0: dryfire's equal jitter waits half, the SDKs' the whole
// backoff).
func (f *fakeProvider) resolve(t *testing.T, name string, maxRetries int, env Env) (Gateway, *sleeps) {
	t.Helper()
	s := &sleeps{}
	o := Options{
		Client:     f.srv.Client(),
		MaxRetries: maxRetries,
		Sleep:      s.sleep,
		Random:     func() float64 { return 0 },
		Custom:     map[string]Custom{"local": {BaseURL: f.srv.URL + "/compat/v1", KeyEnv: "LOCAL_KEY"}},
	}
	if env == nil {
		env = f.env()
	}
	g, err := Resolve(name, env, o)
	if err != nil {
		t.Fatal(err)
	}
	return g, s
}
