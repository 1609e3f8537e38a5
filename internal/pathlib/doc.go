// Package pathlib orders and globs paths as Python's pathlib does.
//
// dryfire finds suites with pathlib globs and serves the first cassette of
// a sorted rglob, so which file wins depends on pathlib's order: paths
// compare part by part ([Compare]: "a/x" sorts before "a b/x"), and a
// part compares by code point. [Sort] sorts paths that way; [Glob]
// evaluates a pattern with "**" as pathlib does, each pattern's matches
// sorted, duplicates kept.
package pathlib
