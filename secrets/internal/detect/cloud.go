package detect

import "strings"

// matchAWSKeyID finds an AWS access key id: AKIA (long-term), ASIA
// (temporary), ABIA, ACCA or A3T? and 16 upper-case letters or digits.
func matchAWSKeyID(s string, i int) (Match, bool) {
	p := s[i:min(len(s), i+4)]
	if p != "AKIA" && p != "ASIA" && p != "ABIA" && p != "ACCA" && !strings.HasPrefix(p, "A3T") {
		return Match{}, false
	}
	e := run(s, i+4, upperNum)
	if e-i != 20 || !wordEnd(s, e) {
		return Match{}, false
	}
	body := s[i+4 : e]
	if strings.HasSuffix(body, "EXAMPLE") || Distinct(body) < 6 {
		return Match{}, false
	}
	return Match{Rule: RuleAWSKeyID, Start: i, End: e, Keep: 4}, true
}

// matchAWSSecretName finds "secret_access_key" (any case, with _, - or
// nothing between the words) followed by a 40-character secret.
func matchAWSSecretName(s string, i int) (Match, bool) {
	j := i
	for _, w := range [...]string{"secret", "access", "key"} {
		if j > i && j < len(s) && (s[j] == '_' || s[j] == '-') {
			j++
		}
		if len(s)-j < len(w) || !strings.EqualFold(s[j:j+len(w)], w) {
			return Match{}, false
		}
		j += len(w)
	}
	// Skip what separates a name from its value: quotes (escaped ones
	// too), spaces, = and :.
	for n := 0; n < 10 && j < len(s) && strings.IndexByte(" \t\"'=:\\", s[j]) >= 0; n++ {
		j++
	}
	return awsSecretAt(s, j)
}

// awsSecretAt checks for a 40-character AWS secret access key at s[j].
func awsSecretAt(s string, j int) (Match, bool) {
	if j >= len(s) || !WordStart(s, j) {
		return Match{}, false
	}
	e := runMax(s, j, b64std, 41)
	if e-j != 40 || (e < len(s) && s[e] == '=') || !RandomBody(s[j:e]) || Classes(s[j:e]) < 3 {
		return Match{}, false
	}
	return Match{Rule: RuleAWSSecret, Start: j, End: e}, true
}

// awsSecretsNear finds 40-character secrets anywhere in a string that also
// holds an AWS access key id: the pair is how credentials get pasted.
// dst[from:] are the matches of FindAll, in order and apart; each secret
// found is a whole run of base64, after the one before, so one pass over
// both finds the matches it overlaps (a string of many pairs would
// otherwise cost the pairs squared).
func awsSecretsNear(s string, dst []Match, from int) []Match {
	found, p, steps := len(dst), from, 0
	for j := 0; j < len(s); j++ {
		if !b64std[s[j]] {
			continue
		}
		if m, ok := awsSecretAt(s, j); ok {
			for p < found && dst[p].End <= m.Start {
				p++
				steps++
			}
			if p == found || dst[p].Start >= m.End {
				dst = append(dst, m)
			}
			steps++
		}
		j = run(s, j, b64std)
	}
	if testOnlyNearSteps != nil {
		testOnlyNearSteps(steps)
	}
	return dst
}

// testOnlyNearSteps, when set by a test, is told how many matches each
// [awsSecretsNear] compared secrets with.
var testOnlyNearSteps func(steps int)

// awsSessionMarks are what follows the first two characters of an AWS
// session token: the base64 of its binary header ("origin_ec…" for tokens
// of today, "…er/aws" and "…aws" for older ones).
var awsSessionMarks = []string{"oJb3JpZ2luX2Vj", "oGZXIvYXdz", "oDYXdz"}

// matchAWSSession finds a temporary session token as STS, SSO, IAM roles
// for tasks and instance metadata hand them out.
func matchAWSSession(s string, i int) (Match, bool) {
	if len(s)-i < 100 {
		return Match{}, false
	}
	keep := 0
	for _, m := range awsSessionMarks {
		if strings.HasPrefix(s[i+2:], m) {
			keep = 2 + len(m)
			break
		}
	}
	if keep == 0 {
		return Match{}, false
	}
	e := runMax(s, i, b64body, 8193)
	if e-i < 100 || e-i > 8192 || !wordEnd(s, e) || !denseBody(s[i:e], 40) {
		return Match{}, false
	}
	return Match{Rule: RuleAWSSession, Start: i, End: e, Keep: keep}, true
}

var azureSecretSet = newCharset("A-Za-z0-9_~.-")

// matchAzureSecret finds a Microsoft Entra ID client secret, anchored on
// the "~" of its "<digit>Q~" marker: three characters before the digit,
// 31 to 34 after the "~".
func matchAzureSecret(s string, i int) (Match, bool) {
	if i < 5 || s[i-1] != 'Q' || !digits[s[i-2]] {
		return Match{}, false
	}
	st := i - 5
	for k := st; k < i-2; k++ {
		if !azureSecretSet[s[k]] || s[k] == '-' {
			return Match{}, false
		}
	}
	if st > 0 && azureSecretSet[s[st-1]] {
		return Match{}, false
	}
	e := runMax(s, i+1, azureSecretSet, 64)
	for e-i-1 > 34 && s[e-1] == '.' {
		e-- // the end of a sentence
	}
	if n := e - i - 1; n < 31 || n > 34 || !RandomBody(s[i+1:e]) {
		return Match{}, false
	}
	return Match{Rule: RuleAzureSecret, Start: st, End: e}, true
}

// matchAzureConn finds the key of an Azure storage or Service Bus
// connection string: AccountKey=… and SharedAccessKey=….
func matchAzureConn(s string, i int) (Match, bool) {
	var p, rule string
	var lo, hi int
	switch {
	case strings.HasPrefix(s[i:], "AccountKey="):
		p, rule, lo, hi = "AccountKey=", RuleAzureStorage, 86, 88
	case strings.HasPrefix(s[i:], "SharedAccessKey="):
		p, rule, lo, hi = "SharedAccessKey=", RuleAzureSAKey, 43, 44
	default:
		return Match{}, false
	}
	b := i + len(p)
	e := runMax(s, b, b64body, hi+1)
	if n := e - b; n < lo || n > hi || !RandomBody(strings.TrimRight(s[b:e], "=")) {
		return Match{}, false
	}
	return Match{Rule: rule, Start: b, End: e}, true
}

var (
	sasSigSet = newCharset("A-Za-z0-9%+/=")
	urlStop   = newCharset(" \t\r\n\"'<>`\\")
)

// matchAzureSAS finds the signature of a shared access signature URL: sig=
// after ? or &, in a URL that also carries the SAS parameters sv=, se= or
// sp=.
func matchAzureSAS(s string, i int) (Match, bool) {
	if !strings.HasPrefix(s[i:], "sig=") || i == 0 || (s[i-1] != '&' && s[i-1] != '?') {
		return Match{}, false
	}
	b := i + 4
	e := runMax(s, b, sasSigSet, 201)
	if n := e - b; n < 40 || n > 200 {
		return Match{}, false
	}
	sig := strings.NewReplacer("%2B", "", "%2b", "", "%2F", "", "%2f", "", "%3D", "", "%3d", "").Replace(s[b:e])
	if !RandomBody(strings.TrimRight(sig, "=")) {
		return Match{}, false
	}
	// The SAS parameters sit in the same URL: up to the space or quote
	// around it.
	u := i
	for u > 0 && i-u < 2048 && !urlStop[s[u-1]] {
		u--
	}
	f := e
	for f < len(s) && f-e < 512 && !urlStop[s[f]] {
		f++
	}
	q := s[u:f]
	if !strings.Contains(q, "sv=") && !strings.Contains(q, "se=") && !strings.Contains(q, "sp=") {
		return Match{}, false
	}
	return Match{Rule: RuleAzureSAS, Start: b, End: e}, true
}
