package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/suite"
)

func TestParseAddress(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text, suite, caseName, err string
	}{
		{"refund_agent::parallel_lookups", "refund_agent", "parallel_lookups", ""},
		{"checkout flow/v2::apply coupon: SAVE10", "checkout flow/v2", "apply coupon: SAVE10", ""},
		{"a::b::c", "a", "b::c", ""}, // dryfire's str.partition: the first "::"
		{"::", "", "", ""},
		{"refund_agent", "", "", "trace address must be 'suite::case', got 'refund_agent'"},
		{"it's", "", "", `trace address must be 'suite::case', got "it's"`},
	} {
		a, err := ParseAddress(tc.text)
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("ParseAddress(%q) error %v, want %q", tc.text, err, tc.err)
		case tc.err == "" && (err != nil || a.Suite != tc.suite || a.Case != tc.caseName):
			t.Errorf("ParseAddress(%q) = %+v, %v", tc.text, a, err)
		case tc.err == "" && a.String() != tc.text:
			t.Errorf("%q prints as %q", tc.text, a)
		}
	}
}

// TestOnlyRunsTheCaseTraceFinds: of two suites of the same name, the
// first in load order that has the case is run, and nothing else; a fake
// case without a script is an error wherever it is, as dryfire's trace
// plans every case before it looks for its own.
func TestOnlyRunsTheCaseTraceFinds(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("dryfire.yaml", "version: 1\nsuites:\n  - \"*.eval.yaml\"\n")
	write("a.eval.yaml", "name: dup\nprovider: fake\ncases:\n  - name: other\n    input: hi\n    script: [{text: a}]\n    expect: []\n")
	write("b.eval.yaml", "name: dup\nprovider: fake\ncases:\n  - name: target\n    input: hi\n    script: [{text: b}]\n    expect: []\n")
	write("c.eval.yaml", "name: dup\nprovider: fake\ncases:\n  - name: target\n    input: hi\n    script: [{text: c}]\n    expect: []\n")
	res := runProject(t, dir, Options{Only: &Address{Suite: "dup", Case: "target"}, StopOnErrors: true})
	if len(res.Errors) > 0 || len(res.Cases) != 1 || res.Cases[0].Trace == nil || res.Cases[0].Trace.FinalText != "b" {
		t.Fatalf("errors %v, %d cases, first %+v", res.Errors, len(res.Cases), res.Cases)
	}
	res = runProject(t, dir, Options{Only: &Address{Suite: "dup", Case: "missing"}, StopOnErrors: true})
	if len(res.Cases) != 0 || len(res.Suites) != 0 {
		t.Errorf("no such case: ran %d, %d suites", len(res.Cases), len(res.Suites))
	}

	write("d.eval.yaml", "name: other\nprovider: fake\ncases:\n  - name: unscripted\n    input: hi\n    expect: []\n")
	res = runProject(t, dir, Options{Only: &Address{Suite: "dup", Case: "target"}, StopOnErrors: true})
	if len(res.Errors) != 1 || res.Errors[0].Message != "case 'unscripted' uses provider 'fake' but has no 'script'" || len(res.Cases) != 0 {
		t.Errorf("a fake case without a script elsewhere: errors %v, %d cases run", res.Errors, len(res.Cases))
	}
}

// TestNearestCase: a misspelt address is answered with the case meant,
// and one that is nothing like any case with nothing.
func TestNearestCase(t *testing.T) {
	t.Parallel()
	p := loadProjectA(t)
	for _, tc := range []struct{ addr, want string }{
		{"travel_booking::books_cheapest_flite", "travel_booking::books_cheapest_flight"},
		{"travel::books_cheapest_flight", "travel_booking::books_cheapest_flight"},
		{"checkout flow/v2::naive unicode", "checkout flow/v2::naïve ünïcode"},
		{"zzz::qqq", ""},
	} {
		a, _ := ParseAddress(tc.addr)
		if got := NearestCase(p, a); got != tc.want {
			t.Errorf("NearestCase(%q) = %q, want %q", tc.addr, got, tc.want)
		}
	}
}

func loadProjectA(t *testing.T) *suite.Project {
	t.Helper()
	p, err := suite.LoadProject(filepath.Join(dryfireGolden, "project-A"), nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
