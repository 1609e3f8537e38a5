package detect

import (
	"encoding/base64"
	"strings"
)

// withScheme returns where a URL whose host starts at h begins: at its
// "https://" or "http://" when one comes right before the host.
func withScheme(s string, h int) int {
	for _, p := range [...]string{"https://", "http://"} {
		if h >= len(p) && s[h-len(p):h] == p {
			return h - len(p)
		}
	}
	return h
}

var hookPathSet = newCharset("A-Za-z0-9/_-")

// matchWebhook finds the webhook URLs anchored on their host: Slack,
// Discord, Google Chat and Zapier. The secret is the whole URL, scheme
// included, for the URL is the credential.
func matchWebhook(s string, i int) (Match, bool) {
	rest := s[i:]
	switch {
	case strings.HasPrefix(rest, "hooks.slack.com/"):
		return slackWebhook(s, i)
	case strings.HasPrefix(rest, "hooks.zapier.com/hooks/catch/"):
		return zapierWebhook(s, i)
	case strings.HasPrefix(rest, "discord.com/api/webhooks/"), strings.HasPrefix(rest, "discordapp.com/api/webhooks/"):
		return discordWebhook(s, i)
	case strings.HasPrefix(rest, "chat.googleapis.com/v1/spaces/"):
		return googleChatWebhook(s, i)
	}
	return Match{}, false
}

// slackWebhook reads hooks.slack.com/services/T…/B…/<secret>, or the
// /workflows/ and /triggers/ URLs of Workflow Builder.
func slackWebhook(s string, i int) (Match, bool) {
	const host = "hooks.slack.com/"
	j := i + len(host)
	var kind string
	for _, k := range [...]string{"services/", "workflows/", "triggers/"} {
		if strings.HasPrefix(s[j:], k) {
			kind = k
		}
	}
	if kind == "" {
		return Match{}, false
	}
	j += len(kind)
	e := runMax(s, j, hookPathSet, 512)
	path := s[j:e]
	segs := strings.Split(strings.TrimRight(path, "/"), "/")
	last := segs[len(segs)-1]
	if len(segs) < 3 || len(last) < 20 || !RandomBody(last) || segs[0] == "" || !upperNum[segs[0][0]] {
		return Match{}, false
	}
	if kind == "services/" && (segs[0][0] != 'T' || segs[1] == "" || segs[1][0] != 'B' || len(segs[0]) < 8 || len(segs[1]) < 8) {
		return Match{}, false
	}
	e = j + strings.LastIndex(path, last) + len(last)
	st := withScheme(s, i)
	m := Match{Rule: RuleSlackWebhook, Start: st, End: e, Keep: j - st}
	if st < i {
		m.Legacy = i // baselines of version 1 hashed the URL without its scheme
	}
	return m, true
}

func zapierWebhook(s string, i int) (Match, bool) {
	j := i + len("hooks.zapier.com/hooks/catch/")
	d := run(s, j, digits)
	if d-j < 5 || d >= len(s) || s[d] != '/' {
		return Match{}, false
	}
	e := run(s, d+1, alnum)
	if n := e - d - 1; n < 5 || Distinct(s[d+1:e]) < 5 || sequential(s[d+1:e]) || IsPlaceholder(s[d+1:e]) {
		return Match{}, false
	}
	st := withScheme(s, i)
	return Match{Rule: RuleZapierWebhook, Start: st, End: e, Keep: d + 1 - st}, true
}

func discordWebhook(s string, i int) (Match, bool) {
	j := i + strings.Index(s[i:], "/webhooks/") + len("/webhooks/")
	d := run(s, j, digits)
	if n := d - j; n < 17 || n > 20 || d >= len(s) || s[d] != '/' {
		return Match{}, false
	}
	e := run(s, d+1, b64url)
	if n := e - d - 1; n < 60 || n > 80 || !RandomBody(s[d+1:e]) {
		return Match{}, false
	}
	st := withScheme(s, i)
	return Match{Rule: RuleDiscordHook, Start: st, End: e, Keep: d + 1 - st}, true
}

func googleChatWebhook(s string, i int) (Match, bool) {
	e := i
	for e < len(s) && e-i < 1024 && !urlStop[s[e]] {
		e++
	}
	u := s[i:e]
	t := strings.Index(u, "token=")
	if t < 0 || !strings.Contains(u, "/messages?") {
		return Match{}, false
	}
	tb := i + t + len("token=")
	te := runMax(s, tb, b64urlPctEq, 512)
	if te-tb < 20 || !RandomBody(s[tb:te]) {
		return Match{}, false
	}
	st := withScheme(s, i)
	return Match{Rule: RuleGChatWebhook, Start: st, End: te, Keep: len("chat.googleapis.com/v1/spaces/") + i - st}, true
}

var (
	b64urlPctEq = newCharset("A-Za-z0-9%_=-")
	teamsPath   = newCharset("A-Za-z0-9@/_-")
	hostLabel   = newCharset("a-z0-9-")
)

// matchTeamsWebhook finds https://<tenant>.webhook.office.com/webhookb2/…
// (anchored on ".webhook") and the older outlook.office.com/webhook/….
func matchTeamsWebhook(s string, i int) (Match, bool) {
	var h, j int
	switch {
	case strings.HasPrefix(s[i:], ".webhook.office.com/webhookb2/"):
		h = runBack(s, i, hostLabel, 64)
		if h == i {
			return Match{}, false
		}
		j = i + len(".webhook.office.com/webhookb2/")
	case strings.HasPrefix(s[i:], "outlook.office.com/webhook/"):
		h, j = i, i+len("outlook.office.com/webhook/")
	default:
		return Match{}, false
	}
	e := runMax(s, j, teamsPath, 1024)
	path := s[j:e]
	k := strings.Index(path, "/IncomingWebhook/")
	if k < 0 || !strings.Contains(path[:k], "@") {
		return Match{}, false
	}
	tail := path[k+len("/IncomingWebhook/"):]
	sec, _, _ := strings.Cut(tail, "/")
	if len(sec) < 32 || !RandomBody(sec) {
		return Match{}, false
	}
	st := withScheme(s, h)
	return Match{Rule: RuleTeamsWebhook, Start: st, End: e, Keep: j - st}, true
}

// matchJWT finds header.payload.signature where header and payload are
// base64url JSON objects (so both start with eyJ, the encoding of {").
func matchJWT(s string, i int) (Match, bool) {
	if !strings.HasPrefix(s[i:], "eyJ") {
		return Match{}, false
	}
	e1 := run(s, i, b64url)
	if e1-i < 12 || e1+4 >= len(s) || s[e1] != '.' || !strings.HasPrefix(s[e1+1:], "eyJ") {
		return Match{}, false
	}
	e2 := run(s, e1+1, b64url)
	if e2-e1 < 12 || e2 >= len(s) || s[e2] != '.' {
		return Match{}, false
	}
	e3 := run(s, e2+1, b64url)
	if e3-e2-1 < 16 || !RandomBody(s[e2+1:e3]) {
		return Match{}, false
	}
	return Match{Rule: RuleJWT, Start: i, End: e3, Keep: 3}, true
}

// matchJWTBase64 finds a JWT that was base64-encoded once more (ZXlK is
// the encoding of "eyJ"), as some config files and cookies carry them.
func matchJWTBase64(s string, i int) (Match, bool) {
	if !strings.HasPrefix(s[i:], "ZXlK") {
		return Match{}, false
	}
	e := runMax(s, i, b64body, 2048)
	if e-i < 60 || !wordEnd(s, e) || strings.IndexByte(s[i:e], '=') < e-i-2 && strings.IndexByte(s[i:e], '=') >= 0 {
		return Match{}, false
	}
	dec, err := base64.StdEncoding.DecodeString(s[i:e])
	if err != nil {
		if dec, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(s[i:e], "=")); err != nil {
			return Match{}, false
		}
	}
	if m, ok := matchJWT(string(dec), 0); !ok || m.End < len(dec)-2 {
		return Match{}, false
	}
	return Match{Rule: RuleJWT, Start: i, End: e, Keep: 4}, true
}

// matchBearer finds "Bearer <token>" and reports the token. A token that is
// itself a known kind of key is left to that key's rule.
func matchBearer(s string, i int) (Match, bool) {
	const p = "bearer "
	if len(s)-i < len(p)+16 || !strings.EqualFold(s[i:i+len(p)], p) {
		return Match{}, false
	}
	j := i + len(p)
	for j < len(s) && s[j] == ' ' {
		j++
	}
	return bearerToken(s, j)
}

func bearerToken(s string, j int) (Match, bool) {
	e := runMax(s, j, bearerSet, 8192)
	for e > j && s[e-1] == '.' {
		e-- // the end of a sentence, not of the token
	}
	if e-j < 16 || !RandomBody(s[j:e]) || Classes(s[j:e]) < 2 || knownAt(s, j) {
		return Match{}, false
	}
	return Match{Rule: RuleAuthorization, Start: j, End: e}, true
}

// matchBasic finds "Basic <base64 user:password>" after an Authorization
// header name, in free text such as a curl command in a prompt.
func matchBasic(s string, i int) (Match, bool) {
	const p = "basic "
	if len(s)-i < len(p)+8 || !strings.EqualFold(s[i:i+len(p)], p) {
		return Match{}, false
	}
	ctx := strings.ToLower(s[max(0, i-24):i])
	if !strings.Contains(ctx, "authorization") {
		return Match{}, false
	}
	return basicToken(s, i+len(p))
}

func basicToken(s string, j int) (Match, bool) {
	for j < len(s) && s[j] == ' ' {
		j++
	}
	e := run(s, j, b64body)
	if e-j < 8 {
		return Match{}, false
	}
	dec, err := base64.StdEncoding.DecodeString(s[j:e])
	if err != nil {
		return Match{}, false
	}
	_, pw, ok := strings.Cut(string(dec), ":")
	if !ok || pw == "" || IsPlaceholder(pw) {
		return Match{}, false
	}
	return Match{Rule: RuleAuthorization, Start: j, End: e}, true
}

// matchURLPassword finds scheme://user:password@host and reports the password.
func matchURLPassword(s string, i int) (Match, bool) {
	if !strings.HasPrefix(s[i:], "://") || i == 0 || !alnum[s[i-1]] {
		return Match{}, false
	}
	u := i + 3
	at := u
	for at < len(s) && !userinfoStop[s[at]] {
		at++
	}
	if at >= len(s) || s[at] != '@' || at+1 >= len(s) || !alnum[s[at+1]] {
		return Match{}, false
	}
	colon := strings.IndexByte(s[u:at], ':')
	if colon <= 0 {
		return Match{}, false
	}
	pw := u + colon + 1
	if at-pw < 3 || IsPlaceholder(s[pw:at]) {
		return Match{}, false
	}
	return Match{Rule: RuleURLPassword, Start: pw, End: at}, true
}

// curlUser reads the user:password argument of curl -u at s[j] (quoted or
// not) and reports the password. It needs "curl" earlier in the text.
func curlUser(s string, j, flag int) (Match, bool) {
	if !strings.Contains(s[max(0, flag-300):flag], "curl") {
		return Match{}, false
	}
	q := byte(0)
	if j < len(s) && (s[j] == '"' || s[j] == '\'') {
		q = s[j]
		j++
	}
	e := j
	for e < len(s) && e-j < 256 && s[e] != '\n' && (q != 0 && s[e] != q || q == 0 && s[e] != ' ' && s[e] != '\t' && s[e] != '\\') {
		e++
	}
	c := strings.IndexByte(s[j:e], ':')
	if c <= 0 || e-(j+c+1) < 3 || IsPlaceholder(s[j+c+1:e]) {
		return Match{}, false
	}
	return Match{Rule: RuleCurlUser, Start: j + c + 1, End: e}, true
}
