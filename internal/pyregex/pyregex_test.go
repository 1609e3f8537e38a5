package pyregex

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
	"time"
)

// probe is one pattern of testdata/python-re.json: the exception Python's
// re.compile raised, or the span of re.search on each text it matches.
type probe struct {
	Pattern  string   `json:"pattern"`
	Error    string   `json:"error"`
	Message  string   `json:"message"`
	Spans    [][3]int `json:"spans"`
	Compiles bool     `json:"compiles"`
}

type hang struct {
	Pattern string `json:"pattern"`
	Text    string `json:"text"`
	Found   *bool  `json:"found"`
}

type golden struct {
	Texts []string `json:"texts"`
	Cases []probe  `json:"cases"`
	Hangs []hang   `json:"hangs"`
}

func readGolden(t *testing.T) golden {
	t.Helper()
	data, err := os.ReadFile("testdata/python-re.json")
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	return g
}

var pythonKinds = map[string]ErrorKind{"error": Invalid, "ValueError": Value, "OverflowError": Overflow}

// TestAgainstPython compares every pattern of testdata/python-re.json with
// what Python's re did with it: the same exception and message, or, on
// every text, the same match or none, at the same span.
func TestAgainstPython(t *testing.T) {
	t.Parallel()
	g := readGolden(t)
	for _, c := range g.Cases {
		re, err := Compile(c.Pattern)
		if c.Error != "" {
			var pe *Error
			if !errors.As(err, &pe) || pe.Kind != pythonKinds[c.Error] || pe.Error() != c.Message {
				t.Errorf("%q: error %v, Python %s %q", c.Pattern, err, c.Error, c.Message)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v; Python compiles it", c.Pattern, err)
			continue
		}
		if c.Compiles {
			continue
		}
		want := map[int][2]int{}
		for _, s := range c.Spans {
			want[s[0]] = [2]int{s[1], s[2]}
		}
		for i, text := range g.Texts {
			start, end, found, err := re.Find(text)
			w, pyFound := want[i]
			switch {
			case err != nil:
				t.Errorf("%q on %q: %v", c.Pattern, text, err)
			case found != pyFound:
				t.Errorf("%q on %q (%s): found %v, Python %v", c.Pattern, text, re.engine, found, pyFound)
			case found && [2]int{start, end} != w:
				t.Errorf("%q on %q (%s): span %d-%d, Python %d-%d", c.Pattern, text, re.engine, start, end, w[0], w[1])
			}
			if ok, err := re.MatchString(text); err != nil || ok != pyFound {
				t.Errorf("%q on %q: MatchString %v %v, Python %v", c.Pattern, text, ok, err, pyFound)
			}
		}
	}
}

// TestHangsAreBounded runs the patterns Python's re does not finish on:
// those RE2 runs get their answer; those only the backtracking engine runs
// give up at the time limit (50ms here) with a LimitError, never hang.
func TestHangsAreBounded(t *testing.T) {
	t.Parallel()
	for _, h := range readGolden(t).Hangs {
		re, err := CompileLimit(h.Pattern, 50*time.Millisecond)
		if err != nil {
			t.Fatalf("%q: %v", h.Pattern, err)
		}
		found, err := re.MatchString(h.Text)
		var le *LimitError
		switch {
		case h.Found != nil && (err != nil || found != *h.Found):
			t.Errorf("%q on %q: %v %v, want %v from RE2", h.Pattern, h.Text, found, err, *h.Found)
		case h.Found == nil && (!errors.As(err, &le) || le.Stack || le.Limit != 50*time.Millisecond):
			t.Errorf("%q on %q: %v %v, want the time limit", h.Pattern, h.Text, found, err)
		}
	}
}

// TestEngineChoice: RE2 runs every pattern it can run with Python's
// meaning; a Unicode \b leaves it only the ASCII texts.
func TestEngineChoice(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		`\d+`:          "re2",
		`(?i)straße$`:  "re2",
		`a$`:           "re2",
		`a$\n`:         "backtracking",
		`\bword\b`:     "re2+backtracking",
		`(?a)\bword\b`: "re2",
		`\B`:           "re2+backtracking",
		`foo(?=bar)`:   "backtracking",
		`(a)\1`:        "backtracking",
		`a{1001}`:      "backtracking",
		`a*+`:          "backtracking",
	}
	for pattern, want := range tests {
		re, err := Compile(pattern)
		if err != nil || re.engine != want {
			t.Errorf("%q: %v %v, want %s", pattern, re, err, want)
		}
	}
	re, _ := Compile(`\bé`)
	if !re.useRE2("x y") || re.useRE2("x é") {
		t.Error(`\b: RE2 should run ASCII texts only`)
	}
}

func TestLimitErrorSaysWhich(t *testing.T) {
	t.Parallel()
	re, _ := CompileLimit(`(?=a)`, time.Second)
	if got := re.limitError(nil); got != nil {
		t.Errorf("no error: %v", got)
	}
	if got := (&LimitError{Limit: time.Second}).Error(); got != "the match ran longer than 1s (dryfire-tui's time limit on one match)" {
		t.Errorf("time: %q", got)
	}
	if got := (&LimitError{Stack: true}).Error(); got != "the match needs more than 8388608 backtracking positions (dryfire-tui's limit on one match)" {
		t.Errorf("stack: %q", got)
	}
}

// FuzzTranslate: any pattern compiles, or fails with a Python-style error;
// never a panic.
func FuzzTranslate(f *testing.F) {
	for _, s := range []string{`a(b`, `(?P<n>x)(?P=n)`, `[\W\d-z]`, `(?x) a # c`, `\N{EM DASH}`, `a{2,1}`, `(?i-s:x)$`, `[]-a]`,
		`(?<=a(?=b))b`, `(?(1)a|b)(c)`, `(?>a+)b`, `a*+`, `(?i)[\U00010400x]`, `\bé\B`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		_, err := CompileLimit(pattern, 10*time.Millisecond)
		var pe *Error
		if err != nil && !errors.As(err, &pe) {
			t.Errorf("%q: %T %v", pattern, err, err)
		}
	})
}
