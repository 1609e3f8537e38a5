// Package pyregex runs Python regular expressions (the re module of
// Python 3.11, str patterns) for the final_matches assertion of dryfire
// suites: the same patterns accepted, the same errors, the same matches.
//
// [Compile] parses a pattern the way re's parser does, with its errors,
// positions and quirks, and writes it twice: for Go's RE2 engine (regexp)
// and for a backtracking engine (github.com/dlclark/regexp2/v2, a port of
// .NET's). [Regexp.MatchString] answers re.search: whether the pattern
// occurs in a text.
//
// # What Python means
//
// Nothing is left to either engine's reading of a construct: the pattern
// is written with explicit sets, so that \d, \w and \s are the characters
// of Python 3.11's Unicode tables (Unicode 14.0, kept in tables/, written
// by Python itself), . excludes only a newline, $ also matches before a
// final newline, and IGNORECASE matches the characters re's compiler
// matches, lowering both sides with CPython's tables and adding the
// characters re treats as one case (ı and i, ſ and s, …), quirks
// included. \N{…} names are unicodedata's (Unicode names, name aliases,
// Hangul syllables and CJK ideographs); group names are checked with
// str.isidentifier; conditionals name groups by int() as Python reads it.
// Look-behind widths are re's (getwidth), and a look-behind that does not
// have one fixed width is re's error.
//
// # Two engines
//
// RE2 runs every pattern it can run with Python's meaning: in time linear
// in the text, so a pattern that backtracks for ever in Python gets its
// answer here. That leaves it look-ahead and look-behind, backreferences,
// conditionals, atomic groups and possessive repeats, counts above 1000,
// and a $ with more of the pattern after it (RE2 has no look-ahead, so $
// consumes the newline it may precede). \b and \B are RE2's on an ASCII
// text (where its word characters are Python's) and not on an empty one
// (where Python's \B does not match).
//
// The rest runs on regexp2, chosen over extending this package into an
// engine of its own: it is a mature backtracking engine with every
// construct Python has (and more, never written here), leftmost-first
// like Python's, with a match time limit and a bounded backtracking stack,
// which a home-grown engine would have to reimplement and prove. Its
// syntax is used for structure only (groups, look-around, conditionals,
// atomic groups, numbered backreferences); no flag or class of its own is
// used, except that a backreference under IGNORECASE compares with its
// case folding (Go's simple folding) rather than re's lowering.
//
// A match on regexp2 that runs longer than its time limit
// ([DefaultTimeLimit]) or needs more than [StackLimit] backtracking
// positions fails with a [*LimitError]: where Python's re would run on
// for ever, this package gives up, says so, and the assertion fails.
//
// # Errors
//
// A pattern Python rejects fails with an [*Error] carrying Python's own
// message and position ("missing ), unterminated subpattern at position
// 1"), and its kind: a re.error, the ValueError of incompatible global
// flags, the OverflowError of a repeat count of 4294967295 or more, or a
// pattern nested deeper than [MaxDepth] (where Python's parser runs out of
// recursion). A pattern neither engine can compile is an [*Error] of kind
// [Unsupported]; none is known.
//
// # Known differences
//
// re rewrites an alternation of single characters and sets into one set
// (which matters under IGNORECASE for an upper-case letter beyond the
// Basic Multilingual Plane, which such a set never matches); it does so
// here too, but not after factoring out a common prefix of the branches,
// as re also does. The text is Go's: a lone surrogate, which a Python
// string may hold, has already become U+FFFD.
package pyregex
