package htmlreport

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// goldenRuns are the run documents the real dryfire wrote (with the
// terminal report it printed beside each).
func goldenRuns(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../testdata/run/golden/*/run.json")
	if err != nil || len(files) < 20 {
		t.Fatalf("golden run documents: %v, %d found", err, len(files))
	}
	return files
}

var now = time.Date(2026, 8, 2, 12, 0, 0, 0, time.UTC)

// render writes the page of the run document at path.
func render(t *testing.T, path string, o Options) string {
	t.Helper()
	doc, err := ReadRun(path)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteRun(&b, doc, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestRunPageOfDryfiresRuns: for every run document dryfire wrote, the
// page is self-contained and shows each case, in order, with dryfire's
// mark and the figures of dryfire's terminal report, open when it did not
// pass; each failed assertion with its description, expected, actual and
// message; each turn of its trace, each judge and each repetition; and
// the totals dryfire printed.
func TestRunPageOfDryfiresRuns(t *testing.T) {
	t.Parallel()
	for _, file := range goldenRuns(t) {
		name := filepath.Base(filepath.Dir(file))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			page := render(t, file, Options{Now: now})
			checkSelfContained(t, page)
			v := readJSON(t, file)
			stdout := readText(t, filepath.Join(filepath.Dir(file), "stdout.txt"))
			if strings.HasPrefix(stdout, "<?xml") || strings.HasPrefix(stdout, "{") {
				stdout = "" // --reporter junit or json: no terminal report to hold the page to
			}
			root := parse(t, page)
			checkCases(t, root, v, stdout)
			if stdout != "" {
				checkTotals(t, root, stdout)
			}
		})
	}
}

func readJSON(t *testing.T, path string) jsonv.Value {
	t.Helper()
	v, err := jsonv.DecodeWith([]byte(readText(t, path)), jsonv.DecodeOptions{AllowNonFinite: true})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkCases checks every case of the document against its block.
func checkCases(t *testing.T, root *html.Node, v jsonv.Value, stdout string) {
	t.Helper()
	blocks := find(root, atom.Details, "case")
	var lines []string
	if stdout != "" {
		lines = strings.Split(stdout, "\n")
	}
	i := 0
	for _, s := range v.Field("suites").Items {
		for _, c := range s.Field("cases").Items {
			if i >= len(blocks) {
				t.Fatalf("%d case blocks for more cases", len(blocks))
			}
			lines = checkCase(t, blocks[i], c, lines)
			i++
		}
	}
	if i != len(blocks) {
		t.Errorf("%d case blocks for %d cases", len(blocks), i)
	}
}

// checkCase checks a case's block; lines are the lines of dryfire's
// report from the case's on, and the lines after it are returned.
func checkCase(t *testing.T, block *html.Node, c jsonv.Value, lines []string) []string {
	t.Helper()
	name := c.Field("case_name").Text
	if got := text(one(t, block, atom.Span, "case-name")); got != visible.Line(name) {
		t.Errorf("case name %q, want %q", got, visible.Line(name))
	}
	passed := c.Field("passed").Bool
	if _, open := attr(block, "open"); open == passed {
		t.Errorf("case %q: open=%v, passed=%v", name, open, passed)
	}
	if len(lines) > 0 {
		lines = checkCaseLine(t, block, name, lines)
	}
	var outcomes []jsonv.Value
	if reps, ok := c.Get("repetitions"); ok {
		outcomes = reps.Items
		if n := len(find(block, atom.Details, "rep")); n != len(outcomes) {
			t.Errorf("case %q: %d repetitions shown, %d run", name, n, len(outcomes))
		}
	} else {
		outcomes = []jsonv.Value{c}
	}
	turns, judges := 0, 0
	for _, o := range outcomes {
		tr := o.Field("trace")
		turns += len(tr.Field("turns").Items)
		judges += len(tr.Field("judge_verdicts").Members)
		for _, turn := range tr.Field("turns").Items {
			checkCalls(t, block, turn.Field("response").Field("tool_calls").Items)
		}
		for _, jv := range tr.Field("judge_verdicts").Members {
			if r := jv.Value.Field("reasoning").Text; !strings.Contains(text(block), visible.Text(r)) {
				t.Errorf("case %q: judge reasoning %q not shown", name, r)
			}
		}
	}
	if n := len(find(block, atom.Li, "turn")); n != turns {
		t.Errorf("case %q: %d turns shown, %d in the trace", name, n, turns)
	}
	if n := len(find(block, atom.Div, "judge")); n != judges {
		t.Errorf("case %q: %d judges shown, %d verdicts", name, n, judges)
	}
	checkFailures(t, block, outcomes)
	return lines
}

// caseLine is a case's line in dryfire's terminal report: its mark, its
// name padded, then its figures.
var caseLine = regexp.MustCompile(`^  ([✓✗~]) (.*)$`)

// checkCaseLine checks the mark and the figures of a case against the
// next line dryfire printed for a case, which must be this one's, and
// returns the lines after it.
func checkCaseLine(t *testing.T, block *html.Node, name string, lines []string) []string {
	t.Helper()
	line := ""
	for len(lines) > 0 && line == "" {
		if m := caseLine.FindStringSubmatch(lines[0]); m != nil {
			line = lines[0]
			if !strings.HasPrefix(m[2], name) {
				t.Errorf("case %q, where dryfire printed %q", name, line)
			}
		}
		lines = lines[1:]
	}
	if line == "" {
		t.Errorf("case %q: no line in dryfire's report", name)
		return lines
	}
	mark := text(one(t, block, atom.Span, "mark"))
	if mark == "!" {
		mark = "✗" // errored: dryfire's ✗
	}
	if !strings.HasPrefix(line, "  "+mark+" ") {
		t.Errorf("case %q: mark %s, dryfire printed %q", name, mark, line)
	}
	facts := find(block, atom.Span, "num")
	if len(facts) != 4 {
		return lines // no trace: dryfire prints the error instead
	}
	turns := text(facts[0])
	if turns == "1 turn" {
		turns = "1 turns" // dryfire's plural
	}
	want := turns + "   " + text(facts[1]) + "   " + text(facts[2]) + "   " + strings.TrimSuffix(text(facts[3]), " s") + "s"
	if !strings.Contains(line, want) {
		t.Errorf("case %q: figures %q, dryfire printed %q", name, want, line)
	}
	return lines
}

// checkCalls checks that each tool call is shown with its name and its
// arguments.
func checkCalls(t *testing.T, block *html.Node, calls []jsonv.Value) {
	t.Helper()
	shown := map[string]bool{}
	for _, n := range find(block, atom.Pre, "name") {
		shown[text(n)] = true
	}
	for _, c := range calls {
		want := visible.Text(c.Field("name").Text + "(" + callArgs(c.Field("arguments")) + ")")
		if !shown[want] {
			t.Errorf("tool call %q not shown", want)
		}
	}
}

// checkFailures checks that each failed assertion is shown with its
// description, expected, actual and message.
func checkFailures(t *testing.T, block *html.Node, outcomes []jsonv.Value) {
	t.Helper()
	shown := map[string]bool{}
	for _, li := range find(block, atom.Li, "bad") {
		shown[strings.Join(fields(li), "|")] = true
	}
	for _, o := range outcomes {
		for _, a := range o.Field("assertions").Items {
			if a.Field("passed").Bool {
				continue
			}
			want := []string{
				visible.Line(a.Field("description").Text), visible.Line(a.Field("kind").Text),
				shownValue(a.Field("expected")), shownValue(a.Field("actual")),
			}
			if m := a.Field("message").Text; m != "" {
				want = append(want, visible.Text(m))
			}
			if !shown[strings.Join(want, "|")] {
				t.Errorf("failed assertion not shown: %q\nshown: %v", want, shown)
			}
		}
	}
}

func shownValue(v jsonv.Value) string {
	if v.IsNull() {
		return "none"
	}
	return visible.Text(jsonBlock(v))
}

// fields are the texts of an assertion: description, kind, then the
// values of its expected, actual and why.
func fields(li *html.Node) []string {
	var out []string
	for _, class := range []string{"desc", "chip"} {
		for _, n := range find(li, atom.Span, class) {
			out = append(out, text(n))
		}
	}
	for _, dd := range find(li, atom.Dd, "") {
		out = append(out, text(dd))
	}
	return out
}

// totalsLine is the summary line of dryfire's terminal report.
var totalsLine = regexp.MustCompile(`(?m)^(\d+) cases   (\d+) passed   (\d+) failed   (\S+)   ([0-9.]+)s$`)

// checkTotals checks the summary against dryfire's totals.
func checkTotals(t *testing.T, root *html.Node, stdout string) {
	t.Helper()
	m := totalsLine.FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no totals in dryfire's report:\n%s", stdout)
	}
	stats := map[string]string{}
	for _, st := range find(root, atom.Div, "stat") {
		dt := text(one(t, st, atom.Dt, ""))
		dd := one(t, st, atom.Dd, "")
		stats[dt] = dd.FirstChild.Data
	}
	failed, _ := strconv.Atoi(stats["failed"])
	errored, _ := strconv.Atoi(stats["errored"])
	passed, _ := strconv.Atoi(stats["passed"])
	got := []string{strconv.Itoa(passed + failed + errored), stats["passed"], strconv.Itoa(failed + errored), stats["cost"], strings.TrimSuffix(stats["time"], " s")}
	if strings.Join(got, " ") != strings.Join(m[1:], " ") {
		t.Errorf("totals %q, dryfire printed %q", got, m[0])
	}
}

// BenchmarkWriteRun: the page of dryfire's largest golden run (25 cases,
// judges, repetitions; 359 KB), masking included.
func BenchmarkWriteRun(b *testing.B) {
	doc, err := ReadRun("../../testdata/run/golden/judge-anthropic-F/run.json")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteRun(io.Discard, doc, Options{Now: now}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestAttentionListIsBounded: a run with more failures than the list
// names lists the first ones and says how many more there are; every case
// still has its block.
func TestAttentionListIsBounded(t *testing.T) {
	t.Parallel()
	v := runDoc(texts{suite: "s", path: "p", name: "c", desc: "d", message: "m", expected: "e", tool: "t", argKey: "k", argValue: "v", result: "r", response: "x", reasoning: "r", model: "m"})
	cases := at(&v, "suites", 0, "cases")
	for len(cases.Items) < attentionLimit+20 {
		cases.Items = append(cases.Items, cases.Items[0])
	}
	root := parse(t, pageOf(t, v, Options{}))
	nav := one(t, root, atom.Nav, "attention")
	if n := len(find(nav, atom.Li, "")); n != attentionLimit {
		t.Errorf("%d cases listed, want %d", n, attentionLimit)
	}
	if !strings.Contains(text(nav), "and 20 more") {
		t.Errorf("the list does not say how many more: %q", text(nav))
	}
	if n := len(find(root, atom.Details, "case")); n != attentionLimit+20 {
		t.Errorf("%d case blocks", n)
	}
}
