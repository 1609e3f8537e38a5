// Package htmlreport writes the HTML pages of dryfire-tui report and
// compare --html-out: a run document, or a compare matrix, as one
// self-contained file that reads the same offline, in light and dark,
// on a phone and on paper.
//
//   - [ReadRun] reads a run document back (dryfire's --json-out file, or
//     ours: the same bytes), as dryfire's reader does: an object with
//     "complete" and "suites", each case with its verdict, assertions and
//     trace. What it refuses fails with [ErrNotRunDocument] and the path
//     of the field (suites[0].cases[2].passed: want true or false); a
//     schema_version other than 1 and 2 is read with a warning.
//   - [WriteRun] writes the page of a run: the summary (passed, failed,
//     errored, pass rate, cost, tokens, time, the judges' own cost), the
//     cases that did not pass, linked, then every suite and case with its
//     verdict; a case opens on its failed assertions with expected and
//     actual, its judges, its repetitions and pass rate, and its trace
//     turn by turn (what was sent, the response, each tool call with its
//     result, stop reasons, usage, latency, the cassette hits).
//   - [WriteCompare] writes the page of a comparison once it has run
//     (a *runplan.Comparison, whose figures the terminal matrix prints too):
//     a card per model or prompt, the matrix of verdicts with the rows
//     where the columns disagree marked ~, and each column's pass rate,
//     cost and mean latency.
//
// # What the page holds
//
// Nothing is loaded: the style is inline, there is no script, no font,
// no image and no link out of the page, and its content security policy
// forbids loading or running anything, so that a text of a document
// could not make the page reach the network even if it got past the
// escaping. Failing cases are open <details>, passing ones closed; a
// switch made of a checkbox and CSS alone hides the passing cases.
//
// Every text of a document is escaped for HTML, and what a browser would
// hide or act on is made visible: control characters, bidi controls,
// invisible characters and invalid bytes show as the escapes the terminal
// shows (\x1b, \u202e), set apart so that they cannot be mistaken for the
// same characters typed. Before anything is laid out the document is
// masked as run masks what it prints (see [runreport.StreamMask]): the
// secrets recorded in cassettes show as secrets show's masks unless
// Options.Reveal, and the API keys of Options.Keys never show.
package htmlreport
