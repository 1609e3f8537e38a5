// Package cli is the command line: [Run] takes the arguments and an [Env]
// and returns the exit code; main does nothing else.
//
// Each command is one file: its usage text (what 'dryfire-tui help
// COMMAND' prints and docs/commands.md is generated from), an options
// struct with its flags, and a run method that reads the flags, makes one
// call into the command tier (package command: ls, show, diff, replay,
// run, prune, secrets, doctor, check, review, fingerprint), and prints the
// document it returns, as text or with --json as JSON, then ends with the
// exit code of its outcome. What the commands share (the environment, the
// exit codes and the one table that maps an outcome to one, printing the
// warnings, the spec errors, the document and the diagnostics) lives in
// shared.go; the command table, Run and the help in commands.go and
// help.go; the output policy in output.go.
//
// # Output
//
// Results go to stdout; diagnostics to stderr as "dryfire-tui: error: …",
// "dryfire-tui: warning: …" and "dryfire-tui: hint: …". Exit codes: 0 ok,
// 1 findings, 2 usage, spec or config error, 3 a replay miss, 130
// interrupted.
package cli

//go:generate go test -run TestCommandsDoc -update .
