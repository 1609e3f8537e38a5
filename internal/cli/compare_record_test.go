package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
)

// bookTurn is one answer of testdata/compare/book.json: a text, tool
// calls, or both.
type bookTurn struct {
	Text  *string `json:"text"`
	Calls []struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"calls"`
}

// bookEntry answers one conversation: the same turns every repetition,
// or a list of turns per repetition.
type bookEntry struct {
	Turns []bookTurn   `json:"turns"`
	Reps  [][]bookTurn `json:"reps"`
}

// bookServer answers Anthropic's wire as record.py's scripted provider
// answered dryfire: by the system prompt when it is a prompt file's text,
// else by the model; then by the first message, the turn (the messages
// after it, two a turn) and, for a repeated case, the repetition (the
// how-manyth time its first turn is asked). Each answer's usage is the
// scripted provider's. It needs the repetitions asked in order
// (--concurrency 1).
func bookServer(t *testing.T, project string) *providertest.Server {
	t.Helper()
	var book struct {
		Models  map[string]map[string]bookEntry `json:"models"`
		Prompts map[string]map[string]bookEntry `json:"prompts"`
	}
	if err := json.Unmarshal([]byte(readText(t, filepath.Join("testdata", "compare", "book.json"))), &book); err != nil {
		t.Fatal(err)
	}
	bySystem := map[string]map[string]bookEntry{}
	for file, b := range book.Prompts {
		text := strings.ReplaceAll(readText(t, filepath.Join(project, file)), "\r\n", "\n")
		bySystem[text] = b
	}
	var mu sync.Mutex
	asked := map[string]int{}
	return providertest.New(t, func(_ string, body jsonv.Value) (int, string) {
		b, ok := bySystem[body.Field("system").Str()]
		if !ok {
			b = book.Models[body.Field("model").Str()]
		}
		msgs := body.Field("messages").Items
		first := msgs[0].Field("content").Str()
		entry, ok := b[first]
		if !ok {
			return 400, `{"type":"error","error":{"type":"invalid_request_error","message":"no script"}}`
		}
		turn := (len(msgs) - 1) / 2
		mu.Lock()
		key := body.Field("system").Str() + "\x00" + body.Field("model").Str() + "\x00" + first
		if turn == 0 {
			asked[key]++
		}
		rep := asked[key] - 1
		mu.Unlock()
		turns := entry.Turns
		if entry.Reps != nil {
			turns = entry.Reps[rep%len(entry.Reps)]
		}
		return 200, bookReply(body.Field("model").Str(), turns[min(turn, len(turns)-1)], turn)
	})
}

// bookReply is an Anthropic message with the turn's text and tool calls.
func bookReply(model string, bt bookTurn, turn int) string {
	var content []string
	if bt.Text != nil {
		content = append(content, `{"type":"text","text":`+quote(*bt.Text)+`}`)
	}
	for i, c := range bt.Calls {
		content = append(content, fmt.Sprintf(`{"type":"tool_use","id":"toolu_%d_%d","name":%s,"input":%s}`, turn, i, quote(c.Name), c.Arguments))
	}
	stop := "end_turn"
	if len(bt.Calls) > 0 {
		stop = "tool_use"
	}
	return fmt.Sprintf(`{"id":"msg_book","type":"message","role":"assistant","model":%s,"content":[%s],"stop_reason":%q,"usage":{"input_tokens":%d,"output_tokens":%d}}`,
		quote(model), strings.Join(content, ","), stop, 120+40*turn, 18+3*len(bt.Calls))
}

// recordedView is what must agree between two recordings of one request
// made with different tool-call ids and clocks: the request, its key and
// what the model said.
func recordedView(t *testing.T, text string) string {
	t.Helper()
	v, err := jsonv.Decode([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	r := v.Field("response")
	calls := []string{}
	for _, c := range r.Field("tool_calls").Items {
		calls = append(calls, c.Field("name").Str()+providertest.Sorted(c.Field("arguments")))
	}
	return strings.Join([]string{v.Field("fingerprint").Str(), providertest.Sorted(v.Field("request_digest")),
		providertest.Sorted(r.Field("text")), r.Field("stop_reason").Str(), providertest.Sorted(r.Field("usage")),
		strings.Join(calls, ";")}, "\n")
}

// TestCompareRecordsWhatDryfireRecords records testdata/compare/projects/support
// with compare --cassette-mode record, once per axis, against a server
// answering as record.py's scripted provider answered dryfire's compare:
// every model's and every prompt's cassettes are files of their own in
// each case's directory, with the names, keys and requests dryfire
// recorded, and none for the scripted case; a replay of them then prints
// dryfire's matrix (but for the latencies, which here are the local
// server's).
func TestCompareRecordsWhatDryfireRecords(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("testdata", "compare"))
	if err != nil {
		t.Fatal(err)
	}
	dir := reviewtest.CopyTree(t, filepath.Join(src, "projects", "support"))
	if err := os.RemoveAll(filepath.Join(dir, ".dryfire")); err != nil {
		t.Fatal(err)
	}
	srv := bookServer(t, dir)
	t.Chdir(dir)
	models := "claude-opus-4-8,claude-haiku-4-5,claude-sonnet-5"
	for _, axis := range [][]string{
		{"--models", models + ",local-model"},
		{"--prompts", "prompts/terse.txt,prompts/friendly.txt"},
	} {
		code, stdout, stderr := liveRun(t, srv.Env(), "", false, append([]string{"compare", "--cassette-mode", "record", "--yes", "--concurrency", "1"}, axis...)...)
		if code != 1 || !strings.Contains(stdout, "compare by ") || !strings.Contains(stderr, "dryfire-tui: recorded ") {
			t.Fatalf("%v: exit %d\n%s\nstderr:\n%s", axis, code, stdout, stderr)
		}
	}
	calls := len(srv.Requests())
	want := cassetteTexts(t, filepath.Join(src, "projects", "support", ".dryfire", "cassettes"))
	got := cassetteTexts(t, filepath.Join(dir, ".dryfire", "cassettes"))
	for rel, text := range want {
		if _, ok := got[rel]; !ok {
			t.Errorf("dryfire recorded %s, compare did not", rel)
			continue
		}
		if w, g := recordedView(t, text), recordedView(t, got[rel]); w != g {
			t.Errorf("%s: %s", rel, lineDiff(w, g))
		}
	}
	for rel := range got {
		if _, ok := want[rel]; !ok {
			t.Errorf("compare recorded %s, dryfire did not", rel)
		}
	}
	if len(want) == 0 || calls != len(want) {
		t.Errorf("%d calls for dryfire's %d cassettes", calls, len(want))
	}

	code, stdout, stderr := liveRun(t, srv.Env(), "", false, "compare", "--models", models, "--cassette-mode", "replay")
	golden := readText(t, filepath.Join(src, "golden", "models-3", "stdout.txt"))
	if code != 1 || len(srv.Requests()) != calls || withoutLatency(stdout) != withoutLatency(golden) {
		t.Errorf("replay: exit %d, %d calls\n%s\nstderr:\n%s", code, len(srv.Requests())-calls,
			lineDiff(withoutLatency(golden), withoutLatency(stdout)), stderr)
	}
}

// withoutLatency is a matrix without its mean latency line.
func withoutLatency(matrix string) string {
	var keep []string
	for _, l := range strings.Split(matrix, "\n") {
		if !strings.HasPrefix(l, "  mean latency") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// TestCompareAsks: under dryfire's threshold, a comparison that calls
// providers says what its columns may call (per provider every column's
// model) and asks; without a terminal it needs --yes, and "no" calls
// nothing. Above the threshold dryfire's refusal comes first.
func TestCompareAsks(t *testing.T) {
	dir := reviewtest.CopyTree(t, filepath.Join("testdata", "compare", "projects", "support"))
	srv := bookServer(t, dir)
	t.Chdir(dir)
	args := []string{"compare", "--models", "claude-opus-4-8,claude-haiku-4-5", "--cassette-mode", "record"}
	code, stdout, stderr := liveRun(t, srv.Env(), "", false, args...)
	if code != exitUsage || stdout != "compare: 2 model(s) × 9 case-run(s) = 18 runs\n" || len(srv.Requests()) != 0 {
		t.Fatalf("without a terminal: exit %d, %d calls\n%s\n%s", code, len(srv.Requests()), stdout, stderr)
	}
	for _, want := range []string{
		"dryfire-tui: --cassette-mode record calls the model providers:\n",
		"  anthropic (claude-opus-4-8, claude-haiku-4-5; ANTHROPIC_API_KEY is set): at most 64 calls, to " + srv.URL + " (ANTHROPIC_BASE_URL)\n",
		"  12 cases (16 repetitions), at most 64 calls\n",
		"dryfire-tui: hint: pass --yes to call the providers without a terminal to ask on\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	code, _, stderr = liveRun(t, srv.Env(), "n\n", true, args...)
	if code != exitFindings || len(srv.Requests()) != 0 || !strings.Contains(stderr, "Call the providers (64 calls at most; about $0.04 at most)? [y/N] ") {
		t.Errorf("answered no: exit %d, %d calls\n%s", code, len(srv.Requests()), stderr)
	}
	code, stdout, stderr = liveRun(t, srv.Env(), "y\n", true, "compare", "--models", "claude-opus-4-8,claude-haiku-4-5,claude-sonnet-5", "--cassette-mode", "record")
	if code != exitUsage || len(srv.Requests()) != 0 || strings.Contains(stderr, "Call the providers") ||
		!strings.Contains(stderr, "dryfire-tui: error: 27 runs exceeds the confirmation threshold (25)") {
		t.Errorf("above the threshold: exit %d, %d calls\n%s\n%s", code, len(srv.Requests()), stdout, stderr)
	}
}

// TestCompareAutoSharesWhatItRecorded: in auto mode a column served by
// what an earlier column just recorded (the same model twice) calls
// nothing, as dryfire's lookup finds the files the first column wrote.
func TestCompareAutoSharesWhatItRecorded(t *testing.T) {
	calls := map[string]int{}
	for _, models := range []string{"claude-haiku-4-5", "claude-haiku-4-5,claude-haiku-4-5"} {
		dir := reviewtest.CopyTree(t, filepath.Join("testdata", "compare", "projects", "support"))
		if err := os.RemoveAll(filepath.Join(dir, ".dryfire")); err != nil {
			t.Fatal(err)
		}
		srv := bookServer(t, dir)
		code, stdout, stderr := liveRun(t, srv.Env(), "", false, "compare", "--models", models, dir,
			"--cassette-mode", "auto", "--yes", "--concurrency", "1")
		if code != 1 || !strings.Contains(stdout, "compare by model") {
			t.Fatalf("%s: exit %d\n%s\n%s", models, code, stdout, stderr)
		}
		calls[models] = len(srv.Requests())
	}
	if one, two := calls["claude-haiku-4-5"], calls["claude-haiku-4-5,claude-haiku-4-5"]; one == 0 || two != one {
		t.Errorf("one column called %d times, two columns of the same model %d", one, two)
	}
}

// TestCompareMaxRetries: --max-retries sets dryfire's retries around each
// call of every column (3 by default), as for run; trace makes none unless
// told, as dryfire's trace (the SDK's own two tries inside each attempt
// stay in both).
func TestCompareMaxRetries(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args     []string
		requests int
	}{
		{[]string{"compare", "--models", "gpt-4o,gpt-4o-mini"}, 24},
		{[]string{"compare", "--models", "gpt-4o,gpt-4o-mini", "--max-retries", "1"}, 12},
		{[]string{"trace", "s::only"}, 3},
		{[]string{"trace", "s::only", "--max-retries", "2"}, 9},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel()
			srv := providertest.New(t, func(string, jsonv.Value) (int, string) {
				return 500, `{"error":{"message":"The server had an error","type":"server_error"}}`
			})
			dir := t.TempDir()
			for name, text := range map[string]string{
				"dryfire.yaml": "version: 1\ndefaults: {provider: openai, model: gpt-4o}\nsuites: [\"*.eval.yaml\"]\n",
				"s.eval.yaml":  "name: s\ncases:\n  - {name: only, input: hi, expect: []}\n",
			} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			args := append(append([]string{}, tc.args...), dir, "--cassette-mode", "off", "--yes")
			code, stdout, stderr := liveRun(t, srv.Env(), "", false, args...)
			if code != 3 || len(srv.Requests()) != tc.requests {
				t.Errorf("exit %d, %d requests, want 3 and %d\n%s\n%s", code, len(srv.Requests()), tc.requests, stdout, stderr)
			}
		})
	}
}
