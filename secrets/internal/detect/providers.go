package detect

import (
	"hash/crc32"
	"strings"
)

// initSpecial registers the matchers that a prefix and an alphabet do not
// describe: checksums, several parts, a name before the value, a prefix
// that varies.
func initSpecial() {
	addAnchor(matchSK, "sk-", "sk_")
	addAnchor(matchAWSSecretName, "secret", "Secret", "SECRET")
	addAnchor(matchAIza, "AIza")
	addAnchor(matchAWSKeyID, "AKIA", "ASIA", "ABIA", "ACCA", "A3T")
	addAnchor(matchAWSSession, "IQoJ", "IgoJ", "IwoJ", "AgoJ", "AQoJ", "AQoD", "FwoG", "FQoG")
	addAnchor(matchGitHub, "ghp_", "gho_", "ghu_", "ghs_", "ghr_")
	addAnchor(matchSlackToken, "xox", "xapp-")
	addAnchor(matchWebhook, "hooks.", "chat.googleapis.com/", "discord.com/", "discordapp.com/")
	addAnchor(matchTeamsWebhook, ".webhook.office.com/", "outlook.office.com/webhook/")
	addAnchor(matchTelegramURL, "bot")
	addAnchor(matchDigits, "0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
	addAnchor(matchDiscordBot, "M", "N", "O")
	addAnchor(matchOnePassword, "A3-")
	addAnchor(matchJWT, "eyJ")
	addAnchor(matchJWTBase64, "ZXlK")
	addAnchor(matchPEM, "-----BEGIN ", "---- BEGIN ")
	addAnchor(matchPuTTY, "PuTTY-User-Key-File-")
	addAnchor(matchBearer, "bearer ", "Bearer ", "BEARER ")
	addAnchor(matchBasic, "basic ", "Basic ", "BASIC ")
	addAnchor(matchURLPassword, "://")
	addAnchor(matchAzureSecret, "~")
	addAnchor(matchAzureConn, "AccountKey=", "SharedAccessKey=")
	addAnchor(matchAzureSAS, "sig=")
	addAnchor(matchTerraform, ".atlasv1.")
	addAnchor(matchMaxMind, "_mmk")
	addAnchor(matchGitLabSession, "_gitlab_session=")
	addAnchor(matchMailchimp, "-us")
	addAnchor(matchDashFlag, "--", "-u ")
	addAnchor(matchKeyedText, ":", "=")
	addAnchor(matchXMLElement, ">")
	addAnchor(matchPairText, ",")
}

// prefixedAt matches prefix and a body of c with a length in [minLen,
// maxLen] (maxLen 0 is unbounded) that passes RandomBody.
func prefixedAt(s string, i int, prefix, rule string, c *charset, minLen, maxLen int) (Match, bool) {
	if !strings.HasPrefix(s[i:], prefix) {
		return Match{}, false
	}
	b := i + len(prefix)
	limit := maxLen + 1
	if maxLen == 0 {
		limit = maxToken + 1
	}
	e := runMax(s, b, c, limit)
	n := e - b
	if maxLen == 0 && n > maxToken {
		return Match{}, false
	}
	if n < minLen || (maxLen > 0 && n > maxLen) || !wordEnd(s, e) || !RandomBody(s[b:e]) {
		return Match{}, false
	}
	return Match{Rule: rule, Start: i, End: e, Keep: len(prefix)}, true
}

const openAIMarker = "T3BlbkFJ" // base64 of "OpenAI", inside every legacy key

// matchSK handles every key that starts with "sk".
func matchSK(s string, i int) (Match, bool) {
	if len(s)-i < 20 {
		return Match{}, false
	}
	switch s[i+2] {
	case '_':
		if m, ok := prefixedAt(s, i, "sk_live_", RuleStripe, alnum, 20, 0); ok {
			return m, true
		}
		if m, ok := prefixedAt(s, i, "sk_prod_", RuleStripe, alnum, 20, 0); ok {
			return m, true
		}
		return prefixedAt(s, i, "sk_", RuleElevenLabs, hexLower, 48, 48)
	case '-':
	default:
		return Match{}, false
	}
	rest := s[i+3:]
	switch {
	case strings.HasPrefix(rest, "ant-"):
		return matchAnthropic(s, i)
	case strings.HasPrefix(rest, "or-"):
		return prefixedAt(s, i, "sk-or-v1-", RuleOpenRouter, hexLower, 64, 64)
	case strings.HasPrefix(rest, "proj-"):
		return prefixedAt(s, i, "sk-proj-", RuleOpenAI, b64url, 40, 0)
	case strings.HasPrefix(rest, "svcacct-"):
		return prefixedAt(s, i, "sk-svcacct-", RuleOpenAI, b64url, 40, 0)
	case strings.HasPrefix(rest, "admin-"):
		return prefixedAt(s, i, "sk-admin-", RuleOpenAI, b64url, 40, 0)
	}
	b := i + 3
	e := run(s, b, alnum)
	if !wordEnd(s, e) {
		return Match{}, false
	}
	// Legacy OpenAI key: sk- then 20 characters, T3BlbkFJ, 20 characters.
	if e-b == 48 && s[b+20:b+28] == openAIMarker && RandomBody(s[b:b+20]+s[b+28:e]) {
		return Match{Rule: RuleOpenAI, Start: i, End: e, Keep: 3}, true
	}
	// Keys of OpenAI-compatible providers: sk- and 32 to 64 characters.
	if n := e - b; n >= 32 && n <= 64 && RandomBody(s[b:e]) && Classes(s[b:e]) >= 2 {
		return Match{Rule: RuleSKKey, Start: i, End: e, Keep: 3}, true
	}
	return Match{}, false
}

// matchAnthropic reads sk-ant-<kind><NN>-<body>, e.g. sk-ant-api03-….
func matchAnthropic(s string, i int) (Match, bool) {
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
		return Match{}, false
	}
	body := d + 1
	e := runMax(s, body, b64url, 513)
	if e-body < 80 || !RandomBody(s[body:e]) {
		return Match{}, false
	}
	rule := RuleAnthropic
	if strings.HasPrefix(kind, "admin") {
		rule = RuleAnthropicAdm
	}
	return Match{Rule: rule, Start: i, End: e, Keep: body - i}, true
}

// matchAIza finds Google API keys: AIza and exactly 35 more characters.
func matchAIza(s string, i int) (Match, bool) {
	if !strings.HasPrefix(s[i:], "AIza") {
		return Match{}, false
	}
	e := run(s, i+4, b64url)
	if e-i != 39 || !RandomBody(s[i+4:e]) {
		return Match{}, false
	}
	return Match{Rule: RuleGoogle, Start: i, End: e, Keep: 4}, true
}

// matchGitHub finds classic GitHub tokens and checks their checksum: the
// last 6 characters are the CRC32 of the 30 before, in base62.
func matchGitHub(s string, i int) (Match, bool) {
	if len(s)-i < 40 || s[i+3] != '_' || strings.IndexByte("pousr", s[i+2]) < 0 {
		return Match{}, false
	}
	e := run(s, i+4, alnum)
	if e-i != 40 {
		return Match{}, false
	}
	body := s[i+4 : e]
	if GitHubChecksum(body[:30]) != body[30:] {
		return Match{}, false
	}
	return Match{Rule: RuleGitHub, Start: i, End: e, Keep: 4}, true
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// GitHubChecksum returns the 6-character base62 CRC32 GitHub appends to the
// random part of a token.
func GitHubChecksum(random string) string {
	n := crc32.ChecksumIEEE([]byte(random))
	var out [6]byte
	for k := 5; k >= 0; k-- {
		out[k] = base62[n%62]
		n /= 62
	}
	return string(out[:])
}

// matchSlackToken finds xoxb-/xoxp-/… tokens, the xoxe.xoxp- and xoxe-
// configuration tokens, and xapp- app tokens.
func matchSlackToken(s string, i int) (Match, bool) {
	var b int
	switch {
	case strings.HasPrefix(s[i:], "xoxe.xox") && len(s)-i > 10 && s[i+9] == '-':
		b = i + 10
	case len(s)-i > 5 && s[i:i+3] == "xox" && strings.IndexByte("abposre", s[i+3]) >= 0 && s[i+4] == '-':
		b = i + 5
	case strings.HasPrefix(s[i:], "xapp-"):
		b = i + 5
	default:
		return Match{}, false
	}
	e := runMax(s, b, slackSet, 513)
	if e-b < 20 || strings.Count(s[b:e], "-") < 1 || !RandomBody(strings.ReplaceAll(s[b:e], "-", "")) {
		return Match{}, false
	}
	return Match{Rule: RuleSlackToken, Start: i, End: e, Keep: b - i}, true
}

// matchDigits handles what starts with a run of digits: a Telegram bot
// token (<bot id>:AA…) and a Facebook app token (<app id>|<secret>).
func matchDigits(s string, i int) (Match, bool) {
	d := run(s, i, digits)
	if d >= len(s) || d-i < 5 {
		return Match{}, false
	}
	switch s[d] {
	case ':':
		return matchTelegram(s, i)
	case '|', '%':
		return matchFacebook(s, i)
	}
	return Match{}, false
}

// matchTelegramURL finds the token in an api.telegram.org/bot<token>/ URL.
func matchTelegramURL(s string, i int) (Match, bool) {
	if i+3 >= len(s) || !digits[s[i+3]] {
		return Match{}, false
	}
	return matchTelegram(s, i+3)
}

// matchTelegram finds <bot id>:AA<33 characters>.
func matchTelegram(s string, j int) (Match, bool) {
	d := run(s, j, digits)
	if d-j < 5 || d-j > 16 || d+3 >= len(s) || s[d] != ':' || s[d+1] != 'A' {
		return Match{}, false
	}
	e := run(s, d+1, b64url)
	if e-d-1 != 35 || !RandomBody(s[d+2:e]) {
		return Match{}, false
	}
	return Match{Rule: RuleTelegram, Start: j, End: e, Keep: d + 1 - j}, true
}

// matchFacebook finds an app access token: a 15 or 16 digit app id, "|"
// (or %7C in a URL) and the app secret.
func matchFacebook(s string, i int) (Match, bool) {
	d := run(s, i, digits)
	if n := d - i; n < 15 || n > 16 || d >= len(s) {
		return Match{}, false
	}
	b := d + 1
	if s[d] == '%' && strings.HasPrefix(strings.ToUpper(s[d:min(len(s), d+3)]), "%7C") {
		b = d + 3
	} else if s[d] != '|' {
		return Match{}, false
	}
	e := run(s, b, b64url)
	if n := e - b; n < 27 || n > 40 || !wordEnd(s, e) || !RandomBody(s[b:e]) {
		return Match{}, false
	}
	return Match{Rule: RuleFacebook, Start: i, End: e, Keep: b - i}, true
}

// matchDiscordBot finds a Discord bot token: base64 of the bot's id, a
// timestamp and an HMAC, separated by dots.
func matchDiscordBot(s string, i int) (Match, bool) {
	if len(s)-i < 60 || s[i+24] != '.' && s[i+25] != '.' && s[i+26] != '.' {
		return Match{}, false
	}
	e1 := run(s, i, b64url)
	if n := e1 - i; n < 24 || n > 26 || e1 >= len(s) || s[e1] != '.' {
		return Match{}, false
	}
	e2 := run(s, e1+1, b64url)
	if e2-e1-1 != 6 || e2 >= len(s) || s[e2] != '.' {
		return Match{}, false
	}
	e3 := run(s, e2+1, b64url)
	if n := e3 - e2 - 1; n < 27 || n > 38 || !wordEnd(s, e3) || !RandomBody(s[e2+1:e3]) || !RandomBody(s[i:e1]) {
		return Match{}, false
	}
	return Match{Rule: RuleDiscordBot, Start: i, End: e3}, true
}

// matchOnePassword finds a 1Password account secret key:
// A3-XXXXXX-XXXXXX-XXXXX-XXXXX-XXXXX-XXXXX (or the 11-character form).
func matchOnePassword(s string, i int) (Match, bool) {
	if !strings.HasPrefix(s[i:], "A3-") {
		return Match{}, false
	}
	e := run(s, i+3, newCharsetUpperNumDash)
	parts := strings.Split(s[i+3:e], "-")
	if len(parts) < 5 || len(parts) > 6 || !wordEnd(s, e) {
		return Match{}, false
	}
	for _, p := range parts {
		if len(p) < 5 || len(p) > 11 {
			return Match{}, false
		}
	}
	if !RandomBody(strings.Join(parts[1:], "")) {
		return Match{}, false
	}
	return Match{Rule: RuleOnePassword, Start: i, End: e, Keep: 3}, true
}

var newCharsetUpperNumDash = newCharset("A-Z0-9-")

// matchTerraform finds <14 characters>.atlasv1.<60 to 70 characters>,
// anchored on the dot before "atlasv1".
func matchTerraform(s string, i int) (Match, bool) {
	if !strings.HasPrefix(s[i:], ".atlasv1.") {
		return Match{}, false
	}
	st := runBack(s, i, alnum, 15)
	if i-st != 14 || !WordStart(s, st) {
		return Match{}, false
	}
	b := i + len(".atlasv1.")
	e := runMax(s, b, b64urlEq, 71)
	for e > b && s[e-1] == '.' {
		e--
	}
	if n := e - b; n < 60 || n > 70 || !RandomBody(s[b:e]) {
		return Match{}, false
	}
	return Match{Rule: RuleTerraform, Start: st, End: e}, true
}

// matchMaxMind finds <6>_<29>_mmk, anchored on the "_" before "mmk".
func matchMaxMind(s string, i int) (Match, bool) {
	if !strings.HasPrefix(s[i:], "_mmk") || !wordEnd(s, i+4) {
		return Match{}, false
	}
	b := runBack(s, i, alnum, 30)
	if i-b != 29 || b < 7 || s[b-1] != '_' {
		return Match{}, false
	}
	st := runBack(s, b-1, alnum, 7)
	if b-1-st != 6 || !WordStart(s, st) || !RandomBody(s[b:i]) {
		return Match{}, false
	}
	return Match{Rule: RuleMaxMind, Start: st, End: i + 4}, true
}

// matchGitLabSession finds the value of a _gitlab_session cookie.
func matchGitLabSession(s string, i int) (Match, bool) {
	const p = "_gitlab_session="
	if !strings.HasPrefix(s[i:], p) {
		return Match{}, false
	}
	b := i + len(p)
	e := run(s, b, alnum)
	if e-b != 32 || !RandomBody(s[b:e]) {
		return Match{}, false
	}
	return Match{Rule: RuleGitLabSession, Start: b, End: e}, true
}

// matchMailchimp finds <32 hex>-us<NN>, anchored on the "-" of "-us".
func matchMailchimp(s string, i int) (Match, bool) {
	if !strings.HasPrefix(s[i:], "-us") {
		return Match{}, false
	}
	d := run(s, i+3, digits)
	if d-i-3 < 1 || d-i-3 > 2 || !wordEnd(s, d) {
		return Match{}, false
	}
	st := runBack(s, i, hexLower, 33)
	if i-st != 32 || !WordStart(s, st) || !RandomBody(s[st:i]) {
		return Match{}, false
	}
	return Match{Rule: RuleMailchimp, Start: st, End: d}, true
}
