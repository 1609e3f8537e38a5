// Package runreport writes a run ([engine.Result]) the three ways dryfire
// run writes it, byte for byte but for generated_at and the measured
// durations.
//
//   - [WriteRunJSON] is the --json-out document ([RunDocument]): schema 2,
//     every case's verdict, assertions and full trace, every repetition of
//     a repeated case; keys sorted, two-space indent, UTF-8 unescaped,
//     Python's number spelling, a final newline.
//   - [WriteRunJUnit] is the --junit-out XML: a <failure> per failing case
//     with every failed assertion in its text, an <error> for a case that
//     could not be evaluated (a provider error, an unmocked tool).
//   - [WriteRunText] is the terminal report: ✓, ✗ or ~ per case with turns,
//     tokens, cost and cache hits, failed assertions with expected and
//     actual ([RenderFailure]), the totals, the judges' cost apart.
//
// [WriteRun] writes what dryfire run's flags ask for ([RunOutput]: the
// report on stdout, --json-out and --junit-out written atomically), naming
// suite files with [RelativeTo]. [OneLine] puts a message on one line as
// dryfire does (Python's str.splitlines, joined with spaces).
//
// It is a package of its own because the run's reports are a format of
// dryfire's, checked against dryfire's own files (testdata/run), and
// nothing else in package report needs their machinery; report's run
// texts (the plan, the progress lines, what was recorded) and check's run
// part use it.
package runreport
