package secrets

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// shape plants a name and its value in one of the ways recordings carry
// them: decoded JSON in several layouts, and text (JSON inside a string,
// escaped once or twice, form bodies, headers, YAML, env files, XML, code,
// command lines).
type shape struct {
	name  string
	plant func(name, value string) jsonv.Value
}

func txt(format string) func(name, value string) jsonv.Value {
	return func(name, value string) jsonv.Value {
		return S(strings.NewReplacer("NAME", name, "VALUE", value).Replace(format))
	}
}

var shapes = []shape{
	{"member", func(n, v string) jsonv.Value { return Obj(M("headers", Obj(M(n, S(v))))) }},
	{"nested member", func(n, v string) jsonv.Value {
		return Obj(M("auth", Obj(M("oauth", Obj(M("client_id", S("orders-app")), M(n, S(v)))))))
	}},
	{"array under the name", func(n, v string) jsonv.Value { return Obj(M(n, Arr(S(v)))) }},
	{"pair array", func(n, v string) jsonv.Value {
		return Obj(M("headers", Arr(Arr(S("accept"), S("*/*")), Arr(S(n), S(v)))))
	}},
	{"name/value objects", func(n, v string) jsonv.Value {
		return Obj(M("headers", Arr(Obj(M("name", S("accept")), M("value", S("*/*"))), Obj(M("name", S(n)), M("value", S(v))))))
	}},
	{"JSON in a string", txt(`{"grant_type": "client_credentials", "NAME": "VALUE"}`)},
	{"JSON in a string, compact", txt(`{"NAME":"VALUE","scope":"read"}`)},
	{"JSON escaped twice", txt(`{\"config\": {\"NAME\": \"VALUE\"}}`)},
	{"pretty JSON in a string", txt("{\n  \"user\": \"svc-orders\",\n  \"NAME\": \"VALUE\"\n}")},
	{"name/value JSON in a string", txt(`[{"name": "NAME", "value": "VALUE"}]`)},
	{"form body", txt("grant_type=client_credentials&NAME=VALUE&scope=read")},
	{"query string", txt("GET https://api.acme.test/v1/orders?page=2&NAME=VALUE HTTP/1.1")},
	{"header line", txt("POST /v1/orders HTTP/1.1\r\nHost: api.acme.test\r\nNAME: VALUE\r\n\r\n")},
	{"YAML", txt("service:\n  user: svc-orders\n  NAME: VALUE\n")},
	{"YAML quoted", txt("NAME: \"VALUE\"\n")},
	{"env file", txt("export NAME=VALUE\n")},
	{"TOML", txt("[service]\nNAME = \"VALUE\"\n")},
	{"Python dict repr", txt("{'user': 'svc', 'NAME': 'VALUE'}")},
	{"Python header tuples", txt("[('Accept', '*/*'), ('NAME', 'VALUE')]")},
	{"JavaScript object", txt("const cfg = {user: 'svc', NAME: 'VALUE'};")},
	{"Go", txt("NAME := \"VALUE\"")},
	{"Ruby hash", txt("{'NAME' => 'VALUE'}")},
	{"XML element", txt("<config><NAME>VALUE</NAME></config>")},
	{"XML key and value", txt(`<add key="NAME" value="VALUE" />`)},
	{"command flag", txt("deploy --NAME VALUE --region eu-west-1")},
	{"command flag =", txt("deploy --NAME=VALUE --region eu-west-1")},
	{"curl header", txt("curl -s -H 'NAME: VALUE' https://api.acme.test/v1/orders")},
}

// keyedNames are names of credentials, the rule that finds a random value
// under each, and whether a UUID under it is a secret.
var keyedNames = []struct {
	name, rule string
}{
	{"access_token", RuleGeneric}, {"client_secret", RuleGeneric}, {"password", RuleGeneric},
	{"api_key", RuleGeneric}, {"apiKey", RuleGeneric}, {"X-Api-Key", RuleGeneric}, {"OPENAI_API_KEY", RuleGeneric},
	{"refresh_token", RuleGeneric}, {"id_token", RuleGeneric}, {"db_password", RuleGeneric}, {"passwd", RuleGeneric},
	{"aws_session_token", RuleGeneric}, {"SessionToken", RuleGeneric}, {"X-Amz-Security-Token", RuleGeneric},
	{"Ocp-Apim-Subscription-Key", RuleGeneric}, {"secret_key", RuleGeneric}, {"private_key", RuleGeneric},
	{"webhook_secret", RuleGeneric}, {"passphrase", RuleGeneric}, {"token", RuleGeneric}, {"SLACK_BOT_TOKEN", RuleGeneric},
	{"SENTRY_AUTH_TOKEN", RuleGeneric}, {"twitter_consumer_key", RuleVendor}, {"DATADOG_APP_KEY", RuleVendor},
	{"hubspotAuth", RuleVendor}, {"mailgun_key", RuleVendor}, {"auth_key", RuleGeneric}, {"hmac_key", RuleGeneric},
	{"secret_token", RuleGeneric}, {"secret_key_base", RuleGeneric}, {"sas_token", RuleGeneric},
}

// keyedValues are random values as credentials come: letters and digits,
// base64url, hex of 32, 40 and 64 digits, base64, a password with
// punctuation, a long session token.
func (g *gen) keyedValues() []string {
	return []string{
		g.str(genAlnum, 32),
		g.str(genB64URL, 40),
		g.str(genHex, 32),
		g.str(genHex, 64),
		strings.ToUpper(g.str(genHex, 40)),
		base64.StdEncoding.EncodeToString(g.bytes(32)),
		g.str(genAlnum+"!#^*+-", 16),
		g.str(genAlnum, 12) + "." + g.str(genB64URL, 300),
	}
}

func scanOne(v jsonv.Value) []Finding {
	tape := tapeBody(Arr(neutralV), Obj(M("request", v)), neutralRs, jsonv.NullValue())
	return scanBody(true, tape)
}

// TestKeyedShapes plants a random value under every credential name in
// every shape and requires exactly one finding, of the value itself, and a
// redaction that removes it.
func TestKeyedShapes(t *testing.T) {
	t.Parallel()
	n := 0
	for seed := range uint64(2) {
		g := newGen(300 + seed)
		for _, k := range keyedNames {
			for vi, v := range g.keyedValues() {
				for _, sh := range shapes {
					name := k.name
					if strings.HasPrefix(sh.name, "command flag") {
						name = flagName(name)
					}
					doc := sh.plant(name, v)
					fs := scanOne(doc)
					what := fmt.Sprintf("%s value %d in %s", name, vi, sh.name)
					if len(fs) != 1 || fs[0].Rule != k.rule || fs[0].Hash != hashOf(v) {
						t.Errorf("%s: got %v, want one %s", what, rules(fs), k.rule)
						continue
					}
					red, m := RedactValue(doc, nil)
					enc, _ := jsonv.EncodeDryfire(red)
					if m != 1 || strings.Contains(string(enc), v) {
						t.Errorf("%s: redaction replaced %d and left the value: %v", what, m, m == 0)
					}
					n++
				}
			}
		}
	}
	if want := 2 * len(keyedNames) * len(newGen(0).keyedValues()) * len(shapes); n != want {
		t.Fatalf("%d keyed secrets found, want %d", n, want)
	}
}

// flagName spells a name as a command-line flag: hubspotAuth becomes
// hubspot-auth, db_password db-password.
func flagName(name string) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_':
			c = '-'
		case c >= 'A' && c <= 'Z':
			if i > 0 && name[i-1] >= 'a' && name[i-1] <= 'z' {
				b.WriteByte('-')
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

func rules(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule+" "+f.Redacted)
	}
	return out
}

// keyedLookAlikes are values under credential names that are not
// credentials: placeholders, masks, templates, references, code, words.
var keyedLookAlikes = []string{
	"YOUR_API_KEY", "<token>", "${TOKEN}", "$DB_PASSWORD", "@@DB_PASSWORD@@", "__API_TOKEN__", "%DB_PASSWORD%",
	"********", "xxxxxxxxxxxxxxxx", "[REDACTED]", "[REDACTED:generic-secret]", "changeme", "not_provided",
	"NotProvided", "required", "os.environ", "process.env.OPENAI_API_KEY", "settings.SECRET_KEY", "self.password",
	"config.auth.token", "/run/secrets/db_password", "./secrets/token.txt", "https://vault.acme.test/v1/secret/db",
	"arn:aws:secretsmanager:eu-west-1:123456789012:secret:db-AbCdEf", "none", "null", "hunter2",
	"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "call_7Jc2WvKxF9dQ3LpZ8nB1mT4s",
}

// notCredentialNames carry random values that are not secrets: ids,
// pagination tokens, public keys, digests, commits, hashes of a password.
var notCredentialNames = []string{
	"next_page_token", "pageToken", "idempotency_token", "continuation_token", "request_id", "trace_id", "cache_key",
	"public_key", "publishable_key", "tokenizer", "max_tokens", "key", "etag", "checksum", "nonce", "session_id",
	"x-request-id", "client_id", "model", "signature_version", "sha256", "digest", "commit", "fingerprint",
	"hashed_password", "password_digest", "device_token",
}

// TestKeyedLookAlikes requires no finding for a look-alike value under a
// credential name, nor for a random value under a name that is not a
// credential's, in every shape.
func TestKeyedLookAlikes(t *testing.T) {
	t.Parallel()
	g := newGen(400)
	for _, sh := range shapes {
		for _, k := range keyedNames {
			for _, v := range append(keyedLookAlikes, g.encodedLookAlikeValues()...) {
				if strings.ContainsAny(v, "<>") && strings.HasPrefix(sh.name, "XML") {
					continue // not a value an XML document can hold
				}
				if fs := scanOne(sh.plant(k.name, v)); len(fs) > 0 {
					t.Errorf("%s=%q in %s: flagged %v", k.name, v, sh.name, rules(fs))
				}
			}
		}
		for _, name := range notCredentialNames {
			for _, v := range g.keyedValues() {
				if fs := scanOne(sh.plant(name, v)); len(fs) > 0 {
					t.Errorf("%s in %s: flagged %v", name, sh.name, rules(fs))
				}
			}
		}
		// A UUID is an id under a token's name, a key under a key's.
		if fs := scanOne(sh.plant("session_token", g.uuid())); len(fs) > 0 {
			t.Errorf("a UUID session token in %s: flagged", sh.name)
		}
		if fs := scanOne(sh.plant("HEROKU_API_KEY", g.uuid())); len(fs) != 1 {
			t.Errorf("a UUID API key in %s: %d findings, want 1", sh.name, len(fs))
		}
	}
}
