package secrets

import (
	"encoding/base64"
	"hash/crc32"
	"math"
	"strings"
)

// Rule describes one kind of secret the scanner knows.
type Rule struct {
	// ID names the rule in findings, baselines and redaction placeholders.
	ID string
	// Description says what the rule finds, for help and documentation.
	Description string
}

// Rule IDs.
const (
	RuleAnthropic     = "anthropic-api-key"
	RuleAnthropicAdm  = "anthropic-admin-key"
	RuleOpenAI        = "openai-api-key"
	RuleOpenRouter    = "openrouter-api-key"
	RuleGoogle        = "google-api-key"
	RuleAWSKeyID      = "aws-access-key-id"
	RuleAWSSecret     = "aws-secret-access-key"
	RuleGitHub        = "github-token"
	RuleGitHubPAT     = "github-fine-grained-pat"
	RuleGitLab        = "gitlab-pat"
	RuleSlackToken    = "slack-token"
	RuleSlackWebhook  = "slack-webhook"
	RuleStripe        = "stripe-live-key"
	RuleHuggingFace   = "huggingface-token"
	RuleGroq          = "groq-api-key"
	RuleXAI           = "xai-api-key"
	RulePrivateKey    = "private-key"
	RuleJWT           = "jwt"
	RuleAuthorization = "authorization-header"
	RuleURLPassword   = "url-password"
	RuleGeneric       = "generic-secret"
)

var ruleList = []Rule{
	{RuleAnthropic, "Anthropic API key (sk-ant-api03-…)"},
	{RuleAnthropicAdm, "Anthropic admin key (sk-ant-admin01-…)"},
	{RuleOpenAI, "OpenAI key (sk-proj-…, sk-svcacct-…, sk-admin-…, legacy sk-…T3BlbkFJ…)"},
	{RuleOpenRouter, "OpenRouter key (sk-or-v1- and 64 hex digits)"},
	{RuleGoogle, "Google API key (AIza and 35 characters)"},
	{RuleAWSKeyID, "AWS access key id (AKIA… or ASIA…, 20 characters)"},
	{RuleAWSSecret, "AWS secret access key (40 characters near an AWS key id or name)"},
	{RuleGitHub, "GitHub token (ghp_, gho_, ghu_, ghs_, ghr_ with a valid CRC32 checksum)"},
	{RuleGitHubPAT, "GitHub fine-grained personal access token (github_pat_…)"},
	{RuleGitLab, "GitLab personal access token (glpat-…)"},
	{RuleSlackToken, "Slack token (xoxb-, xoxp-, xoxa-, xoxr-, xoxs-, xoxe-, xapp-)"},
	{RuleSlackWebhook, "Slack incoming webhook URL (hooks.slack.com/services/…)"},
	{RuleStripe, "Stripe live secret or restricted key (sk_live_, rk_live_)"},
	{RuleHuggingFace, "Hugging Face token (hf_…)"},
	{RuleGroq, "Groq API key (gsk_…)"},
	{RuleXAI, "xAI API key (xai-…)"},
	{RulePrivateKey, "PEM private key block, also with JSON-escaped newlines"},
	{RuleJWT, "JSON Web Token (eyJ….eyJ….signature)"},
	{RuleAuthorization, "Authorization: Bearer or Basic credentials"},
	{RuleURLPassword, "password in a URL (scheme://user:password@host)"},
	{RuleGeneric, "random-looking value under a secret-looking key name (api_key, password, client_secret, …)"},
}

// Rules returns the rules in the order they are documented.
func Rules() []Rule { return append([]Rule(nil), ruleList...) }

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
	hexLower  = newCharset("0-9a-f")
	hexAny    = newCharset("0-9a-fA-F")
	b64url    = newCharset("A-Za-z0-9_-")
	alnumUnd  = newCharset("A-Za-z0-9_")
	b64std    = newCharset("A-Za-z0-9+/")
	b64body   = newCharset("A-Za-z0-9+/=")
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

// wordStart reports whether a token may start at i: the byte before is not a
// letter or digit. Punctuation, quotes, escapes and spaces all count as a
// boundary, so keys are found inside JSON strings, URLs and sentences.
func wordStart(s string, i int) bool { return i == 0 || !alnum[s[i-1]] }

// match is one secret found in a string.
type match struct {
	rule       string
	start, end int // the secret is s[start:end]
	keep       int // leading bytes of the secret that are a public prefix
}

// matcher checks a candidate anchored at s[i]. It returns ok false when the
// bytes are not a secret of its kind.
type matcher func(s string, i int) (match, bool)

// anchors maps the first byte of every rule's prefix to its matchers, so the
// scan looks at each byte once and does work only on candidate bytes.
var (
	anchors [256][]matcher
)

func addAnchor(first string, m matcher) {
	for i := 0; i < len(first); i++ {
		anchors[first[i]] = append(anchors[first[i]], m)
		byteClass[first[i]] |= classAnchor
	}
}

func init() {
	addAnchor("s", matchSK)
	addAnchor("sS", matchAWSSecretName)
	addAnchor("r", prefixed("rk_live_", RuleStripe, alnum, 20, 0))
	addAnchor("A", matchAIza)
	addAnchor("A", matchAWSKeyID)
	addAnchor("g", matchGitHub)
	addAnchor("g", prefixed("github_pat_", RuleGitHubPAT, alnumUnd, 70, 0))
	addAnchor("g", prefixed("glpat-", RuleGitLab, b64url, 20, 0))
	addAnchor("g", prefixed("gsk_", RuleGroq, alnum, 52, 52))
	addAnchor("x", matchSlackToken)
	addAnchor("x", prefixed("xai-", RuleXAI, alnum, 70, 0))
	addAnchor("h", prefixed("hf_", RuleHuggingFace, alnum, 30, 40))
	addAnchor("h", matchSlackWebhook)
	addAnchor("e", matchJWT)
	addAnchor("-", matchPEM)
	addAnchor("bB", matchBearer)
	addAnchor("bB", matchBasic)
	addAnchor(":", matchURLPassword)
}

// prefixed builds the matcher of a fixed prefix followed by a body of at
// least minLen (and, when maxLen > 0, at most maxLen) bytes of c.
func prefixed(prefix, rule string, c *charset, minLen, maxLen int) matcher {
	return func(s string, i int) (match, bool) {
		if !strings.HasPrefix(s[i:], prefix) {
			return match{}, false
		}
		b := i + len(prefix)
		e := run(s, b, c)
		n := e - b
		if n < minLen || (maxLen > 0 && n > maxLen) || !randomBody(s[b:e]) {
			return match{}, false
		}
		return match{rule: rule, start: i, end: e, keep: len(prefix)}, true
	}
}

var (
	stripeLive   = prefixed("sk_live_", RuleStripe, alnum, 20, 0)
	openRouter   = prefixed("sk-or-v1-", RuleOpenRouter, hexLower, 64, 64)
	openAIProj   = prefixed("sk-proj-", RuleOpenAI, b64url, 40, 0)
	openAISvc    = prefixed("sk-svcacct-", RuleOpenAI, b64url, 40, 0)
	openAIAdmin  = prefixed("sk-admin-", RuleOpenAI, b64url, 40, 0)
	openAIMarker = "T3BlbkFJ" // base64 of "OpenAI", inside every legacy key
)

// matchSK handles every key that starts with "sk".
func matchSK(s string, i int) (match, bool) {
	if len(s)-i < 20 || s[i+1] != 'k' {
		return match{}, false
	}
	switch s[i+2] {
	case '_':
		return stripeLive(s, i)
	case '-':
	default:
		return match{}, false
	}
	rest := s[i+3:]
	switch {
	case strings.HasPrefix(rest, "ant-"):
		return matchAnthropic(s, i)
	case strings.HasPrefix(rest, "or-"):
		return openRouter(s, i)
	case strings.HasPrefix(rest, "proj-"):
		return openAIProj(s, i)
	case strings.HasPrefix(rest, "svcacct-"):
		return openAISvc(s, i)
	case strings.HasPrefix(rest, "admin-"):
		return openAIAdmin(s, i)
	}
	// Legacy OpenAI key: sk- then 20 characters, T3BlbkFJ, 20 characters.
	b := i + 3
	e := run(s, b, alnum)
	if e-b == 48 && s[b+20:b+28] == openAIMarker && randomBody(s[b:b+20]+s[b+28:e]) {
		return match{rule: RuleOpenAI, start: i, end: e, keep: 3}, true
	}
	return match{}, false
}

// matchAnthropic reads sk-ant-<kind><NN>-<body>, e.g. sk-ant-api03-….
func matchAnthropic(s string, i int) (match, bool) {
	b := i + len("sk-ant-")
	k := b
	for k < len(s) && s[k] >= 'a' && s[k] <= 'z' {
		k++
	}
	kind := s[b:k]
	d := k
	for d < len(s) && s[d] >= '0' && s[d] <= '9' {
		d++
	}
	if kind == "" || d == k || d >= len(s) || s[d] != '-' {
		return match{}, false
	}
	body := d + 1
	e := run(s, body, b64url)
	if e-body < 80 || !randomBody(s[body:e]) {
		return match{}, false
	}
	rule := RuleAnthropic
	if strings.HasPrefix(kind, "admin") {
		rule = RuleAnthropicAdm
	}
	return match{rule: rule, start: i, end: e, keep: body - i}, true
}

// matchAIza finds Google API keys: AIza and exactly 35 more characters.
func matchAIza(s string, i int) (match, bool) {
	if !strings.HasPrefix(s[i:], "AIza") {
		return match{}, false
	}
	e := run(s, i+4, b64url)
	if e-i != 39 || !randomBody(s[i+4:e]) {
		return match{}, false
	}
	return match{rule: RuleGoogle, start: i, end: e, keep: 4}, true
}

// matchAWSKeyID finds AKIA/ASIA and 16 upper-case letters or digits.
func matchAWSKeyID(s string, i int) (match, bool) {
	if !strings.HasPrefix(s[i:], "AKIA") && !strings.HasPrefix(s[i:], "ASIA") {
		return match{}, false
	}
	e := run(s, i+4, upperNum)
	if e-i != 20 || (e < len(s) && alnum[s[e]]) {
		return match{}, false
	}
	body := s[i+4 : e]
	if strings.HasSuffix(body, "EXAMPLE") || distinct(body) < 6 {
		return match{}, false
	}
	return match{rule: RuleAWSKeyID, start: i, end: e, keep: 4}, true
}

// matchAWSSecretName finds "secret_access_key" (any case, with _, - or
// nothing between the words) followed by a 40-character secret.
func matchAWSSecretName(s string, i int) (match, bool) {
	j := i
	for _, w := range [...]string{"secret", "access", "key"} {
		if j > i && j < len(s) && (s[j] == '_' || s[j] == '-') {
			j++
		}
		if len(s)-j < len(w) || !strings.EqualFold(s[j:j+len(w)], w) {
			return match{}, false
		}
		j += len(w)
	}
	// Skip what separates a name from its value: quotes, spaces, = and :.
	for n := 0; n < 6 && j < len(s) && strings.IndexByte(" \t\"'=:", s[j]) >= 0; n++ {
		j++
	}
	if m, ok := awsSecretAt(s, j); ok {
		return m, true
	}
	return match{}, false
}

// awsSecretAt checks for a 40-character AWS secret access key at s[j].
func awsSecretAt(s string, j int) (match, bool) {
	if j >= len(s) || !wordStart(s, j) {
		return match{}, false
	}
	e := run(s, j, b64std)
	if e-j != 40 || (e < len(s) && s[e] == '=') || !randomBody(s[j:e]) || classes(s[j:e]) < 3 {
		return match{}, false
	}
	return match{rule: RuleAWSSecret, start: j, end: e}, true
}

// awsSecretsNear finds 40-character secrets anywhere in a string that also
// holds an AWS access key id: the pair is how credentials get pasted.
func awsSecretsNear(s string, dst []match, from int) []match {
	for j := 0; j < len(s); j++ {
		if !b64std[s[j]] {
			continue
		}
		if m, ok := awsSecretAt(s, j); ok && !overlaps(dst[from:], m) {
			dst = append(dst, m)
		}
		j = run(s, j, b64std)
	}
	return dst
}

func overlaps(ms []match, m match) bool {
	for _, x := range ms {
		if m.start < x.end && x.start < m.end {
			return true
		}
	}
	return false
}

// matchGitHub finds classic GitHub tokens and checks their checksum: the
// last 6 characters are the CRC32 of the 30 before, in base62.
func matchGitHub(s string, i int) (match, bool) {
	if len(s)-i < 40 || s[i+1] != 'h' || s[i+3] != '_' || strings.IndexByte("pousr", s[i+2]) < 0 {
		return match{}, false
	}
	e := run(s, i+4, alnum)
	if e-i != 40 {
		return match{}, false
	}
	body := s[i+4 : e]
	if githubChecksum(body[:30]) != body[30:] {
		return match{}, false
	}
	return match{rule: RuleGitHub, start: i, end: e, keep: 4}, true
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// githubChecksum returns the 6-character base62 CRC32 GitHub appends to the
// random part of a token.
func githubChecksum(random string) string {
	n := crc32.ChecksumIEEE([]byte(random))
	var out [6]byte
	for k := 5; k >= 0; k-- {
		out[k] = base62[n%62]
		n /= 62
	}
	return string(out[:])
}

// matchSlackToken finds xoxb-/xoxp-/… and xapp- tokens.
func matchSlackToken(s string, i int) (match, bool) {
	var b int
	switch {
	case len(s)-i > 5 && s[i:i+3] == "xox" && strings.IndexByte("abposre", s[i+3]) >= 0 && s[i+4] == '-':
		b = i + 5
	case strings.HasPrefix(s[i:], "xapp-"):
		b = i + 5
	default:
		return match{}, false
	}
	e := run(s, b, slackSet)
	if e-b < 20 || strings.Count(s[b:e], "-") < 1 || !randomBody(strings.ReplaceAll(s[b:e], "-", "")) {
		return match{}, false
	}
	return match{rule: RuleSlackToken, start: i, end: e, keep: b - i}, true
}

// matchSlackWebhook finds hooks.slack.com/services/T…/B…/secret.
func matchSlackWebhook(s string, i int) (match, bool) {
	const p = "hooks.slack.com/services/"
	if !strings.HasPrefix(s[i:], p) {
		return match{}, false
	}
	j := i + len(p)
	for _, lead := range [...]byte{'T', 'B'} {
		if j >= len(s) || s[j] != lead {
			return match{}, false
		}
		e := run(s, j, upperNum)
		if e-j < 8 || e >= len(s) || s[e] != '/' {
			return match{}, false
		}
		j = e + 1
	}
	e := run(s, j, alnum)
	if e-j < 20 || !randomBody(s[j:e]) {
		return match{}, false
	}
	return match{rule: RuleSlackWebhook, start: i, end: e, keep: len(p)}, true
}

// matchJWT finds header.payload.signature where header and payload are
// base64url JSON objects (so both start with eyJ, the encoding of {").
func matchJWT(s string, i int) (match, bool) {
	if !strings.HasPrefix(s[i:], "eyJ") {
		return match{}, false
	}
	e1 := run(s, i, b64url)
	if e1-i < 12 || e1+4 >= len(s) || s[e1] != '.' || !strings.HasPrefix(s[e1+1:], "eyJ") {
		return match{}, false
	}
	e2 := run(s, e1+1, b64url)
	if e2-e1 < 12 || e2 >= len(s) || s[e2] != '.' {
		return match{}, false
	}
	e3 := run(s, e2+1, b64url)
	if e3-e2-1 < 16 || !randomBody(s[e2+1:e3]) {
		return match{}, false
	}
	return match{rule: RuleJWT, start: i, end: e3, keep: 3}, true
}

// matchPEM finds -----BEGIN … PRIVATE KEY----- blocks, with real newlines or
// with JSON-escaped ones (\n as two characters) when the block sits inside a
// string that was itself JSON.
func matchPEM(s string, i int) (match, bool) {
	const begin = "-----BEGIN "
	if !strings.HasPrefix(s[i:], begin) {
		return match{}, false
	}
	h := i + len(begin)
	hend := strings.Index(s[h:min(len(s), h+48)], "-----")
	if hend < 0 || !strings.HasSuffix(s[h:h+hend], "PRIVATE KEY") {
		return match{}, false
	}
	bodyStart := h + hend + 5
	j := bodyStart
	n := 0 // base64 characters in the body
	for j < len(s) {
		c := s[j]
		switch {
		case b64body[c]:
			n++
			j++
		case c == '\n' || c == '\r' || c == ' ' || c == '\t':
			j++
		case c == '\\' && j+1 < len(s) && (s[j+1] == 'n' || s[j+1] == 'r'):
			j += 2
		case c == ':' || c == ',' || c == '-' && !strings.HasPrefix(s[j:], "-----"):
			// Proc-Type and DEK-Info headers of encrypted keys.
			j++
		default:
			goto body
		}
	}
body:
	if n < 64 {
		return match{}, false
	}
	end := j
	if strings.HasPrefix(s[j:], "-----END ") {
		if k := strings.Index(s[j+9:min(len(s), j+9+48)], "-----"); k >= 0 {
			end = j + 9 + k + 5
		}
	}
	if !randomBody(strings.Map(keepBase64, s[bodyStart:j])) {
		return match{}, false
	}
	return match{rule: RulePrivateKey, start: i, end: end, keep: bodyStart - i}, true
}

func keepBase64(r rune) rune {
	if r < 128 && b64std[r] {
		return r
	}
	return -1
}

// matchBearer finds "Bearer <token>" and reports the token. A token that is
// itself a known kind of key is left to that key's rule.
func matchBearer(s string, i int) (match, bool) {
	const p = "bearer "
	if len(s)-i < len(p)+16 || !strings.EqualFold(s[i:i+len(p)], p) {
		return match{}, false
	}
	j := i + len(p)
	for j < len(s) && s[j] == ' ' {
		j++
	}
	return bearerToken(s, j)
}

func bearerToken(s string, j int) (match, bool) {
	e := run(s, j, bearerSet)
	for e > j && s[e-1] == '.' {
		e-- // the end of a sentence, not of the token
	}
	if e-j < 16 || !randomBody(s[j:e]) || classes(s[j:e]) < 2 || knownAt(s, j) {
		return match{}, false
	}
	return match{rule: RuleAuthorization, start: j, end: e}, true
}

// knownAt reports whether a specific rule matches at s[j].
func knownAt(s string, j int) bool {
	for _, m := range anchors[s[j]] {
		if mt, ok := m(s, j); ok && mt.rule != RuleAuthorization {
			return true
		}
	}
	return false
}

// matchBasic finds "Basic <base64 user:password>" after an Authorization
// header name, in free text such as a curl command in a prompt.
func matchBasic(s string, i int) (match, bool) {
	const p = "basic "
	if len(s)-i < len(p)+8 || !strings.EqualFold(s[i:i+len(p)], p) {
		return match{}, false
	}
	ctx := strings.ToLower(s[max(0, i-24):i])
	if !strings.Contains(ctx, "authorization") {
		return match{}, false
	}
	return basicToken(s, i+len(p))
}

func basicToken(s string, j int) (match, bool) {
	for j < len(s) && s[j] == ' ' {
		j++
	}
	e := run(s, j, b64body)
	if e-j < 8 {
		return match{}, false
	}
	dec, err := base64.StdEncoding.DecodeString(s[j:e])
	if err != nil {
		return match{}, false
	}
	_, pw, ok := strings.Cut(string(dec), ":")
	if !ok || pw == "" || placeholder(pw) {
		return match{}, false
	}
	return match{rule: RuleAuthorization, start: j, end: e}, true
}

// matchURLPassword finds scheme://user:password@host and reports the password.
func matchURLPassword(s string, i int) (match, bool) {
	if !strings.HasPrefix(s[i:], "://") || i == 0 || !alnum[s[i-1]] {
		return match{}, false
	}
	u := i + 3
	at := u
	for at < len(s) && !userinfoStop[s[at]] {
		at++
	}
	if at >= len(s) || s[at] != '@' || at+1 >= len(s) || !alnum[s[at+1]] {
		return match{}, false
	}
	colon := strings.IndexByte(s[u:at], ':')
	if colon <= 0 {
		return match{}, false
	}
	pw := u + colon + 1
	if at-pw < 3 || placeholder(s[pw:at]) {
		return match{}, false
	}
	return match{rule: RuleURLPassword, start: pw, end: at}, true
}

// findAll appends every secret in s to dst.
//
// The loop touches each byte once. Inside a word only its first byte can
// start a key (every prefixed rule wants a word boundary before it), so the
// rest of the word is skipped with one table lookup per byte; the two
// anchors that need no boundary (':' of "://") are not letters or digits.
func findAll(s string, dst []match) []match {
	from := len(dst)
	aws := false
	for i := 0; i < len(s); {
		c := s[i]
		k := byteClass[c]
		if k == classOther {
			i++
			continue
		}
		if k&classAnchor != 0 {
			if mt, ok := matchAt(s, i); ok {
				dst = append(dst, mt)
				aws = aws || mt.rule == RuleAWSKeyID
				i = mt.end
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

func matchAt(s string, i int) (match, bool) {
	for _, m := range anchors[s[i]] {
		if mt, ok := m(s, i); ok {
			return mt, true
		}
	}
	return match{}, false
}

// Byte classes for the scan loop.
const (
	classOther  = 0
	classWord   = 1 // a letter or digit
	classAnchor = 2 // may start a secret
)

var byteClass = func() (t [256]uint8) {
	for c := range 256 {
		if alnum[c] {
			t[c] |= classWord
		}
	}
	return t
}()

// randomBody reports whether the variable part of a key looks random rather
// than like a placeholder: enough distinct characters, no long runs, no
// counting sequences, no placeholder words, and entropy above the floor.
func randomBody(b string) bool {
	if len(b) < 8 {
		return false
	}
	if distinct(b) < min(8, len(b)/2) || longestRun(b) >= 6 || sequential(b) {
		return false
	}
	if placeholderWord(b, false) {
		return false
	}
	return entropy(b) >= min(3.0, math.Log2(float64(len(b)))-0.5)
}

// placeholderWords are the words that mark a value as an example. Inside the
// random body of a prefixed key only the long ones count, so that a real
// key is not dismissed because four random characters spell "test".
var placeholderWords = []string{
	"example", "redacted", "placeholder", "dummy", "sample", "changeme", "change_me",
	"insert", "replace", "your_", "your-", "yourapi", "yourkey", "yourtoken", "xxxxx",
}

var shortPlaceholderWords = []string{"xxx", "***", "...", "…", "fake", "test", "todo", "tbd", "<", ">", "${", "{{", "%s", "%("}

func placeholderWord(s string, short bool) bool {
	l := strings.ToLower(s)
	for _, w := range placeholderWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	if short {
		for _, w := range shortPlaceholderWords {
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

// placeholder reports whether a human-chosen value (a password, a value under
// a secret key name) is a stand-in: a known word, a template, a mask.
func placeholder(s string) bool {
	l := strings.ToLower(strings.TrimSpace(s))
	if l == "" || placeholderValues[l] || placeholderWord(l, true) {
		return true
	}
	if distinct(l) <= 2 {
		return true // "****", "xxxx", "0000", "••••"
	}
	return strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") ||
		strings.HasPrefix(l, "$") || strings.HasPrefix(l, "%") || strings.HasPrefix(l, "env:")
}

func distinct(s string) int {
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

// classes counts the character classes in s: lower, upper, digit, other.
func classes(s string) int {
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
