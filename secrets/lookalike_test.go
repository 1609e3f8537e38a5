package secrets

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

// lookAlikes are texts that resemble secrets and are not, by family:
// documentation examples, placeholders, masks, truncated prefixes, test-mode
// keys, public keys, ids and digests, and ordinary prose near the anchors.
// They are harmless to write down; the generated ones below are drawn at run
// time like the secrets.
var lookAlikes = map[string][]string{
	detect.FamilyAI: {
		"sk-ant-api03-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		"sk-ant-api03-…", "sk-ant-api03-abc123", "sk-proj-...", "sk-proj-YOUR_API_KEY", "sk-1234567890abcdef",
		"sk-or-v1-0000000000000000000000000000000000000000000000000000000000000000",
		"hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "gsk_YOUR_GROQ_API_KEY", "xai-YOUR_API_KEY",
		"Ask the risk-free task-ant team; skip sk- prefixed keys in logs.", "claude-opus-4-1 and gpt-4o-mini both answered.",
		"toolu_01Vab2T5o5iEMxxpm1ZUiJW9", "msg_01Xj1U3isylXUpKu5sdQsJIXuq", "call_7Jc2WvKxF9dQ3LpZ8nB1mT4s",
		"chatcmpl-9xYz8WvU7tS6rQ5pO4nM3lK2jI1h",
	},
	detect.FamilyAWS: {
		"AKIAIOSFODNN7EXAMPLE", "AKIAI44QH8DHBEXAMPLE",
		"aws_access_key_id=AKIAIOSFODNN7EXAMPLE aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		"arn:aws:iam::123456789012:role/orders-reader", "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20260801/us-east-1/s3/aws4_request",
	},
	detect.FamilyGCP:   {"AIzaSyDUMMY", "ya29.xxxxx", "projects/acme-orders/secrets/db-password/versions/latest"},
	detect.FamilyAzure: {"AccountKey=YOUR_ACCOUNT_KEY;EndpointSuffix=core.windows.net", "https://acme.blob.core.windows.net/exports/orders.csv?sv=2022-11-02&sig=REDACTED"},
	detect.FamilyCode: {
		"ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "ghp_************************************",
		"github_pat_XXXXXXXXXXXXXXXXXXXXXX_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
		"glpat-xxxxxxxxxxxxxxxxxxxx", "https://git@github.com/acme/orders.git", "npm_YOUR_NPM_TOKEN_GOES_HERE_XXXXXXXXX",
	},
	detect.FamilyChat: {
		"xoxb-your-token-here", "xoxb-123-456-abc",
		"https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
		"https://discord.com/api/webhooks/000000000000000000/xxxxxxxx", "mailto:ops@example.com",
	},
	detect.FamilyPay: {"sk_live_...", "pk_live_…", "sk_test_…"},
	detect.FamilyKeys: {
		"-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
		"-----BEGIN RSA PRIVATE KEY-----\\nMIIEow...\\n-----END RSA PRIVATE KEY-----",
		"-----BEGIN CERTIFICATE-----", "-----BEGIN OPENSSH PRIVATE KEY-----\n<your key>\n-----END OPENSSH PRIVATE KEY-----",
		"AGE-SECRET-KEY-1XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
	},
	detect.FamilyAuth: {
		"Use a Bearer token in the Authorization header.", "Authorization: Bearer <token>", "Authorization: Bearer ${TOKEN}",
		"Authorization: Basic dXNlcm5hbWU=", "Basic auth is supported on the admin API.",
		"postgres://user:password@localhost:5432/app", "postgres://app:${DB_PASSWORD}@db/app", "https://user:<password>@example.com",
		"http://localhost:8080/v1/messages", "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.", "curl -u user:password https://x.test",
		"[REDACTED]", "[REDACTED:openai-api-key]", "<token>", "${OPENAI_API_KEY}", "YOUR_API_KEY", "****************",
		"xxxxxxxxxxxxxxxxxxxxxxxx", "3d3d451719dd1a54", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c",
	},
}

// generatedLookAlikes are random but not secrets, by family: a GitHub
// token with a wrong checksum, test-mode and publishable keys, wrong
// lengths, public keys and certificates, a signature outside a SAS URL.
func (g *gen) generatedLookAlikes() map[string][]string {
	r := g.str(genAlnum, 30)
	bad := detect.GitHubChecksum(r)
	bad = string(rune(bad[0]^1)) + bad[1:]
	pub := func(label string, n int) string { return pemBlock(label, nil, g.derLike(n), "\n") }
	return map[string][]string{
		detect.FamilyAI: {"sk-" + g.str(genHex, 16), "sk-ant-api03-" + g.str(genB64URL, 20), "gsk_" + g.str(genAlnum, 20), "hf_" + g.str(genLetters, 12)},
		detect.FamilyAWS: {
			"AKIA" + g.str(genUpper, 17), "aws_access_key_id: ASIA" + strings.ToLower(g.str(genUpper, 16)),
			"IQoJb3JpZ2luX2Vj" + g.str(genB64, 40), "checksum " + g.str(genB64, 40),
		},
		detect.FamilyGCP:   {"AIza" + g.str(genB64URL, 30), "ya29." + g.str(genB64URL, 10)},
		detect.FamilyAzure: {"https://cdn.acme.test/img/logo.png?w=200&sig=" + base64.StdEncoding.EncodeToString(g.bytes(32)), g.str(genAlnum, 3) + "1Q~" + g.str(genAlnum, 12)},
		detect.FamilyCloud: {"dop_v1_" + g.str(genHex, 40), "hvs." + g.str(genB64URL, 20), "API-" + g.str(genUpper, 10)},
		detect.FamilyCode:  {"ghp_" + r + bad, "npm_" + g.str(genAlnum, 20), "glpat-" + g.str(genB64URL, 12)},
		detect.FamilyChat:  {"xoxb-" + g.str(genDigits, 3), "SK" + g.str(genHex, 16), "key-" + g.str(genHex, 16)},
		detect.FamilyPay: {
			"sk_test_" + g.str(genAlnum, 24), "pk_live_" + g.str(genAlnum, 24), "rk_test_" + g.str(genAlnum, 24),
			"EZTK" + g.str(genAlnum, 54), "shippo_test_" + g.str(genHex, 40), "duffel_test_" + g.str(genB64URL, 43),
			"FLWSECK_TEST-" + g.str(genHex, 32) + "-X", "pk.eyJ1IjoiYWNtZSJ9." + g.str(genB64URL, 22),
		},
		detect.FamilySaaS: {"lin_api_" + g.str(genAlnum, 20), "ntn_" + g.str(genDigits, 11)},
		detect.FamilyKeys: {
			pub("PUBLIC KEY", 290), pub("CERTIFICATE", 900), pub("RSA PUBLIC KEY", 270),
			"ssh-ed25519 " + base64.StdEncoding.EncodeToString(g.bytes(51)) + " deploy@ci",
		},
		detect.FamilyAuth: {"sha256:" + g.str(genHex, 64), "eyJ" + g.str(genB64URL, 40), "Bearer " + g.str(genLetters, 8)},
	}
}

// derivedLookAlikes turns a planted secret into near misses: its public
// prefix with the random part masked, counting, spelled as a placeholder,
// cut short or elided.
func derivedLookAlikes(p planted) []string {
	keep := 0
	for _, m := range detect.FindAll(p.text, nil) {
		if p.text[m.Start:m.End] == p.secret {
			keep = m.Keep
		}
	}
	prefix, n := p.secret[:keep], len(p.secret)-keep
	counting := strings.Repeat("0123456789abcdefghijklmnopqrstuvwxyz", n/36+1)[:n]
	hole := strings.Repeat("YOUR_API_KEY_HERE_", n/18+1)[:n]
	variants := []string{
		prefix + strings.Repeat("x", n),
		prefix + hole,
		prefix + p.secret[keep:keep+min(4, n)] + "...",
		prefix + "…",
	}
	switch p.rule {
	case RuleURLPassword, RuleCurlUser, RuleKubernetes, RuleAuthorization:
		// A password a person chose may well count up.
	default:
		variants = append(variants, prefix+counting)
	}
	out := make([]string, len(variants))
	for i, v := range variants {
		out[i] = strings.Replace(p.text, p.secret, v, 1)
	}
	return out
}

// familyLookAlikes gathers every look-alike of every family.
func familyLookAlikes() map[string][]string {
	out := map[string][]string{}
	for f, ls := range lookAlikes {
		out[f] = append(out[f], ls...)
	}
	for f, ls := range newGen(7).generatedLookAlikes() {
		out[f] = append(out[f], ls...)
	}
	for _, p := range newGen(8).kinds() {
		f := familyOf(p.rule)
		out[f] = append(out[f], derivedLookAlikes(p)...)
	}
	return out
}

func familyOf(rule string) string {
	for _, r := range Rules() {
		if r.ID == rule {
			return r.Family
		}
	}
	return ""
}

func TestLookAlikesNotFlagged(t *testing.T) {
	t.Parallel()
	n := 0
	for f, texts := range familyLookAlikes() {
		for _, text := range texts {
			for _, c := range contexts {
				if fs := scanBody(c.tape, c.plant(text)); len(fs) > 0 {
					t.Errorf("%s: %q in %s: flagged %s (%s)", f, text, c.name, fs[0].Rule, fs[0].Redacted)
				}
			}
			n++
		}
	}
	if n < 500 {
		t.Fatalf("only %d look-alikes", n)
	}
}

func TestBoundariesInsideJSONStrings(t *testing.T) {
	t.Parallel()
	var p planted
	for _, k := range newGen(11).kinds() {
		if k.rule == RuleGitHub {
			p = k
			break
		}
	}
	for _, wrap := range []string{`\"%s\"`, "%s,", "%s.", "(%s)", "%s\t", "key=%s;", "'%s'", "`%s`", "<%s>"} {
		text := strings.Replace(wrap, "%s", p.text, 1)
		var got []Finding
		ScanValue(S(text), "", func(f Finding) { got = append(got, f) })
		if len(got) != 1 || got[0].Hash != hashOf(p.secret) {
			t.Errorf("%q: got %+v", strings.Replace(wrap, "%s", "<secret>", 1), got)
		}
	}
	for _, glued := range []string{"x" + p.text, p.text + "x"} {
		var got []Finding
		ScanValue(S(glued), "", func(f Finding) { got = append(got, f) })
		if len(got) != 0 {
			t.Errorf("a token glued to a letter was flagged")
		}
	}
}

// TestEveryRuleIsPlanted keeps the generators and the rules in step: every
// rule has a planted secret (or, for the rules of names, a keyed test).
func TestEveryRuleIsPlanted(t *testing.T) {
	t.Parallel()
	planted := map[string]bool{RuleGeneric: true, RuleVendor: true, RuleNotScanned: true, RuleNotDecoded: true}
	for _, p := range newGen(1).kinds() {
		planted[p.rule] = true
		if familyOf(p.rule) == "" {
			t.Errorf("planted rule %s is not in Rules()", p.rule)
		}
	}
	for _, r := range Rules() {
		if !planted[r.ID] {
			t.Errorf("rule %s has no generated secret", r.ID)
		}
		if r.Description == "" {
			t.Errorf("rule %s has no description", r.ID)
		}
	}
	_ = jsonv.NullValue()
}
