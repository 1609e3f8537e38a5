package detect

import (
	"math"
	"strings"
)

// charset is a byte class.
type charset [256]bool

func newCharset(spec string) *charset {
	var c charset
	for i := 0; i < len(spec); i++ {
		if i+2 < len(spec) && spec[i+1] == '-' {
			for b := spec[i]; b <= spec[i+2]; b++ {
				c[b] = true
			}
			i += 2
			continue
		}
		c[spec[i]] = true
	}
	return &c
}

var (
	alnum     = newCharset("A-Za-z0-9")
	upperNum  = newCharset("A-Z0-9")
	digits    = newCharset("0-9")
	hexLower  = newCharset("0-9a-f")
	hexAny    = newCharset("0-9a-fA-F")
	b64url    = newCharset("A-Za-z0-9_-")
	b64urlDot = newCharset("A-Za-z0-9_.-")
	alnumUnd  = newCharset("A-Za-z0-9_")
	b64std    = newCharset("A-Za-z0-9+/")
	b64body   = newCharset("A-Za-z0-9+/=")
	b64any    = newCharset("A-Za-z0-9+/=_-")
	bearerSet = newCharset("A-Za-z0-9._~+/=-")
	slackSet  = newCharset("A-Za-z0-9-")
	// userinfo stops a URL's user:password at these bytes.
	userinfoStop = newCharset("/ \t\r\n\"'<>?#@\\[]{}(),;`|")
)

// run returns the end of the run of bytes in c starting at i.
func run(s string, i int, c *charset) int {
	for i < len(s) && c[s[i]] {
		i++
	}
	return i
}

// runMax is run that stops after limit bytes: a matcher that knows how long
// its secret can be reads no further, so a text made of one prefix repeated
// costs each anchor a bounded read, not the rest of the text.
func runMax(s string, i int, c *charset, limit int) int {
	end := min(len(s), i+limit)
	for i < end && c[s[i]] {
		i++
	}
	return i
}

// runBack returns the start of the run of bytes in c that ends at i
// (exclusive), looking back at most limit bytes.
func runBack(s string, i int, c *charset, limit int) int {
	j := i
	for j > 0 && i-j < limit && c[s[j-1]] {
		j--
	}
	return j
}

// WordStart reports whether a token may start at i: the byte before is not a
// letter or digit. Punctuation, quotes, escapes and spaces all count as a
// boundary, so keys are found inside JSON strings, URLs and sentences.
func WordStart(s string, i int) bool { return i == 0 || !alnum[s[i-1]] }

// wordEnd reports whether a token may end at i: the byte there is not a
// letter or digit.
func wordEnd(s string, i int) bool { return i >= len(s) || !alnum[s[i]] }

// Match is one secret found in a string.
type Match struct {
	Rule       string
	Start, End int // the secret is s[start:end]
	Keep       int // leading bytes of the secret that are a public prefix
	// Legacy, when above zero, is where the secret started before the
	// hash took in the whole URL: s[Legacy:End] is the span that baselines
	// of version 1 hashed.
	Legacy int
}

// matcher checks a candidate anchored at s[i]. It returns ok false when the
// bytes are not a secret of its kind. A matcher may report a secret that
// starts before i (a name before "=", the digits before "Q~").
type matcher func(s string, i int) (Match, bool)

// anchorSet holds the matchers of one first byte: by second byte, those
// of the literal prefixes that start with the two bytes, and those that
// accept any second byte. Most word starts are dismissed by the trigram
// bitmap, most of the rest by comparing a few bytes of a prefix, and a
// matcher runs only where its literal prefix is.
type anchorSet struct {
	by2 *[256][]anchorEntry
	any []matcher
}

// anchorEntry is a matcher and the literal its secret starts with. b2 and
// b3 are the literal's third and fourth bytes (0 when it is shorter), for
// a comparison without a call.
type anchorEntry struct {
	prefix string
	b2, b3 byte
	m      matcher
}

var anchors [256]anchorSet

// addAnchor registers m at the literal prefixes of what it finds. A
// one-byte prefix accepts any second byte; m then runs at every such byte.
func addAnchor(m matcher, prefixes ...string) {
	for _, p := range prefixes {
		a := &anchors[p[0]]
		byteClass[p[0]] |= classAnchor
		if len(p) == 1 {
			a.any = append(a.any, m)
			byteClass[p[0]] |= classAny
			continue
		}
		if a.by2 == nil {
			a.by2 = new([256][]anchorEntry)
		}
		e := anchorEntry{prefix: p, m: m}
		if len(p) > 2 {
			e.b2 = p[2]
		}
		if len(p) > 3 {
			e.b3 = p[3]
		}
		a.by2[p[1]] = append(a.by2[p[1]], e)
		if len(p) > 2 {
			triSet(p[0], p[1], p[2])
		} else {
			for c := range 256 {
				triSet(p[0], p[1], byte(c))
			}
		}
	}
}

// tri is a bitmap of the (hashed) first three bytes of every literal
// prefix: a word start whose first two bytes begin some prefix but whose
// third byte begins none ("sh" of "shipped" and of "shpat_") is dismissed
// without looking at the prefixes.
var tri [1 << 10]uint64

func triIndex(a, b, c byte) uint32 {
	return (uint32(a)<<16 | uint32(b)<<8 | uint32(c)) * 0x9E3779B1 >> 16
}

func triSet(a, b, c byte) {
	x := triIndex(a, b, c)
	tri[x>>6] |= 1 << (x & 63)
}

func triHas(a, b, c byte) bool {
	x := triIndex(a, b, c)
	return tri[x>>6]&(1<<(x&63)) != 0
}

// candidate reports whether a secret may start at s[i], whose byte is an
// anchor, i+2 < len(s).
func candidate(s string, i int) bool {
	return byteClass[s[i]]&classAny != 0 || triHas(s[i], s[i+1], s[i+2])
}

// Byte classes for the scan loop.
const (
	classOther  = 0
	classWord   = 1 // a letter or digit
	classAnchor = 2 // may start a secret
	classAny    = 4 // has matchers for any second byte
)

var byteClass = func() (t [256]uint8) {
	for c := range 256 {
		if alnum[c] {
			t[c] |= classWord
		}
	}
	return t
}()

// FindAll appends every secret in s to dst.
//
// The loop touches each byte once. Inside a word only its first byte can
// start a key (every prefixed rule wants a word boundary before it), so the
// rest of the word is skipped with one table lookup per byte; the anchors
// that need no boundary (":", "=", "~", …) are not letters or digits.
func FindAll(s string, dst []Match) []Match {
	from := len(dst)
	aws := false
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		k := byteClass[c]
		if k == classOther {
			i++
			continue
		}
		if k&classAnchor != 0 && i+2 < len(s) && (k&classAny != 0 || triHas(c, s[i+1], s[i+2])) {
			if mt, ok := matchAt(s, i); ok && mt.Start >= last {
				dst = append(dst, mt)
				aws = aws || mt.Rule == RuleAWSKeyID
				i, last = mt.End, mt.End
				continue
			}
		}
		i++
		if k&classWord != 0 {
			for i < len(s) && byteClass[s[i]]&classWord != 0 {
				i++
			}
		}
	}
	if aws {
		dst = awsSecretsNear(s, dst, from)
	}
	return dst
}

// matchAt runs the matchers anchored at s[i]; i+1 < len(s).
func matchAt(s string, i int) (Match, bool) {
	a := &anchors[s[i]]
	if a.by2 != nil {
		var c2, c3 byte
		if i+3 < len(s) {
			c2, c3 = s[i+2], s[i+3]
		}
		for k := range a.by2[s[i+1]] {
			e := &a.by2[s[i+1]][k]
			if e.b2 != 0 && e.b2 != c2 || e.b3 != 0 && e.b3 != c3 {
				continue
			}
			if len(s)-i >= len(e.prefix) && s[i:i+len(e.prefix)] == e.prefix {
				if mt, ok := e.m(s, i); ok {
					return mt, true
				}
			}
		}
	}
	for _, m := range a.any {
		if mt, ok := m(s, i); ok {
			return mt, true
		}
	}
	return Match{}, false
}

// knownAt reports whether a rule other than the header and name rules
// matches at s[j]: a value that is itself a known kind of key is left to
// that key's rule.
func knownAt(s string, j int) bool {
	if j+1 >= len(s) {
		return false
	}
	known := func(mt Match, ok bool) bool {
		return ok && mt.Start == j && mt.Rule != RuleAuthorization && mt.Rule != RuleGeneric && mt.Rule != RuleVendor
	}
	a := &anchors[s[j]]
	if a.by2 != nil {
		for _, e := range a.by2[s[j+1]] {
			if strings.HasPrefix(s[j:], e.prefix) && known(e.m(s, j)) {
				return true
			}
		}
	}
	for _, m := range a.any {
		if known(m(s, j)) {
			return true
		}
	}
	return false
}

// Overlaps reports whether m shares a byte with a match of ms.
func Overlaps(ms []Match, m Match) bool {
	for _, x := range ms {
		if m.Start < x.End && x.Start < m.End {
			return true
		}
	}
	return false
}

// RandomBody reports whether the variable part of a key looks random rather
// than like a placeholder: enough distinct characters, no long runs, no
// counting sequences, no placeholder words, and entropy above the floor.
func RandomBody(b string) bool {
	if len(b) < 8 {
		return false
	}
	if Distinct(b) < min(8, len(b)/2) || longestRun(b) >= 6 || sequential(b) {
		return false
	}
	if placeholderWord(b, false) {
		return false
	}
	return entropy(b) >= min(3.0, math.Log2(float64(len(b)))-0.5)
}

// denseBody is the check for long encoded blobs whose structure repeats
// bytes (runs of A in an OpenSSH key, of / in an AWS session token): many
// distinct characters and a high entropy, but runs allowed.
func denseBody(b string, minDistinct int) bool {
	return len(b) >= 32 && Distinct(b) >= minDistinct && entropy(b) >= 4.0 && !sequential(b) && !placeholderWord(b, false)
}

// placeholderWords are the words that mark a value as an example. Inside the
// random body of a prefixed key only the long ones count, so that a real
// key is not dismissed because four random characters spell "test".
var placeholderWords = []string{
	"example", "redacted", "placeholder", "dummy", "sample", "changeme", "change_me",
	"insert", "replace", "your_", "your-", "yourapi", "yourkey", "yourtoken", "xxxxx",
}

// shortPlaceholderWords mark a value a person chose as a stand-in.
var shortPlaceholderWords = []string{"***", "...", "…", "<", ">", "${", "{{", "%s", "%("}

// shortPlaceholderNames are the words among them that random characters
// spell now and then: they count only in values shorter than 24
// characters ("fake-key", "xxx-test"), not inside a 300-character token.
var shortPlaceholderNames = []string{"xxx", "fake", "test", "todo", "tbd"}

func placeholderWord(s string, short bool) bool {
	l := strings.ToLower(s)
	for _, w := range placeholderWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	if !short {
		return false
	}
	for _, w := range shortPlaceholderWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	if len(s) < 24 {
		for _, w := range shortPlaceholderNames {
			if strings.Contains(l, w) {
				return true
			}
		}
	}
	return false
}

// placeholderValues are whole values that stand for a secret without being one.
var placeholderValues = map[string]bool{
	"password": true, "passwd": true, "pass": true, "secret": true, "token": true, "apikey": true,
	"api_key": true, "none": true, "null": true, "nil": true, "undefined": true, "string": true,
	"required": true, "optional": true, "true": true, "false": true, "hunter2": true, "letmein": true,
	"admin": true, "root": true, "user": true, "username": true, "guest": true, "anonymous": true,
}

// IsPlaceholder reports whether a human-chosen value (a password, a value
// under a secret key name) is a stand-in: a known word, a template, a mask.
func IsPlaceholder(s string) bool {
	l := strings.ToLower(strings.TrimSpace(s))
	if l == "" || placeholderValues[l] || placeholderWord(l, true) {
		return true
	}
	if Distinct(l) <= 2 {
		return true // "****", "xxxx", "0000", "••••"
	}
	return strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") ||
		strings.HasPrefix(l, "%") && strings.HasSuffix(l, "%") ||
		strings.HasPrefix(l, "$") || strings.HasPrefix(l, "env:")
}

// Distinct counts the distinct bytes of s.
func Distinct(s string) int {
	var seen [256]bool
	n := 0
	for i := 0; i < len(s); i++ {
		if !seen[s[i]] {
			seen[s[i]] = true
			n++
		}
	}
	return n
}

func longestRun(s string) int {
	best, cur := 0, 0
	for i := 0; i < len(s); i++ {
		if i > 0 && s[i] == s[i-1] {
			cur++
		} else {
			cur = 1
		}
		best = max(best, cur)
	}
	return best
}

// sequential reports whether most of s counts up or down (abcdef, 123456).
func sequential(s string) bool {
	n := 0
	for i := 1; i < len(s); i++ {
		if d := int(s[i]) - int(s[i-1]); d == 1 || d == -1 {
			n++
		}
	}
	return n*2 > len(s)
}

// Classes counts the character classes in s: lower, upper, digit, other.
func Classes(s string) int {
	var lo, up, dg, ot int
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'z':
			lo = 1
		case c >= 'A' && c <= 'Z':
			up = 1
		case c >= '0' && c <= '9':
			dg = 1
		default:
			ot = 1
		}
	}
	return lo + up + dg + ot
}

// entropy is the Shannon entropy of s in bits per byte.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	h, n := 0.0, float64(len(s))
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}
