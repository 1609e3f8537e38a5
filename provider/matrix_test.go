package provider

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Every provider dryfire knows, on its own public endpoint, with its own
// key variable and credential header. The test points each at a local
// server through a transport that sends the request there instead (so the
// public host and path are the ones used, and nothing reaches the network).
type knownProvider struct {
	name, wire, keyEnv, host, path string
}

var everyProvider = []knownProvider{
	{"anthropic", "anthropic", "ANTHROPIC_API_KEY", "api.anthropic.com", "/v1/messages"},
	{"openai", "openai", "OPENAI_API_KEY", "api.openai.com", "/v1/chat/completions"},
	{"xai", "openai", "XAI_API_KEY", "api.x.ai", "/v1/chat/completions"},
	{"openrouter", "openai", "OPENROUTER_API_KEY", "openrouter.ai", "/api/v1/chat/completions"},
	{"moonshot", "openai", "MOONSHOT_API_KEY", "api.moonshot.ai", "/v1/chat/completions"},
	{"zhipu", "openai", "ZHIPUAI_API_KEY", "api.z.ai", "/api/paas/v4/chat/completions"},
	{"deepseek", "openai", "DEEPSEEK_API_KEY", "api.deepseek.com", "/chat/completions"},
	{"my-llm", "openai", "MY_LLM_KEY", "llm.example", "/compat/v1/chat/completions"}, // a providers: entry
	{"gemini", "gemini", "GEMINI_API_KEY", "generativelanguage.googleapis.com", "/v1beta/models/m-1:generateContent"},
}

// keyOf is the distinct test key of a provider.
func (p knownProvider) key() string { return "test-key-" + strings.ToUpper(p.name) + "-7f3a9c" }

// authorised reports whether a request carries p's key in p's header.
func (p knownProvider) authorised(h http.Header) bool {
	switch p.wire {
	case "anthropic":
		return h.Get("X-Api-Key") == p.key() && h.Get("Anthropic-Version") == "2023-06-01"
	case "gemini":
		return h.Get("X-Goog-Api-Key") == p.key()
	}
	return h.Get("Authorization") == "Bearer "+p.key()
}

// toLocal sends every request to a local server, keeping the host it was
// meant for.
type toLocal struct {
	server *url.URL
	next   http.RoundTripper
	mu     sync.Mutex
	hosts  []string
}

func (t *toLocal) RoundTrip(req *http.Request) (*http.Response, error) {
	t.mu.Lock()
	t.hosts = append(t.hosts, req.URL.Host)
	t.mu.Unlock()
	r := req.Clone(req.Context())
	r.URL.Scheme, r.URL.Host, r.Host = t.server.Scheme, t.server.Host, ""
	return t.next.RoundTrip(r)
}

// resolveKnown resolves p against f, every key set, no base URL moved.
func resolveKnown(t *testing.T, f *fakeProvider, p knownProvider, maxRetries int, timeout time.Duration) (Gateway, *sleeps, *toLocal) {
	t.Helper()
	env := map[string]string{}
	for _, q := range everyProvider {
		env[q.keyEnv] = q.key()
	}
	u, _ := url.Parse(f.srv.URL)
	tr := &toLocal{server: u, next: f.srv.Client().Transport}
	s := &sleeps{}
	g, err := Resolve(p.name, mapEnv(env), Options{
		Client: &http.Client{Transport: tr}, MaxRetries: maxRetries, Timeout: timeout,
		Sleep: s.sleep, Random: func() float64 { return 0 },
		Custom: map[string]Custom{"my-llm": {BaseURL: "https://llm.example/compat/v1", KeyEnv: "MY_LLM_KEY"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return g, s, tr
}

// toolRequest offers one tool.
func toolRequest() *Request {
	schema, _ := jsonv.Decode([]byte(`{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]}`))
	return &Request{Model: "m-1", Messages: []Message{{Role: "user", Content: str("Where are A-1 and A-2?")}},
		Tools: []Tool{{Name: "lookup", Description: "Find an order.", InputSchema: schema}}}
}

// Answers in each wire format.
var (
	toolCallReply = map[string]string{
		"anthropic": `{"content":[{"type":"tool_use","id":"tu_1","name":"lookup","input":{"order_id":"A-1"}}],"stop_reason":"tool_use","usage":{"input_tokens":5,"output_tokens":3}}`,
		"openai":    `{"choices":[{"message":{"content":null,"tool_calls":[{"id":"tu_1","type":"function","function":{"name":"lookup","arguments":"{\"order_id\": \"A-1\"}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":5,"completion_tokens":3}}`,
		"gemini":    `{"candidates":[{"content":{"parts":[{"functionCall":{"name":"lookup","args":{"order_id":"A-1"},"id":"tu_1"}}],"role":"model"},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":3}}`,
	}
	parallelReply = map[string]string{
		"anthropic": `{"content":[{"type":"text","text":"Both."},{"type":"tool_use","id":"tu_1","name":"lookup","input":{"order_id":"A-1"}},{"type":"tool_use","id":"tu_2","name":"lookup","input":{"order_id":"A-2"}}],"stop_reason":"tool_use"}`,
		"openai":    `{"choices":[{"message":{"content":"Both.","tool_calls":[{"id":"tu_1","type":"function","function":{"name":"lookup","arguments":"{\"order_id\":\"A-1\"}"}},{"id":"tu_2","type":"function","function":{"name":"lookup","arguments":"{\"order_id\":\"A-2\"}"}}]},"finish_reason":"tool_calls"}]}`,
		"gemini":    `{"candidates":[{"content":{"parts":[{"text":"Both."},{"functionCall":{"name":"lookup","args":{"order_id":"A-1"},"id":"tu_1"}},{"functionCall":{"name":"lookup","args":{"order_id":"A-2"},"id":"tu_2"}}],"role":"model"},"finishReason":"STOP"}]}`,
	}
	// Malformed arguments: OpenAI's truncated argument string is kept in
	// malformed_arguments; Anthropic and Gemini send parsed arguments, so
	// a call without them has {} (dryfire's from_wire).
	malformedReply = map[string]string{
		"anthropic": `{"content":[{"type":"tool_use","id":"tu_1","name":"lookup"}],"stop_reason":"max_tokens"}`,
		"openai":    `{"choices":[{"message":{"content":null,"tool_calls":[{"id":"tu_1","type":"function","function":{"name":"lookup","arguments":"{\"order_id\": \"A-"}}]},"finish_reason":"length"}]}`,
		"gemini":    `{"candidates":[{"content":{"parts":[{"functionCall":{"name":"lookup","id":"tu_1"}}],"role":"model"},"finishReason":"MAX_TOKENS"}]}`,
	}
	maxTokensReply = map[string]string{
		"anthropic": `{"content":[{"type":"text","text":"Cut sh"}],"stop_reason":"max_tokens"}`,
		"openai":    `{"choices":[{"message":{"content":"Cut sh"},"finish_reason":"length"}]}`,
		"gemini":    `{"candidates":[{"content":{"parts":[{"text":"Cut sh"}],"role":"model"},"finishReason":"MAX_TOKENS"}]}`,
	}
	textReply = map[string]string{
		"anthropic": anthropicOK, "openai": openAIOK, "gemini": geminiOK,
	}
)

// TestEveryProviderOverHTTP runs each wire scenario against each provider
// dryfire knows, and a providers: entry: the request reaches the
// provider's own host and path with its own key, and the answer becomes
// dryfire's ModelResponse.
func TestEveryProviderOverHTTP(t *testing.T) {
	t.Parallel()
	for _, p := range everyProvider {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			t.Run("tool call", func(t *testing.T) {
				checkAnswer(t, p, toolCallReply[p.wire], "<nil>", "tool_use", []string{`tu_1:lookup{"order_id":"A-1"}`})
			})
			t.Run("parallel tool calls", func(t *testing.T) {
				checkAnswer(t, p, parallelReply[p.wire], "Both.", "tool_use",
					[]string{`tu_1:lookup{"order_id":"A-1"}`, `tu_2:lookup{"order_id":"A-2"}`})
			})
			t.Run("malformed arguments", func(t *testing.T) {
				want := map[string]string{
					"anthropic": "tu_1:lookup{}", "gemini": "tu_1:lookup{}",
					"openai": `tu_1:lookup{}!{"order_id": "A-`,
				}[p.wire]
				stop := map[string]string{"anthropic": "max_tokens", "openai": "max_tokens", "gemini": "tool_use"}[p.wire]
				checkAnswer(t, p, malformedReply[p.wire], "<nil>", stop, []string{want})
			})
			t.Run("max_tokens", func(t *testing.T) {
				checkAnswer(t, p, maxTokensReply[p.wire], "Cut sh", "max_tokens", nil)
			})
			t.Run("retries", func(t *testing.T) { checkRetries(t, p) })
			t.Run("timeout", func(t *testing.T) { checkTimeout(t, p) })
			t.Run("missing key", func(t *testing.T) { checkMissingKey(t, p) })
		})
	}
}

// checkAnswer sends toolRequest to p answering answer and checks where it
// went, with which key, and what came back; calls are id:name+arguments,
// then "!" and malformed_arguments when set.
func checkAnswer(t *testing.T, p knownProvider, answer, text, stop string, calls []string) {
	t.Helper()
	f := newFake(t, reply{status: 200, body: answer})
	g, _, tr := resolveKnown(t, f, p, DefaultMaxRetries, 0)
	resp, err := g.Complete(context.Background(), toolRequest())
	if err != nil {
		t.Fatal(err)
	}
	got := f.requests()
	if len(got) != 1 || got[0].Path != p.path || tr.hosts[0] != p.host || !p.authorised(got[0].Header) {
		t.Fatalf("%d requests, the first to %s%s, authorised %v; want one to %s%s with %s",
			len(got), tr.hosts[0], got[0].Path, p.authorised(got[0].Header), p.host, p.path, p.keyEnv)
	}
	if g.Name() != p.name {
		t.Errorf("Name() = %q, want %q", g.Name(), p.name)
	}
	if p.wire == "openai" {
		// Every OpenAI-compatible provider gets the OpenAI body, byte for byte.
		const body = `{"model":"m-1","messages":[{"role":"user","content":"Where are A-1 and A-2?"}],"tools":[{"type":"function","function":{"name":"lookup","description":"Find an order.","parameters":{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]}}}]}`
		if string(got[0].Body) != body {
			t.Errorf("body\n got %s\nwant %s", got[0].Body, body)
		}
	}
	gotText := resp.Text.Str()
	if resp.Text.IsNull() {
		gotText = "<nil>"
	}
	var gotCalls []string
	for _, c := range resp.ToolCalls {
		s := c.ID + ":" + c.Name + enc(c.Arguments)
		if !c.MalformedArguments.IsNull() {
			s += "!" + c.MalformedArguments.Str()
		}
		gotCalls = append(gotCalls, s)
	}
	if gotText != text || resp.StopReason != stop || !reflect.DeepEqual(gotCalls, calls) {
		t.Errorf("text %q stop %q calls %q, want %q %q %q", gotText, resp.StopReason, gotCalls, text, stop, calls)
	}
	raw, _ := jsonv.Decode([]byte(answer))
	if !jsonv.Equal(resp.Raw, raw) {
		t.Errorf("raw is not the answer as received: %s", enc(resp.Raw))
	}
}

// checkRetries: a rate limit and a 5xx are retried until the provider
// answers; an answer that stays an error is retried as dryfire does (the
// SDK's two tries inside each of dryfire's attempts, Gemini without them)
// and then reported with its status.
func checkRetries(t *testing.T, p knownProvider) {
	sdk := p.wire != "gemini"
	for _, tc := range []struct {
		name       string
		replies    []reply
		maxRetries int
		requests   int
		status     int // of the final error; 0: success
	}{
		{"rate limit, then an answer", []reply{fail(429), {status: 200, body: textReply[p.wire]}}, 3, 2, 0},
		{"503 twice, then an answer", []reply{fail(503), fail(503), {status: 200, body: textReply[p.wire]}}, 3, 3, 0},
		{"rate limit for good", []reply{fail(429)}, 1, map[bool]int{true: 6, false: 2}[sdk], 429},
		{"500 for good", []reply{fail(500)}, 3, map[bool]int{true: 12, false: 4}[sdk], 500},
		{"401 is not retried", []reply{fail(401)}, 3, 1, 401},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake(t, tc.replies...)
			g, s, _ := resolveKnown(t, f, p, tc.maxRetries, 0)
			resp, err := g.Complete(context.Background(), hi())
			if n := len(f.requests()); n != tc.requests || len(s.seconds()) != tc.requests-1 {
				t.Errorf("%d requests and %d waits, want %d and %d", n, len(s.seconds()), tc.requests, tc.requests-1)
			}
			var se *StatusError
			switch {
			case tc.status == 0 && (err != nil || resp.Text.Str() != "ok"):
				t.Errorf("got %v (text %q), want the answer", err, resp.Text.Str())
			case tc.status != 0 && (!errors.As(err, &se) || se.StatusCode != tc.status || !strings.HasPrefix(err.Error(), p.name+": ")):
				t.Errorf("error %v, want %s's HTTP %d", err, p.name, tc.status)
			}
		})
	}
}

// checkTimeout: a provider that holds the request is given up on after
// the timeout and retried like a lost connection; when it then answers,
// the call succeeds.
//
// Only the hanging request has to reach the timeout; an answering request
// that a loaded machine makes slower than the timeout is retried too, so
// the test allows retries to spare and never depends on the machine's
// speed.
func checkTimeout(t *testing.T, p knownProvider) {
	const timeout = 100 * time.Millisecond
	f := newFake(t, reply{hang: true}, reply{status: 200, body: textReply[p.wire]})
	g, s, _ := resolveKnown(t, f, p, 4, timeout)
	resp, err := g.Complete(context.Background(), hi())
	if n := len(f.requests()); err != nil || resp.Text.Str() != "ok" || n < 2 || len(s.seconds()) != n-1 {
		t.Errorf("after a timeout: %v, text %q, %d requests, %d waits; want an answer after a retry",
			err, resp.Text.Str(), n, len(s.seconds()))
	}

	f = newFake(t, reply{hang: true})
	g, _, _ = resolveKnown(t, f, p, 0, timeout)
	_, err = g.Complete(context.Background(), hi())
	var te *TransportError
	if !errors.As(err, &te) || !te.Timeout {
		t.Fatalf("error %v, want a timeout", err)
	}
	if want := map[bool]int{true: 3, false: 1}[p.wire != "gemini"]; len(f.requests()) != want {
		t.Errorf("%d requests for a provider that never answers, want %d", len(f.requests()), want)
	}
}

// checkMissingKey: without its key (unset or empty) a provider resolves to
// dryfire's skip, naming the variable, and calls nothing.
func checkMissingKey(t *testing.T, p knownProvider) {
	custom := map[string]Custom{"my-llm": {BaseURL: "https://llm.example/compat/v1", KeyEnv: "MY_LLM_KEY"}}
	for _, env := range []map[string]string{{}, {p.keyEnv: ""}} {
		client := &http.Client{Transport: &recorder{body: textReply[p.wire]}}
		_, err := Resolve(p.name, mapEnv(env), Options{Custom: custom, Client: client})
		var mk *MissingKeyError
		if !errors.As(err, &mk) || mk.EnvVar != p.keyEnv || err.Error() != p.name+" needs an API key in "+p.keyEnv {
			t.Errorf("env %v: error %v, want %s's missing key", env, err, p.keyEnv)
		}
		if n := len(client.Transport.(*recorder).reqs); n != 0 {
			t.Errorf("%d requests without a key", n)
		}
	}
}
