package secrets

import (
	"encoding/base64"
	"encoding/binary"
	"math/rand/v2"
	"net/url"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

// The planted secrets are generated at test time from a seeded generator,
// with the right prefixes, lengths, alphabets, checksums and binary
// structure. None is written down in the repository: realistic keys in a
// repository trip push protection and every scanner our users run.

const (
	genAlnum   = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	genB64URL  = genAlnum + "_-"
	genB64     = genAlnum + "+/"
	genHex     = "0123456789abcdef"
	genUpper   = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	genLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	genLower   = "abcdefghijklmnopqrstuvwxyz0123456789"
	genDigits  = "0123456789"
	genBech32  = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
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
		if s := string(b); n < 8 || detect.RandomBody(s) && detect.Classes(s) >= min(2, detect.Classes(alphabet)) {
			return s
		}
	}
}

func (g *gen) bytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(g.r.Uint32())
	}
	return b
}

// planted is one generated secret and the rule that must find it.
type planted struct {
	rule   string
	secret string // exactly the span a finding hashes
	text   string // how it appears in the recording (secret inside)
}

func plain(rule, s string) planted { return planted{rule: rule, secret: s, text: s} }

func in(rule, secret, before, after string) planted {
	return planted{rule: rule, secret: secret, text: before + secret + after}
}

// kinds generates secrets of every rule but those found by the name they
// sit under (see keyed), each in a typical spelling.
func (g *gen) kinds() []planted {
	var out []planted
	for _, f := range []func() []planted{g.aiKinds, g.cloudKinds, g.infraKinds, g.codeKinds, g.chatKinds, g.payKinds, g.keyKinds, g.authKinds} {
		out = append(out, f()...)
	}
	return out
}

func (g *gen) aiKinds() []planted {
	return []planted{
		plain(RuleAnthropic, "sk-ant-api03-"+g.str(genB64URL, 93)+"AA"),
		plain(RuleAnthropicAdm, "sk-ant-admin01-"+g.str(genB64URL, 93)+"AA"),
		plain(RuleOpenAI, "sk-proj-"+g.str(genB64URL, 74)+"T3BlbkFJ"+g.str(genB64URL, 74)),
		plain(RuleOpenAI, "sk-svcacct-"+g.str(genB64URL, 74)+"T3BlbkFJ"+g.str(genB64URL, 74)),
		plain(RuleOpenAI, "sk-"+g.str(genAlnum, 20)+"T3BlbkFJ"+g.str(genAlnum, 20)),
		plain(RuleSKKey, "sk-"+g.str(genHex, 32)),
		plain(RuleSKKey, "sk-"+g.str(genAlnum, 48)),
		plain(RuleOpenRouter, "sk-or-v1-"+g.str(genHex, 64)),
		plain(RuleElevenLabs, "sk_"+g.str(genHex, 48)),
		plain(RuleGroq, "gsk_"+g.str(genAlnum, 52)),
		plain(RuleXAI, "xai-"+g.str(genAlnum, 80)),
		plain(RuleHuggingFace, "hf_"+g.str(genLetters, 34)),
		plain(RuleHuggingFace, "api_org_"+g.str(genLetters, 34)),
		plain("perplexity-api-key", "pplx-"+g.str(genAlnum, 48)),
		plain("replicate-api-token", "r8_"+g.str(genAlnum, 37)),
		plain("langsmith-api-key", "lsv2_pt_"+g.str(genHex, 32)+"_"+g.str(genHex, 10)),
		plain("tavily-api-key", "tvly-"+g.str(genAlnum, 32)),
		plain("pinecone-api-key", "pcsk_"+g.str(genAlnum, 5)+"_"+g.str(genAlnum, 60)),
	}
}

// awsSession builds a session token the way STS encodes one: a binary
// header ("origin_ec", runs of 0xff that base64 spells as slashes, the
// region) and a long signed body.
func (g *gen) awsSession(modern bool) string {
	var b []byte
	if modern {
		b = append(b, 0x21, 0x0a, 0x09)
		b = append(b, "origin_ec"...)
	} else {
		b = append(b, 0x17, 0x0a, 0x06)
		b = append(b, "er/aws"...)
	}
	b = append(b, 0x10, 0x9a)
	for range 7 {
		b = append(b, 0xff)
	}
	b = append(b, 0x01, 0x1a, 0x09)
	b = append(b, "us-east-1"...)
	b = append(b, g.bytes(600+g.r.IntN(300))...)
	return base64.StdEncoding.EncodeToString(b)
}

func (g *gen) cloudKinds() []planted {
	awsSecret := g.str(genB64, 40)
	azSecret := g.str(genAlnum, 3) + g.str(genDigits, 1) + "Q~" + g.str(genAlnum+"_~.-", 34)
	storage := base64.StdEncoding.EncodeToString(g.bytes(64))
	saKey := base64.StdEncoding.EncodeToString(g.bytes(32))
	sig := url.QueryEscape(base64.StdEncoding.EncodeToString(g.bytes(32)))
	return []planted{
		plain(RuleAWSKeyID, "AKIA"+g.str(genUpper, 16)),
		plain(RuleAWSKeyID, "ASIA"+g.str(genUpper, 16)),
		in(RuleAWSSecret, awsSecret, "aws_secret_access_key = ", ""),
		plain(RuleAWSSession, g.awsSession(true)),
		in(RuleAWSSession, g.awsSession(false), "export AWS_SESSION_TOKEN=", ""),
		plain("aws-bedrock-api-key", "ABSK"+base64.StdEncoding.EncodeToString(g.bytes(120))),
		plain(RuleGoogle, "AIza"+g.str(genB64URL, 35)),
		plain("gcp-oauth-access-token", "ya29."+g.str(genB64URL, 60)+"."+g.str(genB64URL, 90)),
		plain("gcp-refresh-token", "1//0"+g.str(genB64URL, 100)),
		plain("gcp-hmac-access-id", "GOOG1E"+g.str(genUpper, 55)),
		plain(RuleAzureSecret, azSecret),
		in(RuleAzureStorage, storage, "DefaultEndpointsProtocol=https;AccountName=acmeorders;AccountKey=", ";EndpointSuffix=core.windows.net"),
		in(RuleAzureSAS, sig, "https://acmeorders.blob.core.windows.net/exports/orders.csv?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-09-01T00:00:00Z&spr=https&sig=", ""),
		in(RuleAzureSAKey, saKey, "Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=", ""),
	}
}

func (g *gen) infraKinds() []planted {
	p := func(rule, prefix, alphabet string, n int) planted { return plain(rule, prefix+g.str(alphabet, n)) }
	return []planted{
		p("alibaba-access-key-id", "LTAI", genAlnum, 20),
		p("yandex-api-key", "AQVN", genB64URL, 36),
		plain("yandex-iam-token", "t1."+g.str(genB64URL, 40)+"."+g.str(genB64URL, 86)),
		p("digitalocean-token", "dop_v1_", genHex, 64),
		p("digitalocean-token", "dor_v1_", genHex, 64),
		p("heroku-api-key", "HRKU-AA", genB64URL, 58),
		p("flyio-token", "fo1_", genB64URL, 43),
		plain("flyio-token", "fm2_"+base64.StdEncoding.EncodeToString(g.bytes(150))),
		plain("cloudflare-origin-ca-key", "v1.0-"+g.str(genHex, 24)+"-"+g.str(genHex, 146)),
		p("vault-token", "hvs.", genB64URL, 95),
		p("vault-token", "hvb.", genB64URL, 150),
		plain(RuleTerraform, g.str(genLower, 14)+".atlasv1."+g.str(genB64URL, 67)),
		p("doppler-token", "dp.pt.", genAlnum, 43),
		p("pulumi-access-token", "pul-", genHex, 40),
		p("prefect-api-key", "pnu_", genAlnum, 36),
		p("scalingo-api-token", "tk-us-", genB64URL, 48),
		plain("harness-token", "pat."+g.str(genB64URL, 22)+"."+g.str(genAlnum, 24)+"."+g.str(genAlnum, 20)),
		p("octopus-deploy-api-key", "API-", genUpper, 26),
		p("infracost-api-token", "ico-", genAlnum, 32),
		p("databricks-token", "dapi", genHex, 32),
		plain("dynatrace-api-token", "dt0c01."+g.str(genUpper, 24)+"."+g.str(genAlnum, 64)),
		p("planetscale-token", "pscale_tkn_", genB64URL, 43),
		p("clickhouse-cloud-secret", "4b1d", genAlnum, 38),
		p("settlemint-token", "sm_pat_", genAlnum, 16),
		plain("authress-access-key", "authress_"+g.str(genLower, 20)+"."+g.str(genLower, 5)+".acc_"+g.str(genLower, 20)+"."+g.str(genB64, 64)),
		plain("grafana-token", "eyJrIjoi"+base64.StdEncoding.EncodeToString([]byte(g.str(genAlnum, 40)+`","n":"ci","id":1}`))),
		p("grafana-token", "glc_", genB64, 80),
		plain("grafana-token", "glsa_"+g.str(genAlnum, 32)+"_"+g.str(genHex, 8)),
		p("new-relic-key", "NRAK-", genUpper, 27),
		p("sentry-token", "sntryu_", genHex, 64),
		p("sonarqube-token", "squ_", genHex, 40),
		p("openshift-user-token", "sha256~", genB64URL, 43),
		plain("atlassian-api-token", "ATATT3xFfGF0"+g.str(genB64URL, 170)+"="+g.str(genHex, 8)),
		p("linear-api-key", "lin_api_", genAlnum, 40),
		plain("notion-token", "ntn_"+g.str(genDigits, 11)+g.str(genAlnum, 35)),
		plain("airtable-token", "pat"+g.str(genAlnum, 14)+"."+g.str(genHex, 64)),
		p("readme-api-key", "rdme_", genLower, 70),
		p("frameio-api-token", "fio-u-", genB64URL, 64),
		p("typeform-api-token", "tfp_", genB64URL, 59),
		p("adobe-client-secret", "p8e-", genAlnum, 32),
		p("intra42-client-secret", "s-s4t2ud-", genHex, 64),
		plain("onepassword-service-token", "ops_eyJ"+base64.StdEncoding.EncodeToString(g.bytes(240))),
		plain(RuleOnePassword, "A3-"+g.str(genUpper, 6)+"-"+g.str(genUpper, 6)+"-"+g.str(genUpper, 5)+"-"+g.str(genUpper, 5)+"-"+g.str(genUpper, 5)+"-"+g.str(genUpper, 5)),
		plain(RuleMaxMind, g.str(genAlnum, 6)+"_"+g.str(genAlnum, 29)+"_mmk"),
	}
}

func (g *gen) codeKinds() []planted {
	gh := func(prefix string) string {
		r := g.str(genAlnum, 30)
		return prefix + r + detect.GitHubChecksum(r)
	}
	p := func(rule, prefix, alphabet string, n int) planted { return plain(rule, prefix+g.str(alphabet, n)) }
	return []planted{
		plain(RuleGitHub, gh("ghp_")),
		plain(RuleGitHub, gh("gho_")),
		plain(RuleGitHub, gh("ghu_")),
		plain(RuleGitHub, gh("ghs_")),
		plain(RuleGitHub, gh("ghr_")),
		plain(RuleGitHubPAT, "github_pat_"+g.str(genAlnum, 22)+"_"+g.str(genAlnum, 59)),
		p(RuleGitLab, "glpat-", genB64URL, 20),
		plain(RuleGitLab, "glpat-"+g.str(genB64URL, 36)+"."+g.str(genLower, 2)+g.str(genLower, 7)),
		p("gitlab-token", "gldt-", genB64URL, 20),
		p("gitlab-token", "glrt-", genB64URL, 20),
		p("gitlab-token", "gloas-", genB64URL, 64),
		p("gitlab-token", "glptt-", genHex, 40),
		in(RuleGitLabSession, g.str(genLower, 32), "Cookie: _gitlab_session=", "; path=/"),
		p("npm-access-token", "npm_", genAlnum, 36),
		p("pypi-upload-token", "pypi-AgEIcHlwaS5vcmc", genB64URL, 150),
		p("rubygems-api-token", "rubygems_", genHex, 48),
		p("clojars-api-token", "CLOJARS_", genLower, 60),
		p("artifactory-token", "AKCp", genAlnum, 69),
		p("sourcegraph-token", "sgp_", genHex, 40),
		plain("postman-api-key", "PMAK-"+g.str(genHex, 24)+"-"+g.str(genHex, 34)),
	}
}

func (g *gen) chatKinds() []planted {
	bot := g.str(genDigits, 10) + ":AA" + g.str(genB64URL, 33)
	return []planted{
		plain(RuleSlackToken, "xoxb-"+g.str(genDigits, 11)+"-"+g.str(genDigits, 13)+"-"+g.str(genAlnum, 24)),
		plain(RuleSlackToken, "xoxp-"+g.str(genDigits, 11)+"-"+g.str(genDigits, 12)+"-"+g.str(genDigits, 13)+"-"+g.str(genHex, 32)),
		plain(RuleSlackToken, "xoxe.xoxp-1-"+g.str(genUpper, 160)),
		plain(RuleSlackWebhook, "https://hooks.slack.com/services/T"+g.str(genUpper, 8)+"/B"+g.str(genUpper, 10)+"/"+g.str(genAlnum, 24)),
		plain(RuleSlackWebhook, "https://hooks.slack.com/workflows/T"+g.str(genUpper, 8)+"/A"+g.str(genUpper, 10)+"/"+g.str(genDigits, 18)+"/"+g.str(genAlnum, 24)),
		plain(RuleTeamsWebhook, "https://acme.webhook.office.com/webhookb2/"+g.uuid()+"@"+g.uuid()+"/IncomingWebhook/"+g.str(genHex, 32)+"/"+g.uuid()),
		plain(RuleDiscordHook, "https://discord.com/api/webhooks/"+g.str(genDigits, 19)+"/"+g.str(genB64URL, 68)),
		plain(RuleGChatWebhook, "https://chat.googleapis.com/v1/spaces/"+g.str(genB64URL, 11)+"/messages?key=AIza"+g.str(genB64URL, 35)+"&token="+g.str(genB64URL, 43)+"%3D"),
		plain(RuleZapierWebhook, "https://hooks.zapier.com/hooks/catch/"+g.str(genDigits, 7)+"/"+g.str(genLower, 8)),
		plain(RuleTelegram, bot),
		in(RuleTelegram, g.str(genDigits, 9)+":AA"+g.str(genB64URL, 33), "https://api.telegram.org/bot", "/sendMessage"),
		plain(RuleMailchimp, g.str(genHex, 32)+"-us"+g.str(genDigits, 2)),
		plain("sendgrid-api-key", "SG."+g.str(genB64URL, 22)+"."+g.str(genB64URL, 43)),
		plain("brevo-api-key", "xkeysib-"+g.str(genHex, 64)+"-"+g.str(genAlnum, 16)),
		plain("mailgun-api-key", "key-"+g.str(genHex, 32)),
		plain("twilio-api-key", "SK"+g.str(genHex, 32)),
		plain("discord-bot-token", "M"+g.str(genB64URL, 25)+"."+g.str(genB64URL, 6)+"."+g.str(genB64URL, 38)),
	}
}

func (g *gen) payKinds() []planted {
	return []planted{
		plain(RuleStripe, "sk_live_"+g.str(genAlnum, 99)),
		plain(RuleStripe, "rk_live_"+g.str(genAlnum, 99)),
		plain("stripe-webhook-secret", "whsec_"+g.str(genAlnum, 32)),
		plain("square-token", "EAAA"+g.str(genB64URL, 60)),
		plain("square-token", "sq0csp-"+g.str(genB64URL, 43)),
		plain("shopify-token", "shpat_"+g.str(genHex, 32)),
		plain("duffel-api-token", "duffel_live_"+g.str(genB64URL, 43)),
		plain("shippo-api-token", "shippo_live_"+g.str(genHex, 40)),
		plain("easypost-api-key", "EZAK"+g.str(genAlnum, 54)),
		plain("flutterwave-secret-key", "FLWSECK-"+g.str(genHex, 32)+"-X"),
		plain("facebook-page-token", "EAAG"+g.str(genAlnum, 180)),
		plain(RuleFacebook, g.str(genDigits, 15)+"|"+g.str(genB64URL, 27)),
		plain("twitter-bearer-token", strings.Repeat("A", 22)+g.str(genAlnum, 90)),
		plain("dropbox-token", "sl."+g.str(genB64URL, 135)),
		plain("mapbox-secret-token", "sk.eyJ1IjoiYWNtZSIsImEiOiJ"+g.str(genB64URL, 40)+"."+g.str(genB64URL, 22)),
	}
}

func (g *gen) uuid() string {
	h := g.str(genHex, 32)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func (g *gen) authKinds() []planted {
	enc := base64.RawURLEncoding.EncodeToString
	jwt := func() string {
		h := enc([]byte(`{"alg":"HS256","typ":"JWT"}`))
		p := enc([]byte(`{"sub":"` + g.str(genDigits, 10) + `","name":"` + g.str(genLetters, 8) + `","iat":1700000000}`))
		return h + "." + p + "." + g.str(genB64URL, 43)
	}
	bearer := g.str(genAlnum+"._-", 47) + g.str(genAlnum, 1)
	basic := base64.StdEncoding.EncodeToString([]byte("svc-reporter:" + g.str(genAlnum, 18)))
	urlPW := g.str(genAlnum, 16)
	k8s := base64.StdEncoding.EncodeToString([]byte(g.str(genAlnum+"!#%", 20)))
	return []planted{
		plain(RuleJWT, jwt()),
		plain(RuleJWT, base64.StdEncoding.EncodeToString([]byte(jwt()))),
		in(RuleAuthorization, bearer, "Authorization: Bearer ", ""),
		in(RuleAuthorization, basic, "-H 'Authorization: Basic ", "'"),
		in(RuleURLPassword, urlPW, "postgres://reporter:", "@db.internal:5432/orders"),
		in(RuleCurlUser, g.str(genAlnum, 16), "curl -s -u deploy:", " https://api.acme.test/v1/orders"),
		in(RuleKubernetes, k8s, "apiVersion: v1\ndata:\n  username: YWRtaW4=\n  password: ", "\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\n"),
	}
}

// pemBlock wraps der in a PEM block of the given label, 64 characters a
// line, with the newline given (real, or escaped once or twice).
func pemBlock(label string, headers []string, der []byte, nl string) string {
	var b strings.Builder
	b.WriteString("-----BEGIN " + label + "-----" + nl)
	for _, h := range headers {
		b.WriteString(h + nl)
	}
	if len(headers) > 0 {
		b.WriteString(nl)
	}
	enc := base64.StdEncoding.EncodeToString(der)
	for len(enc) > 64 {
		b.WriteString(enc[:64] + nl)
		enc = enc[64:]
	}
	b.WriteString(enc + nl + "-----END " + label + "-----")
	return b.String()
}

// derLike returns an ASN.1 SEQUENCE header and n random bytes: the shape of
// a DER private key.
func (g *gen) derLike(n int) []byte {
	b := []byte{0x30, 0x82, byte(n >> 8), byte(n), 0x02, 0x01, 0x00}
	return append(b, g.bytes(n)...)
}

// opensshKey builds an "openssh-key-v1" private key the way ssh-keygen
// lays one out: cipher, KDF, public key, then the private section with its
// check integers, key, comment and padding. Its base64 has long runs of
// A (zero bytes), which a randomness check for short keys rejects.
func (g *gen) opensshKey(encrypted bool) []byte {
	str := func(b []byte, s []byte) []byte {
		b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
		return append(b, s...)
	}
	pub := g.bytes(32)
	var pubBlob []byte
	pubBlob = str(pubBlob, []byte("ssh-ed25519"))
	pubBlob = str(pubBlob, pub)
	out := []byte("openssh-key-v1\x00")
	if encrypted {
		var kdf []byte
		kdf = str(kdf, g.bytes(16))
		kdf = binary.BigEndian.AppendUint32(kdf, 16)
		out = str(out, []byte("aes256-ctr"))
		out = str(out, []byte("bcrypt"))
		out = str(out, kdf)
	} else {
		out = str(out, []byte("none"))
		out = str(out, []byte("none"))
		out = str(out, nil)
	}
	out = binary.BigEndian.AppendUint32(out, 1)
	out = str(out, pubBlob)
	var priv []byte
	check := g.r.Uint32()
	priv = binary.BigEndian.AppendUint32(priv, check)
	priv = binary.BigEndian.AppendUint32(priv, check)
	priv = str(priv, []byte("ssh-ed25519"))
	priv = str(priv, pub)
	priv = str(priv, append(g.bytes(32), pub...))
	priv = str(priv, []byte("deploy@ci"))
	for i := 1; len(priv)%8 != 0; i++ {
		priv = append(priv, byte(i))
	}
	if encrypted {
		priv = g.bytes(len(priv))
	}
	return str(out, priv)
}

func (g *gen) keyKinds() []planted {
	ppk := func() string {
		lines := func(n int) string {
			enc := base64.StdEncoding.EncodeToString(g.bytes(n))
			var b strings.Builder
			for len(enc) > 64 {
				b.WriteString(enc[:64] + "\n")
				enc = enc[64:]
			}
			return b.String() + enc + "\n"
		}
		return "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-20260801\nPublic-Lines: 6\n" +
			lines(270) + "Private-Lines: 14\n" + lines(630) + "Private-MAC: " + g.str(genHex, 64)
	}
	pgp := pemBlock("PGP PRIVATE KEY BLOCK", []string{"Version: GnuPG v2", "Comment: deploy key"}, g.bytes(900), "\n")
	pgp = strings.Replace(pgp, "\n-----END", "\n="+base64.StdEncoding.EncodeToString(g.bytes(3))+"\n-----END", 1)
	ssh2 := "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: \"2048-bit rsa\"\n" +
		base64.StdEncoding.EncodeToString(g.bytes(600)) + "\n---- END SSH2 ENCRYPTED PRIVATE KEY ----"
	return []planted{
		plain(RulePrivateKey, pemBlock("RSA PRIVATE KEY", nil, g.derLike(1190), "\n")),
		plain(RulePrivateKey, pemBlock("RSA PRIVATE KEY", nil, g.derLike(1190), `\n`)),
		plain(RulePrivateKey, pemBlock("RSA PRIVATE KEY", nil, g.derLike(1190), `\\n`)),
		plain(RulePrivateKey, pemBlock("RSA PRIVATE KEY", []string{"Proc-Type: 4,ENCRYPTED", "DEK-Info: AES-128-CBC," + strings.ToUpper(g.str(genHex, 32))}, g.derLike(1190), "\n")),
		plain(RulePrivateKey, pemBlock("PRIVATE KEY", nil, g.derLike(1210), "\r\n")),
		plain(RulePrivateKey, pemBlock("ENCRYPTED PRIVATE KEY", nil, g.derLike(1250), "\n")),
		plain(RulePrivateKey, pemBlock("EC PRIVATE KEY", nil, g.derLike(115), "\n")),
		plain(RulePrivateKey, pemBlock("DSA PRIVATE KEY", nil, g.derLike(440), "\n")),
		plain(RulePrivateKey, pemBlock("OPENSSH PRIVATE KEY", nil, g.opensshKey(false), "\n")),
		plain(RulePrivateKey, pemBlock("OPENSSH PRIVATE KEY", nil, g.opensshKey(false), `\n`)),
		plain(RulePrivateKey, pemBlock("OPENSSH PRIVATE KEY", nil, g.opensshKey(true), "\n")),
		plain(RulePrivateKey, pgp),
		plain(RulePrivateKey, ssh2),
		plain(RulePrivateKey, ppk()),
		plain(RuleAge, "AGE-SECRET-KEY-1"+g.str(genBech32, 58)),
	}
}
