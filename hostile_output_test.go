//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
)

// The output half of the hostile suite (issue 29, classes 2, 4 and 7; issue
// 24, item 1): what the real binary prints on terminals and on pipes, and
// writes for programs, when the project carries escapes, interpolated
// keys, recorded secrets and names that are CI workflow commands.

// skipUnlessHostile skips the slow suite in -short runs.
func skipUnlessHostile(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	if _, err := hostileBinary(); err != nil {
		t.Fatal(err)
	}
}

// escapesThatRun is a project whose runs go through: escape sequences in
// a recorded text (parallel_lookups' last answer) and in the names, the
// input, the answers and the expected texts of a suite of scripted cases,
// one of which fails.
func escapesThatRun(t *testing.T) string {
	t.Helper()
	dir := projectA(t)
	live, err := os.ReadFile(filepath.Join(dir, liveCassette))
	if err != nil {
		t.Fatal(err)
	}
	evilText := `\u001b]52;c;Y3VybCBldmlsLnNo\u0007\u001b[2J\u202e\u009b2J \ufeff\u0085\u2028\u200b`
	write(t, filepath.Join(dir, liveCassette), strings.ReplaceAll(string(live), `"text": "A-991`, `"text": "`+evilText+`A-991`))
	write(t, filepath.Join(dir, "evals/evil.eval.yaml"), `name: "evil\e]0;title\a\u202e"
provider: fake
cases:
  - name: "case\e[2J\u009b2J"
    input: "hi \e]52;c;ZXZpbA==\a"
    script: [{text: "answer \e[31mred \ufeff\N\L"}]
    expect: [{final_contains: ["\e[2J"]}]
  - name: "passes \u200b"
    input: hi
    script: [{text: "ok"}]
    expect: [{final_contains: ["ok"]}]
`)
	return dir
}

// ourColours are the only escape sequences the tool writes itself (the
// glyphs', and the notes' of a terminal: yellow, dim).
var ourColours = regexp.MustCompile(`\x1b\[(31|32|33|36|1|2|0)m`)

// TestHostileColoursOnATerminal: with colour on, a terminal gets run's
// glyphs in real colour sequences, and they are the only escape sequences
// it gets: the escapes of the names and recorded texts arrive escaped.
func TestHostileColoursOnATerminal(t *testing.T) {
	skipUnlessHostile(t)
	t.Parallel()
	dir := escapesThatRun(t)
	for _, args := range [][]string{{"run", "--cassette-mode", "replay", "-v"}, {"run", "--cassette-mode", "replay", "--color=always"}} {
		r := execHostile(t, dir, []string{"NO_COLOR="}, true, args)
		if !strings.Contains(r.stdout, "\x1b[32m✓\x1b[0m") || !strings.Contains(r.stdout, "\x1b[31m✗\x1b[0m") {
			t.Errorf("the glyphs are not in colour\n%v", r)
		}
		r.stdout = ourColours.ReplaceAllString(r.stdout, "")
		checkRun(t, r)
	}
}

// TestHostilePipesCarryDryfiresBytes: on a pipe, the run document and the
// JUnit XML on stdout are the bytes of the files dryfire's --json-out and
// --junit-out write (held to dryfire's own in internal/cli), raw escapes
// and all, and fingerprint --canonical prints the exact text dryfire
// hashes; on a terminal the same documents are escaped, the run document
// still JSON with the same values.
func TestHostilePipesCarryDryfiresBytes(t *testing.T) {
	skipUnlessHostile(t)
	t.Parallel()
	dir := escapesThatRun(t)
	for _, reporter := range []string{"json", "junit"} {
		file := filepath.Join(t.TempDir(), "out")
		out := "--json-out"
		if reporter == "junit" {
			out = "--junit-out"
		}
		args := []string{"run", "--cassette-mode", "replay", "--reporter", reporter, out, file}
		pipe := runHostilePipe(t, dir, nil, args...)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if pipe.stdout != string(data) || visible.Text(pipe.stdout) == pipe.stdout {
			t.Errorf("--reporter %s on a pipe is not the bytes of %s, raw escapes included\n%v", reporter, out, pipe)
		}
		terminal := runHostile(t, dir, nil, args...)
		if reporter == "json" && !sameJSON(t, pipe.stdout, terminal.stdout) {
			t.Errorf("the run document on a terminal has other values than on a pipe\n%v", terminal)
		}
	}
	golden := filepath.Join("testdata", "fingerprint")
	in, err := os.ReadFile(filepath.Join(golden, "hostile.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "hostile.jsonl"), string(in))
	want, err := os.ReadFile(filepath.Join(golden, "hostile.dryfire-canonical.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if r := runHostilePipe(t, dir, nil, "fingerprint", "--canonical", "hostile.jsonl"); r.stdout != string(want) {
		t.Errorf("--canonical on a pipe is not dryfire's text\n%v", r)
	}
	if r := runHostile(t, dir, nil, "fingerprint", "--canonical", "hostile.jsonl"); r.stdout != visible.Text(string(want)) {
		t.Errorf("--canonical on a terminal is not dryfire's text escaped\n%v", r)
	}
}

// measured are the members of the run document that two runs do not share.
var measured = regexp.MustCompile(`"(generated_at|duration_ms)": ("[^"]*"|\d+)`)

// sameJSON reports whether two run documents hold the same values, but
// for their times.
func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	a, b = measured.ReplaceAllString(a, `"$1": 0`), measured.ReplaceAllString(b, `"$1": 0`)
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	return reflect.DeepEqual(x, y)
}

// keyCommands are the runs of the key and CI cases: every command that
// prints names or the texts of a suite.
var keyCommands = [][]string{
	{"check"}, {"check", "--json"}, {"check", "--format", "github"},
	{"replay"}, {"replay", "--json"},
	{"run", "--cassette-mode", "replay"}, {"run", "--cassette-mode", "replay", "-v"},
	{"run", "--cassette-mode", "replay", "--reporter", "json"}, {"run", "--cassette-mode", "replay", "--reporter", "junit"},
	{"ls"}, {"ls", "--json"}, {"prune"}, {"prune", "--json"}, {"diff"}, {"doctor"}, {"secrets"},
}

// TestHostileKeysAreNeverShown: a suite interpolates the values of an API
// key variable and of a providers: entry's api_key_env into a case name,
// an input and expected texts, and a recording is filed under a name that
// holds the key. No run, on a terminal or a pipe, prints any eight
// characters of either key, and neither do --json-out and --junit-out.
func TestHostileKeysAreNeverShown(t *testing.T) {
	skipUnlessHostile(t)
	t.Parallel()
	anthropic, local := "KEYVALUE-anthropic-hostile-0123456789", "KEYVALUE-local-hostile-9876543210"
	env := []string{"ANTHROPIC_API_KEY=" + anthropic, "LOCAL_VLLM_KEY=" + local}
	dir := projectA(t)
	config, err := os.ReadFile(filepath.Join(dir, "dryfire.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "dryfire.yaml"), string(config)+"providers:\n  local-vllm:\n    base_url: \"http://127.0.0.1:9/v1\"\n    api_key_env: LOCAL_VLLM_KEY\n")
	write(t, filepath.Join(dir, "evals/leaky.eval.yaml"), `name: leaky
provider: fake
cases:
  - name: "names ${ANTHROPIC_API_KEY} and ${LOCAL_VLLM_KEY}"
    input: "key ${ANTHROPIC_API_KEY}"
    script:
      - text: "no"
    expect:
      - final_contains: ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa${ANTHROPIC_API_KEY}"]
      - final_contains: ["${LOCAL_VLLM_KEY}"]
`)
	live, err := os.ReadFile(filepath.Join(dir, liveCassette))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, ".dryfire/cassettes/leaky", "named_"+anthropic, "00-6e943a4a4125d90d.json"), string(live))
	windows := map[string]bool{}
	for _, k := range []string{anthropic, local} {
		for i := 0; i+8 <= len(k); i++ {
			windows[k[i:i+8]] = true
		}
	}
	leak := func(out string) string {
		for w := range windows {
			if strings.Contains(out, w) {
				return w
			}
		}
		return ""
	}
	files := filepath.Join(t.TempDir(), "run")
	all := append(keyCommands, []string{"run", "--cassette-mode", "replay", "-v", "--json-out", files + ".json", "--junit-out", files + ".xml"})
	for _, args := range all {
		for _, r := range []run{runHostile(t, dir, env, args...), runHostilePipe(t, dir, env, args...)} {
			if w := leak(r.stdout + r.stderr); w != "" {
				t.Errorf("%q of a key is printed\n%v", w, r)
			}
		}
	}
	for _, f := range []string{files + ".json", files + ".xml"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if w := leak(string(data)); w != "" || !strings.Contains(string(data), "[$ANTHROPIC_API_KEY]") {
			t.Errorf("%s: %q of a key is written, or no mask is", filepath.Base(f), w)
		}
	}
}

// TestHostileRecordedSecretsAreMasked: a secret recorded in a response
// text is printed as its mask by run -v and --reporter json, on a terminal
// and on a pipe (a CI log), and is shown with --reveal; --json-out keeps
// dryfire's bytes.
func TestHostileRecordedSecretsAreMasked(t *testing.T) {
	skipUnlessHostile(t)
	t.Parallel()
	secret := secrettest.New(2029).Anthropic()
	dir := projectA(t)
	suiteFile := filepath.Join(dir, "evals/support/refund_agent.eval.yaml")
	suite, err := os.ReadFile(suiteFile)
	if err != nil {
		t.Fatal(err)
	}
	// The case fails, so that -v prints its turns.
	write(t, suiteFile, strings.Replace(string(suite), "      - final_contains: refund\n", "      - final_contains: refund\n      - final_contains: \"never said\"\n", 1))
	rel := ".dryfire/cassettes/refund_agent/refunds_small_order_after_retry/03-b1504efe2a8746da.json"
	recorded, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, rel), strings.ReplaceAll(string(recorded), "Your refund R-2 has been issued.", "Your refund R-2 has been issued. debug "+secret.Text))
	file := filepath.Join(t.TempDir(), "run.json")
	for _, args := range [][]string{{"run", "--cassette-mode", "replay", "-v"}, {"run", "--cassette-mode", "replay", "--reporter", "json", "--json-out", file}} {
		for _, r := range []run{runHostile(t, dir, nil, args...), runHostilePipe(t, dir, nil, args...)} {
			if strings.Contains(r.stdout+r.stderr, secret.Random) || !strings.Contains(r.stdout, "debug [anthropic-api-key sk-ant-") {
				t.Errorf("the recorded secret is printed, or not as its mask\n%v", r)
			}
		}
		if r := runHostilePipe(t, dir, nil, append(args, "--reveal")...); !strings.Contains(r.stdout, secret.Text) {
			t.Errorf("--reveal does not show the secret\n%v", r)
		}
	}
	if data, err := os.ReadFile(file); err != nil || !strings.Contains(string(data), secret.Text) {
		t.Errorf("--json-out does not keep dryfire's bytes: %v", err)
	}
}

// TestHostileNamesAreNotWorkflowCommands: suite and case names that are
// GitHub Actions workflow commands, or hold "##[", never begin a line of a
// CI log (a pipe) as one: the only lines that begin with "::" are check
// --format github's own annotations.
func TestHostileNamesAreNotWorkflowCommands(t *testing.T) {
	skipUnlessHostile(t)
	t.Parallel()
	dir := projectA(t)
	write(t, filepath.Join(dir, "evals/forged.eval.yaml"), `name: "::set-output name=x::y"
provider: fake
cases:
  - name: "::error file=a.yaml::fake"
    input: hi
    script: [{text: "no"}]
    expect: [{final_contains: ["yes"]}]
  - name: "x ##[error]fake"
    input: hi
    script: [{text: "no"}]
    expect: [{final_contains: ["yes"]}]
  - name: "\u3000::stop-commands::t\nnext line"
    input: hi
    script: [{text: "no"}]
    expect: [{final_contains: ["yes"]}]
`)
	ours := regexp.MustCompile(`^::(error|warning) (file|title)=`)
	for _, args := range keyCommands {
		r := runHostilePipe(t, dir, nil, args...)
		for _, line := range strings.FieldsFunc(r.stdout+"\n"+r.stderr, func(c rune) bool { return c == '\n' || c == '\r' }) {
			trimmed := strings.TrimLeftFunc(line, unicode.IsSpace)
			switch {
			case strings.Contains(line, "##["):
				t.Errorf("a line holds ##[: %q\n%v", line, r)
			case strings.HasPrefix(trimmed, "::") && !(args[0] == "check" && len(args) == 3 && ours.MatchString(line)):
				t.Errorf("a line is a workflow command: %q\n%v", line, r)
			}
		}
	}
}
