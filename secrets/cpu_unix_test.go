//go:build unix

package secrets

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time this process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPUThroughput reports the bytes scanned per second of CPU time
// ("cpu-MB/s"): on a machine shared with other work, wall-clock MB/s says
// how busy the machine was; CPU time says what one core does.
func reportCPUThroughput(b *testing.B, start time.Duration, bytes int64) {
	b.Helper()
	if used := cpuTime() - start; used > 0 {
		b.ReportMetric(float64(bytes)*float64(b.N)/used.Seconds()/1e6, "cpu-MB/s")
	}
}
