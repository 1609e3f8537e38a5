// Package pathlib orders and globs paths as Python's pathlib does.
//
// dryfire finds suites with pathlib globs and serves the first cassette of
// a sorted rglob, so which file wins depends on pathlib's order: paths
// compare part by part ([Compare]: "a/x" sorts before "a b/x"), and a
// part compares by code point. [Sort] sorts paths that way; [Glob]
// evaluates a pattern with "**" as pathlib does, each pattern's matches
// sorted, duplicates kept.
//
// dryfire expands the suite paths of its command line with Python's glob
// module instead (glob.glob(pattern, root_dir=cwd, recursive=True)), whose
// rules differ: "*" skips hidden names, matches are spelled as the pattern
// spells them, a literal path matches itself. [PyGlob] is that, its
// fnmatch included, checked against a table of patterns Python matched
// (testdata/pyglob.json, made by testdata/pyglob.py).
package pathlib
