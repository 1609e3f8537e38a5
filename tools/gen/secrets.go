package gen

import (
	"hash/crc32"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// fakeSecret returns a credential-shaped string drawn from the stream, with
// the prefix, length, alphabet (and, for GitHub, checksum) a scanner checks,
// or a 64-hex-digit OAuth token (openssl rand -hex 32), which only the name
// it sits under marks as a secret. It is random, so it was never issued by
// anyone; it is built at run time so that no realistic key sits in the
// repository.
func fakeSecret(rng *rand.Rand) (rule, secret string) {
	const upper32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	const urlsafe = base62 + "_-"
	switch rng.IntN(5) {
	case 0:
		return "anthropic", "sk-" + "ant-api03-" + randString(rng, urlsafe, 93) + "AA"
	case 1:
		body := randString(rng, base62, 30)
		return "github", "gh" + "p_" + body + base62Pad(crc32.ChecksumIEEE([]byte(body)), 6)
	case 2:
		return "aws", "AK" + "IA" + randString(rng, upper32, 16)
	case 3:
		return OAuthHexRule, randString(rng, hexDigits, 64)
	default:
		return "huggingface", "h" + "f_" + randString(rng, base62[10:], 34)
	}
}

// OAuthHexRule names, in a manifest, the planted secret that is a 64-hex
// access token under its name, two levels down in the JSON a tool
// returned.
const OAuthHexRule = "oauth-hex-token"

const hexDigits = "0123456789abcdef"

// oauthResult is what a token endpoint returns, as a tool would hand it
// on: the token two levels down, beside fields that are no secret.
func oauthResult(token string) jsonv.Value {
	return jsonv.ObjectValue(
		jsonv.M("data", jsonv.ObjectValue(jsonv.M("auth", jsonv.ObjectValue(
			jsonv.M("access_token", jsonv.StringValue(token)),
			jsonv.M("expires_in", jsonv.IntValue(3600)),
			jsonv.M("token_type", jsonv.StringValue("bearer")),
		)))),
		jsonv.M("status", jsonv.StringValue("ok")),
	)
}

// lookAlikes returns fields of a tool result or a provider payload that
// look like secrets and are not, a few of each group: hex and UUID ids, a
// commit, digests, an ETag, a fingerprint; and credentials' names holding
// a mask, a placeholder, zeros or (under a token's name) a UUID. A scanner
// must flag none of them.
func lookAlikes(rng *rand.Rand) jsonv.Value {
	hex := func(n int) jsonv.Value { return jsonv.StringValue(randString(rng, hexDigits, n)) }
	audit := []jsonv.Member{
		jsonv.M("request_id", jsonv.StringValue(uuid(rng))),
		jsonv.M("trace_id", hex(32)),
		jsonv.M("commit", hex(40)),
		jsonv.M("sha256", hex(64)),
		jsonv.M("checksum", jsonv.StringValue("sha256:"+randString(rng, hexDigits, 64))),
		jsonv.M("etag", jsonv.StringValue(`"`+randString(rng, hexDigits, 32)+`"`)),
		jsonv.M("fingerprint", hex(16)),
	}
	auth := []jsonv.Member{
		jsonv.M("access_token", jsonv.StringValue("[REDACTED]")),
		jsonv.M("api_key", jsonv.StringValue("YOUR_ORDERS_API_KEY")),
		jsonv.M("client_secret", jsonv.StringValue(strings.Repeat("0", 64))),
		jsonv.M("session_token", jsonv.StringValue(uuid(rng))),
	}
	return jsonv.ObjectValue(
		jsonv.M("audit", jsonv.ObjectValue(pick(rng, audit, 3)...)),
		jsonv.M("auth", jsonv.ObjectValue(pick(rng, auth, 2)...)),
	)
}

// pick returns n members of ms drawn without replacement, in their order.
func pick(rng *rand.Rand, ms []jsonv.Member, n int) []jsonv.Member {
	keep := rng.Perm(len(ms))[:n]
	sort.Ints(keep)
	out := make([]jsonv.Member, n)
	for i, k := range keep {
		out[i] = ms[k]
	}
	return out
}

func uuid(rng *rand.Rand) string {
	h := randString(rng, hexDigits, 32)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func base62Pad(n uint32, width int) string {
	b := make([]byte, width)
	for i := width - 1; i >= 0; i-- {
		b[i] = base62[n%62]
		n /= 62
	}
	return string(b)
}

// plantSecret puts one fake secret into a copy of body: into the final
// answer (text and provider payload) when the turn ends the loop, otherwise
// into the provider payload only, so that it is never fed back into a later
// request. A secret that only its name marks goes in under its name: as
// the JSON of a tool result quoted in the answer, and decoded in the
// payload. It returns the rule and how many times the value occurs.
func (g *caseGen) plantSecret(body *jsonv.Value) (string, int) {
	rule, secret := fakeSecret(g.rng)
	phrase := " Use the sandbox key " + secret + " when you retry."
	note := jsonv.StringValue("retried after rotating credential " + secret)
	if rule == OAuthHexRule {
		phrase = ` The token endpoint returned {"data":{"auth":{"access_token":"` + secret +
			`","expires_in":3600,"token_type":"bearer"}},"status":"ok"}.`
		note = oauthResult(secret)
	}
	b := body.Clone()
	resp := b.Field("response")
	raw := resp.Field("raw")
	count := 1
	text := resp.Field("text")
	if resp.Field("stop_reason").Text != "tool_use" && text.Kind == jsonv.String {
		nt := jsonv.StringValue(text.Text + phrase)
		resp.Set("text", nt)
		if g.s.provider == "openai" {
			ch := raw.Field("choices").Items[0]
			msg := ch.Field("message")
			msg.Set("content", nt)
			ch.Set("message", msg)
		} else {
			for i, it := range raw.Field("content").Items {
				if it.Field("type").Text == "text" {
					it.Set("text", nt)
					raw.Field("content").Items[i] = it
				}
			}
		}
		count = 2
	} else {
		raw.Set("request_context", jsonv.ObjectValue(jsonv.M("note", note)))
	}
	resp.Set("raw", raw)
	b.Set("response", resp)
	*body = b
	return rule, count
}
