package cputime

import (
	"runtime"
	"testing"
)

var sink uint64

// TestUsedGrows: work done on the CPU shows in Used, and a process's time
// with its children's is at least its own.
func TestUsedGrows(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("CPU time is not read on this system")
	}
	start := Used()
	x := uint64(1)
	for i := range 100_000_000 { // some tens of milliseconds of arithmetic
		x = x*6364136223846793005 + uint64(i)
	}
	sink = x
	if used := Used() - start; used <= 0 {
		t.Errorf("a hundred million multiplications used %v of CPU", used)
	}
	if own, all := Used(), UsedWithChildren(); all < own {
		t.Errorf("with children %v, own %v", all, own)
	}
}
