package secrets

import (
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// lookAlikes are texts that resemble secrets and are not: documentation
// examples, placeholders, masks, truncated prefixes, ids and digests, and
// ordinary prose near the anchors.
var lookAlikes = []string{
	"AKIAIOSFODNN7EXAMPLE",
	"AKIAI44QH8DHBEXAMPLE",
	"aws_access_key_id=AKIAIOSFODNN7EXAMPLE aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
	"sk-ant-api03-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
	"sk-ant-api03-…",
	"sk-ant-api03-abc123",
	"sk-proj-...",
	"sk-proj-YOUR_API_KEY",
	"sk-1234567890abcdef",
	"sk-or-v1-0000000000000000000000000000000000000000000000000000000000000000",
	"ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
	"ghp_************************************",
	"github_pat_XXXXXXXXXXXXXXXXXXXXXX_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
	"glpat-xxxxxxxxxxxxxxxxxxxx",
	"xoxb-your-token-here",
	"xoxb-123-456-abc",
	"https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
	"hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
	"gsk_YOUR_GROQ_API_KEY",
	"xai-YOUR_API_KEY",
	"AIzaSyDUMMY",
	"sk_live_...",
	"[REDACTED]",
	"[REDACTED:openai-api-key]",
	"<token>",
	"${OPENAI_API_KEY}",
	"YOUR_API_KEY",
	"****************",
	"xxxxxxxxxxxxxxxxxxxxxxxx",
	"Use a Bearer token in the Authorization header.",
	"Authorization: Bearer <token>",
	"Authorization: Bearer ${TOKEN}",
	"Authorization: Basic dXNlcm5hbWU=",
	"Basic auth is supported on the admin API.",
	"postgres://user:password@localhost:5432/app",
	"postgres://app:${DB_PASSWORD}@db/app",
	"https://user:<password>@example.com",
	"https://git@github.com/acme/orders.git",
	"http://localhost:8080/v1/messages",
	"mailto:ops@example.com",
	"eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.",
	"-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
	"-----BEGIN RSA PRIVATE KEY-----\\nMIIEow...\\n-----END RSA PRIVATE KEY-----",
	"-----BEGIN CERTIFICATE-----",
	"toolu_01Vab2T5o5iEMxxpm1ZUiJW9",
	"msg_01Xj1U3isylXUpKu5sdQsJIXuq",
	"call_7Jc2WvKxF9dQ3LpZ8nB1mT4s",
	"chatcmpl-9xYz8WvU7tS6rQ5pO4nM3lK2jI1h",
	"3d3d451719dd1a54",
	"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	"3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c",
	"Ask the risk-free task-ant team; skip sk- prefixed keys in logs.",
	"claude-opus-4-1 and gpt-4o-mini both answered.",
}

// lookAlikeKeyed are placeholders under secret-looking key names.
var lookAlikeKeyed = [][2]string{
	{"api_key", "YOUR_API_KEY"},
	{"api_key", "sk-…"},
	{"api_key", ""},
	{"password", "hunter2"},
	{"password", "${DB_PASSWORD}"},
	{"password", "correct horse battery staple"},
	{"password", "********"},
	{"token", "<token>"},
	{"token", "3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c"},
	{"token", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
	{"access_token", "call_7Jc2WvKxF9dQ3LpZ8nB1mT4s"},
	{"Authorization", "Bearer <token>"},
	{"Authorization", "Bearer YOUR_TOKEN_HERE"},
	{"authorization", "Basic dXNlcm5hbWU="},
	{"client_secret", "[REDACTED]"},
	{"client_secret", "[REDACTED:generic-secret]"},
	{"secret", "changeme"},
	{"x-api-key", "test"},
	{"aws_secret_access_key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"},
	{"max_tokens", "4096"},
	{"tokenizer", "cl100k_base"},
}

// generatedLookAlikes are random but not secrets: a GitHub token with a
// wrong checksum, Stripe test and publishable keys, wrong lengths.
func (g *gen) lookAlikes() []string {
	r := g.str(genAlnum, 30)
	bad := githubChecksum(r)
	bad = string(rune(bad[0]^1)) + bad[1:]
	return []string{
		"ghp_" + r + bad,
		"sk_test_" + g.str(genAlnum, 24),
		"pk_live_" + g.str(genAlnum, 24),
		"AKIA" + g.str(genUpper, 17),
		"AIza" + g.str(genB64URL, 30),
		"gsk_" + g.str(genAlnum, 20),
		"hf_" + g.str(genLetters, 12),
		"sha256:" + g.str(genHex, 64),
	}
}

func TestLookAlikesNotFlagged(t *testing.T) {
	t.Parallel()
	texts := append(append([]string(nil), lookAlikes...), newGen(7).lookAlikes()...)
	n := 0
	for _, text := range texts {
		for _, c := range contexts {
			if fs := scanBody(c.tape, c.plant(text)); len(fs) > 0 {
				t.Errorf("%q in %s: flagged %s (%s)", text, c.name, fs[0].Rule, fs[0].Redacted)
			}
		}
		n++
	}
	for _, kv := range lookAlikeKeyed {
		tape := tapeBody(Arr(neutralV), Obj(M("headers", Obj(M(kv[0], S(kv[1]))))), neutralRs, jsonv.NullValue())
		if fs := scanBody(true, tape); len(fs) > 0 {
			t.Errorf("%s=%q: flagged %s", kv[0], kv[1], fs[0].Rule)
		}
		n++
	}
	if n < 40 {
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
