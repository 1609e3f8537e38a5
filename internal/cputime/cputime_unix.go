//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Used is the user and system CPU time of this process so far (0 when the
// system does not say).
func Used() time.Duration { return usage(syscall.RUSAGE_SELF) }

// UsedWithChildren is [Used] with the CPU time of the child processes
// this process has waited for.
func UsedWithChildren() time.Duration {
	return usage(syscall.RUSAGE_SELF) + usage(syscall.RUSAGE_CHILDREN)
}

func usage(who int) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
