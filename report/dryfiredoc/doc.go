// Package dryfiredoc holds the documents of dryfire's own commands, which
// package command/dryfire makes, and their writers: [Trace] (one case's
// turns as dryfire's trace prints them), [Compare] (compare's matrix and
// the page written), [Page] (report's HTML page of a run document),
// [Validate] (what validate says of a project without spec errors) and
// [Scaffold] (what init wrote). The run's own reports are package
// report/runreport; what a run recorded, redacted and refused, written
// after a document on stderr, is report's (report.WriteRecorded).
package dryfiredoc
