// Package pyregex compiles Python regular expressions (the re module's
// syntax for str patterns) into Go's RE2 engine, for the final_matches
// assertion of dryfire suites.
//
// [Compile] parses a pattern the way Python's re parser does and writes the
// equivalent RE2 pattern: \d, \w and \s match what they match in Python (any
// Unicode digit, word character or space, unless the pattern asks for
// ASCII), $ also matches before a final newline, \Z is the end of the text,
// {,n} means {0,n}, and verbose patterns lose their whitespace and comments.
// The result answers re.search: whether the pattern occurs in a text.
//
// # Errors
//
// A pattern Python rejects fails with an [*Error] carrying Python's own
// message and position ("missing ), unterminated subpattern at position
// 1"), so that a suite error reads as dryfire's does. A pattern Python
// accepts but RE2 cannot run (look-around, backreferences, conditionals,
// atomic groups, possessive repeats, counts above 1000) fails with an
// [*Error] whose Unsupported field is set: such a pattern cannot be graded
// here, and saying so beats a wrong verdict.
//
// # Known differences
//
// \b and \B are RE2's ASCII word boundaries (Python's are Unicode), case
// folding is RE2's simple folding, and the Unicode tables are Go's (a newer
// Unicode version than some Pythons).
package pyregex
