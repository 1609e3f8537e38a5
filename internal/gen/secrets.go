package gen

import (
	"hash/crc32"
	"math/rand/v2"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// fakeSecret returns a credential-shaped string drawn from the stream, with
// the prefix, length, alphabet (and, for GitHub, checksum) a scanner checks.
// It is random, so it was never issued by anyone; it is built at run time so
// that no realistic key sits in the repository.
func fakeSecret(rng *rand.Rand) (rule, secret string) {
	const upper32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	const urlsafe = base62 + "_-"
	switch rng.IntN(4) {
	case 0:
		return "anthropic", "sk-" + "ant-api03-" + randString(rng, urlsafe, 93) + "AA"
	case 1:
		body := randString(rng, base62, 30)
		return "github", "gh" + "p_" + body + base62Pad(crc32.ChecksumIEEE([]byte(body)), 6)
	case 2:
		return "aws", "AK" + "IA" + randString(rng, upper32, 16)
	default:
		return "huggingface", "h" + "f_" + randString(rng, base62[10:], 34)
	}
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
// request. It returns the rule and how many times the value occurs.
func (g *caseGen) plantSecret(body *jsonv.Value) (string, int) {
	rule, secret := fakeSecret(g.rng)
	b := body.Clone()
	resp := b.Field("response")
	raw := resp.Field("raw")
	count := 1
	text := resp.Field("text")
	if resp.Field("stop_reason").Text != "tool_use" && text.Kind == jsonv.String {
		nt := jsonv.StringValue(text.Text + " Use the sandbox key " + secret + " when you retry.")
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
		raw.Set("request_context", jsonv.ObjectValue(
			jsonv.M("note", jsonv.StringValue("retried after rotating credential "+secret)),
		))
	}
	resp.Set("raw", raw)
	b.Set("response", resp)
	*body = b
	return rule, count
}
