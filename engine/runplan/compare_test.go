package runplan

import (
	"errors"
	"io/fs"
	"math/big"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

func TestAxisOf(t *testing.T) {
	t.Parallel()
	if a, l, err := AxisOf([]string{"a", "b"}, nil); err != nil || a != AxisModel || len(l) != 2 || a.String() != "model" {
		t.Errorf("models: %v %v %v", a, l, err)
	}
	if a, l, err := AxisOf(nil, []string{"p.txt"}); err != nil || a != AxisPrompt || len(l) != 1 || a.String() != "prompt" {
		t.Errorf("prompts: %v %v %v", a, l, err)
	}
	if _, _, err := AxisOf([]string{"a"}, []string{"p.txt"}); !errors.Is(err, ErrTwoAxes) {
		t.Errorf("both: %v", err)
	}
	if _, _, err := AxisOf(nil, nil); !errors.Is(err, ErrNoAxis) {
		t.Errorf("none: %v", err)
	}
}

// TestConfirm: dryfire asks for --yes above 25 runs, except in replay,
// which is free.
func TestConfirm(t *testing.T) {
	t.Parallel()
	cmp := func(mode string, cols, caseRuns int) *Comparison {
		c := &Comparison{Mode: mode, CaseRuns: caseRuns}
		for range cols {
			c.Columns = append(c.Columns, &Column{})
		}
		return c
	}
	for _, tc := range []struct {
		c    *Comparison
		yes  bool
		want string
	}{
		{cmp(engine.ModeOff, 5, 5), false, ""},
		{cmp(engine.ModeOff, 2, 13), false, "26 runs exceeds the confirmation threshold (25); re-run with --yes to proceed (cost scales with the run count)"},
		{cmp(engine.ModeAuto, 2, 13), false, "26 runs exceeds the confirmation threshold (25); re-run with --yes to proceed (cost scales with the run count)"},
		{cmp(engine.ModeOff, 2, 13), true, ""},
		{cmp(engine.ModeReplay, 10, 10), false, ""},
	} {
		err := tc.c.Confirm(tc.yes)
		if got := ""; err != nil {
			got = err.Error()
			if got != tc.want {
				t.Errorf("%s %d runs, yes %v: %q, want %q", tc.c.Mode, tc.c.Runs(), tc.yes, got, tc.want)
			}
		} else if tc.want != "" {
			t.Errorf("%s %d runs, yes %v: confirmed, want %q", tc.c.Mode, tc.c.Runs(), tc.yes, tc.want)
		}
	}
}

// TestReadPrompt: a prompt file is read as dryfire's Path.read_text reads
// it, universal newlines (the text is part of every key), and an error
// names the file once.
func TestReadPrompt(t *testing.T) {
	t.Parallel()
	files := map[string]string{"crlf.txt": "one\r\ntwo\rthree\n", "bad.txt": "caf\xe9"}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
	}
	if s, err := readPrompt(read, "crlf.txt"); err != nil || s != "one\ntwo\nthree\n" {
		t.Errorf("crlf.txt: %q, %v", s, err)
	}
	if _, err := readPrompt(read, "bad.txt"); err == nil || err.Error() != "cannot read prompt file 'bad.txt': it is not UTF-8" {
		t.Errorf("bad.txt: %v", err)
	}
	if _, err := readPrompt(read, "gone.txt"); err == nil || err.Error() != "cannot read prompt file 'gone.txt': file does not exist" {
		t.Errorf("gone.txt: %v", err)
	}
}

// TestWithSystemLeavesTheProjectAlone: a prompt column runs a copy of the
// suites with its system prompt; the base project, which the other
// columns share, keeps its own.
func TestWithSystemLeavesTheProjectAlone(t *testing.T) {
	t.Parallel()
	st := &suite.Suite{Name: "s", System: jsonv.StringValue("base")}
	st.Cases = []*suite.Case{{Suite: st, Name: "a"}, {Suite: st, Name: "b"}}
	p := &suite.Project{Suites: []*suite.Suite{st}}
	q := withSystem(p, "variant")
	if p.Suites[0].System.Text != "base" || p.Suites[0].Cases[0].Suite != st {
		t.Fatal("the base project changed")
	}
	for _, c := range q.Suites[0].Cases {
		if c.Suite != q.Suites[0] || c.Suite.System.Text != "variant" {
			t.Errorf("case %s: suite %p system %q", c.Name, c.Suite, c.Suite.System.Text)
		}
	}
}

// TestMetrics: dryfire's column_metrics over the cases of a run: a
// repeated case by its reported repetition, the mean latency and turns
// over the cases with a trace, the cost of the priced ones added as
// floats, unpriced when none is.
func TestMetrics(t *testing.T) {
	t.Parallel()
	tr := func(latency int64, cost *big.Rat, turns int) *engine.Trace {
		t := &engine.Trace{Cost: cost}
		for range turns {
			t.Turns = append(t.Turns, engine.Turn{Response: &cassette.Response{LatencyMS: latency}})
		}
		return t
	}
	run := func(cases ...*engine.CaseRun) *engine.Result {
		return &engine.Result{Suites: []engine.SuiteRun{{Name: "s", Cases: cases}}}
	}
	m := Metrics(run(
		&engine.CaseRun{Case: "a", Passed: true, Rep: &engine.CaseResult{Trace: tr(100, big.NewRat(98, 10000), 2)}},
		&engine.CaseRun{Case: "b", Rep: &engine.CaseResult{Trace: tr(50, nil, 1)}},
		&engine.CaseRun{Case: "c", Rep: &engine.CaseResult{CaseError: "boom"}},
		&engine.CaseRun{Case: "d", Passed: true, Rep: &engine.CaseResult{Trace: tr(7, big.NewRat(98, 10000), 1)}},
	))
	want := ColumnMetrics{Cases: 4, PassRate: 0.5, Cost: 0.0098 + 0.0098, Priced: true,
		MeanLatencyMS: float64(200+50+7) / 3, MeanTurns: 4.0 / 3}
	if m != want {
		t.Errorf("metrics %+v, want %+v", m, want)
	}
	if m := Metrics(run(&engine.CaseRun{Rep: &engine.CaseResult{Trace: tr(1, nil, 1)}})); m.Priced || m.Cost != 0 {
		t.Errorf("nothing priced: %+v", m)
	}
	if m := Metrics(&engine.Result{}); m != (ColumnMetrics{}) {
		t.Errorf("no case: %+v", m)
	}
}
