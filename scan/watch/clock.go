package watch

import "time"

// Clock is the time the watcher debounces and polls by: [RealClock], or
// a fake that a test moves by hand.
type Clock interface {
	Now() time.Time
	// NewTimer returns a timer that fires once, d from now.
	NewTimer(d time.Duration) Timer
}

// Timer is a timer of a [Clock].
type Timer interface {
	// C receives the time when the timer fires.
	C() <-chan time.Time
	// Stop stops the timer; it reports whether it had not fired yet.
	Stop() bool
}

// RealClock is the system's clock.
type RealClock struct{}

// Now implements Clock.
func (RealClock) Now() time.Time { return time.Now() }

// NewTimer implements Clock.
func (RealClock) NewTimer(d time.Duration) Timer { return realTimer{time.NewTimer(d)} }

type realTimer struct{ t *time.Timer }

func (t realTimer) C() <-chan time.Time { return t.t.C }
func (t realTimer) Stop() bool          { return t.t.Stop() }
