//go:build !unix

package secrets

import (
	"testing"
	"time"
)

func cpuTime() time.Duration { return 0 }

func reportCPUThroughput(*testing.B, time.Duration, int64) {}
