package secrets

import "strings"

// memoLen is the longest string a memo holds; longer ones are looked at
// each time. A tool's description or a suite's system prompt recurs in
// file after file as much as a name does.
const memoLen = 1024

// memoSlots is how many entries a memo has.
const memoSlots = 1024

// memo remembers a value computed from a short string, for the strings a
// walk meets again and again: the same hundred names and the same short
// values recur in every recording of a project. One entry a slot, chosen
// by a hash of the string. The strings are copied into the entries: a
// string may be a view of a file's bytes, which the next file overwrites.
//
// Each entry counts its hits; a string that misses its slot wears the
// count down by one and takes the slot only once it is worn out, and only
// when it is met there a second time (the slot remembers a hash of the
// last string that missed it), so that ids and texts met once neither push
// out the names met in every file nor are copied.
type memo[T any] struct {
	slots [memoSlots]memoEntry[T]
}

type memoEntry[T any] struct {
	text   string // "" for an empty slot
	hits   uint8
	val    T
	missed uint64 // the hash of the last string that missed the slot
}

// lookup returns the slot of s and whether it holds s; nil and false for
// a string no memo holds (empty, or longer than memoLen).
func (m *memo[T]) lookup(s string) (*memoEntry[T], bool) {
	n := len(s)
	if n == 0 || n > memoLen {
		return nil, false
	}
	e := &m.slots[memoHash(s)>>40&(memoSlots-1)]
	if e.text == s {
		if e.hits < 255 {
			e.hits++
		}
		return e, true
	}
	return e, false
}

// keep records v for s in e, the slot lookup returned for s (nil: not
// kept), when the slot is free or its count is worn out; otherwise it
// wears the count down.
func (m *memo[T]) keep(e *memoEntry[T], s string, v T) {
	if e == nil {
		return
	}
	if e.text != "" && e.hits > 0 {
		e.hits--
		return
	}
	if h := memoHash(s); e.missed != h {
		e.missed = h
		return
	}
	e.text, e.hits, e.val = strings.Clone(s), 1, v
}

// memoHash mixes the length and the first and last eight bytes of s (the
// first and last four of a shorter one, or its first, middle and last
// byte: overlapping loads, no loop); s is not empty.
func memoHash(s string) uint64 {
	n := len(s)
	var head, tail uint64
	switch {
	case n >= 8:
		head = le64(s[:8])
		tail = le64(s[n-8:])
	case n >= 4:
		head = uint64(le32(s[:4]))<<32 | uint64(le32(s[n-4:]))
	default:
		head = uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16
	}
	return (head*0x9E3779B97F4A7C15 ^ tail ^ uint64(n)) * 0xff51afd7ed558ccd
}

func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func le32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}
