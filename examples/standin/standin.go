// Package standin is the demo's model provider: an http.RoundTripper
// that answers every Anthropic Messages call itself, with the response
// the demo recorded for the request closest to it, so that re-recording
// (w in the browser) can be tried on the demo with no key, no network
// and no cost. Nothing it is given leaves the process.
//
// [New] reads the demo's cassettes once: for each one, the request it was
// recorded for, as the Anthropic gateway sends it (the cassette's
// request_digest through provider.FromHashArgs and the gateway itself,
// its bytes caught before they would leave), and the raw response
// recorded. A call is then answered with the response of the recording
// whose request differs from it in the fewest JSON values: the same
// request gets its own response, a request whose tool result changed the
// response of that turn, a new case the one of the case it most
// resembles.
package standin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/provider"
)

// Name says who answers, for the dialog that asks before recording.
const Name = "the demo's stand-in, from the demo's own recordings (no key, no network, no cost)"

// KeyEnv is the key variable the demo's recorder sets, and Key its
// value: the gateway sends it to the stand-in, which never checks it.
const (
	KeyEnv = "ANTHROPIC_API_KEY"
	Key    = "demo-stand-in-not-a-key"
)

// recording is one cassette the stand-in answers from: the request as
// sent, flattened, and the raw response.
type recording struct {
	path  string
	sent  map[string]string
	reply []byte
}

// Transport answers Anthropic Messages calls from recordings.
type Transport struct {
	recordings []recording
	mu         sync.Mutex
	calls      int
}

// New reads the cassettes under root (the demo's cassette directory) that
// an Anthropic gateway recorded; files that are not such a cassette (cut
// off, or recorded for another provider) are passed over.
func New(root string) (*Transport, error) {
	t := &Transport{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		if r, ok := load(p); ok {
			t.recordings = append(t.recordings, r)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("stand-in: %w", err)
	}
	if len(t.recordings) == 0 {
		return nil, fmt.Errorf("stand-in: no Anthropic recording under %s", root)
	}
	sort.Slice(t.recordings, func(i, j int) bool { return t.recordings[i].path < t.recordings[j].path })
	return t, nil
}

// load reads one cassette: the request it answers, as the gateway sends
// it, and its raw response.
func load(p string) (recording, bool) {
	data, err := safefile.ReadFile(p)
	if err != nil {
		return recording{}, false
	}
	c, err := jsonv.Decode(data)
	raw := c.Field("response").Field("raw")
	if err != nil || c.Field("provider").Str() != "anthropic" || raw.Kind != jsonv.Object {
		return recording{}, false
	}
	req, err := provider.FromHashArgs(c.Field("request_digest"))
	if err != nil {
		return recording{}, false
	}
	sent, err := wireBody(req)
	if err != nil {
		return recording{}, false
	}
	reply, err := jsonv.Encode(raw, jsonv.EncodeOptions{})
	if err != nil {
		return recording{}, false
	}
	return recording{path: p, sent: flatten(sent), reply: reply}, true
}

// catcher is a RoundTripper that keeps the body of the one request it
// gets, sends nothing, and answers with an empty message (an error would
// be retried).
type catcher struct{ body []byte }

const emptyMessage = `{"id":"msg_caught","type":"message","role":"assistant","model":"m","content":[],` +
	`"stop_reason":"end_turn","usage":{"input_tokens":0,"output_tokens":0}}`

func (c *catcher) RoundTrip(r *http.Request) (*http.Response, error) {
	var err error
	c.body, err = io.ReadAll(r.Body)
	_ = r.Body.Close()
	if err != nil {
		return nil, err
	}
	return reply(r, http.StatusOK, emptyMessage), nil
}

// wireBody is the body the Anthropic gateway sends for req.
func wireBody(req *provider.Request) (jsonv.Value, error) {
	c := &catcher{}
	env := func(name string) (string, bool) {
		if name == KeyEnv {
			return Key, true
		}
		return "", false
	}
	g, err := provider.Resolve("anthropic", env, provider.Options{Client: &http.Client{Transport: c}})
	if err != nil {
		return jsonv.Value{}, err
	}
	_, _ = g.Complete(context.Background(), req)
	if c.body == nil {
		return jsonv.Value{}, errors.New("the gateway sent nothing")
	}
	return jsonv.Decode(c.body)
}

// RoundTrip implements http.RoundTripper: a Messages call gets the
// closest recording's response; anything else a 404.
func (t *Transport) RoundTrip(r *http.Request) (*http.Response, error) {
	data, err := io.ReadAll(r.Body)
	_ = r.Body.Close()
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	t.calls++
	t.mu.Unlock()
	if !strings.HasSuffix(r.URL.Path, "/v1/messages") {
		return reply(r, http.StatusNotFound, `{"type":"error","error":{"type":"not_found_error","message":"the demo's stand-in answers Messages calls only"}}`), nil
	}
	body, err := jsonv.Decode(data)
	if err != nil {
		return reply(r, http.StatusBadRequest, `{"type":"error","error":{"type":"invalid_request_error","message":"the body is not JSON"}}`), nil
	}
	return reply(r, http.StatusOK, string(t.closest(body).reply)), nil
}

// Calls is how many calls the stand-in has answered.
func (t *Transport) Calls() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.calls
}

// closest is the recording whose request differs from body in the fewest
// values, the first in path order on a tie.
func (t *Transport) closest(body jsonv.Value) recording {
	got := flatten(body)
	best, score := 0, -1
	for i, r := range t.recordings {
		if s := distance(got, r.sent); score < 0 || s < score {
			best, score = i, s
		}
	}
	return t.recordings[best]
}

func reply(r *http.Request, status int, body string) *http.Response {
	return &http.Response{
		StatusCode: status, Status: strconv.Itoa(status) + " " + http.StatusText(status),
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:  http.Header{"Content-Type": {"application/json"}},
		Body:    io.NopCloser(bytes.NewReader([]byte(body))),
		Request: r, ContentLength: int64(len(body)),
	}
}

// flatten maps every scalar of v to its JSON text, by its path
// (messages[0].content[0].text).
func flatten(v jsonv.Value) map[string]string {
	out := map[string]string{}
	var walk func(p string, v jsonv.Value)
	walk = func(p string, v jsonv.Value) {
		switch v.Kind {
		case jsonv.Object:
			for _, m := range v.Members {
				walk(p+"."+m.Key, m.Value)
			}
		case jsonv.Array:
			for i, it := range v.Items {
				walk(p+"["+strconv.Itoa(i)+"]", it)
			}
		default:
			b, _ := jsonv.Encode(v, jsonv.EncodeOptions{AllowNonFinite: true})
			out[p] = string(b)
		}
	}
	walk("", v)
	return out
}

// distance counts the paths whose values differ, or that only one side
// has.
func distance(a, b map[string]string) int {
	n := 0
	for p, v := range a {
		if w, ok := b[p]; !ok || w != v {
			n++
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			n++
		}
	}
	return n
}
