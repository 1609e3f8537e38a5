package watch

import "time"

// debouncer turns a burst of changes into one: the burst is over once
// nothing has changed for quiet, or, while changes keep coming, maxWait
// after its first, so that a long burst (a checkout of thousands of
// files) is still seen while it goes on. Times come in as arguments: the
// watcher passes its clock's.
type debouncer struct {
	quiet, maxWait time.Duration
	n              int // changes in the burst
	first, last    time.Time
}

// add counts a change at now.
func (d *debouncer) add(now time.Time) {
	if d.n == 0 {
		d.first = now
	}
	d.last = now
	d.n++
}

// pending reports whether a burst is under way.
func (d *debouncer) pending() bool { return d.n > 0 }

// due is when the burst under way is over, if nothing changes before.
func (d *debouncer) due() time.Time {
	quiet, limit := d.last.Add(d.quiet), d.first.Add(d.maxWait)
	if limit.Before(quiet) {
		return limit
	}
	return quiet
}

// take ends the burst if it is over at now, and says how many changes it
// held; 0 while it goes on (or with none).
func (d *debouncer) take(now time.Time) int {
	if d.n == 0 || now.Before(d.due()) {
		return 0
	}
	n := d.n
	*d = debouncer{quiet: d.quiet, maxWait: d.maxWait}
	return n
}
