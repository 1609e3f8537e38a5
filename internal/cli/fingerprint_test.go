package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFingerprintCommand(t *testing.T) {
	t.Parallel()
	in := `{"provider":"anthropic","model":"claude-sonnet-4-6","system":null,"messages":[{"role":"user","content":"Hi","tool_calls":[],"tool_results":[]}],"tools":[],"params":{"temperature":0.0,"top_p":null,"max_tokens":null,"stop_sequences":[]}}

{"provider":"p","model":"m","system":null,"messages":[{"content":{"x":NaN}}],"tools":[],"params":{}}
[1]
{"provider":`
	out, errOut, code := runWithStdin(t, in, "fingerprint")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(lines) != 4 || len(lines[0]) != 16 || !strings.Contains(errOut, "3 of 4 lines") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	for i, want := range []string{"", "error: ValueError: Out of range float values are not JSON compliant",
		"error: TypeError: dryfire.domain.fingerprint.fingerprint() argument after ** must be a mapping, not list", "error: invalid JSON at column 13"} {
		if !strings.HasPrefix(lines[i], want) {
			t.Errorf("line %d = %q, want %q…", i, lines[i], want)
		}
	}
	canon, _, code := runWithStdin(t, strings.SplitN(in, "\n", 2)[0], "fingerprint", "-", "--canonical")
	if code != 0 || !strings.HasPrefix(canon, `{"messages":[{"content":"Hi"`) || !strings.Contains(canon, `"schema_version":1`) {
		t.Errorf("--canonical: exit %d, %s", code, canon)
	}
	tape, _, code := runWithStdin(t, `{"args": [1.0, "x"]}`+"\n"+`{"args": [1, "x"]}`, "fingerprint", "--tape", "js")
	if keys := strings.Fields(tape); code != 0 || len(keys) != 2 || keys[0] != keys[1] {
		t.Errorf("--tape js: 1.0 and 1 are one number in JavaScript: exit %d, %q", code, tape)
	}
	tape, _, _ = runWithStdin(t, `{"args": [1.0, "x"]}`+"\n"+`{"args": [1, "x"]}`, "fingerprint", "--tape", "py")
	if keys := strings.Fields(tape); len(keys) != 2 || keys[0] == keys[1] {
		t.Errorf("--tape py: 1.0 and 1 differ in Python: %q", tape)
	}
	if _, _, code := runWithStdin(t, "", "fingerprint", "--tape", "rb"); code != 2 {
		t.Errorf("--tape rb: exit %d, want 2", code)
	}
}

// TestFingerprintCommandGolden runs dryfire's golden hash args through the
// command and compares every key.
func TestFingerprintCommandGolden(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/golden/dryfire/fingerprints.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	var want []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		// Cut the hash_args object out of the line text, keeping it verbatim.
		start := strings.Index(line, `"hash_args": `) + len(`"hash_args": `)
		end := strings.LastIndex(line, `, "canonical": `)
		in.WriteString(line[start:end] + "\n")
		var rec struct{ Fingerprint string }
		json.Unmarshal([]byte(line), &rec)
		want = append(want, rec.Fingerprint)
	}
	out, _, code := runWithStdin(t, in.String(), "fingerprint")
	if got := strings.Fields(out); code != 0 || strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("exit %d; keys differ from dryfire's", code)
	}
}

// TestFingerprintRefusesWhatDryfireRefuses runs hash-args lines dryfire's
// fingerprint(**hash_args) refuses (unknown and missing keys, tools
// without a name, values Python cannot iterate or index, NaN, lone
// surrogates) and some it accepts, and compares every output line with
// what dryfire printed for it.
func TestFingerprintRefusesWhatDryfireRefuses(t *testing.T) {
	t.Parallel()
	want, err := os.ReadFile(filepath.Join("testdata", "fingerprint", "refusals.dryfire.txt"))
	if err != nil {
		t.Fatal(err)
	}
	in, err := os.ReadFile(filepath.Join("testdata", "fingerprint", "refusals.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	out, _, code := runWithStdin(t, string(in), "fingerprint")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	got, exp := strings.Split(strings.TrimSpace(out), "\n"), strings.Split(strings.TrimSpace(string(want)), "\n")
	if len(got) != len(exp) {
		t.Fatalf("%d lines, dryfire %d", len(got), len(exp))
	}
	for i := range exp {
		if got[i] != exp[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, got[i], exp[i])
		}
	}
}
