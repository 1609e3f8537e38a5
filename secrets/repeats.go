package secrets

import (
	"encoding/binary"
	"hash/maphash"
	"sync"
	"sync/atomic"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

// What recurs in a project's recordings: every recording of a suite holds
// the suite's tools and system prompt in its request digest, and every
// turn of a case the messages of the turns before it, the same bytes file
// after file. A store load that scans every file for secrets decodes each
// file with a [Repeats] ([jsonv.DecodeFuncRepeats]): the containers of a
// digest it has scanned once and found clean are left out of the next
// files' bodies, neither decoded nor visited again. What it leaves out
// holds nothing the walk would report, so the findings are the same,
// finding for finding, as a scan of the whole body.
//
// Which containers: an object member of request_digest, or an object or
// array item of an array member, under a key that gives its value no kind
// (detect.ClassifyKey says nothing of it, and it is none of "value",
// "Value", "data", "stringData", whose kind its siblings decide). Under
// such a key the walk visits the container as the root of a value (see
// walker.memberIn and itemKind: an object inherits nothing, and an item
// that is a container takes no kind from its array), so what it finds
// there depends on the container's bytes alone, and a scan of the
// container by itself finds what the walk of the whole body would.

// minRepeat is the shortest container a Repeats remembers: below it the
// decode and the walk cost less than the look-up.
const minRepeat = 96

// repeatHead is how many leading bytes of a container find the lengths
// of the known containers that begin with them (minRepeat or fewer).
const repeatHead = 64

// maxRepeats is the most containers a Repeats remembers (about 80 bytes
// of memory each: 25,000 for the 20,000 recordings of the generated
// project), and maxPerHead the most that Known finds by their first bytes
// (Seen finds the rest once their end is known). A project with more
// distinct ones has the rest scanned every time.
const (
	maxRepeats = 1 << 18
	maxPerHead = 64
)

// repeatShards spreads the workers of a load over locks.
const repeatShards = 16

// Repeats remembers the containers of request digests scanned clean in
// one store load. It is safe for concurrent use; one serves every file of
// a load, and a new load starts with a new one, so that what it remembers
// never outlives the rules it was found clean by, and a load of a project
// costs the same the first time and every time.
//
// A container is remembered by its length, its place (a member's value or
// an item) and a 64-bit hash of its bytes, with a seed drawn for this
// Repeats, under a hash of its first bytes: Known finds the lengths of the
// containers that begin as rest does and hashes that many bytes of rest.
// Two different containers of one length share a hash with a chance of
// 2⁻⁶⁴ per look-up, and no one writing a recording can aim at it: the
// seed is secret and new each load.
type Repeats struct {
	seed   maphash.Seed
	shards [repeatShards]repeatShard
	n      atomic.Int64
}

type repeatShard struct {
	mu sync.RWMutex
	// first holds a container by the hash of its first repeatHead bytes
	// and its place, and more the others that begin alike (up to
	// maxPerHead in all; nearly every beginning has one container, which
	// then takes no allocation of its own). all holds the containers past
	// those, which Known does not look at and Seen finds by their hash.
	first map[uint64]repeatEntry
	more  map[uint64][]repeatEntry
	all   map[repeatEntry]struct{}
	_     [24]byte // one shard a cache line
}

type repeatEntry struct {
	n    int    // the container's length, negative for an item
	hash uint64 // the hash of its bytes
	tail uint64 // its last eight bytes, to pass over most others unhashed
}

// NewRepeats returns an empty Repeats for one store load.
func NewRepeats() *Repeats {
	r := &Repeats{seed: maphash.MakeSeed()}
	for i := range r.shards {
		r.shards[i].first = map[uint64]repeatEntry{}
		r.shards[i].more = map[uint64][]repeatEntry{}
		r.shards[i].all = map[repeatEntry]struct{}{}
	}
	return r
}

// Wants reports whether the containers under a digest member named key
// are ones a Repeats may leave out (see the comment at the top).
func (r *Repeats) Wants(key string) bool {
	switch key {
	case "value", "Value", "data", "stringData":
		return false
	}
	return detect.ClassifyKey(key) == detect.KeyNone
}

// head returns the key of the containers at a place that begin with the
// first repeatHead bytes of b, and its shard.
func (r *Repeats) head(b []byte, item bool) (uint64, *repeatShard) {
	h := maphash.Bytes(r.seed, b[:repeatHead])
	if item {
		h = ^h
	}
	return h, &r.shards[h%repeatShards]
}

// Known returns the length of a container scanned clean before that rest
// begins with, at the same place; 0 when there is none.
func (r *Repeats) Known(rest []byte, item bool) int {
	if len(rest) < minRepeat {
		return 0
	}
	h, sh := r.head(rest, item)
	closing := rest[0] + 2 // '{'+2 is '}', '['+2 is ']'
	sh.mu.RLock()
	defer sh.mu.RUnlock()
	match := func(e repeatEntry) int {
		if n := abs(e.n); n <= len(rest) && rest[n-1] == closing && tail8(rest[:n]) == e.tail && maphash.Bytes(r.seed, rest[:n]) == e.hash {
			return n
		}
		return 0
	}
	e, ok := sh.first[h]
	if !ok {
		return 0
	}
	if n := match(e); n > 0 {
		return n
	}
	for _, e := range sh.more[h] {
		if n := match(e); n > 0 {
			return n
		}
	}
	return 0
}

func abs(n int) int { return max(n, -n) }

// tail8 is the last eight bytes of b (at least eight long) as a number.
func tail8(b []byte) uint64 { return binary.LittleEndian.Uint64(b[len(b)-8:]) }

// entry is what a Repeats remembers of the container span at a place.
func (r *Repeats) entry(span []byte, item bool) (repeatEntry, *repeatShard) {
	e := repeatEntry{n: len(span), hash: maphash.Bytes(r.seed, span), tail: tail8(span)}
	if item {
		e.n = -e.n
	}
	return e, &r.shards[e.hash%repeatShards]
}

// Seen reports whether the container span, which Known did not know,
// holds no secret; it is then remembered, and left out of the body. A
// container with a secret, or one that does not decode by itself, is not
// left out, and the walk of the body reports it as always.
func (r *Repeats) Seen(span []byte, item bool) bool {
	if len(span) < minRepeat {
		return false
	}
	// Known looks only at the first maxPerHead containers that begin
	// alike (a conversation's tool results all begin the same way): the
	// others are found here, by their hash, once the decoder has found
	// their end.
	e, sh := r.entry(span, item)
	sh.mu.RLock()
	_, known := sh.all[e]
	sh.mu.RUnlock()
	if known {
		return true
	}
	if !cleanContainer(span) {
		return false
	}
	if r.n.Add(1) > maxRepeats {
		return true
	}
	h, hs := r.head(span, item)
	hs.mu.Lock()
	_, taken := hs.first[h]
	es := hs.more[h]
	switch {
	case !taken:
		hs.first[h] = e
	case len(es) < maxPerHead-1:
		hs.more[h] = append(es, e)
	}
	hs.mu.Unlock()
	if taken && len(es) >= maxPerHead-1 { // Known does not look past maxPerHead
		sh.mu.Lock()
		sh.all[e] = struct{}{}
		sh.mu.Unlock()
	}
	return true
}

// cleanContainer reports whether the walk finds nothing in the container
// span, visited as the root of a value.
func cleanContainer(span []byte) bool {
	w := newWalker(nil)
	w.collect("") // a finding is kept, not handed to a callback: nothing to allocate when there is none
	defer w.release()
	err := jsonv.DecodeLentFunc(span, true, func(v jsonv.Value) { w.value(&v, detect.KeyNone) })
	return err == nil && len(w.out) == 0
}

var _ jsonv.Repeats = (*Repeats)(nil)
