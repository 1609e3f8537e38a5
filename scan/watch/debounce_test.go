package watch

import (
	"testing"
	"time"
)

func TestDebounce(t *testing.T) {
	const quiet, maxWait = 100 * time.Millisecond, time.Second
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	for _, tc := range []struct {
		name    string
		changes []int // when each change comes, in ms
		takes   []int // when take is called, in ms
		want    []int // what each take returns
	}{
		{"a burst is one", []int{0, 10, 20, 30}, []int{129, 130}, []int{0, 4}},
		{"each change moves the end", []int{0, 90, 180}, []int{100, 190, 279, 280}, []int{0, 0, 0, 3}},
		{"a burst that goes on is cut at maxWait", seq(0, 1500, 50), []int{999, 1000}, []int{0, 21}},
		{"what comes after the cut is the next burst", seq(0, 1500, 50), []int{1000, 1549, 1550}, []int{21, 0, 9}},
		{"nothing, nothing to take", nil, []int{0, 5000}, []int{0, 0}},
		{"two bursts apart", []int{0, 500}, []int{100, 600}, []int{1, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := debouncer{quiet: quiet, maxWait: maxWait}
			var got []int
			ci := 0
			for _, tk := range tc.takes {
				for ci < len(tc.changes) && tc.changes[ci] <= tk {
					d.add(at(tc.changes[ci]))
					ci++
				}
				got = append(got, d.take(at(tk)))
			}
			if len(got) != len(tc.want) {
				t.Fatalf("takes: %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("takes at %v ms: %v, want %v", tc.takes, got, tc.want)
				}
			}
		})
	}
}

func TestDebounceDue(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	d := debouncer{quiet: 100 * time.Millisecond, maxWait: time.Second}
	if d.pending() {
		t.Fatal("pending with no change")
	}
	d.add(t0)
	if got := d.due(); !got.Equal(t0.Add(100 * time.Millisecond)) {
		t.Fatalf("due %v after one change", got.Sub(t0))
	}
	d.add(t0.Add(950 * time.Millisecond))
	if got := d.due(); !got.Equal(t0.Add(time.Second)) {
		t.Fatalf("due %v: the burst is not cut at maxWait", got.Sub(t0))
	}
}

// seq is from, from+step, … below to.
func seq(from, to, step int) []int {
	var out []int
	for v := from; v < to; v += step {
		out = append(out, v)
	}
	return out
}
