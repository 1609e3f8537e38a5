package conversation

import (
	"bytes"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// sharedValues keeps the canonical encoding of the tool results a run's
// cases send again and again: a mock's return value is one jsonv value
// that every case of the suite hitting the rule puts into its next
// request. A value is known by its backing array, which nothing changes
// while the run lasts (and which the key keeps alive, so that its address
// is never another value's). A value holding an id is not kept: its
// encoding depends on the conversation's numbering.
type sharedValues struct {
	m sync.Map // sharedKey → []byte (nil: not kept)
}

type sharedKey struct {
	members *jsonv.Member
	items   *jsonv.Value
	n       int
}

// encoded returns the canonical encoding of v, a tool result's content,
// when v is an object or an array without ids; ok is false otherwise, and
// v must then be normalised and encoded as usual. enc and scratch are the
// caller's.
func (s *sharedValues) encoded(v jsonv.Value, enc *jsonv.Encoder, scratch []byte) (b []byte, ok bool) {
	var key sharedKey
	switch {
	case v.Kind == jsonv.Object && len(v.Members) > 0:
		key = sharedKey{members: &v.Members[0], n: len(v.Members)}
	case v.Kind == jsonv.Array && len(v.Items) > 0:
		key = sharedKey{items: &v.Items[0], n: len(v.Items)}
	default:
		return nil, false
	}
	if x, found := s.m.Load(key); found {
		b, _ = x.([]byte)
		return b, b != nil
	}
	if !cassette.HasIDs(v) {
		if out, err := enc.Append(scratch[:0], v); err == nil {
			b = bytes.Clone(out)
		}
	}
	s.m.Store(key, b)
	return b, b != nil
}
