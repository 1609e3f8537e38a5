package jsonv

import (
	"hash/maphash"
	"sync"
)

// Shared is a table of values, each kept once: what loads many identical
// values (the tool schemas of a project's suites, which often declare the
// same tools or bring them in by $ref) keeps one of each. It is safe for
// concurrent use.
type Shared struct {
	mu   sync.Mutex
	seed maphash.Seed
	// byHash are the values kept, by the hash of their form (see
	// [hashValue]); values whose hashes collide are told apart in full.
	byHash map[uint64][]Value
}

// NewShared returns an empty table.
func NewShared() *Shared {
	return &Shared{seed: maphash.MakeSeed(), byHash: map[uint64][]Value{}}
}

// Share returns the value kept that is identical to v (the same kinds,
// texts, orders and key orders throughout), keeping v when there is none.
// A nil table keeps nothing.
func (s *Shared) Share(v Value) Value {
	if s == nil {
		return v
	}
	var h maphash.Hash
	h.SetSeed(s.seed)
	hashValue(&h, v)
	sum := h.Sum64()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, kept := range s.byHash[sum] {
		if identical(kept, v) {
			return kept
		}
	}
	s.byHash[sum] = append(s.byHash[sum], v)
	return v
}

// hashValue writes what tells v apart into h: each node's kind, flags,
// text and size, in order.
func hashValue(h *maphash.Hash, v Value) {
	flags := byte(v.Kind) << 2
	if v.Bool {
		flags |= 1
	}
	if v.Ordered {
		flags |= 2
	}
	_ = h.WriteByte(flags)
	_, _ = h.WriteString(v.Text)
	_ = h.WriteByte(0)
	writeLen(h, len(v.Items), v.Items == nil)
	for _, it := range v.Items {
		hashValue(h, it)
	}
	writeLen(h, len(v.Members), v.Members == nil)
	for _, m := range v.Members {
		_, _ = h.WriteString(m.Key)
		_ = h.WriteByte(0)
		hashValue(h, m.Value)
	}
}

func writeLen(h *maphash.Hash, n int, isNil bool) {
	if isNil {
		_ = h.WriteByte(0xff)
		return
	}
	var b [8]byte
	for i := range b {
		b[i] = byte(n >> (8 * i))
	}
	_, _ = h.Write(b[:])
}

// identical reports whether a and b are the same value to the last
// detail a document or a hash could show: kinds, flags, texts, key
// orders, and which containers are nil.
func identical(a, b Value) bool {
	if a.Kind != b.Kind || a.Bool != b.Bool || a.Ordered != b.Ordered || a.Text != b.Text ||
		len(a.Items) != len(b.Items) || (a.Items == nil) != (b.Items == nil) ||
		len(a.Members) != len(b.Members) || (a.Members == nil) != (b.Members == nil) {
		return false
	}
	for i := range a.Items {
		if !identical(a.Items[i], b.Items[i]) {
			return false
		}
	}
	for i := range a.Members {
		if a.Members[i].Key != b.Members[i].Key || !identical(a.Members[i].Value, b.Members[i].Value) {
			return false
		}
	}
	return true
}
