package engine

import (
	"sync"

	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
)

// slab hands out the slices a case repetition grows turn after turn (its
// messages, its turns, its visits) from chunks shared by the repetitions a
// worker runs one after another. A slice grown by append doubles its array
// every few turns and leaves the old ones behind: a replay of thousands
// of cases spent more on those copies than on the slices it keeps. A
// chunk is written once, in order: a repetition takes the rest of the
// current chunk, appends into it, and on [slab.close] the part it wrote
// is its own for good. Nothing already handed out (the messages a gateway
// was given, which it may keep) is ever written again. A trace keeps its
// turns and visits; the messages are not kept past the repetition
// ([Trace.Requests] makes them again), so a chunk of them is garbage once
// the repetitions that wrote it are done.
type slab[T any] struct {
	free []T // the unwritten rest of the current chunk
	// chunk is the number of elements of a new chunk.
	chunk int
}

// open returns an empty slice with room for at least n elements, to be
// grown with append and given back to close. A repetition that outgrows
// its room goes on in the chunk, and past its end in an array of its own,
// as append makes one.
func (s *slab[T]) open(n int) []T {
	n = max(n, 1)
	if cap(s.free) < n {
		s.free = make([]T, 0, max(n, s.chunk))
	}
	return s.free[:0]
}

// close takes used, the slice open returned once appended to, out of the
// slab, and returns it with its capacity cut to its length, so that an
// append to it copies (nil for an empty one, as a slice never appended
// to is).
func (s *slab[T]) close(used []T) []T {
	if len(used) == 0 {
		return nil
	}
	if cap(s.free) > 0 && &used[0] == &s.free[:1][0] {
		s.free = s.free[len(used):len(used)]
	} else {
		// The slice outgrew the chunk and moved: the chunk's rest was
		// written before it did.
		s.free = nil
	}
	return used[:len(used):len(used)]
}

// slabs are the slabs of one worker's repetitions.
type slabs struct {
	msgs   slab[conversation.Message]
	turns  slab[Turn]
	visits slab[Visit]
}

// roomTurns bounds the turns a repetition reserves room for: a case's
// max_turns is a ceiling most cases stay well under.
const roomTurns = 16

var slabPool = sync.Pool{New: func() any {
	return &slabs{msgs: slab[conversation.Message]{chunk: 256}, turns: slab[Turn]{chunk: 128}, visits: slab[Visit]{chunk: 128}}
}}
