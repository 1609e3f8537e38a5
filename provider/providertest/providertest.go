// Package providertest is a local model provider for tests: an httptest
// server that speaks the three wire protocols dryfire calls (Anthropic
// Messages, OpenAI Chat Completions under any prefix, Gemini
// generateContent) and answers from a policy, so that recording can be
// tested end to end without the network or Python.
//
// [Golden] answers as the record fixtures' fake provider did
// (testdata/golden/record: fakeprovider.py, whose answers to every request
// dryfire sent are in expected-replies.jsonl): the reply of the recorded
// request whose body is the same JSON value. [Text] answers every request
// with one final text. Both check the credential headers as the fake
// does, can fail the first requests with the fake's transient errors, and
// keep every request they get.
package providertest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Request is one request the server got.
type Request struct {
	Path string
	// Body is the request body, parsed.
	Body jsonv.Value
	// Header are the request's headers (the tests that look for a key in
	// what leaves the process read them).
	Header http.Header
	// Injected is set when the server answered with a transient error.
	Injected bool
}

// Answer is a reply policy: the status and body for a request's path and
// parsed body.
type Answer func(path string, body jsonv.Value) (status int, reply string)

// Server is a local fake provider.
type Server struct {
	URL string
	// FailFirst answers the first FailFirst requests with the fake's
	// transient error: 529 overloaded_error for Anthropic, 500 for the
	// others.
	FailFirst int
	// OnRequest, when set, is called with the number of each request (1,
	// 2, …) as it arrives, before it is answered: a test stops a run
	// there.
	OnRequest func(n int)

	answer Answer
	mu     sync.Mutex
	got    []Request
}

// New starts a server with a reply policy; it stops when the test ends.
func New(t testing.TB, answer Answer) *Server {
	t.Helper()
	s := &Server{answer: answer}
	srv := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	data, _ := io.ReadAll(r.Body)
	body, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true})
	s.mu.Lock()
	n := len(s.got) + 1
	inject := n <= s.FailFirst
	s.got = append(s.got, Request{Path: r.URL.Path, Body: body, Header: r.Header.Clone(), Injected: inject})
	hook := s.OnRequest
	s.mu.Unlock()
	if hook != nil {
		hook(n)
	}
	w.Header().Set("Content-Type", "application/json")
	anthropic := strings.HasSuffix(r.URL.Path, "/v1/messages")
	switch {
	case inject && anthropic:
		w.WriteHeader(529)
		_, _ = io.WriteString(w, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`)
	case inject:
		w.WriteHeader(500)
		_, _ = io.WriteString(w, `{"error":{"message":"The server had an error","type":"server_error","param":null,"code":null}}`)
	case !authorised(r, anthropic):
		w.WriteHeader(401)
		_, _ = io.WriteString(w, `{"error":{"message":"missing credentials","type":"authentication_error"}}`)
	case err != nil:
		w.WriteHeader(400)
		_, _ = io.WriteString(w, `{"error":{"message":"the body is not JSON","type":"invalid_request_error"}}`)
	default:
		status, reply := s.answer(r.URL.Path, body)
		w.WriteHeader(status)
		_, _ = io.WriteString(w, reply)
	}
}

// authorised is the fake's check: x-api-key and anthropic-version for
// Anthropic, a bearer for OpenAI, x-goog-api-key (never ?key=) for Gemini.
func authorised(r *http.Request, anthropic bool) bool {
	switch {
	case anthropic:
		return r.Header.Get("X-Api-Key") != "" && r.Header.Get("Anthropic-Version") != ""
	case strings.HasSuffix(r.URL.Path, "/chat/completions"):
		return strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") && len(r.Header.Get("Authorization")) > len("Bearer ")
	}
	return r.Header.Get("X-Goog-Api-Key") != "" && r.URL.Query().Get("key") == ""
}

// Requests are the requests the server got, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.got...)
}

// Answered are the requests that got the policy's answer (not a
// transient error).
func (s *Server) Answered() []Request {
	var out []Request
	for _, r := range s.Requests() {
		if !r.Injected {
			out = append(out, r)
		}
	}
	return out
}

// Env is a recording environment pointing every built-in provider at the
// server, with a key for each (and for the variables named in keys).
func (s *Server) Env(keys ...string) map[string]string {
	m := map[string]string{
		"ANTHROPIC_BASE_URL": s.URL, "OPENAI_BASE_URL": s.URL + "/v1", "GEMINI_BASE_URL": s.URL,
		"ANTHROPIC_API_KEY": "dummy-anthropic-key", "OPENAI_API_KEY": "dummy-openai-key", "GEMINI_API_KEY": "dummy-gemini-key",
	}
	for _, k := range keys {
		m[k] = "dummy-" + strings.ToLower(k)
	}
	return m
}

// Port is the server's port, for a providers: base_url.
func (s *Server) Port() string {
	u, _ := url.Parse(s.URL)
	return u.Port()
}

// Recorded is one line of a fixture's expected-requests.jsonl: what
// dryfire sent for a turn, with the fake's reply.
type Recorded struct {
	Suite, Case string
	Turn        int
	Path        string
	Body        jsonv.Value
	Reply       string
}

// LoadRecorded reads a fixture's expected-requests.jsonl and
// expected-replies.jsonl, line by line.
func LoadRecorded(dir string) ([]Recorded, error) {
	reqs, err := readLines(filepath.Join(dir, "expected-requests.jsonl"))
	if err != nil {
		return nil, err
	}
	replies, err := readLines(filepath.Join(dir, "expected-replies.jsonl"))
	if err != nil {
		return nil, err
	}
	if len(reqs) != len(replies) || len(reqs) == 0 {
		return nil, fmt.Errorf("%s: %d requests, %d replies", dir, len(reqs), len(replies))
	}
	out := make([]Recorded, len(reqs))
	for i := range reqs {
		var rq struct {
			Suite, Case, Path string
			Turn              int
			Body              json.RawMessage
		}
		var rp struct {
			Suite, Case, Reply string
			Turn               int
		}
		if err := json.Unmarshal(reqs[i], &rq); err != nil {
			return nil, fmt.Errorf("expected-requests.jsonl:%d: %w", i+1, err)
		}
		if err := json.Unmarshal(replies[i], &rp); err != nil {
			return nil, fmt.Errorf("expected-replies.jsonl:%d: %w", i+1, err)
		}
		if rp.Suite != rq.Suite || rp.Case != rq.Case || rp.Turn != rq.Turn {
			return nil, fmt.Errorf("line %d: the reply is for %s::%s turn %d", i+1, rp.Suite, rp.Case, rp.Turn)
		}
		body, err := jsonv.Decode(rq.Body)
		if err != nil {
			return nil, err
		}
		out[i] = Recorded{Suite: rq.Suite, Case: rq.Case, Turn: rq.Turn, Path: rq.Path, Body: body, Reply: rp.Reply}
	}
	return out, nil
}

func readLines(path string) ([][]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var lines [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		lines = append(lines, append([]byte(nil), sc.Bytes()...))
	}
	return lines, sc.Err()
}

// Sorted is a JSON value as text with its keys sorted at every depth and
// its numbers spelled as written: two requests are the same JSON value
// when their Sorted texts are equal.
func Sorted(v jsonv.Value) string {
	b, err := jsonv.Encode(v, jsonv.EncodeOptions{SortKeys: true, AllowNonFinite: true})
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// Golden starts a server answering as the fixture's fake provider did:
// the reply of the recorded request with the same path and the same JSON
// body; any other request gets a 400 that says so.
func Golden(t testing.TB, fixtureDir string) *Server {
	t.Helper()
	recs, err := LoadRecorded(fixtureDir)
	if err != nil {
		t.Fatal(err)
	}
	replies := map[string]string{}
	for _, r := range recs {
		replies[r.Path+" "+Sorted(r.Body)] = r.Reply
	}
	return New(t, func(path string, body jsonv.Value) (int, string) {
		if reply, ok := replies[path+" "+Sorted(body)]; ok {
			return 200, reply
		}
		return 400, `{"error":{"message":"no recorded request has this body","type":"invalid_request_error"}}`
	})
}

// Numbered is an Answer told the number of each request it answers (1,
// 2, …), for a policy that answers the first calls differently.
func Numbered(answer func(n int, path string, body jsonv.Value) (status int, reply string)) Answer {
	var mu sync.Mutex
	calls := 0
	return func(path string, body jsonv.Value) (int, string) {
		mu.Lock()
		calls++
		n := calls
		mu.Unlock()
		return answer(n, path, body)
	}
}

// Text answers every request with a final text in the wire format of its
// path.
func Text(text string) Answer {
	return func(path string, body jsonv.Value) (int, string) {
		model := body.Field("model").Str()
		t, _ := json.Marshal(text)
		switch {
		case strings.HasSuffix(path, "/v1/messages"):
			return 200, `{"id":"msg_text","type":"message","role":"assistant","model":` + quote(model) +
				`,"content":[{"type":"text","text":` + string(t) + `}],"stop_reason":"end_turn","usage":{"input_tokens":20,"output_tokens":5}}`
		case strings.HasSuffix(path, "/chat/completions"):
			return 200, `{"id":"chatcmpl-text","object":"chat.completion","model":` + quote(model) +
				`,"choices":[{"index":0,"message":{"role":"assistant","content":` + string(t) + `},"finish_reason":"stop"}],"usage":{"prompt_tokens":20,"completion_tokens":5}}`
		}
		return 200, `{"candidates":[{"content":{"role":"model","parts":[{"text":` + string(t) + `}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":20,"candidatesTokenCount":5}}`
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
