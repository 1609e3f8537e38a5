package diff

import (
	"slices"
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// walker collects the changes between two normalised values.
type walker struct {
	changes []Change
}

func (w *walker) add(path string, kind ChangeKind, before, after jsonv.Value) {
	w.changes = append(w.changes, Change{Path: path, Kind: kind, Before: before, After: after})
}

// request compares two hashable requests: the known members in dryfire's
// order first, then any others.
func (w *walker) request(a, b jsonv.Value) {
	seen := map[string]bool{}
	keys := slices.Clone(requestKeys)
	for _, k := range append(a.Keys(), b.Keys()...) {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		if seen[k] {
			continue
		}
		seen[k] = true
		w.member(joinKey("", k), a, b, k)
	}
}

// member compares the member k of objects a and b.
func (w *walker) member(path string, a, b jsonv.Value, k string) {
	x, inA := a.Get(k)
	y, inB := b.Get(k)
	switch {
	case inA && inB:
		w.value(path, x, y)
	case inA:
		w.add(path, Removed, x, jsonv.NullValue())
	case inB:
		w.add(path, Added, jsonv.NullValue(), y)
	}
}

func (w *walker) value(path string, a, b jsonv.Value) {
	if jsonv.Equal(a, b) {
		return
	}
	switch {
	case a.Kind == jsonv.Object && b.Kind == jsonv.Object:
		w.object(path, a, b)
	case a.Kind == jsonv.Array && b.Kind == jsonv.Array:
		w.list(path, a.Items, b.Items)
	default:
		w.add(path, Changed, a, b)
	}
}

// object compares members in the current key order, then removed keys.
func (w *walker) object(path string, a, b jsonv.Value) {
	for _, k := range b.Keys() {
		w.member(joinKey(path, k), a, b, k)
	}
	for _, k := range a.Keys() {
		if !b.Has(k) {
			w.member(joinKey(path, k), a, b, k)
		}
	}
}

// list compares two arrays. Tools are matched by name; other lists are
// aligned on equal items.
func (w *walker) list(path string, a, b []jsonv.Value) {
	if path == "tools" {
		if ka, kb, ok := identities(a, b, "name"); ok {
			w.byIdentity(path, a, b, ka, kb)
			return
		}
	}
	w.aligned(path, a, b)
}

// identities returns the identity of every item (the string under field,
// numbered by occurrence so duplicates pair up in order), or false when an
// item has none.
func identities(a, b []jsonv.Value, field string) (ka, kb []string, ok bool) {
	ident := func(items []jsonv.Value) ([]string, bool) {
		keys := make([]string, len(items))
		count := map[string]int{}
		for i, it := range items {
			f, ok := it.Get(field)
			if !ok || f.Kind != jsonv.String {
				return nil, false
			}
			keys[i] = f.Text + "\x00" + strconv.Itoa(count[f.Text])
			count[f.Text]++
		}
		return keys, true
	}
	if ka, ok = ident(a); !ok {
		return nil, nil, false
	}
	kb, ok = ident(b)
	return ka, kb, ok
}

// byIdentity pairs items with the same identity. Removed items come first
// (recorded index), then, in current order, added items, moved items (the
// fewest moves that explain the new order) and changes inside pairs.
func (w *walker) byIdentity(path string, a, b []jsonv.Value, ka, kb []string) {
	posA := map[string]int{}
	for i, k := range ka {
		posA[k] = i
	}
	posB := map[string]int{}
	for j, k := range kb {
		posB[k] = j
	}
	for i, k := range ka {
		if _, ok := posB[k]; !ok {
			w.add(index(path, i), Removed, a[i], jsonv.NullValue())
		}
	}
	// Common items in current order, by recorded index; the longest
	// increasing run stays put and everything else moved.
	var common []int
	for _, k := range kb {
		if i, ok := posA[k]; ok {
			common = append(common, i)
		}
	}
	stays := longestIncreasing(common)
	for j, k := range kb {
		i, ok := posA[k]
		if !ok {
			w.add(index(path, j), Added, jsonv.NullValue(), b[j])
			continue
		}
		if !stays[i] {
			w.add(index(path, j), Reordered, jsonv.IntValue(int64(i)), jsonv.IntValue(int64(j)))
		}
		w.value(index(path, j), a[i], b[j])
	}
}

// longestIncreasing returns the members of a longest strictly increasing
// subsequence of seq (as a set).
func longestIncreasing(seq []int) map[int]bool {
	n := len(seq)
	length := make([]int, n)
	prev := make([]int, n)
	best := -1
	for i := range seq {
		length[i], prev[i] = 1, -1
		for j := 0; j < i; j++ {
			if seq[j] < seq[i] && length[j]+1 > length[i] {
				length[i], prev[i] = length[j]+1, j
			}
		}
		if best < 0 || length[i] > length[best] {
			best = i
		}
	}
	keep := map[int]bool{}
	for i := best; i >= 0; i = prev[i] {
		keep[seq[i]] = true
	}
	return keep
}

// maxAlign bounds the alignment table; longer lists are compared by position.
const maxAlign = 1 << 20

// aligned compares lists by aligning equal items (longest common
// subsequence); between aligned items, items are paired by position and
// compared deeply, and the rest are added or removed. A removed item equal to
// an added one is a single reordered change.
func (w *walker) aligned(path string, a, b []jsonv.Value) {
	pairs := align(a, b)
	sub := walker{}
	ia, ib := 0, 0
	flush := func(ea, eb int) {
		for ia < ea && ib < eb {
			sub.value(index(path, ib), a[ia], b[ib])
			ia, ib = ia+1, ib+1
		}
		for ; ia < ea; ia++ {
			sub.add(index(path, ia), Removed, a[ia], jsonv.NullValue())
		}
		for ; ib < eb; ib++ {
			sub.add(index(path, ib), Added, jsonv.NullValue(), b[ib])
		}
	}
	for _, p := range pairs {
		flush(p[0], p[1])
		ia, ib = p[0]+1, p[1]+1
	}
	flush(len(a), len(b))
	w.changes = append(w.changes, mergeMoves(path, sub.changes)...)
}

// align returns index pairs of a longest common subsequence of equal items.
func align(a, b []jsonv.Value) [][2]int {
	n, m := len(a), len(b)
	if n == 0 || m == 0 || n*m > maxAlign {
		return nil
	}
	// Suffix table: l[i][j] is the LCS length of a[i:], b[j:].
	l := make([][]int, n+1)
	for i := range l {
		l[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case jsonv.Equal(a[i], b[j]):
				l[i][j] = l[i+1][j+1] + 1
			case l[i+1][j] >= l[i][j+1]:
				l[i][j] = l[i+1][j]
			default:
				l[i][j] = l[i][j+1]
			}
		}
	}
	var pairs [][2]int
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case jsonv.Equal(a[i], b[j]):
			pairs = append(pairs, [2]int{i, j})
			i, j = i+1, j+1
		case l[i+1][j] >= l[i][j+1]:
			i++
		default:
			j++
		}
	}
	return pairs
}

// mergeMoves turns a removed item and an equal added item of the same list
// into one reordered change.
func mergeMoves(path string, changes []Change) []Change {
	out := make([]Change, 0, len(changes))
	used := make([]bool, len(changes))
	for i, c := range changes {
		if used[i] {
			continue
		}
		if c.Kind == Removed && isItemOf(c.Path, path) {
			if j := findAdded(changes, used, path, c.Before); j >= 0 {
				used[j] = true
				from, to := itemIndex(c.Path, path), itemIndex(changes[j].Path, path)
				out = append(out, Change{Path: changes[j].Path, Kind: Reordered,
					Before: jsonv.IntValue(int64(from)), After: jsonv.IntValue(int64(to))})
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

func findAdded(changes []Change, used []bool, path string, v jsonv.Value) int {
	for j, d := range changes {
		if !used[j] && d.Kind == Added && isItemOf(d.Path, path) && jsonv.Equal(d.After, v) {
			return j
		}
	}
	return -1
}

// isItemOf reports whether p is path[N].
func isItemOf(p, path string) bool { return itemIndex(p, path) >= 0 }

func itemIndex(p, path string) int {
	if len(p) < len(path)+3 || p[:len(path)] != path || p[len(path)] != '[' || p[len(p)-1] != ']' {
		return -1
	}
	n, err := strconv.Atoi(p[len(path)+1 : len(p)-1])
	if err != nil {
		return -1
	}
	return n
}

func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// joinKey appends an object key to a path: a.b for identifier-like keys,
// a["odd key"] otherwise.
func joinKey(path, k string) string {
	if isIdent(k) {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	return path + "[" + strconv.Quote(k) + "]"
}

func isIdent(k string) bool {
	if k == "" {
		return false
	}
	for i, r := range k {
		letter := r == '_' || r == '$' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}
