package pyregex

import (
	"errors"
	"fmt"
	"regexp"
	"time"
	"unicode/utf8"

	"github.com/dlclark/regexp2/v2"
)

// DefaultTimeLimit is how long one match may run on the backtracking
// engine before it gives up. RE2 needs none: it runs in time linear in the
// text.
const DefaultTimeLimit = time.Second

// StackLimit is how many backtracking positions one match may hold on the
// backtracking engine (8 bytes each): far more than a few megabytes of
// text need, yet bounded.
const StackLimit = 1 << 23

// Regexp is a compiled Python pattern. It is safe for concurrent use.
type Regexp struct {
	pattern string
	// re2 runs the pattern when it can (nil when it cannot); asciiOnly
	// says it is exact on ASCII texts only, nonEmpty on non-empty ones.
	re2                 *regexp.Regexp
	asciiOnly, nonEmpty bool
	dollars             []int
	bt                  *regexp2.Regexp // nil when RE2 runs every text
	limit               time.Duration
	// engine says which engine runs which texts, for the tests.
	engine string
}

// Compile compiles a Python pattern with [DefaultTimeLimit]. The error is
// an [*Error].
func Compile(pattern string) (*Regexp, error) { return CompileLimit(pattern, DefaultTimeLimit) }

// CompileLimit compiles a Python pattern whose matches on the backtracking
// engine give up after limit (which must be positive).
func CompileLimit(pattern string, limit time.Duration) (*Regexp, error) {
	tr, err := translate(pattern)
	if err != nil {
		return nil, err
	}
	r := &Regexp{pattern: pattern, asciiOnly: tr.asciiBoundary, nonEmpty: tr.nonBoundary, dollars: tr.dollars, limit: limit}
	if tr.noRE2 == "" {
		// RE2 refuses a few patterns it could run, as too large.
		r.re2, _ = regexp.Compile(tr.re2)
	}
	if r.re2 != nil && !r.asciiOnly && !r.nonEmpty {
		r.engine = "re2"
		return r, nil
	}
	bt, err := regexp2.Compile(tr.bt, regexp2.OptionMaxBacktrackingStackSize(StackLimit))
	if err != nil {
		return nil, &Error{Kind: Unsupported, Msg: "the backtracking engine cannot run the pattern: " + err.Error(),
			Pos: -1, Pattern: pattern}
	}
	bt.MatchTimeout = limit
	r.bt = bt
	r.engine = "backtracking"
	if r.re2 != nil {
		r.engine = "re2+backtracking"
	}
	return r, nil
}

// String is the pattern as written.
func (r *Regexp) String() string { return r.pattern }

// Backtracking reports whether some text may run on the backtracking
// engine, and so reach [LimitError].
func (r *Regexp) Backtracking() bool { return r.bt != nil }

// LimitError is a match the backtracking engine gave up on: it ran
// longer than the time limit, or needed more than [StackLimit]
// backtracking positions. Python's re has neither limit.
type LimitError struct {
	Limit time.Duration
	// Stack is set when the backtracking positions ran out.
	Stack bool
}

func (e *LimitError) Error() string {
	if e.Stack {
		return fmt.Sprintf("the match needs more than %d backtracking positions (dryfire-tui's limit on one match)", StackLimit)
	}
	return fmt.Sprintf("the match ran longer than %s (dryfire-tui's time limit on one match)", e.Limit)
}

// MatchString reports whether the pattern occurs in text, as re.search
// finds it. The error is a [*LimitError].
func (r *Regexp) MatchString(text string) (bool, error) {
	if r.useRE2(text) {
		return r.re2.MatchString(text), nil
	}
	ok, err := r.bt.MatchString(text)
	return ok, r.limitError(err)
}

// Find returns where re.search finds the pattern in text, in characters
// from its start (found false when it does not occur).
func (r *Regexp) Find(text string) (start, end int, found bool, err error) {
	if r.useRE2(text) {
		loc := r.re2.FindStringSubmatchIndex(text)
		if loc == nil {
			return 0, 0, false, nil
		}
		stop := loc[1]
		for _, g := range r.dollars {
			if loc[2*g] >= 0 && loc[2*g+1] > loc[2*g] {
				stop = loc[2*g] // a $ took the final newline
			}
		}
		return utf8.RuneCountInString(text[:loc[0]]), utf8.RuneCountInString(text[:stop]), true, nil
	}
	m, err := r.bt.FindStringMatch(text)
	if err != nil || m == nil {
		return 0, 0, false, r.limitError(err)
	}
	return m.RuneIndex, m.RuneIndex + m.RuneLength, true, nil
}

func (r *Regexp) useRE2(text string) bool {
	switch {
	case r.re2 == nil:
		return false
	case r.nonEmpty && text == "":
		return false
	case r.asciiOnly:
		for i := 0; i < len(text); i++ {
			if text[i] >= utf8.RuneSelf {
				return false
			}
		}
	}
	return true
}

func (r *Regexp) limitError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, regexp2.ErrBacktrackingStackLimit):
		return &LimitError{Limit: r.limit, Stack: true}
	}
	// The only other error regexp2 returns is its timeout, whose text
	// holds the whole input: never shown.
	return &LimitError{Limit: r.limit}
}
