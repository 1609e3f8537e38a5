// Package cputime reads the CPU time this process has used, user and
// system together, for the benchmarks that report CPU seconds beside the
// wall clock: on a machine shared with other work the wall clock says how
// busy the machine was, CPU time what the code cost.
package cputime

import (
	"testing"
	"time"
)

// PerOp reports on b the CPU seconds per operation used since start (a
// value of [Used] taken before b's loop), as the metric "cpu-s/op".
func PerOp(b *testing.B, start time.Duration) {
	b.Helper()
	b.ReportMetric((Used()-start).Seconds()/float64(b.N), "cpu-s/op")
}
