package secrets

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

// What the shape of decoded JSON says about a string, beyond its own key:
// the items of an array under a credential's name (multi-valued headers),
// the second item of a ["X-Api-Key", "…"] pair, the "value" member of a
// {"name": "X-Api-Key", "value": "…"} object (HAR and many SDKs), and the
// data of a Kubernetes Secret. The walker and the redactor both ask here,
// so that what is found is what is redacted.

// itemKind returns the kind of the i-th item of an array that sits under
// a name of kind k.
func itemKind(items []jsonv.Value, i int, k detect.KeyKind) detect.KeyKind {
	if k != detect.KeyNone {
		return k
	}
	if i == 1 && len(items) == 2 && items[0].Kind == jsonv.String && items[1].Kind == jsonv.String {
		return detect.ClassifyKey(items[0].Text)
	}
	return detect.KeyNone
}

// objShape is what an object's members say about each other.
type objShape struct {
	pair detect.KeyKind // the kind named by its name/key/header member
	k8s  bool           // a Kubernetes Secret: kind is "Secret"
}

func shapeOf(members []jsonv.Member) objShape {
	var sh objShape
	for _, m := range members {
		if m.Value.Kind != jsonv.String {
			continue
		}
		switch m.Key {
		case "name", "key", "header", "field", "param", "Name", "Key":
			sh.pair = detect.ClassifyKey(m.Value.Text)
		case "kind":
			sh.k8s = m.Value.Text == "Secret"
		}
	}
	return sh
}

// memberKind returns the kind of a member's value in an object of shape
// sh that itself sits where inherited says (detect.KeyK8sData for the
// members of a Secret's data).
func (sh objShape) memberKind(m jsonv.Member, inherited detect.KeyKind) detect.KeyKind {
	return sh.memberKindOf(m.Key, detect.KeyNone, inherited, false)
}

// memberKindOf is memberKind for a key whose detect.ClassifyKey is named
// (known set) or still to be asked.
func (sh objShape) memberKindOf(key string, named detect.KeyKind, inherited detect.KeyKind, known bool) detect.KeyKind {
	if inherited == detect.KeyK8sData || inherited == detect.KeyK8sString {
		if detect.NotK8sSecret(key) {
			return detect.KeyNone
		}
		return inherited
	}
	if !known {
		named = detect.ClassifyKey(key)
	}
	if named != detect.KeyNone {
		return named
	}
	if key == "value" || key == "Value" {
		return sh.pair
	}
	return detect.KeyNone
}

// childInherited returns what the members of a member's object value
// inherit: a Secret's data and stringData pass their kind down.
func (sh objShape) childInherited(m jsonv.Member) detect.KeyKind {
	if sh.k8s && m.Value.Kind == jsonv.Object {
		switch m.Key {
		case "data":
			return detect.KeyK8sData
		case "stringData":
			return detect.KeyK8sString
		}
	}
	return detect.KeyNone
}

// stringMatches appends the secrets of s to dst: every rule over the text,
// and when none matches, the decision for its kind over the whole value.
func stringMatches(s string, k detect.KeyKind, dst []detect.Match) []detect.Match {
	start := len(dst)
	dst = detect.FindAll(s, dst)
	if len(dst) == start && k != detect.KeyNone {
		if m, ok := detect.KeyedValue(k, s); ok {
			dst = append(dst, m)
		}
	}
	return dst
}

// walker visits a value depth-first, keeping the JSON path in a reused
// buffer that becomes a string only when a finding is reported.
type walker struct {
	path    []byte
	matches []detect.Match
	yield   func(Finding)
	// collecting: findings are tagged with rel, where and affects and
	// kept in out instead of handed to yield (see collect).
	collecting bool
	rel, where string
	affects    bool
	out        []Finding
	// keys remembers what the walk needs to know of the object keys it
	// met, in this file and the files before: a recording's members are
	// under the same hundred names.
	keys keyCache
	// clean remembers strings (up to memoLen bytes) in which no rule
	// finds anything: most strings of recordings are the same names and
	// words ("string", "object", "assistant", a tool's name and
	// description, a model, a suite's system prompt).
	clean cleanCache
}

// keyInfo is what a walk needs to know of an object key, the same for
// every member under it: the kind of value it names (detect.ClassifyKey),
// whether a rule finds a secret in the key itself, and whether it follows
// a dot in a path (plainKey).
type keyInfo struct {
	kind   detect.KeyKind
	secret bool
	plain  bool
}

func keyInfoOf(key string) keyInfo {
	var ms [4]detect.Match
	return keyInfo{kind: detect.ClassifyKey(key), secret: len(detect.FindAll(key, ms[:0])) > 0, plain: plainKey(key)}
}

// keyCache maps keys to their keyInfo.
type keyCache struct{ memo[keyInfo] }

// info returns what the walk needs to know of key.
func (c *keyCache) info(key string) keyInfo {
	e, ok := c.lookup(key)
	if ok {
		return e.val
	}
	info := keyInfoOf(key)
	c.keep(e, key, info)
	return info
}

// cleanCache holds strings in which detect.FindAll finds nothing.
type cleanCache struct{ memo[struct{}] }

// add holds s, in which no rule finds anything, as clean, in e, the slot
// lookup returned for it.
func (c *cleanCache) add(e *memoEntry[struct{}], s string) { c.keep(e, s, struct{}{}) }

// walkerBuffers holds the path and match buffers of finished walks, so
// that a store's 20,000 files do not each grow their own.
var walkerBuffers = sync.Pool{New: func() any { return new(walker) }}

// newWalker returns a walker with reused buffers; release gives them back.
func newWalker(yield func(Finding)) *walker {
	w := walkerBuffers.Get().(*walker)
	w.yield = yield
	return w
}

// release returns w's buffers to the pool; w is not used after.
func (w *walker) release() {
	w.path, w.matches, w.yield = w.path[:0], w.matches[:0], nil
	w.collecting, w.rel, w.where, w.affects, w.out = false, "", "", false, nil
	walkerBuffers.Put(w)
}

func (w *walker) push(key string) int {
	mark := len(w.path)
	w.path = appendKey(w.path, key, nil)
	return mark
}

// pushKeyOf is pushKey for a key whose keyInfo is known.
func (w *walker) pushKeyOf(key string, info keyInfo) int {
	if info.secret {
		return w.pushKey(key)
	}
	mark := len(w.path)
	switch {
	case !info.plain:
		w.path = appendKey(w.path, key, nil)
	case mark > 0:
		w.path = append(append(w.path, '.'), key...)
	default:
		w.path = append(w.path, key...)
	}
	return mark
}

// pushKey adds an object key that may itself hold a secret: it is scanned,
// reported, and shown as its preview in the path.
func (w *walker) pushKey(key string) int {
	mark := len(w.path)
	start := len(w.matches)
	w.matches = detect.FindAll(key, w.matches)
	ms := w.matches[start:]
	slices.SortFunc(ms, func(a, b detect.Match) int { return a.Start - b.Start })
	if len(ms) > 0 {
		w.path = appendKey(w.path, key, ms)
		for _, m := range ms {
			w.report(key, m)
		}
	} else {
		w.path = appendKey(w.path, key, nil)
	}
	w.matches = w.matches[:start]
	return mark
}

func (w *walker) pushIndex(i int) int {
	mark := len(w.path)
	w.path = append(w.path, '[')
	w.path = strconv.AppendInt(w.path, int64(i), 10)
	w.path = append(w.path, ']')
	return mark
}

func (w *walker) pop(mark int) { w.path = w.path[:mark] }

// member visits one member of an object at the top of a recording, where
// no sibling says anything about it.
func (w *walker) member(m jsonv.Member) {
	w.memberIn(&lazyShape{done: true}, &m, detect.KeyNone)
}

// lazyShape is the shape of an object, read from its members only when a
// member asks: nearly every object has no "value", "data" or
// "stringData" member, the only ones whose kind their siblings decide.
type lazyShape struct {
	members []jsonv.Member
	done    bool
	sh      objShape
}

func (l *lazyShape) get() objShape {
	if !l.done {
		l.sh, l.done = shapeOf(l.members), true
	}
	return l.sh
}

func (w *walker) memberIn(sh *lazyShape, m *jsonv.Member, inherited detect.KeyKind) {
	info := w.keys.info(m.Key)
	if k := m.Value.Kind; !info.secret && k != jsonv.Object && k != jsonv.String && k != jsonv.Array {
		return // a number, a boolean or null under a key that holds no secret: nothing to report
	}
	mark := w.pushKeyOf(m.Key, info)
	switch m.Value.Kind { //nolint:exhaustive // numbers, booleans and null hold no secret
	case jsonv.Object:
		child := detect.KeyNone
		if m.Key == "data" || m.Key == "stringData" { // see objShape.childInherited
			child = sh.get().childInherited(*m)
		}
		w.object(m.Value.Members, child)
	case jsonv.String, jsonv.Array:
		var siblings objShape // what memberKindOf reads of them, for "value" only
		if m.Key == "value" || m.Key == "Value" {
			siblings = sh.get()
		}
		w.value(&m.Value, siblings.memberKindOf(m.Key, info.kind, inherited, true))
	}
	w.pop(mark)
}

func (w *walker) object(members []jsonv.Member, inherited detect.KeyKind) {
	sh := lazyShape{members: members}
	for i := range members {
		w.memberIn(&sh, &members[i], inherited)
	}
}

// value visits v, which sits under a name of kind k.
func (w *walker) value(v *jsonv.Value, k detect.KeyKind) {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.String:
		w.str(v.Text, k)
	case jsonv.Array:
		for i := range v.Items {
			mark := w.pushIndex(i)
			w.value(&v.Items[i], itemKind(v.Items, i, k))
			w.pop(mark)
		}
	case jsonv.Object:
		w.object(v.Members, detect.KeyNone)
	}
}

func (w *walker) str(s string, k detect.KeyKind) {
	start := len(w.matches)
	e, clean := w.clean.lookup(s)
	if clean {
		if k == detect.KeyNone {
			return
		}
		if m, ok := detect.KeyedValue(k, s); ok {
			w.report(s, m)
		}
		return
	}
	w.matches = stringMatches(s, k, w.matches)
	if len(w.matches) == start {
		w.clean.add(e, s) // FindAll found nothing, nor did the decision for k
	}
	for _, m := range w.matches[start:] {
		w.report(s, m)
	}
	w.matches = w.matches[:start]
}

func (w *walker) report(s string, m detect.Match) {
	if w.yield == nil && !w.collecting {
		return
	}
	f := newFinding(s, m, false)
	f.JSONPath = string(w.path)
	if w.collecting {
		f.Path, f.Where, f.AffectsTests = w.rel, w.where, w.affects
		w.out = append(w.out, f)
		return
	}
	w.yield(f)
}

// newFinding describes the secret s[m.start:m.end]; unescape decodes one
// level of JSON string escapes first (for bytes read as text).
func newFinding(s string, m detect.Match, unescape bool) Finding {
	secret := s[m.Start:m.End]
	if unescape {
		secret = unescapeJSON(secret)
	}
	f := Finding{Rule: m.Rule, Redacted: preview(secret, m), Hash: hashHex(secret)}
	if m.Legacy > m.Start {
		old := s[m.Legacy:m.End]
		if unescape {
			old = unescapeJSON(old)
		}
		f.legacy = hashHex(old)
	}
	return f
}

func hashHex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// preview shows a secret's public prefix, a few of its leading characters,
// "…" and its last two, revealing less of short secrets. It never cuts a
// UTF-8 sequence.
func preview(secret string, m detect.Match) string {
	keep := min(m.Keep, len(secret))
	if m.Rule == RulePrivateKey {
		// The header line says what it is; the body is all secret.
		return strings.TrimSpace(secret[:keep]) + "…" + lastRunes(secret, 2)
	}
	rest := secret[keep:]
	n := utf8.RuneCountInString(rest)
	lead, tail := 0, 0
	switch {
	case n >= 24:
		lead, tail = 4, 2
	case n >= 16:
		lead, tail = 2, 2
	case n >= 10:
		lead, tail = 1, 2
	case n >= 6:
		lead = 1
	}
	return secret[:keep] + firstRunes(rest, lead) + "…" + lastRunes(rest, tail)
}

func firstRunes(s string, n int) string {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}

func lastRunes(s string, n int) string {
	i := len(s)
	for ; n > 0 && i > 0; n-- {
		_, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
	}
	return s[i:]
}

// appendKey appends an object key to a JSON path: .key for plain names,
// ["…"] otherwise. Secrets in the key (ms) are replaced by their previews.
func appendKey(path []byte, key string, ms []detect.Match) []byte {
	if len(ms) > 0 {
		var b strings.Builder
		last := 0
		for _, m := range ms {
			b.WriteString(key[last:m.Start])
			b.WriteString(preview(key[m.Start:m.End], m))
			last = m.End
		}
		b.WriteString(key[last:])
		path = append(path, '[')
		path = strconv.AppendQuote(path, b.String())
		return append(path, ']')
	}
	if plainKey(key) {
		if len(path) > 0 {
			path = append(path, '.')
		}
		return append(path, key...)
	}
	path = append(path, '[')
	path = strconv.AppendQuote(path, key)
	return append(path, ']')
}

// plainKey reports whether a key may follow a dot in a JSON path: ASCII
// letters, digits, _ and - only.
func plainKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if c := k[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}
