package secrets

import (
	"encoding/base64"
	"math/rand/v2"
	"strings"
)

// The planted secrets are generated at test time from a seeded generator,
// with the right prefixes, lengths, alphabets and checksums. None is
// written down in the repository: realistic keys in a repository trip push
// protection and every scanner our users run.

const (
	genAlnum   = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	genB64URL  = genAlnum + "_-"
	genB64     = genAlnum + "+/"
	genHex     = "0123456789abcdef"
	genUpper   = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	genLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	genDigits  = "0123456789"
)

type gen struct{ r *rand.Rand }

func newGen(seed uint64) *gen { return &gen{rand.New(rand.NewPCG(seed, seed^0x5eed))} }

// str returns n random bytes of alphabet, re-drawn until it passes the
// randomness checks a real key passes (a real key fails them with
// negligible probability; a short random draw sometimes does not).
func (g *gen) str(alphabet string, n int) string {
	for {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[g.r.IntN(len(alphabet))]
		}
		if s := string(b); n < 8 || randomBody(s) && classes(s) >= min(2, distinctClasses(alphabet)) {
			return s
		}
	}
}

func distinctClasses(alphabet string) int { return classes(alphabet) }

// planted is one generated secret and the rule that must find it.
type planted struct {
	rule   string
	secret string // exactly the span a finding hashes
	text   string // how it appears in the recording (secret inside)
}

func plain(rule, s string) planted { return planted{rule: rule, secret: s, text: s} }

// kinds generates one secret of every kind, each in its typical spelling.
func (g *gen) kinds() []planted {
	gh := func(prefix string) string {
		r := g.str(genAlnum, 30)
		return prefix + r + githubChecksum(r)
	}
	pem := func(escaped bool) planted {
		nl := "\n"
		if escaped {
			nl = `\n`
		}
		var b strings.Builder
		b.WriteString("-----BEGIN RSA PRIVATE KEY-----" + nl)
		for range 12 {
			b.WriteString(g.str(genB64, 64) + nl)
		}
		b.WriteString(g.str(genB64, 24) + "==" + nl + "-----END RSA PRIVATE KEY-----")
		return plain(RulePrivateKey, b.String())
	}
	jwt := func() string {
		enc := base64.RawURLEncoding.EncodeToString
		h := enc([]byte(`{"alg":"HS256","typ":"JWT"}`))
		p := enc([]byte(`{"sub":"` + g.str(genDigits, 10) + `","name":"` + g.str(genLetters, 8) + `","iat":1700000000}`))
		return h + "." + p + "." + g.str(genB64URL, 43)
	}
	bearer := g.str(genAlnum+"._-", 47) + g.str(genAlnum, 1)
	basicPW := g.str(genAlnum, 18)
	basic := base64.StdEncoding.EncodeToString([]byte("svc-reporter:" + basicPW))
	urlPW := g.str(genAlnum, 16)
	awsSecret := g.str(genB64, 40)
	webhook := "hooks.slack.com/services/T" + g.str(genUpper, 8) + "/B" + g.str(genUpper, 10) + "/" + g.str(genAlnum, 24)
	return []planted{
		plain(RuleAnthropic, "sk-ant-api03-"+g.str(genB64URL, 93)+"AA"),
		plain(RuleAnthropicAdm, "sk-ant-admin01-"+g.str(genB64URL, 93)+"AA"),
		plain(RuleOpenAI, "sk-proj-"+g.str(genB64URL, 74)+"T3BlbkFJ"+g.str(genB64URL, 74)),
		plain(RuleOpenAI, "sk-svcacct-"+g.str(genB64URL, 74)+"T3BlbkFJ"+g.str(genB64URL, 74)),
		plain(RuleOpenAI, "sk-"+g.str(genAlnum, 20)+"T3BlbkFJ"+g.str(genAlnum, 20)),
		plain(RuleOpenRouter, "sk-or-v1-"+g.str(genHex, 64)),
		plain(RuleGoogle, "AIza"+g.str(genB64URL, 35)),
		plain(RuleAWSKeyID, "AKIA"+g.str(genUpper, 16)),
		plain(RuleAWSKeyID, "ASIA"+g.str(genUpper, 16)),
		{rule: RuleAWSSecret, secret: awsSecret, text: "aws_secret_access_key = " + awsSecret},
		plain(RuleGitHub, gh("ghp_")),
		plain(RuleGitHub, gh("gho_")),
		plain(RuleGitHub, gh("ghu_")),
		plain(RuleGitHub, gh("ghs_")),
		plain(RuleGitHub, gh("ghr_")),
		plain(RuleGitHubPAT, "github_pat_"+g.str(genAlnum, 22)+"_"+g.str(genAlnum, 59)),
		plain(RuleGitLab, "glpat-"+g.str(genB64URL, 20)),
		plain(RuleSlackToken, "xoxb-"+g.str(genDigits, 11)+"-"+g.str(genDigits, 13)+"-"+g.str(genAlnum, 24)),
		plain(RuleSlackToken, "xoxp-"+g.str(genDigits, 11)+"-"+g.str(genDigits, 12)+"-"+g.str(genDigits, 13)+"-"+g.str(genHex, 32)),
		{rule: RuleSlackWebhook, secret: webhook, text: "https://" + webhook},
		plain(RuleStripe, "sk_live_"+g.str(genAlnum, 99)),
		plain(RuleStripe, "rk_live_"+g.str(genAlnum, 99)),
		plain(RuleHuggingFace, "hf_"+g.str(genLetters, 34)),
		plain(RuleGroq, "gsk_"+g.str(genAlnum, 52)),
		plain(RuleXAI, "xai-"+g.str(genAlnum, 80)),
		pem(false),
		pem(true),
		plain(RuleJWT, jwt()),
		{rule: RuleAuthorization, secret: bearer, text: "Authorization: Bearer " + bearer},
		{rule: RuleAuthorization, secret: basic, text: "-H 'Authorization: Basic " + basic + "'"},
		{rule: RuleURLPassword, secret: urlPW, text: "postgres://reporter:" + urlPW + "@db.internal:5432/orders"},
	}
}
