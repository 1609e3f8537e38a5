// Package casemodel is what dryfire's models make of the values a suite
// gives a case: the ones dryfire checks when the case is built and run
// rather than when the suite is loaded. Package suite checks them at load
// time all the same, so that a suite that will fail when it runs says so
// where it is written; package engine grades the assertions.
//
// # Assertions
//
// [ParseAssertion] parses one entry of a case's expect list as dryfire's
// assertion registry builds it: the kind is the entry's first key (one of
// [Kinds]), the arguments its value, validated by the kind's pydantic model
// in lax mode. The [Assertion] holds the arguments in typed fields (a
// final_matches pattern compiled once, with Python's meaning), pydantic's
// first error for them ([Assertion.Err]: "<args>: Input should be a valid
// string"), and the exception dryfire's loader raises instead of reporting
// an error ([Fatal]: a repeat count Python overflows on, a pattern nested
// past the limit). An argument a $ref brought in is not quoted in an error.
//
// # Input messages and tool results
//
// [InputMessages] checks a list input as dryfire's Message model checks it
// when the case starts, for what only the loaded Python values tell: a
// value of a Python type with no JSON form where a string, a list or a
// mapping is needed, keys that are not strings (the case then fails
// without a request), and the first value hashing fails on.
// [ContentCheck] is what dryfire's ToolResult makes of a mock's return
// value or a sequence step's. [InputViews] and [ScriptViews] keep how the
// Python values of a list input's messages and of a scripted model's
// tool-call arguments show ([MessageViews]: repr(), json.dumps), for -v,
// the assertions that print them and the run document; [ScriptSteps] makes
// a script's arguments str-keyed as pydantic validates them.
//
// [PydanticKeyLoc] is how pydantic's error location names a key that is
// not a string, and [KeyLoc.Matches] whether it finds a key of the mapping
// (dryfire's "loc in mapping"), so that suite places the error.
//
// # Lax values
//
// [StrLike], [ListItems] and [ParseIntString] are what pydantic's lax mode
// takes as a str, a list and an int written as a string; [ParseFloatLax]
// its float from a string, and [IsPySpace] Python's str.isspace(). The
// structural checks of package suite read values the same way.
package casemodel
