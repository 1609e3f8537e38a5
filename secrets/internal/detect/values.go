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
	return entropy(s) >= min(3.0, math.Log2(float64(len(s)))-0.5)
}

// wordy reports whether s is made of words rather than random characters:
// no digits, and each part between separators is lower case, upper case,
// or words of three or more letters joined in camel case (not_provided,
// process.env.OPENAI_API_KEY, ChangeThisPassword).
func wordy(s string) bool {
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '_' || r == '-' || r == '.' || r == '/' || r == ':' }) {
		if !wordyPart(part) {
			return false
		}
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
	// Camel case: each capital starts a word of at least three letters.
	run := 0
	for i := 0; i < len(p); i++ {
		if p[i] >= 'A' && p[i] <= 'Z' {
			if i > 0 && run < 3 {
				return false
			}
			run = 1
			continue
		}
		run++
	}
	return run >= 3
}

// reference reports whether s points at a secret instead of being one: a
// URL, a file path, a template.
func reference(s string) bool {
	return strings.Contains(s, "://") || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~/") ||
		strings.HasPrefix(s, "./") || strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") ||
		strings.HasPrefix(s, "arn:") || strings.HasPrefix(s, "projects/")
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

// isDigest matches a fingerprint or a hash: 16, 40, 64 or 128 hex digits,
// with an optional algorithm prefix (sha256:…).
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
