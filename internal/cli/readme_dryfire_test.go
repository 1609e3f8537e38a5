package cli

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
)

// readmeDryfireLines reads the command lines of the README's "Coming from
// dryfire" block, each without its comment.
func readmeDryfireLines(t *testing.T) (lines, raw []string) {
	t.Helper()
	f, err := os.Open("README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	section, in := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			section = line == "## Coming from dryfire"
		case section && !in && line == "```sh":
			in = true
		case in && line == "```":
			return lines, raw
		case in:
			raw = append(raw, line)
			if i := strings.Index(line, " #"); i >= 0 {
				line = line[:i]
			}
			lines = append(lines, strings.TrimSpace(line))
		}
	}
	t.Fatal("README.md has no sh block under \"## Coming from dryfire\"")
	return nil, nil
}

// TestREADMEDryfireLinesRun: the README's dryfire command lines, typed
// with dryfire-tui, run one after the other in an empty folder as a user
// types them: init scaffolds, the rest are accepted (no usage error) and
// end as dryfire's do, with no key and no network, and the files they
// name are written. The two lines of dryfire's cassette flow are there as
// dryfire's own page gives them. Before, the glob and several-PATH lines
// failed with exit 2.
func TestREADMEDryfireLinesRun(t *testing.T) {
	lines, raw := readmeDryfireLines(t)
	for _, want := range []string{
		`dryfire-tui run "evals/**/*.eval.yaml" --cassette-mode record   # once, local, with a key`,
		`dryfire-tui run "evals/**/*.eval.yaml" --cassette-mode replay    # free, offline, deterministic`,
	} {
		if !slices.Contains(raw, want) {
			t.Errorf("the README does not show dryfire's line %q", want)
		}
	}
	// The refund suite is on Anthropic and has no cassettes: replay misses
	// (exit 3), as dryfire's does; every other line ends green.
	exits := map[string]int{`run "evals/**/*.eval.yaml" --cassette-mode replay`: exitMiss}
	t.Chdir(t.TempDir())
	for _, line := range lines {
		args := splitArgs(line)
		if len(args) == 0 || args[0] != "dryfire-tui" {
			t.Fatalf("README line %q does not run dryfire-tui", line)
		}
		cmd := strings.Join(args[1:], " ")
		cmd = strings.Replace(cmd, "evals/**/*.eval.yaml", `"evals/**/*.eval.yaml"`, 1)
		out, errOut, code := runCmd(t, args[1:]...)
		if code != exits[cmd] || strings.Contains(errOut, "error:") {
			t.Errorf("$ %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", line, code, exits[cmd], out, errOut)
		}
	}
	for _, f := range []string{"dryfire.yaml", "results.xml", "run.json", "report.html"} {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("the README's lines wrote no %s: %v", f, err)
		}
	}
}
