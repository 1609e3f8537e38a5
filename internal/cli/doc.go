// Package cli is the command line of dryfire-tui: one file per command,
// each its flags, one call into the core and one report.
//
// [Run] looks the command up in the table (commands.go), parses its flags
// with pflag, runs it with an [Env] (standard streams, clock, environment,
// whether stdout is a terminal) and maps the error it returns to an exit
// code: 0 ok, 1 findings, 2 usage, spec or config error, 3 a replay miss,
// 130 interrupted. Results go to stdout, diagnostics to stderr as
// "dryfire-tui: error: …" and "dryfire-tui: hint: …".
package cli
