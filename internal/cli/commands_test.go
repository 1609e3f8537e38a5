package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandTable covers the subcommand table: help, version, unknown
// commands and bad flags, with their exit codes.
func TestCommandTable(t *testing.T) {
	tests := map[string]struct {
		args     []string
		code     int
		stdout   string
		stderr   string
		noStdout bool
	}{
		"help":                 {args: []string{"help"}, code: 0, stdout: "replay       replay every case offline"},
		"--help":               {args: []string{"--help"}, code: 0, stdout: "Exit codes: 0 ok"},
		"help command":         {args: []string{"help", "prune"}, code: 0, stdout: "--yes"},
		"help unknown":         {args: []string{"help", "frobnicate"}, code: 2, stderr: `unknown command "frobnicate"`},
		"version":              {args: []string{"version"}, code: 0, stdout: "dryfire-tui v"},
		"unknown with a hint":  {args: []string{"replya"}, code: 2, stderr: `did you mean "replay"?`},
		"unknown, no guess":    {args: []string{"frobnicate"}, code: 2, stderr: "run 'dryfire-tui help' for the list of commands"},
		"bad flag":             {args: []string{"replay", "--frob"}, code: 2, stderr: "run 'dryfire-tui help replay'"},
		"browse needs a tty":   {args: []string{filepath.Join(goldenDryfire, "project-A")}, code: 2, stderr: "browse needs a terminal", noStdout: true},
		"too many ls args":     {args: []string{"ls", "a", "b"}, code: 2, stderr: "too many arguments"},
		"fingerprint bad file": {args: []string{"fingerprint", "no-such-file.jsonl"}, code: 2, stderr: "no-such-file.jsonl"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			out, errOut, code := runCmd(t, tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, out, errOut)
			}
			if tc.stdout != "" && !strings.Contains(out, tc.stdout) {
				t.Errorf("stdout lacks %q:\n%s", tc.stdout, out)
			}
			if tc.stderr != "" && !strings.Contains(errOut, tc.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tc.stderr, errOut)
			}
			if tc.noStdout && out != "" {
				t.Errorf("unexpected stdout: %s", out)
			}
		})
	}
}

// TestReplayCommandGolden: the replay command's misses and exit code on
// dryfire's own mutated projects (the expected misses are dryfire's).
func TestReplayCommandGolden(t *testing.T) {
	for _, project := range []string{"project-A", "project-B-tool-description", "project-S-case-mock-override", "project-F-case-renamed"} {
		t.Run(project, func(t *testing.T) {
			dir := filepath.Join(goldenDryfire, project)
			var want struct {
				ExitCode int `json:"exit_code"`
				Misses   []struct {
					Suite       string `json:"suite"`
					Case        string `json:"case"`
					RepeatIndex int    `json:"repeat_index"`
					Turn        int    `json:"turn"`
					Key         string `json:"key"`
					Error       string `json:"error"`
				} `json:"misses"`
			}
			expected := filepath.Join(dir, "expected-replay.json")
			if project == "project-A" {
				want.ExitCode = 0
			} else {
				readJSONFile(t, expected, &want)
			}
			out, errOut, code := runCmd(t, "replay", "--json", dir)
			var got struct {
				ExitCode int `json:"exit_code"`
				Misses   []struct {
					Suite       string `json:"suite"`
					Case        string `json:"case"`
					RepeatIndex int    `json:"repeat_index"`
					Turn        int    `json:"turn"`
					Key         string `json:"key"`
					Message     string `json:"message"`
				} `json:"misses"`
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("replay --json: %v\n%s\n%s", err, out, errOut)
			}
			if code != want.ExitCode || got.ExitCode != want.ExitCode {
				t.Errorf("exit %d (json %d), dryfire exits %d", code, got.ExitCode, want.ExitCode)
			}
			if len(got.Misses) != len(want.Misses) {
				t.Fatalf("%d misses, dryfire has %d", len(got.Misses), len(want.Misses))
			}
			seen := map[string]string{}
			for _, m := range got.Misses {
				seen[fmt.Sprintf("%s::%s #%d turn %d %s", m.Suite, m.Case, m.RepeatIndex, m.Turn, m.Key)] = m.Message
			}
			for _, m := range want.Misses {
				id := fmt.Sprintf("%s::%s #%d turn %d %s", m.Suite, m.Case, m.RepeatIndex, m.Turn, m.Key)
				msg, ok := seen[id]
				switch {
				case !ok:
					t.Errorf("dryfire misses %s; we do not", id)
				case msg != m.Error:
					t.Errorf("%s: message %q, dryfire says %q", id, msg, m.Error)
				}
			}
		})
	}
}

// TestLsShowDiffCommands: every project-A recording is live; show finds a
// recording by key prefix; diff names the changed tool description.
func TestLsShowDiffCommands(t *testing.T) {
	out, _, code := runCmd(t, "ls", "--json", filepath.Join(goldenDryfire, "project-A"))
	if code != 0 {
		t.Fatalf("ls exit %d", code)
	}
	var ls struct {
		Recordings []struct {
			Path, Format, Status string
		} `json:"recordings"`
	}
	if err := json.Unmarshal([]byte(out), &ls); err != nil {
		t.Fatal(err)
	}
	if len(ls.Recordings) != 42 {
		t.Errorf("%d recordings, want 42", len(ls.Recordings))
	}
	for _, r := range ls.Recordings {
		if r.Format != "dryfire" || r.Status != "live" {
			t.Errorf("%s: %s %s, want dryfire live", r.Path, r.Format, r.Status)
		}
	}

	out, errOut, code := runCmd(t, "show", filepath.Join(goldenDryfire, "project-A"), "3d3d4517")
	if code != 0 || !strings.Contains(out, "parallel_lookups") {
		t.Errorf("show by key prefix: exit %d\n%s\n%s", code, out, errOut)
	}

	out, _, code = runCmd(t, "diff", "--json", filepath.Join(goldenDryfire, "project-B-tool-description"))
	if code != 0 {
		t.Errorf("diff exit %d", code)
	}
	var diff struct {
		Stale []struct {
			Summary []string `json:"summary"`
			Changes []struct {
				Path, Kind string
			} `json:"changes"`
		} `json:"stale"`
	}
	if err := json.Unmarshal([]byte(out), &diff); err != nil {
		t.Fatal(err)
	}
	if len(diff.Stale) != 5 {
		t.Fatalf("%d stale explanations, want dryfire's 5 misses", len(diff.Stale))
	}
	for _, s := range diff.Stale {
		if len(s.Changes) != 1 || s.Changes[0].Path != "tools[0].description" || s.Changes[0].Kind != "changed" ||
			len(s.Summary) == 0 || s.Summary[0] != "tool lookup_order: description changed" {
			t.Errorf("explanation %+v", s)
		}
	}
}

func readJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// TestEveryCommandNamesAnUnknownFlag: for every command, an unknown flag
// is named on stderr with the command's usage (exit 2, nothing on
// stdout), and -h prints the command's help on stdout (exit 0, nothing on
// stderr), the same text as 'help COMMAND'.
func TestEveryCommandNamesAnUnknownFlag(t *testing.T) {
	for name := range commands {
		t.Run(name, func(t *testing.T) {
			out, errOut, code := runCmd(t, name, "--bogus")
			synopsis := "\n  dryfire-tui " + name
			if name == "version" {
				synopsis = "\n  dryfire-tui version"
			}
			if code != exitUsage || out != "" || !strings.HasPrefix(errOut, "dryfire-tui: error: unknown flag: --bogus\nUsage:") ||
				!strings.Contains(errOut, synopsis) {
				t.Errorf("%s --bogus: exit %d\nstdout %q\nstderr %q", name, code, out, errOut)
			}
			help, _, _ := runCmd(t, "help", name)
			for _, flag := range []string{"-h", "--help"} {
				out, errOut, code = runCmd(t, name, flag)
				if code != exitOK || errOut != "" || out == "" || out != help {
					t.Errorf("%s %s: exit %d\nstdout %q\nstderr %q\nhelp %s prints %q", name, flag, code, out, errOut, name, help)
				}
			}
		})
	}
}
