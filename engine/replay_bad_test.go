package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/pathlib"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

func TestReplayBadInputIsReportedNeverFatal(t *testing.T) {
	t.Parallel()
	dir := reviewtest.CopyTree(t, filepath.Join(dryfireGolden, "project-A"))
	write := func(rel, text string) {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(rel)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("evals/malformed.eval.yaml", "name: malformed\ncases: [a, b\n}\n")
	write("evals/ref.eval.yaml", "name: ref\ntools:\n  - $ref: ./missing.json\ncases: []\n")
	write("evals/mockfield.eval.yaml", "name: mockfield\nmocks:\n  t:\n    - return: 1\n      retries: 2\ncases: []\n")
	// A cassette that parses but whose response is broken.
	broken := ".dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json"
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(broken)))
	if err != nil {
		t.Fatal(err)
	}
	i := strings.LastIndex(string(data), `"stop_reason": "end_turn"`)
	write(broken, string(data[:i])+`"stop_reason": "finished"`+string(data[i+len(`"stop_reason": "end_turn"`):]))

	res := replayDir(t, dir)
	want := map[string]string{
		"evals/malformed.eval.yaml": "3:1: while parsing a flow sequence",
		"evals/ref.eval.yaml":       "3:5: $ref target not found: ./missing.json",
		"evals/mockfield.eval.yaml": "5:7: unknown field 'retries'",
	}
	for file, frag := range want {
		found := false
		for _, e := range res.Errors {
			if e.File == file && strings.Contains(e.Error(), frag) && e.Source != "" {
				found = true
			}
		}
		if !found {
			t.Errorf("no error %q in %s; errors: %v", frag, file, res.Errors)
		}
	}
	if res.ExitCode != 2 {
		t.Errorf("exit code %d, want 2", res.ExitCode)
	}
	hits := 0
	for _, c := range res.Cases {
		switch {
		case c.Suite == "refund_agent" && c.Case == "parallel_lookups":
			if c.Outcome != OutcomeError || c.Termination != "provider_error" || len(c.Visits) != 2 ||
				!strings.Contains(c.Message, "stop_reason") {
				t.Errorf("broken response: %+v", c)
			}
		case c.Outcome == OutcomeHit:
			hits++
		}
	}
	if hits != 18 {
		t.Errorf("%d other repetitions hit, want 18", hits)
	}
}

func TestLoadProjectConfigErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "dryfire.yaml"), []byte("version: one\nsuites: [x]\ncassettes: {dir: c, mode: sometimes}\nextra: 1\n"), 0o644)
	sub := filepath.Join(dir, "a", "b")
	os.MkdirAll(sub, 0o755)
	p, err := suite.LoadProject(sub, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range p.Errors {
		got = append(got, e.Error())
	}
	want := []string{
		"dryfire.yaml:1:1: expected an integer",
		"dryfire.yaml:3:21: Input should be 'auto', 'record', 'replay' or 'off'",
		"dryfire.yaml:4:1: unknown field 'extra'",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if p.CassetteRoot != filepath.Join(dir, "c") {
		t.Errorf("cassette root %s", p.CassetteRoot)
	}
	if _, err := suite.LoadProject(t.TempDir(), nil); err != suite.ErrNoProject && !strings.Contains(err.Error(), "no dryfire.yaml") {
		t.Errorf("no project: %v", err)
	}
}

func TestGlobPathlibOrderKeepsDuplicates(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, f := range []string{"evals/a b/x.eval.yaml", "evals/a/x.eval.yaml", "evals/top.eval.yaml", "evals/.hidden/h.eval.yaml"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("name: s\ncases: []\n"), 0o644)
	}
	got, _ := pathlib.Glob(dir, "evals/**/*.eval.yaml")
	want := "evals/.hidden/h.eval.yaml evals/a/x.eval.yaml evals/a b/x.eval.yaml evals/top.eval.yaml"
	if strings.Join(got, " ") != want {
		t.Errorf("glob %q\nwant %q", strings.Join(got, " "), want)
	}
	os.WriteFile(filepath.Join(dir, "dryfire.yaml"), []byte("version: 1\nsuites: ['evals/a/*.eval.yaml', 'evals/**/x.eval.yaml']\n"), 0o644)
	p, _ := suite.LoadProject(dir, nil)
	var paths []string
	for _, s := range p.Suites {
		paths = append(paths, s.Path)
	}
	if strings.Join(paths, " ") != "evals/a/x.eval.yaml evals/a/x.eval.yaml evals/a b/x.eval.yaml" {
		t.Errorf("suites %v: want pattern order, no de-duplication", paths)
	}
}

func TestSettingsPrecedence(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "dryfire.yaml"), []byte("version: 1\ndefaults: {model: d, max_turns: 7, temperature: 0.5, repeat: 2}\nsuites: [s.yaml]\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "s.yaml"), []byte("name: s\nmodel: suite\nmax_turns: 4\ncases:\n  - {name: a, input: x, expect: [], model: case}\n  - {name: b, input: x, expect: []}\n"), 0o644)
	p, err := suite.LoadProject(dir, nil)
	if err != nil || len(p.Errors) > 0 {
		t.Fatal(err, p.Errors)
	}
	a, b := p.Suites[0].Cases[0], p.Suites[0].Cases[1]
	check := func(name string, got suite.Resolved, model string, turns, repeat int, temp float64) {
		if got.Model != model || got.MaxTurns != turns || got.Repeat != repeat || got.Temperature != temp || got.Provider != "anthropic" {
			t.Errorf("%s: %+v", name, got)
		}
	}
	check("case", suite.Resolve(&p.Config, a, ""), "case", 4, 2, 0.5)
	check("suite", suite.Resolve(&p.Config, b, ""), "suite", 4, 2, 0.5)
	check("cli", suite.Resolve(&p.Config, a, "cli"), "cli", 4, 2, 0.5)
}
