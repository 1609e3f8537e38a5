package provider

import (
	"context"
	"sync"
)

// The bounds on what one answer may carry and on what the answers being
// read at once may hold, so that a provider (or whatever answers at its
// address) cannot exhaust memory: dryfire has none of them. A model's
// answer is a few kilobytes; its largest output, about a megabyte.
const (
	// MaxBody is the most bytes of one answer's body that are read (after
	// any gzip is undone). A longer body is refused as soon as it is known
	// to be longer: at once from its Content-Length, else at byte
	// MaxBody+1.
	MaxBody = 16 << 20
	// MaxBodiesInFlight is the most bytes that the bodies of all the
	// answers being read and decoded at once may take: a call reserves
	// its body's Content-Length (MaxBody when none is sent) before reading
	// it, and waits while the others hold the rest.
	MaxBodiesInFlight = 2 * MaxBody
	// MaxValues is the most JSON values (every string, number, object, …)
	// one answer's body may hold; the body is counted before it is
	// decoded, which costs some 100 bytes a value.
	MaxValues = 200_000
	// MaxToolCalls is the most tool calls one answer may carry.
	MaxToolCalls = 1000
)

// maxErrorBody bounds what is read of a non-2xx answer.
const maxErrorBody = 64 << 10

// inFlight is the process's budget of [MaxBodiesInFlight]: memory is the
// process's, whichever gateway reads.
var inFlight = newBudget(MaxBodiesInFlight)

// budget is a weighted semaphore of bytes, served first come first
// served, so that a large reservation is not starved by small ones.
type budget struct {
	mu      sync.Mutex
	free    int64
	waiting []*waiter
	// trace, when set, hears of each reservation made at once ("got")
	// or that has to wait ("queued") (tests).
	trace func(event string, n int64)
}

type waiter struct {
	n     int64
	ready chan struct{}
}

func newBudget(n int64) *budget { return &budget{free: n} }

// acquire reserves n bytes (at most the budget's size), waiting for them
// until ctx ends.
func (b *budget) acquire(ctx context.Context, n int64) error {
	b.mu.Lock()
	trace := b.trace
	if len(b.waiting) == 0 && b.free >= n {
		b.free -= n
		b.mu.Unlock()
		if trace != nil {
			trace("got", n)
		}
		return nil
	}
	w := &waiter{n: n, ready: make(chan struct{})}
	b.waiting = append(b.waiting, w)
	b.mu.Unlock()
	if trace != nil {
		trace("queued", n)
	}
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
		b.mu.Lock()
		defer b.mu.Unlock()
		select {
		case <-w.ready: // served meanwhile: give it back
			b.free += n
			b.serve()
		default:
			for i, x := range b.waiting {
				if x == w {
					b.waiting = append(b.waiting[:i], b.waiting[i+1:]...)
					break
				}
			}
			b.serve()
		}
		return ctx.Err()
	}
}

// release gives back n bytes.
func (b *budget) release(n int64) {
	b.mu.Lock()
	b.free += n
	b.serve()
	b.mu.Unlock()
}

// serve wakes the waiters at the head of the queue that now fit.
func (b *budget) serve() {
	for len(b.waiting) > 0 && b.free >= b.waiting[0].n {
		w := b.waiting[0]
		b.waiting = b.waiting[1:]
		b.free -= w.n
		close(w.ready)
	}
}

// countValues counts the JSON values of a body, stopping past most: a
// value starts at each scalar, [ or {; strings are skipped whole. It
// assumes nothing of the syntax (a broken body is counted loosely and
// refused by the decoder).
func countValues(data []byte, most int) int {
	n := 0
	inToken := false
	for i := 0; i < len(data) && n <= most; i++ {
		switch c := data[i]; c {
		case '"':
			n++
			inToken = false
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			n++
			inToken = false
		case ' ', '\t', '\n', '\r', ',', ':', ']', '}':
			inToken = false
		default:
			if !inToken {
				n++
				inToken = true
			}
		}
	}
	return n
}
