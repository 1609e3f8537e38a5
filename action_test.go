package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// action is the composite action of action.yml, as the runner reads it.
type action struct {
	// inputs are the inputs' defaults, outputs the outputs' values.
	inputs, outputs map[string]string
	steps           []actionStep
}

// actionStep is one step of the action.
type actionStep struct {
	name, id, uses, shell, run, cond string
	env                              [][2]string
}

// loadAction reads action.yml.
func loadAction(file string) (*action, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	doc, err := yamlrt.Compose(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	a := &action{inputs: map[string]string{}, outputs: map[string]string{}}
	for name, in := range pairs(field(doc.Root, "inputs")) {
		a.inputs[name] = scalar(field(in, "default"))
	}
	for name, out := range pairs(field(doc.Root, "outputs")) {
		a.outputs[name] = scalar(field(out, "value"))
	}
	runs := field(doc.Root, "runs")
	if scalar(field(runs, "using")) != "composite" {
		return nil, fmt.Errorf("%s: runs.using is not composite", file)
	}
	steps := field(runs, "steps")
	if steps == nil {
		return nil, fmt.Errorf("%s: no runs.steps", file)
	}
	for _, n := range steps.Items {
		st := actionStep{name: scalar(field(n, "name")), id: scalar(field(n, "id")), uses: scalar(field(n, "uses")),
			shell: scalar(field(n, "shell")), run: scalar(field(n, "run")), cond: scalar(field(n, "if"))}
		for k, v := range pairs(field(n, "env")) {
			st.env = append(st.env, [2]string{k, scalar(v)})
		}
		a.steps = append(a.steps, st)
	}
	return a, nil
}

// field is the value of key in the mapping n (nil when absent).
func field(n *yamlrt.Node, key string) *yamlrt.Node {
	if n == nil || n.Kind != yamlrt.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Pairs); i += 2 {
		if n.Pairs[i].Value == key {
			return n.Pairs[i+1]
		}
	}
	return nil
}

// pairs yields the keys and values of the mapping n, in order.
func pairs(n *yamlrt.Node) func(func(string, *yamlrt.Node) bool) {
	return func(yield func(string, *yamlrt.Node) bool) {
		if n == nil || n.Kind != yamlrt.MappingNode {
			return
		}
		for i := 0; i+1 < len(n.Pairs); i += 2 {
			if !yield(n.Pairs[i].Value, n.Pairs[i+1]) {
				return
			}
		}
	}
}

func scalar(n *yamlrt.Node) string {
	if n == nil || n.Kind != yamlrt.ScalarNode {
		return ""
	}
	return n.Value
}

// runnerEnv are the variables the runner sets for a job that a script may
// set in a testscript: they are passed on to each step when set.
var runnerEnv = []string{
	"CI", "GITHUB_ACTIONS", "GITHUB_EVENT_NAME", "GITHUB_BASE_REF", "GITHUB_HEAD_REF", "GITHUB_REF", "GITHUB_SHA",
	"GITHUB_REPOSITORY", "GITHUB_WORKSPACE", "GITHUB_STEP_SUMMARY", "RUNNER_TEMP", "RUNNER_OS",
	"HOME", "TMPDIR", "NO_COLOR", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL",
}

// goEnv is the Go environment of the test, for the step that builds the
// tool: its caches, and no network (GOPROXY=off).
var goEnv = sync.OnceValues(func() ([]string, error) {
	out, err := exec.Command("go", "env", "-json", "GOCACHE", "GOMODCACHE", "GOPATH", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	var vars map[string]string
	if err := json.Unmarshal(out, &vars); err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	env := []string{"GOPROXY=off", "GOFLAGS=-mod=readonly", "GOTOOLCHAIN=local"}
	for _, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOROOT"} {
		env = append(env, k+"="+vars[k])
	}
	return env, nil
})

// actionRun is one run of the action: its inputs, what each step wrote to
// GITHUB_OUTPUT, and the PATH the steps extended through GITHUB_PATH.
type actionRun struct {
	ts       *testscript.TestScript
	root     string
	inputs   map[string]string
	outputs  map[string]map[string]string
	path     string
	pathFile string
}

// runAction is the script command "action [INPUT=VALUE...]": it runs the
// composite action of action.yml as the runner runs it, the inputs given
// and the others at their defaults. Each shell step runs under `bash
// --noprofile --norc -eo pipefail` in $GITHUB_WORKSPACE, with the runner's
// variables the script set, its own env (expressions evaluated), a fresh
// GITHUB_OUTPUT, and GITHUB_PATH, whose lines go on PATH for the steps
// after it. A step that uses another action is skipped (this machine has
// Go), and so is every step after one that fails, as on the runner. It
// prints the outputs ("output NAME=VALUE") and fails when a step failed.
func runAction(ts *testscript.TestScript, neg bool, args []string) {
	root, err := os.Getwd()
	ts.Check(err)
	a, err := loadAction(filepath.Join(root, "action.yml"))
	ts.Check(err)
	r := &actionRun{ts: ts, root: root, inputs: map[string]string{}, outputs: map[string]map[string]string{},
		path: ts.Getenv("PATH"), pathFile: ts.MkAbs(".github_path")}
	for k, v := range a.inputs {
		r.inputs[k] = v
	}
	for _, arg := range args {
		k, v, ok := strings.Cut(arg, "=")
		if _, known := a.inputs[k]; !ok || !known {
			ts.Fatalf("action: %q is not INPUT=VALUE of an input of action.yml", arg)
		}
		r.inputs[k] = v
	}
	failed := ""
	for _, st := range a.steps {
		switch {
		case failed != "":
			fmt.Fprintf(ts.Stdout(), "skipped %q: an earlier step failed\n", st.name)
		case st.uses != "":
			fmt.Fprintf(ts.Stdout(), "skipped %q: uses %s\n", st.name, st.uses)
		default:
			if code := r.step(st); code != 0 {
				failed = fmt.Sprintf("step %q exited %d", st.name, code)
			}
		}
	}
	names := make([]string, 0, len(a.outputs))
	for k := range a.outputs {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		fmt.Fprintf(ts.Stdout(), "output %s=%s\n", k, r.expand(a.outputs[k]))
	}
	switch {
	case failed != "" && !neg:
		ts.Fatalf("action: %s", failed)
	case failed == "" && neg:
		ts.Fatalf("action: every step succeeded")
	}
}

// step runs one shell step and returns its exit code.
func (r *actionRun) step(st actionStep) int {
	ts := r.ts
	switch {
	case st.shell != "bash":
		ts.Fatalf("action: step %q: shell %q, want bash", st.name, st.shell)
	case st.cond != "":
		ts.Fatalf("action: step %q: if: is not run by this test", st.name)
	case strings.Contains(st.run, "${{"):
		ts.Fatalf("action: step %q: an expression inside run: is a script injection; pass it through env:", st.name)
	}
	dir := ts.MkAbs(".")
	if ws := ts.Getenv("GITHUB_WORKSPACE"); ws != "" {
		dir = ws
	}
	script, err := os.CreateTemp(ts.Getenv("TMPDIR"), "step-*.sh")
	ts.Check(err)
	_, err = script.WriteString(st.run)
	ts.Check(err)
	ts.Check(script.Close())
	output := script.Name() + ".output"
	ts.Check(os.WriteFile(output, nil, 0o644))
	env, err := goEnv()
	ts.Check(err)
	env = append(env, "PATH="+r.path, "GITHUB_ACTION_PATH="+r.root, "GITHUB_OUTPUT="+output, "GITHUB_PATH="+r.pathFile)
	for _, k := range runnerEnv {
		if v := ts.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	for _, kv := range st.env {
		env = append(env, kv[0]+"="+r.expand(kv[1]))
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script.Name())
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = dir, env, ts.Stdout(), ts.Stderr()
	code := 0
	if err := cmd.Run(); err != nil {
		exit, ok := err.(*exec.ExitError)
		if !ok {
			ts.Fatalf("action: step %q: %v", st.name, err)
		}
		code = exit.ExitCode()
	}
	data, err := os.ReadFile(output)
	ts.Check(err)
	outs, err := parseOutputs(string(data))
	if err != nil {
		ts.Fatalf("action: step %q: GITHUB_OUTPUT: %v", st.name, err)
	}
	if st.id != "" {
		r.outputs[st.id] = outs
	}
	r.extendPath()
	return code
}

// extendPath puts the directories the steps added to GITHUB_PATH before
// PATH, the last added first, as the runner does.
func (r *actionRun) extendPath() {
	data, err := os.ReadFile(r.pathFile)
	if err != nil {
		return
	}
	path := r.ts.Getenv("PATH")
	for l := range strings.Lines(string(data)) {
		if l = strings.TrimRight(l, "\r\n"); l != "" {
			path = l + string(os.PathListSeparator) + path
		}
	}
	r.path = path
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// expand evaluates the expressions of s that the action uses: inputs.X,
// github.action_path and steps.ID.outputs.X; any other fails the test.
func (r *actionRun) expand(s string) string {
	return expression.ReplaceAllStringFunc(s, func(m string) string {
		e := expression.FindStringSubmatch(m)[1]
		parts := strings.Split(e, ".")
		switch {
		case len(parts) == 2 && parts[0] == "inputs":
			if v, ok := r.inputs[parts[1]]; ok {
				return v
			}
		case e == "github.action_path":
			return r.root
		case len(parts) == 4 && parts[0] == "steps" && parts[2] == "outputs":
			return r.outputs[parts[1]][parts[3]]
		}
		r.ts.Fatalf("action: the expression %q is not one this test evaluates", e)
		return ""
	})
}

// parseOutputs reads what a step wrote to GITHUB_OUTPUT: NAME=VALUE lines,
// and NAME<<DELIMITER … DELIMITER blocks.
func parseOutputs(data string) (map[string]string, error) {
	out := map[string]string{}
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if l == "" {
			continue
		}
		if k, v, ok := strings.Cut(l, "="); ok && !strings.Contains(k, "<<") {
			out[k] = v
			continue
		}
		k, delim, ok := strings.Cut(l, "<<")
		if !ok || delim == "" {
			return nil, fmt.Errorf("line %d: %q is neither NAME=VALUE nor NAME<<DELIMITER", i+1, l)
		}
		var b bytes.Buffer
		for i++; i < len(lines) && lines[i] != delim; i++ {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(lines[i])
		}
		if i == len(lines) {
			return nil, fmt.Errorf("%s: no closing %s", k, delim)
		}
		out[k] = b.String()
	}
	return out, nil
}

// TestActionDocumented: every input and output of action.yml is in the
// action's table of docs/ci.md, and nothing else is.
func TestActionDocumented(t *testing.T) {
	a, err := loadAction("action.yml")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| (input|output) `([a-z-]+)` \\|").FindAllStringSubmatch(string(data), -1) {
		documented[m[1]+" "+m[2]] = true
	}
	var want []string
	for k := range a.inputs {
		want = append(want, "input "+k)
	}
	for k := range a.outputs {
		want = append(want, "output "+k)
	}
	for _, w := range want {
		if !documented[w] {
			t.Errorf("docs/ci.md does not document the %s", w)
		}
		delete(documented, w)
	}
	for d := range documented {
		t.Errorf("docs/ci.md documents the %s, which action.yml does not have", d)
	}
}

// TestParseOutputs: both forms of GITHUB_OUTPUT, and a block left open.
func TestParseOutputs(t *testing.T) {
	got, err := parseOutputs("exit-code=1\nbody<<EOF\na=b\n\nc\nEOF\nempty=\n")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"exit-code": "1", "body": "a=b\n\nc", "empty": ""}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if _, err := parseOutputs("body<<EOF\nnever closed\n"); err == nil {
		t.Error("an open block was read")
	}
}
