// Package cli is the command line: [Run] takes the arguments and an [Env]
// and returns the exit code; main does nothing else.
//
// Each command is one file: its usage text (what 'dryfire-tui help
// COMMAND' prints and docs/commands.md is generated from), an options
// struct with its flags, and a run method that makes one call into the core
// (package command, scan, gitreview, cassette or
// tape) and writes one document of package report, as text or with --json
// as JSON. What several commands
// share (the exit codes, the PATH argument, the environment, opening a
// workspace, printing warnings and the document) lives in shared.go; the
// command table, Run and the help in commands.go and help.go.
//
// # Output
//
// Results go to stdout; diagnostics to stderr as "dryfire-tui: error: …",
// "dryfire-tui: warning: …" and "dryfire-tui: hint: …". Exit codes: 0 ok,
// 1 findings, 2 usage, spec or config error, 3 a replay miss, 130
// interrupted.
package cli

//go:generate go test -run TestCommandsDoc -update .
