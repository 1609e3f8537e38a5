package provider_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// The record fixtures hold what the real dryfire sent to a fake provider and
// wrote when it recorded six projects (../testdata/golden/record/README.md).
// For every cassette, the test rebuilds the request dryfire made for that
// turn, sends it through a gateway to a local server that answers as the
// fake did, and checks that the server got dryfire's body at dryfire's path
// and that the gateway's response is the cassette's response.
//
// How a turn's request is rebuilt from recorded data:
//   - model, system, tools and params come from the cassette's
//     request_digest;
//   - the first messages are the case's input, read from the fixture's
//     suite file (the digest numbers the ids of a seeded history call_0,
//     call_1, …; the suite file has the real ones);
//   - each earlier turn t adds the assistant message of the response this
//     test got for turn t (real tool-call ids, raw in the provider's key
//     order), then the tool message of the digest with its call_N
//     placeholders mapped back to those real ids.
//
// Before sending, the rebuilt messages are normalised as dryfire hashes them
// and must equal the digest's messages: the reconstruction is checked, not
// assumed. A judge turn (a single user message, no history) is the digest
// as it stands.
const recordRoot = "../testdata/golden/record"

var fixtures = []string{"anthropic-A", "compat-S", "gemini-B", "judge-anthropic-F", "judge-openai-H", "openai-C"}

func TestRecordFixtures(t *testing.T) {
	t.Parallel()
	for _, name := range fixtures {
		for _, failFirst := range []int{0, 2} {
			t.Run(fmt.Sprintf("%s/fail-first-%d", name, failFirst), func(t *testing.T) {
				t.Parallel()
				runFixture(t, filepath.Join(recordRoot, name), failFirst)
			})
		}
	}
}

type recorded struct {
	Suite string          `json:"suite"`
	Case  string          `json:"case"`
	Turn  int             `json:"turn"`
	Path  string          `json:"path"`
	Body  json.RawMessage `json:"body"`
	Reply string          `json:"reply"`
}

func (r recorded) key() string { return r.Suite + "\x00" + r.Case + "\x00" + strconv.Itoa(r.Turn) }

func runFixture(t *testing.T, dir string, failFirst int) {
	recs := loadRecorded(t, dir)
	srv := newGoldenServer(t, recs, failFirst)
	project, err := suite.LoadProject(filepath.Join(dir, "project"), func(string) (string, bool) { return "", false })
	if err != nil {
		t.Fatal(err)
	}
	waits := &waitLog{}
	gateways := map[string]provider.Gateway{}
	gateway := func(name string) provider.Gateway {
		if g, ok := gateways[name]; ok {
			return g
		}
		g, err := provider.Resolve(name, srv.env(project), provider.Options{
			Custom: srv.custom(project), Client: &http.Client{}, MaxRetries: provider.DefaultMaxRetries,
			Sleep: waits.sleep, Random: func() float64 { return 0 },
		})
		if err != nil {
			t.Fatal(err)
		}
		gateways[name] = g
		return g
	}
	want := map[string]recorded{}
	for _, r := range recs {
		want[r.key()] = r
	}
	sent := map[string]bool{}
	files := 0
	for _, group := range loadCassettes(t, filepath.Join(dir, "expected-cassettes")) {
		var responses []cassette.Response
		for _, f := range group {
			files++
			r, ok := want[recorded{Suite: f.c.Suite, Case: f.c.Case, Turn: f.c.Turn}.key()]
			if !ok {
				t.Fatalf("%s: dryfire sent no request for this turn", f.rel)
			}
			sent[r.key()] = true
			resp := sendTurn(t, srv, gateway(f.c.Provider), rebuild(t, project, f, responses), f, r)
			responses = append(responses, resp)
		}
	}
	if files == 0 || len(sent) != len(want) {
		t.Errorf("%d cassettes sent %d distinct turns; dryfire's requests cover %d", files, len(sent), len(want))
	}
	if got := srv.count(); got != len(recs)+failFirst {
		t.Errorf("%d requests reached the server, want %d (%d recorded + %d failed)", got, len(recs)+failFirst, len(recs), failFirst)
	}
	// The SDK providers retry the two failures inside their first call
	// (0.5 s, 1 s); dryfire's Gemini client leaves them to dryfire's
	// retries (0.25 s, 0.5 s at the lowest jitter).
	wantWaits := map[int]string{0: "[]", 2: "[0.5 1]"}[failFirst]
	if strings.Contains(dir, "gemini") && failFirst == 2 {
		wantWaits = "[0.25 0.5]"
	}
	if got := fmt.Sprint(waits.seconds()); got != wantWaits {
		t.Errorf("waits %s, want %s", got, wantWaits)
	}
}

// sendTurn sends one rebuilt request and checks both ends: the server got
// dryfire's body at dryfire's path, the gateway returned the cassette's
// response.
func sendTurn(t *testing.T, srv goldenServer, g provider.Gateway, req *provider.Request, f cassetteFile, r recorded) cassette.Response {
	t.Helper()
	before := srv.count()
	resp, err := g.Complete(context.Background(), req)
	if srv.count() == before {
		t.Fatalf("%s: no request reached the server (%v)", f.rel, err)
	}
	if path, body := srv.last(t); path != r.Path || body != sortedJSON(t, r.Body) {
		t.Fatalf("%s: sent %s\n%s\ndryfire sent %s\n%s", f.rel, path, body, r.Path, sortedJSON(t, r.Body))
	}
	if err != nil {
		t.Fatalf("%s: %v", f.rel, err)
	}
	checkResponse(t, f, resp)
	return resp
}

func loadRecorded(t *testing.T, dir string) []recorded {
	t.Helper()
	reqs := readLines(t, filepath.Join(dir, "expected-requests.jsonl"))
	replies := readLines(t, filepath.Join(dir, "expected-replies.jsonl"))
	if len(reqs) != len(replies) || len(reqs) == 0 {
		t.Fatalf("%d requests, %d replies", len(reqs), len(replies))
	}
	out := make([]recorded, len(reqs))
	for i := range reqs {
		var rep recorded
		if err := json.Unmarshal(reqs[i], &out[i]); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(replies[i], &rep); err != nil {
			t.Fatal(err)
		}
		if rep.key() != out[i].key() {
			t.Fatalf("line %d: reply for %q, request for %q", i+1, rep.key(), out[i].key())
		}
		out[i].Reply = rep.Reply
	}
	return out
}

func readLines(t *testing.T, path string) [][]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		lines = append(lines, append([]byte(nil), sc.Bytes()...))
	}
	return lines
}

// sortedJSON is a JSON text with keys sorted at every depth and numbers
// spelled as written: equal texts are the same JSON value, spellings and
// all, whatever the key order.
func sortedJSON(t *testing.T, data []byte) string {
	t.Helper()
	v, err := jsonv.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return sortedValue(t, v)
}

func sortedValue(t *testing.T, v jsonv.Value) string {
	t.Helper()
	b, err := jsonv.Encode(v, jsonv.EncodeOptions{SortKeys: true})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// goldenServer is the shared fake provider (provider/providertest, which
// answers as fakeprovider.py does: its keys checked, its first FailFirst
// answers transient errors) replying with the recorded reply of the
// recorded request whose body, keys sorted, is the body received.
type goldenServer struct{ *providertest.Server }

func newGoldenServer(t *testing.T, recs []recorded, failFirst int) goldenServer {
	replies := map[string]string{}
	for _, r := range recs {
		replies[r.Path+" "+sortedJSON(t, r.Body)] = r.Reply
	}
	s := providertest.New(t, func(path string, body jsonv.Value) (int, string) {
		b, err := jsonv.Encode(body, jsonv.EncodeOptions{SortKeys: true})
		reply, ok := replies[path+" "+string(b)]
		if err != nil || !ok {
			return 400, `{"error":{"message":"no recorded request has this body","type":"invalid_request_error"}}`
		}
		return 200, reply
	})
	s.FailFirst = failFirst
	return goldenServer{s}
}

func (g goldenServer) count() int { return len(g.Requests()) }

// last is the path and body (keys sorted) of the last request.
func (g goldenServer) last(t *testing.T) (path, body string) {
	reqs := g.Requests()
	x := reqs[len(reqs)-1]
	return x.Path, sortedValue(t, x.Body)
}

// env is the recording environment: base URLs at the server, dummy keys.
func (g goldenServer) env(p *suite.Project) provider.Env {
	m := map[string]string{
		"ANTHROPIC_BASE_URL": g.URL, "OPENAI_BASE_URL": g.URL + "/v1", "GEMINI_BASE_URL": g.URL,
		"ANTHROPIC_API_KEY": "dummy-anthropic-key", "OPENAI_API_KEY": "dummy-openai-key", "GEMINI_API_KEY": "dummy-gemini-key",
	}
	for _, c := range p.Config.CustomProviders {
		m[c.APIKeyEnv] = "dummy-" + c.Name + "-key"
	}
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// custom is the providers: block, its FAKEPORT placeholder at the server.
func (g goldenServer) custom(p *suite.Project) map[string]provider.Custom {
	out := map[string]provider.Custom{}
	for _, c := range p.Config.CustomProviders {
		out[c.Name] = provider.Custom{BaseURL: strings.ReplaceAll(c.BaseURL, "FAKEPORT", g.Port()), KeyEnv: c.APIKeyEnv}
	}
	return out
}

type waitLog struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waitLog) sleep(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	w.d = append(w.d, d)
	w.mu.Unlock()
	return ctx.Err()
}

func (w *waitLog) seconds() []float64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]float64, len(w.d))
	for i, d := range w.d {
		out[i] = d.Seconds()
	}
	return out
}

type cassetteFile struct {
	rel  string
	c    *cassette.Cassette
	resp cassette.Response
}

// loadCassettes groups a cassette tree by case repetition (directory and
// #N suffix), each group in turn order with no turn missing.
func loadCassettes(t *testing.T, root string) [][]cassetteFile {
	t.Helper()
	groups := map[string][]cassetteFile{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		turn, key, ok := cassette.ParseName(d.Name())
		if !ok {
			return fmt.Errorf("%s: not a cassette name", path)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		c, err := cassette.Decode(data)
		if err != nil {
			return err
		}
		resp, err := cassette.ParseResponse(c.Response)
		if err != nil || c.Turn != turn {
			return fmt.Errorf("%s: %v (turn %d)", path, err, c.Turn)
		}
		_, rep, _ := strings.Cut(key, "#")
		rel, _ := filepath.Rel(root, path)
		g := filepath.Dir(rel) + "#" + rep
		groups[g] = append(groups[g], cassetteFile{rel: rel, c: c, resp: resp})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(groups))
	for g := range groups {
		names = append(names, g)
	}
	sort.Strings(names)
	out := make([][]cassetteFile, 0, len(names))
	for _, g := range names {
		files := groups[g]
		sort.Slice(files, func(i, j int) bool { return files[i].c.Turn < files[j].c.Turn })
		for i, f := range files {
			if f.c.Turn != i {
				t.Fatalf("%s: turn %d missing", g, i)
			}
		}
		out = append(out, files)
	}
	return out
}

func checkResponse(t *testing.T, f cassetteFile, got cassette.Response) {
	t.Helper()
	want := f.resp
	var diffs []string
	check := func(name string, g, w jsonv.Value) {
		if gs, ws := sortedValue(t, g), sortedValue(t, w); gs != ws {
			diffs = append(diffs, fmt.Sprintf("%s: got %s, want %s", name, gs, ws))
		}
	}
	check("text", got.Text, want.Text)
	check("raw", got.Raw, want.Raw)
	if got.StopReason != want.StopReason || got.Usage != want.Usage || len(got.ToolCalls) != len(want.ToolCalls) {
		diffs = append(diffs, fmt.Sprintf("stop %s usage %+v calls %d, want %s %+v %d",
			got.StopReason, got.Usage, len(got.ToolCalls), want.StopReason, want.Usage, len(want.ToolCalls)))
	}
	for i := range min(len(got.ToolCalls), len(want.ToolCalls)) {
		g, w := got.ToolCalls[i], want.ToolCalls[i]
		if g.ID != w.ID || g.Name != w.Name {
			diffs = append(diffs, fmt.Sprintf("call %d: %s %s, want %s %s", i, g.ID, g.Name, w.ID, w.Name))
		}
		check("arguments", g.Arguments, w.Arguments)
		check("malformed_arguments", g.MalformedArguments, w.MalformedArguments)
	}
	if len(diffs) > 0 {
		t.Errorf("%s: response differs from dryfire's cassette:\n%s", f.rel, strings.Join(diffs, "\n"))
	}
}
