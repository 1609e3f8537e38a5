//go:build unix

package cassette

import "syscall"

// cpuSeconds returns the CPU time this process has used (user + system), so
// that benchmarks can report a rate that does not depend on how busy the
// machine is.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
