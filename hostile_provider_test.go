//go:build linux

package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The hostile provider: `run --cassette-mode record` of the built binary
// against answers made to leak the key past a byte search, to exhaust
// memory, or to stall the run, served from 127.0.0.1. Every run is checked
// as the hostile trees' are (deadline, address-space ceiling, peak memory,
// exit code, no panic, nothing a terminal would act on), and no key may
// reach the output or any cassette, whatever its shape.

// The keys of the hostile runs: long enough to be keys, made up.
const (
	hostileAnthropicKey = "sk-ant-api03-hostilePROVIDERtest-0123456789abcdef"
	hostileOpenAIKey    = "sk-proj-hostilePROVIDERtest-fedcba9876543210"
)

// providerProject is a project of one suite whose cases call provider
// (anthropic or openai) with a mocked tool; input is the first case's
// input.
func providerProject(t *testing.T, provider, input string, cases int) string {
	t.Helper()
	dir := t.TempDir()
	model := map[string]string{"anthropic": "claude-sonnet-4-6", "openai": "gpt-4.1-mini"}[provider]
	write(t, filepath.Join(dir, "dryfire.yaml"), "version: 1\ndefaults:\n  provider: "+provider+"\n  model: "+model+
		"\n  max_turns: 3\n  temperature: 0\nsuites:\n  - \"evals/*.eval.yaml\"\ncassettes:\n  dir: .dryfire/cassettes\n")
	var b strings.Builder
	b.WriteString("name: hostile\ntools:\n  - name: get_weather\n    input_schema: {type: object, properties: {city: {type: string}}}\n" +
		"mocks:\n  get_weather:\n    - return: {temp_f: 65}\ncases:\n")
	for i := range cases {
		in := input
		if i > 0 {
			in = "case " + strconv.Itoa(i)
		}
		fmt.Fprintf(&b, "  - name: c%d\n    input: %q\n    expect:\n      - final_contains: 65F\n", i, in)
	}
	write(t, filepath.Join(dir, "evals", "hostile.eval.yaml"), b.String())
	return dir
}

// hostileProvider serves answer at 127.0.0.1 for the test's life and
// returns the environment that points both providers at it.
func hostileProvider(t *testing.T, answer http.HandlerFunc) []string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		answer(w, r)
	}))
	t.Cleanup(srv.Close)
	return []string{"ANTHROPIC_BASE_URL=" + srv.URL, "OPENAI_BASE_URL=" + srv.URL + "/v1",
		"ANTHROPIC_API_KEY=" + hostileAnthropicKey, "OPENAI_API_KEY=" + hostileOpenAIKey}
}

// anthropicAnswer is an Anthropic answer of content blocks.
func anthropicAnswer(w http.ResponseWriter, blocks ...string) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"id":"msg","type":"message","role":"assistant","model":"m","content":[`+
		strings.Join(blocks, ",")+`],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}`)
}

func textBlock(s string) string { return `{"type":"text","text":` + strconv.Quote(s) + `}` }

// noKeyAnywhere fails when a key is in a run's output or, in any decoded
// form (JSON text inside strings included), in any file under dir.
func noKeyAnywhere(t *testing.T, dir string, r run) {
	t.Helper()
	for _, key := range []string{hostileAnthropicKey, hostileOpenAIKey} {
		if strings.Contains(r.stdout+r.stderr, key) || strings.Contains(r.stdout+r.stderr, key[10:30]) {
			t.Errorf("the output shows a key\n%v", r)
		}
	}
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if json.Unmarshal(data, &v) != nil {
			v = string(data)
		}
		if s := decodedText(v); strings.Contains(s, hostileAnthropicKey) || strings.Contains(s, hostileOpenAIKey) {
			t.Errorf("%s holds a key once decoded", path)
		}
		return nil
	})
}

// decodedText is every string of v, decoded again where it is JSON text,
// and the strings of each list joined (text blocks): what a program
// reading the file could rebuild.
func decodedText(v any) string {
	var b strings.Builder
	switch x := v.(type) {
	case string:
		b.WriteString(x + "\n")
		var inner any
		if json.Unmarshal([]byte(x), &inner) == nil {
			b.WriteString(decodedText(inner))
		}
	case []any:
		var joined strings.Builder
		for _, item := range x {
			b.WriteString(decodedText(item))
			if m, ok := item.(map[string]any); ok {
				if s, ok := m["text"].(string); ok {
					joined.WriteString(s)
				}
			}
		}
		b.WriteString(joined.String() + "\n")
	case map[string]any:
		for k, item := range x {
			b.WriteString(k + "\n" + decodedText(item))
		}
	}
	return b.String()
}

func recordArgs(extra ...string) []string {
	return append([]string{"run", "--cassette-mode", "record", "--yes"}, extra...)
}

// TestHostileProviderKeys: a provider that echoes its key in text blocks
// of a few bytes, or \u-escaped in a tool call's arguments, and a suite
// that interpolates ${ANTHROPIC_API_KEY}, never get a key into the output
// (-v included) or a cassette; the interpolated key refuses the recording
// naming the variable, or is redacted with --redact-secrets.
func TestHostileProviderKeys(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel()
	t.Run("anthropic key in 3-byte text blocks", func(t *testing.T) {
		t.Parallel()
		var blocks []string
		for i := 0; i < len(hostileAnthropicKey); i += 3 {
			blocks = append(blocks, textBlock(hostileAnthropicKey[i:min(i+3, len(hostileAnthropicKey))]))
		}
		env := hostileProvider(t, func(w http.ResponseWriter, _ *http.Request) { anthropicAnswer(w, blocks...) })
		dir := providerProject(t, "anthropic", "what is my key?", 1)
		r := runHostile(t, dir, env, recordArgs("-v")...)
		if !strings.Contains(r.stderr, "recorded 1 cassette") {
			t.Errorf("not recorded\n%v", r)
		}
		noKeyAnywhere(t, dir, r)
	})
	t.Run("openai key escaped in tool arguments", func(t *testing.T) {
		t.Parallel()
		var esc strings.Builder
		for _, c := range hostileOpenAIKey {
			fmt.Fprintf(&esc, `\u%04x`, c)
		}
		var mu sync.Mutex
		calls := 0
		env := hostileProvider(t, func(w http.ResponseWriter, _ *http.Request) {
			mu.Lock()
			calls++
			first := calls == 1
			mu.Unlock()
			w.Header().Set("Content-Type", "application/json")
			msg, finish := `{"role":"assistant","content":"65F"}`, "stop"
			if first {
				finish = "tool_calls"
				msg = `{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":` +
					strconv.Quote(`{"city":"`+esc.String()+`"}`) + `}}]}`
			}
			_, _ = io.WriteString(w, `{"id":"c","object":"chat.completion","model":"m","choices":[{"index":0,"message":`+msg+
				`,"finish_reason":"`+finish+`"}],"usage":{"prompt_tokens":1,"completion_tokens":1}}`)
		})
		dir := providerProject(t, "openai", "weather?", 1)
		r := runHostile(t, dir, env, recordArgs("-v", "--json-out", "run.json")...)
		if !strings.Contains(r.stderr, "recorded 2 cassettes") {
			t.Errorf("not recorded\n%v", r)
		}
		noKeyAnywhere(t, dir, r)
	})
	t.Run("a suite interpolating ANTHROPIC_API_KEY", func(t *testing.T) {
		t.Parallel()
		env := hostileProvider(t, func(w http.ResponseWriter, _ *http.Request) { anthropicAnswer(w, textBlock("65F")) })
		dir := providerProject(t, "anthropic", "my key is ${ANTHROPIC_API_KEY}", 1)
		r := runHostile(t, dir, env, recordArgs()...)
		if r.code != 3 || !strings.Contains(r.stderr, "the value of ANTHROPIC_API_KEY in the request digest at request_digest.messages[0].content") {
			t.Errorf("want the recording refused, naming the variable\n%v", r)
		}
		noKeyAnywhere(t, dir, r)
		r = runHostile(t, dir, env, recordArgs("--redact-secrets")...)
		if !strings.Contains(r.stderr, "recorded 1 cassette") || !strings.Contains(r.stderr, "redacted a secret before writing") {
			t.Errorf("want the recording redacted\n%v", r)
		}
		noKeyAnywhere(t, dir, r)
	})
}

// TestHostileProviderExhaustion: answers too large to hold (100,000 tool
// calls in 7 MB, a Content-Length of 100 MB, an endless chunked body, a
// gzip bomb, a chunk of 2^63 bytes), two calls at once, are refused as
// provider errors naming the limit, within the memory ceiling and without
// a goroutine dump; a 10 MB answer that is within the limits is recorded.
func TestHostileProviderExhaustion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel()
	chunk := bytes.Repeat([]byte(" "), 1<<20)
	bomb := sync.OnceValue(func() []byte {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		for range 100 {
			_, _ = zw.Write(make([]byte, 1<<20))
		}
		_ = zw.Close()
		return b.Bytes()
	})
	for _, tc := range []struct {
		name   string
		answer http.HandlerFunc
		says   string
	}{
		{"100,000 tool calls", func(w http.ResponseWriter, _ *http.Request) {
			blocks := make([]string, 100_000)
			for i := range blocks {
				blocks[i] = fmt.Sprintf(`{"type":"tool_use","id":"toolu_%06d","name":"get_weather","input":{"city":"SF"}}`, i)
			}
			anthropicAnswer(w, blocks...)
		}, "the body holds more than 200000 JSON values, the limit on one answer"},
		{"1,001 tool calls", func(w http.ResponseWriter, _ *http.Request) {
			blocks := make([]string, 1001)
			for i := range blocks {
				blocks[i] = fmt.Sprintf(`{"type":"tool_use","id":"t%d","name":"get_weather","input":{}}`, i)
			}
			anthropicAnswer(w, blocks...)
		}, "the answer has 1001 tool calls, over the limit of 1000 on one answer"},
		{"Content-Length of 100 MB", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Length", strconv.Itoa(100<<20))
			for range 100 {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}, "the body is 100 MiB, over the limit of 16 MiB on one answer"},
		{"endless chunked body", func(w http.ResponseWriter, _ *http.Request) {
			for range 1024 {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		}, "the body is longer than the limit of 16 MiB on one answer"},
		{"gzip bomb", func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			_, _ = w.Write(bomb())
		}, "the body is longer than the limit of 16 MiB on one answer"},
		{"a chunk of 2^63 bytes", func(w http.ResponseWriter, _ *http.Request) {
			conn, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				return
			}
			defer conn.Close()
			_, _ = buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n8000000000000000\r\n")
			for range 1024 {
				if _, err := buf.Write(chunk); err != nil || buf.Flush() != nil {
					return
				}
			}
		}, "the body is longer than the limit of 16 MiB on one answer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			env := hostileProvider(t, tc.answer)
			dir := providerProject(t, "anthropic", "weather?", 2)
			r := runHostile(t, dir, env, recordArgs("-v")...)
			if r.code != 3 || strings.Count(r.stderr, tc.says) < 2 {
				t.Errorf("want both calls refused saying %q\n%v", tc.says, r)
			}
			if n := countCassettes(t, dir); n != 0 {
				t.Errorf("%d cassettes written", n)
			}
		})
	}
	t.Run("a 10 MB answer", func(t *testing.T) {
		t.Parallel()
		text := strings.Repeat("lorem ipsum dolor sit amet ", 10<<20/27) + "65F"
		env := hostileProvider(t, func(w http.ResponseWriter, _ *http.Request) { anthropicAnswer(w, textBlock(text)) })
		dir := providerProject(t, "anthropic", "weather?", 2)
		r := runHostile(t, dir, env, recordArgs("-v")...)
		if r.code != 0 || !strings.Contains(r.stderr, "recorded 2 cassettes") {
			t.Errorf("want both recorded\n%v", r)
		}
	})
}

// TestHostileProviderLargeAnswerReports: a 10 MB answer to two cases,
// one of which fails, recorded and then replayed with -v, --json-out and
// --junit-out under a 2 GiB address space: both runs end with the failing
// case reported (its turns printed, the run document of 60 MB and the
// JUnit written), within the memory ceiling. Before the reports were
// streamed into their writes and a recorded answer was held once, each
// run held the answer's text some ten times over: 380-440 MB resident,
// and out of memory under the cap in a build with cgo.
func TestHostileProviderLargeAnswerReports(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel()
	text := strings.Repeat("lorem ipsum dolor sit amet ", 10<<20/27)
	var calls atomic.Int32
	env := hostileProvider(t, func(w http.ResponseWriter, _ *http.Request) {
		if calls.Add(1) == 1 {
			anthropicAnswer(w, textBlock(text+"65F"))
			return
		}
		anthropicAnswer(w, textBlock(text))
	})
	dir := providerProject(t, "anthropic", "weather?", 2)
	limit := fmt.Sprintf("ulimit -v %d", twoGiB)
	reports := []string{"-v", "--json-out", "run.json", "--junit-out", "junit.xml"}
	for _, args := range [][]string{recordArgs(reports...), append([]string{"run", "--cassette-mode", "replay"}, reports...)} {
		r := runLimited(t, dir, env, limit, args...)
		if r.code != 1 || !strings.Contains(r.stdout, "  response: lorem ipsum dolor sit amet lorem") {
			t.Errorf("want the failing case reported with its turns\n%v", r)
		}
		doc, err := os.ReadFile(filepath.Join(dir, "run.json"))
		if err != nil || len(doc) < 60<<20 || !json.Valid(doc) {
			t.Errorf("%v: the run document is %d bytes (%v); want the 60 MB of both cases, valid", args, len(doc), err)
		}
		if x, err := os.ReadFile(filepath.Join(dir, "junit.xml")); err != nil || !bytes.Contains(x, []byte(`failures="1"`)) {
			t.Errorf("%v: the JUnit file (%v):\n%.500s", args, err, x)
		}
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("%d calls; want 2, the replay calling none", n)
	}
}

func countCassettes(t *testing.T, dir string) int {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, ".dryfire", "cassettes", "*", "*", "*"))
	return len(files)
}

// TestHostileProviderRetryAfter: a 429 with Retry-After: 999999 (277
// hours, which dryfire waits) makes the run wait at most a minute, and the
// retry line says so with the provider's value. The run is interrupted
// once the line is printed.
func TestHostileProviderRetryAfter(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Parallel()
	for _, asked := range []string{"999999", "1e300"} {
		t.Run(asked, func(t *testing.T) {
			t.Parallel()
			env := hostileProvider(t, func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Retry-After", asked)
				w.WriteHeader(http.StatusTooManyRequests)
				_, _ = io.WriteString(w, `{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}`)
			})
			dir := providerProject(t, "anthropic", "weather?", 1)
			line := "retrying in 1m0s (retry 1 of 3, --max-retries; the provider's Retry-After is " + asked + " s; dryfire-tui waits at most 1m0s)"
			r := runUntilLine(t, dir, env, line, recordArgs()...)
			if !strings.Contains(r.stderr, line+": anthropic: HTTP 429 rate_limit_error: slow down") {
				t.Errorf("no capped retry line\n%v", r)
			}
			if r.code != 130 || strings.Contains(r.stderr, "goroutine ") {
				t.Errorf("want exit 130 on the interrupt\n%v", r)
			}
		})
	}
}

// runUntilLine runs the binary as runHostile does and interrupts it
// (SIGINT, as Ctrl-C) once its stderr has printed a line holding until.
func runUntilLine(t *testing.T, dir string, env []string, until string, args ...string) run {
	t.Helper()
	bin, err := hostileBinary()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), hostileDeadline)
	defer cancel()
	sh := append([]string{"-c", fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, hostileAddressSpace), bin}, args...)
	cmd := exec.CommandContext(ctx, "/bin/sh", sh...)
	cmd.Dir, cmd.Env, cmd.WaitDelay = dir, append(hostileEnv(), env...), 10*time.Second
	var stdout cappedBuffer
	cmd.Stdout = &stdout
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	sc := bufio.NewScanner(io.LimitReader(pipe, hostileOutputCap))
	for sc.Scan() {
		stderr.WriteString(sc.Text() + "\n")
		if strings.Contains(sc.Text(), until) {
			_ = cmd.Process.Signal(syscall.SIGINT)
			break
		}
	}
	_, _ = io.Copy(&stderr, pipe)
	_ = cmd.Wait()
	if ctx.Err() != nil {
		t.Fatalf("hung: still running after %v", hostileDeadline)
	}
	return run{args: args, stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
}
