//go:build !unix

package cputime

import "time"

// Used is 0: this system's CPU time is not read.
func Used() time.Duration { return 0 }

// UsedWithChildren is 0, as [Used] is.
func UsedWithChildren() time.Duration { return 0 }
