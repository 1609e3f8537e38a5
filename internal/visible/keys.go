package visible

import (
	"slices"
	"strings"
)

// Key is a value that is never printed and never written for programs:
// the value of an environment variable that holds an API key.
type Key struct {
	// Name is the variable's name (ANTHROPIC_API_KEY).
	Name string
	// Value is its value, matched byte for byte.
	Value string
}

// Mask is how the key shows in place of its value: [$ANTHROPIC_API_KEY].
// A name that is not a plain variable name shows as [$API_KEY], so that a
// mask never carries a quote, a backslash or a control character into the
// JSON, XML or terminal it is written to.
func (k Key) Mask() string {
	name := k.Name
	if name == "" || strings.ContainsFunc(name, func(r rune) bool {
		return !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		name = "API_KEY"
	}
	return "[$" + name + "]"
}

// Keys is a set of keys to mask. The zero value and nil mask nothing.
type Keys struct {
	keys []Key // longest value first, no empty or repeated value
}

// NewKeys returns the set of keys, without empty or repeated values; of
// two keys with the same value, the first names the mask.
func NewKeys(keys ...Key) *Keys {
	k := &Keys{}
	k.Add(keys...)
	return k
}

// Add adds keys to the set.
func (k *Keys) Add(keys ...Key) {
	for _, key := range keys {
		if key.Value != "" && !slices.ContainsFunc(k.keys, func(x Key) bool { return x.Value == key.Value }) {
			k.keys = append(k.keys, key)
		}
	}
	// The longest first, so that a key that holds another masks whole.
	slices.SortStableFunc(k.keys, func(a, b Key) int { return len(b.Value) - len(a.Value) })
}

// Len is the number of keys in the set.
func (k *Keys) Len() int {
	if k == nil {
		return 0
	}
	return len(k.keys)
}

// Mask returns s with every key replaced by its [Key.Mask]. Text that
// holds no key is returned without a copy.
func (k *Keys) Mask(s string) string {
	if k.Len() == 0 {
		return s
	}
	var f finder
	f.reset(k.keys)
	at, key := f.next(s, 0)
	if at < 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for at >= 0 {
		b.WriteString(s[last:at])
		b.WriteString(key.Mask())
		last = at + len(key.Value)
		at, key = f.next(s, last)
	}
	b.WriteString(s[last:])
	return b.String()
}

// finder finds the keys in one text, left to right: at each place the
// earliest key, the longest of those that start there. Each key's next
// place is searched once and kept, so a text with many keys is read a
// number of times bounded by the number of keys, not of places.
type finder struct {
	keys []Key
	pos  []int // the next place of each key, -1 when there is none, -2 not searched yet
}

func (f *finder) reset(keys []Key) {
	f.keys = keys
	f.pos = slices.Grow(f.pos[:0], len(keys))[:len(keys)]
	for i := range f.pos {
		f.pos[i] = -2
	}
}

// next returns the place of the next key in s at or after from, and the
// key (-1 when there is none). s is the same text from call to call after
// a reset, and from never goes back.
func (f *finder) next(s string, from int) (int, Key) {
	best, which := -1, -1
	for i, k := range f.keys {
		if f.pos[i] == -2 || (f.pos[i] >= 0 && f.pos[i] < from) {
			f.pos[i] = -1
			if j := strings.Index(s[from:], k.Value); j >= 0 {
				f.pos[i] = from + j
			}
		}
		if p := f.pos[i]; p >= 0 && (best < 0 || p < best) {
			best, which = p, i
		}
	}
	if which < 0 {
		return -1, Key{}
	}
	return best, f.keys[which]
}

// partial returns the length of the longest end of s that begins a key
// (without being all of it): the bytes a stream holds back until the next
// write says whether a key follows.
func (k *Keys) partial(s string) int {
	longest := 0
	for _, key := range k.keys {
		v := key.Value
		// Only places where the key's first byte stands can begin it.
		for i := max(0, len(s)-len(v)+1); i < len(s); i++ {
			if s[i] == v[0] && len(s)-i > longest && strings.HasPrefix(v, s[i:]) {
				longest = len(s) - i
				break
			}
		}
	}
	return longest
}
