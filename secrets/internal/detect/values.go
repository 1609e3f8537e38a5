package detect

import (
	"math"
	"strings"
)

// Values under names. A name promises a credential; the value under it
// is one when it is random enough and is not a placeholder, a template, a
// reference, an id, a digest or words.

// KeyedValue decides whether the value s under a name of kind k is a
// secret; the match's offsets are in s.
func KeyedValue(k KeyKind, s string) (Match, bool) {
	switch k {
	case KeyAuthorization:
		return authorizationValue(s)
	case KeyDockerAuth:
		if m, ok := basicToken(s, 0); ok && m.End == len(s) {
			return m, true
		}
		return Match{}, false
	case KeyAWSSecret:
		if m, ok := awsSecretAt(s, 0); ok && m.End == len(s) {
			return m, true
		}
		k = KeyCredential
	case KeyK8sData:
		return kubernetesValue(s)
	case KeyK8sString:
		if !genericSecret(s, true) {
			return Match{}, false
		}
		return Match{Rule: RuleKubernetes, Start: 0, End: len(s)}, true
	case KeyNone:
		return Match{}, false
	case KeyCredential, KeyToken, KeyVendor:
	}
	if !genericSecret(s, k != KeyToken) {
		return Match{}, false
	}
	rule := RuleGeneric
	if k == KeyVendor {
		if len(s) < 16 || hostname(s) {
			return Match{}, false
		}
		rule = RuleVendor
	}
	return Match{Rule: rule, Start: 0, End: len(s)}, true
}

// authorizationValue reads "<scheme> <credentials>" or bare credentials.
func authorizationValue(s string) (Match, bool) {
	scheme, rest, found := strings.Cut(s, " ")
	if found {
		j := len(s) - len(strings.TrimLeft(rest, " "))
		switch strings.ToLower(scheme) {
		case "bearer", "token", "bot", "apikey", "api-key", "key", "sso-key", "splunk", "ssws", "geniekey":
			return bearerToken(s, j)
		case "basic":
			return basicToken(s, j)
		}
		return Match{}, false
	}
	if m, ok := bearerToken(s, 0); ok && m.End == len(s) {
		return m, true
	}
	return Match{}, false
}

// genericSecret reports whether a value under a credential's name is
// random enough to be one rather than a placeholder, a reference, an id or
// a word. uuidOK says whether a UUID counts (an API key may be one; a
// session or page token that is a UUID is an id).
func genericSecret(s string, uuidOK bool) bool {
	if len(s) < 8 || len(s) > 4096 || strings.ContainsAny(s, " \t\r\n") || IsPlaceholder(s) {
		return false
	}
	if (!uuidOK && isUUID(s)) || isDigest(s) || isToolID(s) || wordy(s) || reference(s) {
		return false
	}
	if t := strings.Trim(s, "@#%_*<>{}$[]()"); t != s && wordy(t) {
		return false // a template marker: @@DB_PASSWORD@@, __TOKEN__, <<API_KEY>>
	}
	if Classes(s) < 2 || sequential(s) {
		return false
	}
	return highEntropy(s) && !periodic(s) && !encodedPlaceholder(s)
}

// highEntropy reports whether s carries at least min(3, log2(len) - 0.5)
// bits per character: 64 random hex digits carry about 3.8 of the 4 hex
// can, random base64 about 5; a short value needs less, since n
// characters carry at most log2(n) bits each.
func highEntropy(s string) bool {
	return entropy(s) >= min(3.0, math.Log2(float64(len(s)))-0.5)
}

// periodic reports whether s is a block of up to 64 bytes repeated three
// times or more, the last time perhaps in part (a1b2c3d4a1b2c3d4a1b2…): a
// pattern someone typed, not a key.
func periodic(s string) bool {
	for p := 1; p <= 64 && 3*p <= len(s); p++ {
		i := p
		for i < len(s) && s[i] == s[i-p] {
			i++
		}
		if i == len(s) {
			return true
		}
	}
	return false
}

// encodedPlaceholder reports whether s is base64 of a placeholder or of
// words: cGFzc3dvcmQ= is "password", eW91ci1hcGkta2V5LWhlcmU= is
// "your-api-key-here". The base64 of a key decodes to bytes that are not
// text, most often in its first four characters.
func encodedPlaceholder(s string) bool {
	if len(s) > 256 || run(s, 0, hexAny) == len(s) || run(s, 0, b64any) != len(s) {
		return false
	}
	var buf [192]byte
	n, ok := base64Text(s, &buf)
	if !ok || n < 4 {
		return false
	}
	d := string(buf[:n])
	return IsPlaceholder(d) || wordy(d)
}

// b64Value maps the characters of standard and URL-safe base64 to their
// values; 0xff marks the others.
var b64Value = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for i, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/" {
		t[c] = byte(i)
	}
	t['-'], t['_'] = 62, 63
	return t
}()

// base64Text decodes s (standard or URL-safe base64, padded or not) into
// buf, and reports whether it decodes to printable ASCII. It stops at the
// first byte that is not.
func base64Text(s string, buf *[192]byte) (int, bool) {
	s = strings.TrimRight(s, "=")
	if len(s)%4 == 1 || len(s)*3/4 > len(buf) {
		return 0, false
	}
	n := 0
	var acc uint32
	bits := 0
	for i := 0; i < len(s); i++ {
		v := b64Value[s[i]]
		if v == 0xff {
			return 0, false
		}
		acc = acc<<6 | uint32(v)
		bits += 6
		if bits >= 8 {
			bits -= 8
			c := byte(acc >> bits)
			if c < 0x20 || c > 0x7e {
				return 0, false // bytes, not text: a key
			}
			buf[n] = c
			n++
		}
	}
	return n, true
}

// wordy reports whether s is made of words rather than random characters:
// no digits, and each part between separators is lower case, upper case,
// or words of three or more letters joined in camel case (not_provided,
// process.env.OPENAI_API_KEY, ChangeThisPassword).
func wordy(s string) bool {
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '_' && s[i] != '-' && s[i] != '.' && s[i] != '/' && s[i] != ':' {
			continue
		}
		if i > start && !wordyPart(s[start:i]) {
			return false
		}
		start = i + 1
	}
	return true
}

func wordyPart(p string) bool {
	lower, upper := 0, 0
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c >= 'a' && c <= 'z':
			lower++
		case c >= 'A' && c <= 'Z':
			upper++
		default:
			return false
		}
	}
	if lower == 0 || upper == 0 {
		return true
	}
	// Camel case: each capital starts a word of at least three letters,
	// with a vowel (a base64 value spells "Rrxc" as often as "This").
	run, vowel := 0, false
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 && (run < 3 || !vowel) {
				return false
			}
			run, vowel = 1, isVowel(c)
			continue
		}
		run++
		vowel = vowel || isVowel(c)
	}
	return run >= 3 && vowel
}

func isVowel(c byte) bool {
	switch c | 0x20 {
	case 'a', 'e', 'i', 'o', 'u', 'y':
		return true
	}
	return false
}

// reference reports whether s points at a secret instead of being one: a
// URL, a file path, a template.
func reference(s string) bool {
	return strings.Contains(s, "://") || strings.HasPrefix(s, "/") && !base64Blob(s) || strings.HasPrefix(s, "~/") ||
		strings.HasPrefix(s, "./") || strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") ||
		strings.HasPrefix(s, "arn:") || strings.HasPrefix(s, "projects/")
}

// base64Blob reports whether s, which starts with a slash, is base64 (one
// value in 64 starts so) rather than a path: only base64 characters,
// upper and lower case and digits, and fewer than two parts between
// slashes that are words (/vault/secret/data/app1, /Users/alice/key2).
func base64Blob(s string) bool {
	if len(s) < 16 || run(s, 0, b64body) != len(s) || Classes(strings.Trim(s, "+/=")) < 3 {
		return false
	}
	words := 0
	for part := range strings.SplitSeq(s, "/") {
		if pathWord(part) {
			words++
		}
	}
	return words < 2
}

// pathWord reports whether a part of a path is a word: three letters or
// more, lower case or capitalized.
func pathWord(p string) bool {
	if len(p) < 3 {
		return false
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; (c < 'a' || c > 'z') && (i > 0 || c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}

// hostname reports whether s looks like a host name (datadoghq.eu).
func hostname(s string) bool {
	d := strings.LastIndexByte(s, '.')
	if d < 0 || len(s)-d-1 < 2 || len(s)-d-1 > 6 {
		return false
	}
	for i := d + 1; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
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

// isDigest reports whether s is a digest by its spelling: a dryfire
// fingerprint or storage key, or a cassette-fn tape key (16 lower-case hex
// digits, #N for a repetition); a digest that names its algorithm
// (sha256:…, sha1=…, md5:…); or the digest of empty input, the one every
// tool prints for nothing. A bare 40, 64 or 128 hex digits is not one:
// under a credential's name it is as likely a token (openssl rand -hex 32).
func isDigest(s string) bool {
	return dryfireKey(s) || labelledDigest(s) || emptyDigest(s)
}

func dryfireKey(s string) bool {
	if len(s) < 16 || run(s, 0, hexLower) < 16 {
		return false
	}
	return len(s) == 16 || len(s) > 17 && s[16] == '#' && run(s, 17, digits) == len(s)
}

// labelledDigest matches sha<N>, sha3-<N> or md5, then ":", "=" or "-",
// then the hex digits of a digest.
func labelledDigest(s string) bool {
	l := 0
	switch {
	case len(s) > 5 && strings.EqualFold(s[:4], "sha3") && s[4] == '-':
		l = run(s, 5, digits)
	case len(s) > 3 && strings.EqualFold(s[:3], "sha"):
		l = run(s, 3, digits)
	case len(s) > 3 && strings.EqualFold(s[:3], "md5"):
		l = 3
	default:
		return false
	}
	if l >= len(s) || s[l] != ':' && s[l] != '=' && s[l] != '-' {
		return false
	}
	h := s[l+1:]
	switch len(h) {
	case 32, 40, 56, 64, 96, 128:
		return run(h, 0, hexAny) == len(h)
	}
	return false
}

// emptyDigests are the MD5, SHA-1, SHA-256 and SHA-512 of empty input.
var emptyDigests = []string{
	"d41d8cd98f00b204e9800998ecf8427e",
	"da39a3ee5e6b4b0d3255bfef95601890afd80709",
	"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	"cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
}

func emptyDigest(s string) bool {
	for _, d := range emptyDigests {
		if len(s) == len(d) && strings.EqualFold(s, d) {
			return true
		}
	}
	return false
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
