package detect

import (
	"encoding/base64"
	"strings"
)

// Names before values in text. A recording holds text in many shapes: JSON
// inside a string (a tool's arguments, a tool result), escaped once or more,
// form bodies, header lines, YAML, .env files, XML, Python reprs, command
// lines. The matchers below read "name <sep> value" in all of them, anchored
// on the separator, and hand the value to the same decision as a decoded
// JSON member.

var (
	keyNameSet = newCharset("A-Za-z0-9_.-")
	// spacedNameSet adds the spaces a quoted name may hold.
	spacedNameSet = newCharset("A-Za-z0-9_. -")
	// valueStop ends an unquoted value.
	valueStop = newCharset(" \t\r\n\"'`,;&()[]{}<>\\|")
	// headerStop ends an unquoted header value, which has spaces in it.
	headerStop = newCharset("\r\n\"'`,;&()[]{}<>\\|")
	// inIdentifier holds the bytes that make a "name:" part of something
	// longer: arn:aws:secretsmanager:…:secret:db, /v1/secret:name.
	inIdentifier = newCharset(":/=@#")
	// nameEnds holds the last letters of the names ClassifyKey knows, so
	// that most "word:" in prose are dismissed before any work.
	nameEnds = newCharset("yYtTnNdDsShHeErRlL")
)

func isQuote(c byte) bool { return c == '"' || c == '\'' || c == '`' }

// matchKeyedText reads name: value, name = value, name := value and
// name => value, anchored on the ":" or "=".
func matchKeyedText(s string, i int) (Match, bool) {
	sep := s[i]
	if i+1 < len(s) {
		if n := s[i+1]; sep == '=' && n == '=' || sep == ':' && (n == '/' || n == ':') {
			return Match{}, false
		}
	}
	ks, ke := nameBefore(s, i)
	if ke-ks < 2 || ks > 0 && inIdentifier[s[ks-1]] {
		return Match{}, false
	}
	if sep == ':' {
		if m, ok, inBlock := kubernetesText(s, i, ks, ke); inBlock {
			return m, ok
		}
	}
	kind := KeyNone
	if nameEnds[s[ke-1]] {
		kind = ClassifyKey(s[ks:ke])
		if kind == KeyNone && strings.EqualFold(s[ks:ke], "value") {
			kind = pairNameBefore(s, ks)
		}
	}
	if kind == KeyNone {
		return Match{}, false
	}
	v := i + 1
	if v < len(s) && (sep == ':' && s[v] == '=' || sep == '=' && s[v] == '>') {
		v++
	}
	return valueAfter(s, v, kind)
}

// nameBefore returns the name that ends before the separator at i, past
// spaces, a closing quote (escaped or not) and the bracket of an index.
func nameBefore(s string, i int) (start, end int) {
	k := i
	for n := 0; n < 4 && k > 0 && (s[k-1] == ' ' || s[k-1] == '\t'); n++ {
		k--
	}
	if k > 1 && s[k-1] == ']' && isQuote(s[k-2]) {
		k-- // headers["X-Api-Key"] = …
	}
	var quote byte
	if k > 0 && isQuote(s[k-1]) {
		quote = s[k-1]
		k--
		for k > 0 && s[k-1] == '\\' {
			k--
		}
	}
	start = runBack(s, k, keyNameSet, 64)
	if quote != 0 && start > 0 && s[start-1] == ' ' {
		// A quoted name may hold spaces: "API Key": "…".
		if j := runBack(s, k, spacedNameSet, 64); j > 0 && s[j-1] == quote && s[j] != ' ' {
			start = j
		}
	}
	return start, k
}

// valueAfter reads the value that starts at v (past spaces, an opening
// quote, escaped or not) and decides whether it is a secret.
func valueAfter(s string, v int, kind KeyKind) (Match, bool) {
	for n := 0; n < 8 && v < len(s) && (s[v] == ' ' || s[v] == '\t'); n++ {
		v++
	}
	j := v
	for j < len(s) && s[j] == '\\' {
		j++
	}
	var e int
	if j < len(s) && isQuote(s[j]) {
		q := s[j]
		v = j + 1
		e = v
		for e < len(s) && e-v < 4096 && s[e] != q && s[e] != '\\' && s[e] != '\n' {
			e++
		}
		if e >= len(s) || s[e] == '\n' {
			return Match{}, false
		}
	} else {
		if j != v {
			return Match{}, false // an escape such as \n, not a value
		}
		stop := valueStop
		if kind == KeyAuthorization {
			stop = headerStop
		}
		e = v
		for e < len(s) && e-v < 4096 && !stop[s[e]] {
			e++
		}
		if strings.HasSuffix(s[v:e], "...") || strings.HasPrefix(s[e:], "…") {
			return Match{}, false // elided: "sk-…", "FwoGZXIv..."
		}
		for e > v && s[e-1] == '.' {
			e-- // the end of a sentence
		}
		if e < len(s) && (s[e] == '(' || s[e] == '[') {
			return Match{}, false // a call or an index: code, not a value
		}
	}
	if e-v < 8 || specificIn(s[v:e]) {
		return Match{}, false
	}
	m, ok := KeyedValue(kind, s[v:e])
	if !ok {
		return Match{}, false
	}
	m.Start += v
	m.End += v
	return m, true
}

// specificIn reports whether a rule anchored at a word start finds a key in
// s: such a value is left to that rule, found as the scan goes on.
func specificIn(s string) bool {
	for i := 0; i < len(s); i++ {
		if alnum[s[i]] && WordStart(s, i) && byteClass[s[i]]&classAnchor != 0 && i+2 < len(s) && candidate(s, i) {
			if knownAt(s, i) {
				return true
			}
		}
	}
	return false
}

// pairNameBefore reads the name of a name/value pair written as two
// members, {"name": "X-Api-Key", "value": "…"} or key="Password"
// value="…", given where "value" starts.
func pairNameBefore(s string, vs int) KeyKind {
	k := vs
	if k > 0 && isQuote(s[k-1]) {
		k--
	}
	for n := 0; n < 16 && k > 0 && strings.IndexByte(" \t\r\n,\\", s[k-1]) >= 0; n++ {
		k--
	}
	if k == 0 || !isQuote(s[k-1]) {
		return KeyNone
	}
	ne := k - 1
	for ne > 0 && s[ne-1] == '\\' {
		ne--
	}
	ns := runBack(s, ne, keyNameSet, 64)
	if ns == ne {
		return KeyNone
	}
	ks, ke := nameBefore(s, pastOpening(s, ns))
	if ke == ks {
		return KeyNone
	}
	switch strings.ToLower(s[ks:ke]) {
	case "name", "key", "header", "field", "param", "parameter":
		return ClassifyKey(s[ns:ne])
	}
	return KeyNone
}

// pastOpening steps back from the start of a string's text over its
// opening quote, its escapes and spaces to the separator before it, and
// returns the separator's index (or -1).
func pastOpening(s string, i int) int {
	k := i
	if k > 0 && isQuote(s[k-1]) {
		k--
	}
	for k > 0 && s[k-1] == '\\' {
		k--
	}
	for n := 0; n < 4 && k > 0 && (s[k-1] == ' ' || s[k-1] == '\t'); n++ {
		k--
	}
	if k == 0 || (s[k-1] != ':' && s[k-1] != '=') {
		return 0
	}
	return k - 1
}

// matchXMLElement reads <password>value</password>, anchored on the ">".
func matchXMLElement(s string, i int) (Match, bool) {
	ks := runBack(s, i, keyNameSet, 64)
	if ks == i || ks == 0 || s[ks-1] != '<' || !nameEnds[s[i-1]] {
		return Match{}, false
	}
	kind := ClassifyKey(s[ks:i])
	if kind == KeyNone {
		return Match{}, false
	}
	v := i + 1
	e := v
	for e < len(s) && e-v < 4096 && s[e] != '<' && s[e] != '\n' {
		e++
	}
	if !strings.HasPrefix(s[e:], "</") || e-v < 8 || specificIn(s[v:e]) {
		return Match{}, false
	}
	m, ok := KeyedValue(kind, s[v:e])
	if !ok {
		return Match{}, false
	}
	m.Start += v
	m.End += v
	return m, true
}

// matchPairText reads ("X-Api-Key", "value") and ["Authorization",
// "Bearer …"], the header lists of Python and JavaScript HTTP clients,
// anchored on the comma.
func matchPairText(s string, i int) (Match, bool) {
	k := i
	for n := 0; n < 4 && k > 0 && s[k-1] == ' '; n++ {
		k--
	}
	if k == 0 || !isQuote(s[k-1]) {
		return Match{}, false
	}
	ke := k - 1
	for ke > 0 && s[ke-1] == '\\' {
		ke--
	}
	ks := runBack(s, ke, keyNameSet, 64)
	if ke-ks < 2 || ks == 0 || !isQuote(s[ks-1]) || !nameEnds[s[ke-1]] {
		return Match{}, false
	}
	o := ks - 1
	for o > 0 && s[o-1] == '\\' {
		o--
	}
	for n := 0; n < 4 && o > 0 && s[o-1] == ' '; n++ {
		o--
	}
	if o == 0 || (s[o-1] != '(' && s[o-1] != '[') {
		return Match{}, false
	}
	kind := ClassifyKey(s[ks:ke])
	if kind == KeyNone {
		return Match{}, false
	}
	return valueAfter(s, i+1, kind)
}

// matchDashFlag reads --password VALUE and the like on a command line, and
// curl's -u / --user USER:PASSWORD. (--name=value is matchKeyedText's.)
func matchDashFlag(s string, i int) (Match, bool) {
	if i+3 >= len(s) || i > 0 && s[i-1] == '-' {
		return Match{}, false
	}
	if s[i+1] == 'u' && s[i+2] == ' ' {
		return curlUser(s, skipBlanks(s, i+3), i)
	}
	if s[i+1] != '-' {
		return Match{}, false
	}
	ne := run(s, i+2, keyNameSet)
	if ne-i-2 < 2 || ne >= len(s) || s[ne] != ' ' {
		return Match{}, false
	}
	name := s[i+2 : ne]
	if name == "user" {
		return curlUser(s, skipBlanks(s, ne), i)
	}
	if !nameEnds[s[ne-1]] {
		return Match{}, false
	}
	kind := ClassifyKey(name)
	if kind == KeyNone {
		return Match{}, false
	}
	return valueAfter(s, ne, kind)
}

func skipBlanks(s string, j int) int {
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	return j
}

// notK8sSecrets are the names in a Kubernetes Secret's data that hold no
// secret.
var notK8sSecrets = map[string]bool{
	"username": true, "user": true, "host": true, "hostname": true, "port": true, "database": true,
	"db": true, "dbname": true, "namespace": true, "url": true, "endpoint": true, "region": true,
	"email": true, "cacrt": true, "tlscrt": true, "ca": true, "cert": true, "crt": true,
}

// NotK8sSecret reports whether name, in a Kubernetes Secret's data or
// stringData, holds no secret (a user name, a host, a CA certificate).
func NotK8sSecret(name string) bool {
	var buf [64]byte
	return notK8sSecrets[string(normKeyInto(name, &buf))]
}

// kubernetesText reads an entry of a Kubernetes Secret's data or
// stringData in YAML: an indented "name: value" line whose block starts
// with "data:" or "stringData:", in a document that says "kind: Secret".
// inBlock reports that the entry is in such a block, secret or not.
func kubernetesText(s string, i, ks, ke int) (m Match, ok, inBlock bool) {
	if ke != i || i+2 >= len(s) || s[i+1] != ' ' || ks == 0 || s[ks-1] != ' ' {
		return Match{}, false, false
	}
	ls := ks
	for ls > 0 && s[ls-1] == ' ' {
		ls--
	}
	// The YAML may sit in a string that was JSON once more, its newlines
	// escaped.
	escaped := ls >= 2 && s[ls-2:ls] == `\n`
	if ls == 0 || s[ls-1] != '\n' && !escaped {
		return Match{}, false, false
	}
	v := i + 2
	e := v
	for e < len(s) && s[e] != '\n' && s[e] != '\r' && (!escaped || s[e] != '\\') {
		e++
	}
	var header string
	if escaped {
		before := strings.ReplaceAll(s[max(0, ls-4096):ls], `\n`, "\n")
		header = blockHeader(before, len(before), ks-ls)
	} else {
		header = blockHeader(s, ls, ks-ls)
	}
	if header != "data:" && header != "stringData:" {
		return Match{}, false, false
	}
	window := s[max(0, ls-4096):min(len(s), e+4096)]
	if !strings.Contains(window, "kind: Secret") && !strings.Contains(window, `kind: "Secret"`) {
		return Match{}, false, false
	}
	if e-v < 8 || NotK8sSecret(s[ks:ke]) {
		return Match{}, false, true
	}
	kind := KeyK8sData
	if header == "stringData:" {
		kind = KeyK8sString
	}
	m, ok = KeyedValue(kind, strings.TrimRight(s[v:e], " \t"))
	if !ok {
		return Match{}, false, true
	}
	m.Start += v
	m.End += v
	return m, true, true
}

// blockHeader walks back from the line starting at ls (indented by
// indent) over its siblings to the line with less indentation, and returns
// that line's text.
func blockHeader(s string, ls, indent int) string {
	for n := 0; n < 64 && ls > 0; n++ {
		pe := ls - 1 // the newline ending the line before
		ps := strings.LastIndexByte(s[:pe], '\n') + 1
		line := strings.TrimRight(s[ps:pe], "\r")
		in := len(line) - len(strings.TrimLeft(line, " "))
		switch {
		case strings.TrimSpace(line) == "":
		case in < indent:
			return strings.TrimSpace(line)
		case in > indent:
			// A nested value (a block scalar): keep going.
		}
		ls = ps
	}
	return ""
}

// kubernetesValue decides whether a value of a Secret's data (base64) is a
// secret: it decodes, and what it holds is not a placeholder.
func kubernetesValue(s string) (Match, bool) {
	if len(s) < 8 || run(s, 0, b64body) != len(s) || IsPlaceholder(s) || Distinct(s) < 6 {
		return Match{}, false
	}
	dec, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		if dec, err = base64.RawStdEncoding.DecodeString(s); err != nil {
			return Match{}, false
		}
	}
	d := strings.TrimSpace(string(dec))
	if len(d) < 6 || IsPlaceholder(d) || Classes(d) < 2 && len(d) < 16 {
		return Match{}, false
	}
	return Match{Rule: RuleKubernetes, Start: 0, End: len(s)}, true
}
