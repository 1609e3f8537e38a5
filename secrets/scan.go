package secrets

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// Finding is one secret in one recording. It never holds the secret itself.
type Finding struct {
	// Path is the recording, slash-separated and relative to the project
	// root (empty from [ScanValue]).
	Path string
	// JSONPath addresses the value inside the file:
	// entries.<key>[0].kwargs.api_key, response.raw.content[0].text. When
	// the secret is an object key, the key shows as its preview.
	JSONPath string
	// Rule is the ID of the rule that found it (see [Rules]).
	Rule string
	// Redacted is a preview: a few leading characters, "…", the last two.
	Redacted string
	// Hash is the hex SHA-256 of the secret, its identity in a baseline.
	Hash string
	// Where says in user terms where the value sits ("in the recorded
	// response", "left in tape kwargs: normalize did not strip it").
	Where string
	// AffectsTests reports that redacting the value changes what a replay
	// hands to the code under test (a dryfire response, a tape result or
	// error). Redacting a request digest or tape args changes nothing a
	// test sees: those are never read back.
	AffectsTests bool
	// Suppressed is set by [Baseline.Apply] for an accepted finding.
	Suppressed bool
}

// ScanValue reports every secret in v, in document order, to yield. jsonPath
// is the path of v itself ("" for a document root). Path, Where and
// AffectsTests are left empty.
func ScanValue(v jsonv.Value, jsonPath string, yield func(Finding)) {
	w := walker{yield: yield}
	w.path = append(w.path, jsonPath...)
	w.value(v)
}

// ScanCassette reports the secrets of a dryfire cassette: request digest,
// response (raw payload included) and every other field. rel is the file's
// path relative to the project root.
func ScanCassette(rel string, c *cassette.Cassette) []Finding {
	if c == nil {
		return nil
	}
	var out []Finding
	scanDryfire(rel, c.Body, func(f Finding) { out = append(out, f) })
	return out
}

// ScanTape reports the secrets of a cassette-fn tape: args, kwargs, result
// and error of every entry, and the rest of the document.
func ScanTape(rel string, t *tape.File) []Finding {
	if t == nil {
		return nil
	}
	var out []Finding
	scanTape(rel, t.Body, func(f Finding) { out = append(out, f) })
	return out
}

// Where a finding sits, in user terms.
const (
	whereDigest   = "in the request digest"
	whereResponse = "in the recorded response"
	whereRaw      = "in the recorded response (raw provider payload)"
	whereHeader   = "in the cassette's header fields"
	whereArgs     = "left in tape args: normalize did not strip it"
	whereKwargs   = "left in tape kwargs: normalize did not strip it"
	whereResult   = "in the recorded result"
	whereError    = "in the recorded error"
	whereTapeKey  = "in a tape key"
	whereTape     = "in the tape's header fields"
)

func scanDryfire(rel string, body jsonv.Value, yield func(Finding)) {
	w := walker{}
	emit := func(where string, affects bool) func(Finding) {
		return func(f Finding) {
			f.Path, f.Where, f.AffectsTests = rel, where, affects
			yield(f)
		}
	}
	if body.Kind != jsonv.Object {
		w.yield = emit(whereHeader, false)
		w.value(body)
		return
	}
	for _, m := range body.Members {
		switch m.Key {
		case "request_digest":
			w.yield = emit(whereDigest, false)
			w.member(m)
		case "response":
			if m.Value.Kind != jsonv.Object {
				w.yield = emit(whereResponse, true)
				w.member(m)
				continue
			}
			mark := w.push(m.Key)
			for _, r := range m.Value.Members {
				where := whereResponse
				if r.Key == "raw" {
					where = whereRaw
				}
				w.yield = emit(where, true)
				w.member(r)
			}
			w.pop(mark)
		default:
			w.yield = emit(whereHeader, false)
			w.member(m)
		}
	}
}

func scanTape(rel string, body jsonv.Value, yield func(Finding)) {
	w := walker{}
	emit := func(where string, affects bool) func(Finding) {
		return func(f Finding) {
			f.Path, f.Where, f.AffectsTests = rel, where, affects
			yield(f)
		}
	}
	entries := body.Field("entries")
	for _, m := range body.Members {
		if m.Key != "entries" || entries.Kind != jsonv.Object {
			w.yield = emit(whereTape, false)
			w.member(m)
		}
	}
	if entries.Kind != jsonv.Object {
		return
	}
	top := w.push("entries")
	for _, g := range entries.Members {
		w.yield = emit(whereTapeKey, false)
		mark := w.pushKey(g.Key)
		if g.Value.Kind != jsonv.Array {
			w.value(g.Value)
			w.pop(mark)
			continue
		}
		for i, e := range g.Value.Items {
			im := w.pushIndex(i)
			if e.Kind != jsonv.Object {
				w.yield = emit(whereTape, false)
				w.value(e)
			}
			for _, f := range e.Members {
				switch f.Key {
				case "args":
					w.yield = emit(whereArgs, false)
				case "kwargs":
					w.yield = emit(whereKwargs, false)
				case "result":
					w.yield = emit(whereResult, true)
				case "error":
					w.yield = emit(whereError, true)
				default:
					w.yield = emit(whereTape, false)
				}
				w.member(f)
			}
			w.pop(im)
		}
		w.pop(mark)
	}
	w.pop(top)
}

// walker visits a value depth-first, keeping the JSON path in a reused
// buffer that becomes a string only when a finding is reported.
type walker struct {
	path    []byte
	matches []match
	yield   func(Finding)
}

func (w *walker) push(key string) int {
	mark := len(w.path)
	w.path = appendKey(w.path, key, nil)
	return mark
}

// pushKey adds an object key that may itself hold a secret: it is scanned,
// reported, and shown as its preview in the path.
func (w *walker) pushKey(key string) int {
	mark := len(w.path)
	start := len(w.matches)
	w.matches = findAll(key, w.matches)
	ms := w.matches[start:]
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

func (w *walker) member(m jsonv.Member) {
	mark := w.pushKey(m.Key)
	if m.Value.Kind == jsonv.String && secretKeyName(m.Key) {
		w.secretKeyValue(m.Key, m.Value.Text)
	} else {
		w.value(m.Value)
	}
	w.pop(mark)
}

func (w *walker) value(v jsonv.Value) {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.String:
		w.str(v.Text)
	case jsonv.Array:
		for i := range v.Items {
			mark := w.pushIndex(i)
			w.value(v.Items[i])
			w.pop(mark)
		}
	case jsonv.Object:
		for i := range v.Members {
			w.member(v.Members[i])
		}
	}
}

func (w *walker) str(s string) {
	start := len(w.matches)
	w.matches = findAll(s, w.matches)
	for _, m := range w.matches[start:] {
		w.report(s, m)
	}
	w.matches = w.matches[:start]
}

// secretKeyValue scans a string under a secret-looking key: known kinds of
// keys first, then the whole value when it is random enough.
func (w *walker) secretKeyValue(key, s string) {
	start := len(w.matches)
	w.matches = findAll(s, w.matches)
	if len(w.matches) == start {
		if m, ok := keyedSecret(key, s); ok {
			w.matches = append(w.matches, m)
		}
	}
	for _, m := range w.matches[start:] {
		w.report(s, m)
	}
	w.matches = w.matches[:start]
}

func (w *walker) report(s string, m match) {
	if w.yield == nil {
		return
	}
	secret := s[m.start:m.end]
	sum := sha256.Sum256([]byte(secret))
	w.yield(Finding{
		JSONPath: string(w.path),
		Rule:     m.rule,
		Redacted: preview(secret, m),
		Hash:     hex.EncodeToString(sum[:]),
	})
}

// keyedSecret decides whether the value of a secret-looking key is a secret.
func keyedSecret(key, s string) (match, bool) {
	n := normKey(key)
	if n == "authorization" || n == "proxyauthorization" || n == "xauthorization" {
		scheme, rest, _ := strings.Cut(s, " ")
		switch strings.ToLower(scheme) {
		case "bearer", "token":
			return bearerToken(s, len(s)-len(strings.TrimLeft(rest, " ")))
		case "basic":
			return basicToken(s, len(scheme)+1)
		}
	}
	if strings.Contains(n, "secretaccesskey") || strings.Contains(n, "awssecret") {
		if m, ok := awsSecretAt(s, 0); ok && m.end == len(s) {
			return m, true
		}
	}
	if !genericSecret(s) {
		return match{}, false
	}
	return match{rule: RuleGeneric, start: 0, end: len(s)}, true
}

// genericSecret reports whether a value under a secret-looking key name is
// random enough to be a credential rather than a placeholder or an id.
func genericSecret(s string) bool {
	if len(s) < 8 || len(s) > 1024 || strings.ContainsAny(s, " \t\r\n") || placeholder(s) {
		return false
	}
	if isUUID(s) || isDigest(s) || isToolID(s) {
		return false
	}
	if classes(s) < 2 {
		return false
	}
	return entropy(s) >= min(3.0, math.Log2(float64(len(s)))-0.5)
}

// isUUID matches 8-4-4-4-12 hex.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !hexAny[s[i]] {
				return false
			}
		}
	}
	return true
}

// isDigest matches a fingerprint or a hash: 16, 40 or 64 hex digits, with an
// optional algorithm prefix (sha256:…).
func isDigest(s string) bool {
	if _, h, ok := strings.Cut(s, ":"); ok && strings.HasPrefix(s, "sha") {
		s = h
	}
	if i := strings.IndexByte(s, '#'); i > 0 {
		s = s[:i] // a dryfire storage key with a repetition
	}
	switch len(s) {
	case 16, 40, 64, 128:
	default:
		return false
	}
	return run(s, 0, hexAny) == len(s)
}

// toolIDPrefixes are the ids providers give tool calls, messages and
// requests: unique, random-looking, and not secrets.
var toolIDPrefixes = []string{"toolu_", "call_", "msg_", "chatcmpl-", "req_", "resp_", "run_", "fc_", "tool_", "srvtoolu_", "gen-", "cmpl-"}

func isToolID(s string) bool {
	for _, p := range toolIDPrefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// secretKeyNames are object keys whose string values are credentials,
// compared after lower-casing and dropping -, _, . and spaces.
var secretKeyNames = map[string]bool{
	"apikey": true, "xapikey": true, "apisecret": true, "apitoken": true, "authorization": true,
	"proxyauthorization": true, "xauthorization": true, "password": true, "passwd": true, "pwd": true,
	"secret": true, "clientsecret": true, "accesstoken": true, "refreshtoken": true, "authtoken": true,
	"idtoken": true, "sessiontoken": true, "token": true, "bearertoken": true, "privatekey": true,
	"secretkey": true, "secretaccesskey": true, "xauthtoken": true, "xapitoken": true, "credentials": true,
	"accesskeysecret": true, "awssecretaccesskey": true, "awssecretkey": true, "webhooksecret": true, "signingsecret": true, "dbpassword": true,
}

// secretKeySuffixes catch prefixed names (OPENAI_API_KEY, stripeSecretKey).
var secretKeySuffixes = []string{"secretaccesskey", "apikey", "secretkey", "password", "secret", "accesstoken", "authtoken", "apitoken", "privatekey"}

func secretKeyName(key string) bool {
	if len(key) < 3 || len(key) > 64 {
		return false
	}
	n := normKey(key)
	if secretKeyNames[n] {
		return true
	}
	for _, s := range secretKeySuffixes {
		if strings.HasSuffix(n, s) {
			return true
		}
	}
	return false
}

func normKey(key string) string {
	b := make([]byte, 0, len(key))
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c == '-' || c == '_' || c == '.' || c == ' ':
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// preview shows a secret's public prefix, a few of its leading characters,
// "…" and its last two, revealing less of short secrets. It never cuts a
// UTF-8 sequence.
func preview(secret string, m match) string {
	keep := m.keep
	if m.rule == RulePrivateKey {
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
func appendKey(path []byte, key string, ms []match) []byte {
	if len(ms) > 0 {
		var b strings.Builder
		last := 0
		for _, m := range ms {
			b.WriteString(key[last:m.start])
			b.WriteString(preview(key[m.start:m.end], m))
			last = m.end
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

func plainKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if c := k[i]; !alnum[c] && c != '_' && c != '-' {
			return false
		}
	}
	return true
}
