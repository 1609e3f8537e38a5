// Package dryfire is the commands of dryfire's own command line, done as
// dryfire does them: [Run] (run [PATH...] in any cassette mode:
// [PrepareRun], then [Execute], which the command line asks between and
// the browser's record flow uses), [Trace] (one case, turn by turn),
// [Compare] (the project once per model), [Report] (the HTML page of a run
// document), [Validate] (the suites, checked) and [Init] (the example
// project written). Each has the shape of every command of package
// command: a request holding a command.Env, a command.Result holding its
// document (package report) and its command.Outcome (dryfire's exit code).
// The commands that call providers say beforehand what they will call and
// cost, and stop with [ErrDeclined] when a person answers no.
package dryfire
