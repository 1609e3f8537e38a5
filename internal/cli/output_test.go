package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/provider"
)

// outputRun is one run of the command line for the output policy's tests:
// stdout and stderr terminals or pipes, an environment, stdin.
type outputRun struct {
	terminal bool // stdout and stderr are terminals
	env      map[string]string
	stdin    string
}

func (o outputRun) run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Run(context.Background(), args, Env{
		Stdin: strings.NewReader(o.stdin), Stdout: &out, Stderr: &errOut,
		Now:        func() time.Time { return time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC) },
		Getenv:     func(k string) string { return o.env[k] },
		IsTerminal: o.terminal, ErrIsTerminal: o.terminal,
	})
	return out.String(), errOut.String(), code
}

// TestFingerprintCanonicalIsDryfiresBytes: --canonical on a pipe prints
// the exact text dryfire hashes, C1 controls, U+FEFF, U+0085, U+2028,
// U+2029, U+200B, U+202E and DEL raw as dryfire writes them
// (testdata/fingerprint/hostile.*, made by dryfire); on a terminal the
// same text escaped. The keys are dryfire's either way. Before, the pipe
// got the escapes.
func TestFingerprintCanonicalIsDryfiresBytes(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("testdata", "fingerprint")
	in := readText(t, filepath.Join(dir, "hostile.jsonl"))
	canonical := readText(t, filepath.Join(dir, "hostile.dryfire-canonical.txt"))
	keys := readText(t, filepath.Join(dir, "hostile.dryfire-keys.txt"))
	if !visible.Needs(canonical) {
		t.Fatal("the golden canonical text holds nothing a terminal would act on")
	}
	pipe := outputRun{stdin: in}
	if out, _, code := pipe.run(t, "fingerprint", "--canonical"); code != 0 || out != canonical {
		t.Errorf("pipe: exit %d\n%s", code, lineDiff(canonical, out))
	}
	if out, _, code := pipe.run(t, "fingerprint"); code != 0 || out != keys {
		t.Errorf("keys: exit %d\n%s", code, lineDiff(keys, out))
	}
	terminal := outputRun{terminal: true, stdin: in}
	if out, _, code := terminal.run(t, "fingerprint", "--canonical"); code != 0 || out != visible.Text(canonical) {
		t.Errorf("terminal: exit %d\n%s", code, lineDiff(visible.Text(canonical), out))
	}
}

// sgrRun matches our own colour sequences (visible.Style's).
var sgrRun = regexp.MustCompile(`\x1b\[(32|31|33|36|1|2|0)m`)

// TestRunOnATerminal: run's report on a terminal paints its glyphs with
// real colour sequences (before: printed as the text \x1b[32m), and every
// control character of the suites and the cassettes is escaped, so that
// the only escape sequences left are the tool's own (the glyphs', the
// notes'). Colour follows
// --color and NO_COLOR as people expect.
func TestRunOnATerminal(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, filepath.Join("testdata", "run", "projects", "hostile-text"))
	args := []string{"run", dir, "--cassette-mode", "replay", "-v"}
	out, _, code := outputRun{terminal: true}.run(t, args...)
	if code != exitFindings {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{"  \x1b[32m✓\x1b[0m passes \\u200b quietly", "  \x1b[31m✗\x1b[0m esc \\x1b[31mred\\x1b[0m",
		"names \\x1b]0;title\\x07 suite", `response: Sorry, I could not find order Z-000. \x1b]0;pwned\x07 \x1b[2J \u009b31m \ufeff \u0085 \u2028 \u200b.`} {
		if !strings.Contains(out, want) {
			t.Errorf("the terminal report lacks %q\n%s", want, out)
		}
	}
	if rest := sgrRun.ReplaceAllString(out, ""); visible.Text(rest) != rest {
		t.Errorf("an escape of the suites or cassettes reached the terminal:\n%q", rest)
	}
	tests := map[string]struct {
		run   outputRun
		flags []string
		color bool
	}{
		"a pipe":                               {outputRun{}, nil, false},
		"a pipe, --color=always":               {outputRun{}, []string{"--color=always"}, true},
		"a terminal, --color=never":            {outputRun{terminal: true}, []string{"--color", "never"}, false},
		"a terminal, NO_COLOR":                 {outputRun{terminal: true, env: map[string]string{"NO_COLOR": "1"}}, nil, false},
		"a terminal, NO_COLOR empty":           {outputRun{terminal: true, env: map[string]string{"NO_COLOR": ""}}, nil, true},
		"a terminal, NO_COLOR, --color=always": {outputRun{terminal: true, env: map[string]string{"NO_COLOR": "1"}}, []string{"--color=always"}, true},
		"a dumb terminal":                      {outputRun{terminal: true, env: map[string]string{"TERM": "dumb"}}, nil, false},
	}
	for name, tc := range tests {
		out, _, _ := tc.run.run(t, append(args, tc.flags...)...)
		if got := strings.Contains(out, "\x1b[32m✓\x1b[0m"); got != tc.color {
			t.Errorf("%s: coloured %v, want %v", name, got, tc.color)
		}
	}
	if _, stderr, code := (outputRun{}).run(t, append(args, "--color=sometimes")...); code != exitUsage || !strings.Contains(stderr, `unknown --color "sometimes"`) {
		t.Errorf("--color=sometimes: exit %d, %s", code, stderr)
	}
}

// TestRunJSONOnATerminalStaysJSON: the run document on a terminal is valid
// JSON with the values of the document on a pipe (but for the times two
// runs do not share), every unsafe character written as a JSON escape.
func TestRunJSONOnATerminalStaysJSON(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, filepath.Join("testdata", "run", "projects", "hostile-text"))
	args := []string{"run", dir, "--cassette-mode", "replay", "--reporter", "json"}
	onPipe, _, _ := outputRun{}.run(t, args...)
	onTerminal, _, _ := outputRun{terminal: true}.run(t, args...)
	if visible.Text(onTerminal) != onTerminal || onPipe == onTerminal {
		t.Fatalf("the terminal got raw controls, or the pipe got escapes")
	}
	var a, b any
	if err := json.Unmarshal([]byte(untimed(onPipe)), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(untimed(onTerminal)), &b); err != nil {
		t.Fatalf("not JSON on a terminal: %v", err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		t.Error("the document on a terminal has other values than on a pipe")
	}
}

// TestEscapeFlag: --escape escapes a pipe as a terminal (for less -R).
func TestEscapeFlag(t *testing.T) {
	t.Parallel()
	in := readText(t, filepath.Join("testdata", "fingerprint", "hostile.jsonl"))
	out, _, _ := outputRun{stdin: in}.run(t, "fingerprint", "--canonical", "--escape")
	want, _, _ := outputRun{terminal: true, stdin: in}.run(t, "fingerprint", "--canonical")
	if out != want {
		t.Errorf("--escape on a pipe:\n%s", lineDiff(want, out))
	}
}

// TestEnvKeys: the keys masked are provider.KeyValues' values named after
// their variables, with the form a cassette directory gives a key held in
// a case name; a providers: entry adds its api_key_env.
func TestEnvKeys(t *testing.T) {
	t.Parallel()
	env := map[string]string{"ANTHROPIC_API_KEY": "sk-a+b/c=d-0123456789", "CUSTOM_TOKEN": "custom-0123456789",
		"SOME_API_KEY": "some-0123456789", "X": "unlisted"}
	e := Env{Getenv: func(k string) string { return env[k] }, Environ: func() []string { return []string{"SOME_API_KEY=some-0123456789"} }}
	keys := visible.NewKeys(envKeys(e, nil)...)
	got := keys.Mask("a sk-a+b/c=d-0123456789 b sk-a_b_c_d-0123456789 c some-0123456789 d custom-0123456789 e unlisted")
	if want := "a [$ANTHROPIC_API_KEY] b [$ANTHROPIC_API_KEY] c [$SOME_API_KEY] d custom-0123456789 e unlisted"; got != want {
		t.Errorf("masked %q\nwant   %q", got, want)
	}
	custom := visible.NewKeys(envKeys(e, map[string]provider.Custom{"local": {KeyEnv: "CUSTOM_TOKEN"}})...)
	if got := custom.Mask("custom-0123456789"); got != "[$CUSTOM_TOKEN]" {
		t.Errorf("a providers: entry's key: %q", got)
	}
}
