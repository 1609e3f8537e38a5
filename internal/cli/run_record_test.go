package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
)

const recordFixtures = "testdata/golden/record"

// recordRun runs `dryfire-tui run` with args in dir, against env only,
// with no waits between retries.
type recordRun struct {
	dir      string
	stdin    string
	terminal bool
	ctx      context.Context
}

func (r recordRun) run(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	ctx := r.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	code = Run(ctx, append([]string{"run"}, args...), Env{
		Stdin: strings.NewReader(r.stdin), Stdout: &out, Stderr: &errOut, InputIsTerminal: r.terminal, Dir: r.dir,
		Now:    func() time.Time { return time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC) },
		Getenv: func(k string) string { return env[k] },
		tuneProviders: func(o *provider.Options) {
			o.Sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
			o.Random = func() float64 { return 0 }
		},
	})
	return code, out.String(), errOut.String()
}

// fixtureCopy copies a record fixture's project, its providers: base_url
// at srv.
func fixtureCopy(t *testing.T, name string, srv *providertest.Server) string {
	t.Helper()
	dir := reviewtest.CopyTree(t, filepath.Join(recordFixtures, name, "project"))
	cfg := filepath.Join(dir, "dryfire.yaml")
	data := readText(t, cfg)
	if err := os.WriteFile(cfg, []byte(strings.ReplaceAll(data, "FAKEPORT", srv.Port())), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestRecordAsks: a run that calls providers says what it will call and
// asks; without a terminal it needs --yes; "no" calls nothing (exit 1),
// "y" records.
func TestRecordAsks(t *testing.T) {
	t.Parallel()
	fixture := filepath.Join(recordFixtures, "judge-openai-H")
	srv := providertest.Golden(t, fixture)
	dir := fixtureCopy(t, "judge-openai-H", srv)
	env := srv.Env()

	code, stdout, stderr := recordRun{}.run(t, env, dir, "--cassette-mode", "record")
	if code != exitUsage || stdout != "" || len(srv.Requests()) != 0 {
		t.Fatalf("without a terminal: exit %d, %d calls, stdout %q", code, len(srv.Requests()), stdout)
	}
	for _, want := range []string{
		"dryfire-tui: --cassette-mode record calls the model providers:\n",
		// Where the calls go, before anything is called.
		"  openai (gpt-4.1-mini, gpt-4.1-nano, gpt-4.1; OPENAI_API_KEY is set): at most 109 calls, to " + srv.URL + "/v1 (OPENAI_BASE_URL)\n",
		"  17 cases (20 repetitions), at most 109 calls\n",
		"  estimated cost: unknown: 109 calls with no price in the pricing table (openai:gpt-4.1, openai:gpt-4.1-mini, openai:gpt-4.1-nano)\n",
		"  estimated cost: ", "cassettes go to .dryfire/cassettes\n",
		"dryfire-tui: hint: pass --yes to call the providers without a terminal to ask on\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}

	code, _, stderr = recordRun{stdin: "n\n", terminal: true}.run(t, env, dir, "--cassette-mode", "record")
	// The question counts the unpriced calls on the line a person answers.
	if code != exitFindings || len(srv.Requests()) != 0 || !strings.Contains(stderr, "Call the providers (109 calls at most; no price for any of the 109 calls)? [y/N] ") {
		t.Fatalf("answered no: exit %d, %d calls\n%s", code, len(srv.Requests()), stderr)
	}

	code, stdout, stderr = recordRun{stdin: "y\n", terminal: true}.run(t, env, dir, "--cassette-mode", "record")
	if code != 1 || len(srv.Requests()) != 46 {
		t.Fatalf("answered yes: exit %d (dryfire's 1), %d calls (dryfire's 46)\n%s", code, len(srv.Requests()), stderr)
	}
	if !strings.Contains(stderr, "dryfire-tui: recorded 46 cassettes under .dryfire/cassettes\n") || !strings.Contains(stdout, "18 cases") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
	}
}

// TestRecordSkipsWithoutKey: a case whose provider has no key is skipped
// with dryfire's line on stdout before the report (a scripted case still
// runs); when every case is skipped, the run exits 0 with no report and no
// question. Either way, with most cases skipped, stderr warns that they
// were not tested, and says how to test them (before: nothing said so,
// and a CI job without keys went green having tested one case of 22).
func TestRecordSkipsWithoutKey(t *testing.T) {
	t.Parallel()
	srv := providertest.Golden(t, filepath.Join(recordFixtures, "compat-S"))
	dir := fixtureCopy(t, "compat-S", srv)
	code, stdout, stderr := recordRun{}.run(t, srv.Env(), dir, "--cassette-mode", "auto")
	lines := strings.Split(stdout, "\n")
	const hint = "dryfire-tui: hint: --cassette-mode replay tests every case from its cassettes, offline, with no key (or set cassettes.mode: replay in dryfire.yaml)\n"
	if code != 0 || stderr != "dryfire-tui: warning: 21 of 22 cases were skipped, not tested: LOCAL_VLLM_KEY is not set\n"+hint ||
		len(srv.Requests()) != 0 || len(lines) < 24 ||
		lines[0] != "skipped checkout flow/v2::add to cart (needs LOCAL_VLLM_KEY)" || lines[21] != "hello_fake  evals/hello.eval.yaml" {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}

	// The JUnit file lists the case that ran, as dryfire writes it, and
	// stderr says that the skipped ones are not in it.
	junit := filepath.Join(t.TempDir(), "report.xml")
	code, _, stderr = recordRun{}.run(t, srv.Env(), dir, "--cassette-mode", "auto", "--junit-out", junit)
	xml, err := os.ReadFile(junit)
	if code != 0 || err != nil || strings.Count(string(xml), "<testcase ") != 1 || strings.Contains(string(xml), "skipped") ||
		!strings.Contains(stderr, "dryfire-tui: warning: "+junit+" lists the 1 case that ran, as dryfire writes it: no skipped case is in it\n") {
		t.Errorf("--junit-out: exit %d, %v\n%s\nstderr:\n%s", code, err, xml, stderr)
	}

	// A suite file runs with the dryfire.yaml of the working directory.
	code, stdout, stderr = recordRun{dir: dir}.run(t, srv.Env(), "evals/ops/incident.eval.yaml", "--cassette-mode", "record")
	if code != 0 || stderr != "dryfire-tui: warning: all 5 cases were skipped, not tested: LOCAL_VLLM_KEY is not set\n"+hint ||
		strings.Count(stdout, "\n") != 5 || !strings.HasPrefix(stdout, "skipped incident_triage::") {
		t.Errorf("every case skipped: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// TestRecordNeverShowsTheKey: for each wire (Anthropic, OpenAI, a
// providers: entry, Gemini), a provider that echoes the key in an error
// body, in a 5xx that is retried and in its answers never gets any part
// of it into stdout, stderr (progress and retry lines included), the run
// document, JUnit, a cassette or any other file, in record, auto or off
// mode; and the key leaves the process only in its credential header.
func TestRecordNeverShowsTheKey(t *testing.T) {
	t.Parallel()
	const key = "Zq8WfT3nKc7LmP2vXy9RbH4sJd6GtA1eQ0uN5oMi"
	for _, tc := range []struct{ fixture, keyEnv, header string }{
		{"anthropic-A", "ANTHROPIC_API_KEY", "X-Api-Key"},
		{"judge-openai-H", "OPENAI_API_KEY", "Authorization"},
		{"compat-S", "LOCAL_VLLM_KEY", "Authorization"},
		{"gemini-B", "GEMINI_API_KEY", "X-Goog-Api-Key"},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			t.Parallel()
			srv := providertest.New(t, providertest.Numbered(func(n int, path string, body jsonv.Value) (int, string) {
				switch n {
				case 1:
					return 401, `{"error":{"message":"Incorrect API key provided: ` + key + `","type":"invalid_request_error"}}`
				case 2:
					return 503, "upstream refused the key " + key
				}
				return echoKey(path, key)
			}))
			dir := fixtureCopy(t, tc.fixture, srv)
			env := srv.Env(tc.keyEnv)
			env[tc.keyEnv] = key
			texts := map[string]string{}
			for _, mode := range []string{"record", "auto", "off"} {
				code, stdout, stderr := recordRun{}.run(t, env, dir, "--cassette-mode", mode, "--yes", "--concurrency", "1",
					"--json-out", filepath.Join(dir, mode+".json"), "--junit-out", filepath.Join(dir, mode+".xml"), "-v")
				if code != 3 && code != 1 {
					t.Fatalf("%s: exit %d\n%s", mode, code, stderr)
				}
				texts[mode+" stdout"], texts[mode+" stderr"] = stdout, stderr
			}
			if !strings.Contains(texts["record stderr"], "retrying in ") || !strings.Contains(texts["record stderr"], " recorded\n") ||
				!strings.Contains(texts["record stdout"], "provider_error") {
				t.Errorf("the run did not fail, retry and record as planned:\n%s\n%s", texts["record stdout"], texts["record stderr"])
			}
			err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					texts[p] = readText(t, p)
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			for name, text := range texts {
				for i := 0; i+8 <= len(key); i++ {
					if strings.Contains(text, key[i:i+8]) {
						t.Errorf("%s shows %q, part of the key", name, key[i:i+8])
						break
					}
				}
			}
			for _, r := range srv.Requests() {
				if !strings.Contains(r.Header.Get(tc.header), key) || strings.Contains(providertest.Sorted(r.Body), key[:8]) {
					t.Fatalf("%s: the key is not in %s alone", r.Path, tc.header)
				}
			}
		})
	}
}

// echoKey is an answer in path's wire format whose text and raw payload
// carry key.
func echoKey(path, key string) (int, string) {
	text := quote("the key was " + key)
	switch {
	case strings.HasSuffix(path, "/v1/messages"):
		return 200, `{"id":"msg_1","model":"m","content":[{"type":"text","text":` + text + `}],"stop_reason":"end_turn","usage":{"input_tokens":3,"output_tokens":2},"echo":"` + key + `"}`
	case strings.HasSuffix(path, "/chat/completions"):
		return 200, `{"id":"chatcmpl-1","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":` + text +
			`},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":2},"echo":"` + key + `"}`
	}
	return 200, `{"candidates":[{"content":{"role":"model","parts":[{"text":` + text + `}]},"finishReason":"STOP"}],"echo":"` + key + `"}`
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestRecordInterrupted: Ctrl-C while recording stops the run (exit 130)
// and says what it wrote; every file written is whole.
func TestRecordInterrupted(t *testing.T) {
	t.Parallel()
	fixture := filepath.Join(recordFixtures, "openai-C")
	srv := providertest.Golden(t, fixture)
	dir := fixtureCopy(t, "openai-C", srv)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.OnRequest = func(n int) {
		if n == 10 {
			cancel()
		}
	}
	code, stdout, stderr := recordRun{ctx: ctx}.run(t, srv.Env(), dir, "--cassette-mode", "record", "--yes",
		"--json-out", filepath.Join(dir, "run.json"))
	if code != exitInterrupted || stdout != "" {
		t.Fatalf("exit %d, stdout %q", code, stdout)
	}
	if !strings.Contains(stderr, "dryfire-tui: stopped after recording ") || !strings.HasSuffix(stderr, "dryfire-tui: interrupted\n") {
		t.Errorf("stderr:\n%s", stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "run.json")); !os.IsNotExist(err) {
		t.Errorf("an interrupted run wrote a run document (%v)", err)
	}
	expected := filepath.Join(fixture, "expected-cassettes")
	err := filepath.WalkDir(filepath.Join(dir, ".dryfire", "cassettes"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(filepath.Join(dir, ".dryfire", "cassettes"), p)
		got := latencyField.ReplaceAllString(readText(t, p), `"latency_ms": 0`)
		if want, err := os.ReadFile(filepath.Join(expected, rel)); err != nil || got != string(want) {
			t.Errorf("%s is not whole dryfire cassette (%v)", rel, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

var latencyField = regexp.MustCompile(`"latency_ms": \d+`)

// TestRecordMatchesDryfire records the gemini-B fixture as the real
// dryfire did (testdata/run/README.md, record/): the same terminal report,
// run document and JUnit XML, apart from the times and the measured
// latencies, and the same exit code.
func TestRecordMatchesDryfire(t *testing.T) {
	t.Parallel()
	want := filepath.Join("testdata", "run", "record", "gemini-B")
	srv := providertest.Golden(t, filepath.Join(recordFixtures, "gemini-B"))
	dir := fixtureCopy(t, "gemini-B", srv)
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := recordRun{}.run(t, srv.Env(), dir, "--cassette-mode", "record", "--yes",
		"--json-out", filepath.Join(dir, "run.json"), "--junit-out", filepath.Join(dir, "junit.xml"))
	if wantCode := strings.TrimSpace(readText(t, filepath.Join(want, "exit_code"))); strconv.Itoa(code) != wantCode {
		t.Errorf("exit %d, dryfire %s\n%s", code, wantCode, stderr)
	}
	if got, w := untimed(stdout), untimed(strings.ReplaceAll(readText(t, filepath.Join(want, "stdout.txt")), "<PROJECT>/", "")); got != w {
		t.Errorf("stdout differs from dryfire's:\n%s", lineDiff(w, got))
	}
	for _, f := range []string{"run.json", "junit.xml"} {
		w := untimed(latencyField.ReplaceAllString(strings.ReplaceAll(readText(t, filepath.Join(want, f)), "<PROJECT>", root), `"latency_ms": 0`))
		got := untimed(latencyField.ReplaceAllString(readText(t, filepath.Join(dir, f)), `"latency_ms": 0`))
		if got != w {
			t.Errorf("%s differs from dryfire's:\n%s", f, lineDiff(w, got))
		}
	}
}

// TestRecordMaxRetries: --max-retries sets dryfire's retries around each
// call (the OpenAI SDK's own two tries inside each attempt stay), and the
// provider's last error ends the case.
func TestRecordMaxRetries(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args     []string
		requests int
	}{
		{nil, 12}, // dryfire's default of 3 retries
		{[]string{"--max-retries", "0"}, 3},
		{[]string{"--max-retries", "1"}, 6},
	} {
		name := strings.Join(tc.args, " ")
		if name == "" {
			name = "default"
		}
		t.Run(name, func(t *testing.T) {
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
			code, stdout, stderr := recordRun{}.run(t, srv.Env(), append([]string{dir, "--cassette-mode", "record", "--yes"}, tc.args...)...)
			if code != 3 || len(srv.Requests()) != tc.requests || strings.Count(stderr, "retrying in ") != tc.requests-1 {
				t.Errorf("exit %d, %d requests, %d retry lines; want 3, %d, %d\n%s", code, len(srv.Requests()),
					strings.Count(stderr, "retrying in "), tc.requests, tc.requests-1, stderr)
			}
			if !strings.Contains(stdout, "provider_error") || !strings.Contains(stderr, "s::only turn 00 failed: openai: HTTP 500") {
				t.Errorf("stdout:\n%s\nstderr:\n%s", stdout, stderr)
			}
		})
	}
}
