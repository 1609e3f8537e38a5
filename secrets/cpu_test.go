package secrets

import (
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/cputime"
)

// reportCPUThroughput reports the bytes scanned per second of CPU time
// ("cpu-MB/s"): on a machine shared with other work, wall-clock MB/s says
// how busy the machine was; CPU time says what one core does.
func reportCPUThroughput(b *testing.B, start time.Duration, bytes int64) {
	b.Helper()
	if used := cputime.Used() - start; used > 0 {
		b.ReportMetric(float64(bytes)*float64(b.N)/used.Seconds()/1e6, "cpu-MB/s")
	}
}
