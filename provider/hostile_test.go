package provider

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider/redact"
)

// A hostile provider: answers that hide the key from a byte search, and
// answers too large to hold.

// pieces splits s into runs of n bytes.
func pieces(s string, n int) []string {
	var out []string
	for i := 0; i < len(s); i += n {
		out = append(out, s[i:min(i+n, len(s))])
	}
	return out
}

// decodedStrings yields every string of v and, for a string that is JSON
// text itself (a tool call's arguments), every string of its value, at any
// depth: what a program reading the recording would find once decoded.
func decodedStrings(v jsonv.Value, yield func(string)) {
	switch v.Kind { //nolint:exhaustive // only strings and containers hold text
	case jsonv.String:
		yield(v.Text)
		if inner, err := jsonv.Decode([]byte(v.Text)); err == nil {
			decodedStrings(inner, yield)
		}
	case jsonv.Array:
		for _, x := range v.Items {
			decodedStrings(x, yield)
		}
	case jsonv.Object:
		for _, m := range v.Members {
			yield(m.Key)
			decodedStrings(m.Value, yield)
		}
	}
}

// assertNoKey fails when the response, as a cassette stores it, holds the
// key in any decoded string, or in the join of its raw text pieces.
func assertNoKey(t *testing.T, wire string, resp cassette.Response, key string) {
	t.Helper()
	decodedStrings(cassette.ResponseValue(resp), func(s string) {
		if strings.Contains(s, key) {
			t.Errorf("a decoded string holds the key: %.200q", s)
		}
	})
	texts := rawTexts(wire, resp.Raw)
	if joined := strings.Join(texts, ""); strings.Contains(joined, key) {
		t.Errorf("the raw text pieces joined hold the key: %q", joined)
	}
	if len(texts) > 1 && resp.Text.Str() != strings.Join(texts, "") {
		t.Errorf("the text %q is not the join of the raw pieces %q", resp.Text.Str(), texts)
	}
}

// rawTexts are the text pieces of a raw payload that dryfire joins into
// the response's text: Anthropic's text blocks, the parts of Gemini's
// first candidate.
func rawTexts(wire string, raw jsonv.Value) []string {
	var list []jsonv.Value
	switch wire {
	case "anthropic":
		list = raw.Field("content").Items
	case "gemini":
		if c := raw.Field("candidates"); len(c.Items) > 0 {
			list = c.Items[0].Field("content").Field("parts").Items
		}
	}
	var texts []string
	for _, item := range list {
		text := item.Field("text")
		if text.Kind == jsonv.String && (wire != "anthropic" || item.Field("type").Str() == "text") {
			texts = append(texts, text.Text)
		}
	}
	return texts
}

// unescapeU decodes the \uXXXX escapes of s, which is enough to read an
// ASCII key spelled with them.
func unescapeU(s string) string {
	return uEscape.ReplaceAllStringFunc(s, func(e string) string {
		r, _ := strconv.ParseUint(e[2:], 16, 32)
		return string(rune(r))
	})
}

var uEscape = regexp.MustCompile(`\\u[0-9a-fA-F]{4}`)

// TestKeyInPiecesNotInAnswers: a provider echoing its key in text pieces
// shorter than a fragment (dryfire joins them into the response text)
// gets neither the text nor the pieces through with the key.
func TestKeyInPiecesNotInAnswers(t *testing.T) {
	t.Parallel()
	blocks := func(ps []string, block func(string) string) string {
		var out []string
		for _, p := range ps {
			out = append(out, block(strconv.Quote(p)))
		}
		return strings.Join(out, ",")
	}
	for _, size := range []int{1, 3, 7} {
		anthropic := `{"content":[{"type":"text","text":"your key: "},` +
			blocks(pieces(anthropicKey, size), func(q string) string { return `{"type":"text","text":` + q + `}` }) +
			`,{"type":"tool_use","id":"t1","name":"save","input":{}}],"stop_reason":"tool_use"}`
		gemini := `{"candidates":[{"content":{"parts":[` +
			blocks(pieces(geminiKey, size), func(q string) string { return `{"text":` + q + `}` }) +
			`]},"finishReason":"STOP"}]}`
		for p, body := range map[string]string{"anthropic": anthropic, "gemini": gemini} {
			t.Run(fmt.Sprintf("%s/%d-byte pieces", p, size), func(t *testing.T) {
				t.Parallel()
				f := newFake(t, reply{status: 200, body: body})
				g, _ := f.resolve(t, p, 0, nil)
				resp, err := g.Complete(context.Background(), hi())
				if err != nil {
					t.Fatal(err)
				}
				assertNoKey(t, p, resp, held[p][0])
				if !strings.Contains(resp.Text.Str(), redact.Redacted) {
					t.Errorf("text %q: the redaction is not shown", resp.Text.Str())
				}
			})
		}
	}
}

// TestEscapedKeyNotInAnswers: a key behind JSON escapes in an OpenAI tool
// call's arguments (a JSON text inside a JSON string) is found once
// decoded, at every level, in the arguments and in the raw payload.
func TestEscapedKeyNotInAnswers(t *testing.T) {
	t.Parallel()
	escapeAll := func(s string) string {
		var b strings.Builder
		for _, c := range s {
			fmt.Fprintf(&b, `\u%04x`, c)
		}
		return b.String()
	}
	half := openAIKey[:10] + escapeAll(openAIKey[10:20]) + openAIKey[20:]
	nested := strconv.Quote(`{"deep":"` + escapeAll(openAIKey) + `"}`)
	for name, args := range map[string]string{
		"every character escaped": `{"key":"` + escapeAll(openAIKey) + `"}`,
		"some characters escaped": `{"key":"` + half + `"}`,
		"in an object key":        `{"` + escapeAll(openAIKey) + `":1}`,
		"JSON text in a string":   `{"inner":` + nested + `}`,
		"malformed arguments":     `{"key":"` + escapeAll(openAIKey) + `", oops`,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			body := `{"choices":[{"message":{"content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"save","arguments":` +
				strconv.Quote(args) + `}}]},"finish_reason":"tool_calls"}]}`
			f := newFake(t, reply{status: 200, body: body})
			g, _ := f.resolve(t, "openai", 0, nil)
			resp, err := g.Complete(context.Background(), hi())
			if err != nil {
				t.Fatal(err)
			}
			assertNoKey(t, "openai", resp, openAIKey)
			if len(resp.ToolCalls) != 1 {
				t.Fatalf("tool calls %+v", resp.ToolCalls)
			}
			c := resp.ToolCalls[0]
			if got := enc(c.Arguments) + c.MalformedArguments.Str(); !strings.Contains(got, redact.Redacted) {
				t.Errorf("arguments %s: the redaction is not shown", got)
			}
			if unescaped := unescapeU(c.MalformedArguments.Str()); strings.Contains(unescaped, openAIKey) {
				t.Errorf("malformed arguments %q hold the key once unescaped", c.MalformedArguments.Str())
			}
		})
	}
}

// allocated is what fn allocates, in bytes (the test must not run in
// parallel with others for the figure to be its own).
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

var gzipBomb = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zero := make([]byte, 1<<20)
	for range 100 {
		_, _ = zw.Write(zero)
	}
	_ = zw.Close()
	return b.Bytes()
})

// TestOversizedBodiesAreRefusedEarly: a body over MaxBody is refused from
// its Content-Length without being read, and a chunked, endless or
// gzip-bombed one at byte MaxBody+1, having allocated a few times MaxBody
// (it was 64 MiB read and held per call, twice that allocated). Not
// parallel: it measures allocation.
func TestOversizedBodiesAreRefusedEarly(t *testing.T) {
	const mib = 1 << 20
	chunk := bytes.Repeat([]byte(" "), mib)
	bomb := gzipBomb()
	for _, tc := range []struct {
		name  string
		serve func(w http.ResponseWriter)
		most  uint64 // bytes allocated
		says  string
	}{
		{"Content-Length 100 MiB", func(w http.ResponseWriter) {
			w.Header().Set("Content-Length", strconv.Itoa(100*mib))
			for range 100 {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}, 4 * mib, "the body is 100 MiB, over the limit of 16 MiB on one answer"},
		{"endless chunked", func(w http.ResponseWriter) {
			for range 200 {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}, 6 * MaxBody, "the body is longer than the limit of 16 MiB on one answer"},
		{"gzip bomb", func(w http.ResponseWriter) {
			w.Header().Set("Content-Encoding", "gzip")
			_, _ = w.Write(bomb)
		}, 6 * MaxBody, "the body is longer than the limit of 16 MiB on one answer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.Copy(io.Discard, r.Body)
				tc.serve(w)
			}))
			defer srv.Close()
			g, err := Resolve("anthropic", mapEnv(map[string]string{"ANTHROPIC_API_KEY": anthropicKey, "ANTHROPIC_BASE_URL": srv.URL}),
				Options{Client: srv.Client(), Sleep: (&sleeps{}).sleep})
			if err != nil {
				t.Fatal(err)
			}
			var cerr error
			n := allocated(func() { _, cerr = g.Complete(context.Background(), hi()) })
			var re *ResponseError
			if !errors.As(cerr, &re) || !strings.Contains(cerr.Error(), tc.says) {
				t.Errorf("error %v, want a ResponseError saying %q", cerr, tc.says)
			}
			if n > tc.most {
				t.Errorf("allocated %d MiB to refuse it, want at most %d MiB", n/mib, tc.most/mib)
			}
		})
	}
}

// toolUses is an Anthropic answer with n tool calls.
func toolUses(n int) string {
	var b strings.Builder
	b.WriteString(`{"content":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"type":"tool_use","id":"toolu_%06d","name":"get_weather","input":{"city":"SF"}}`, i)
	}
	b.WriteString(`],"stop_reason":"tool_use"}`)
	return b.String()
}

// TestWhatOneAnswerMayCarry: at most MaxToolCalls tool calls and
// MaxValues JSON values; 100,000 tool calls in 7 MB (which took gigabytes
// to record, into cassettes replay could not read) are refused before
// they are decoded.
func TestWhatOneAnswerMayCarry(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, body, says string
	}{
		{"1,000 tool calls", toolUses(MaxToolCalls), ""},
		{"1,001 tool calls", toolUses(MaxToolCalls + 1), "the answer has 1001 tool calls, over the limit of 1000 on one answer"},
		{"100,000 tool calls", toolUses(100_000), "the body holds more than 200000 JSON values, the limit on one answer"},
		{"a million numbers", `{"content":[],"x":[` + strings.Repeat("0,", 1_000_000) + `0]}`, "the body holds more than 200000 JSON values"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newFake(t, reply{status: 200, body: tc.body})
			g, _ := f.resolve(t, "anthropic", 3, nil)
			resp, err := g.Complete(context.Background(), hi())
			if tc.says == "" {
				if err != nil || len(resp.ToolCalls) != MaxToolCalls {
					t.Fatalf("%d tool calls, error %v", len(resp.ToolCalls), err)
				}
				return
			}
			var re *ResponseError
			if !errors.As(err, &re) || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("error %v, want a ResponseError saying %q", err, tc.says)
			}
			if n := len(f.requests()); n != 1 {
				t.Errorf("%d requests: a refused answer is not retried", n)
			}
		})
	}
}

func TestCountValues(t *testing.T) {
	t.Parallel()
	for body, want := range map[string]int{
		`{}`:                          1,
		`{"a":1,"b":[true,null,"x"]}`: 8, // keys count

		`["a\"b,c]", -1.5e3, {}]`: 4,
		`[0,0,0,0]`:               5,
		` "x" `:                   1,
	} {
		if got := countValues([]byte(body), 100); got != want {
			t.Errorf("countValues(%s) = %d, want %d", body, got, want)
		}
	}
	if got := countValues([]byte(strings.Repeat("[", 1000)), 10); got != 11 {
		t.Errorf("countValues stops past the most: %d", got)
	}
}

// TestBodiesInFlightShareABudget: a call reads its body only once the
// bodies being read and decoded leave room in the budget for it: with room
// for one, the second answer waits until the first is decoded.
func TestBodiesInFlightShareABudget(t *testing.T) {
	t.Parallel()
	first := make(chan struct{})
	var mu sync.Mutex
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		mu.Lock()
		n++
		me := n
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if me == 1 {
			_, _ = io.WriteString(w, `{"content":[{"type":"text","text":"one`) // chunked: no Content-Length
			w.(http.Flusher).Flush()
			<-first
			_, _ = io.WriteString(w, `"}],"stop_reason":"end_turn"}`)
			return
		}
		_, _ = io.WriteString(w, anthropicOK)
	}))
	defer srv.Close()
	b := newBudget(MaxBody)
	events := make(chan string, 4)
	b.trace = func(event string, n int64) { events <- fmt.Sprint(event, " ", n) }
	g, err := Resolve("anthropic", mapEnv(map[string]string{"ANTHROPIC_API_KEY": anthropicKey, "ANTHROPIC_BASE_URL": srv.URL}),
		Options{Client: srv.Client(), Sleep: (&sleeps{}).sleep, budget: b})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 2)
	go func() {
		resp, err := g.Complete(context.Background(), hi())
		if err == nil && resp.Text.Str() != "one" {
			err = fmt.Errorf("first text %q", resp.Text.Str())
		}
		done <- err
	}()
	// The first, sent without a Content-Length, reserves the whole budget
	// while its body arrives; the second must queue behind it.
	if got, want := <-events, fmt.Sprint("got ", MaxBody); got != want {
		t.Fatalf("first reservation %q, want %q", got, want)
	}
	go func() {
		_, err := g.Complete(context.Background(), hi())
		done <- err
	}()
	if got, want := <-events, fmt.Sprint("queued ", len(anthropicOK)); got != want {
		t.Errorf("second reservation %q, want %q", got, want)
	}
	close(first)
	for range 2 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
	if b.free != MaxBody || len(b.waiting) != 0 {
		t.Errorf("budget left at %d free, %d waiting", b.free, len(b.waiting))
	}
}

func TestBudgetWaitEndsWithTheContext(t *testing.T) {
	t.Parallel()
	b := newBudget(10)
	if err := b.acquire(context.Background(), 8); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	b.trace = func(string, int64) { cancel() }
	if err := b.acquire(ctx, 5); !errors.Is(err, context.Canceled) {
		t.Errorf("acquire = %v, want context.Canceled", err)
	}
	b.release(8)
	if b.free != 10 || len(b.waiting) != 0 {
		t.Errorf("budget left at %d free, %d waiting", b.free, len(b.waiting))
	}
}
