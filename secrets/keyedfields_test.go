package secrets

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Hex and base64 credentials under their names, in every field a recording
// carries: a tool result that holds {"data": {"auth": {"access_token":
// "<64 hex digits>"}}} is a leaked token wherever the scanner meets it.

// fieldKind plants a tool result (a decoded object) in one field of a
// recording, decoded or as JSON inside a string.
type fieldKind struct {
	name    string
	tape    bool
	decoded bool // the object is decoded: findings carry its members' paths
	plant   func(obj jsonv.Value) jsonv.Value
	path    string // the path of the object, or of the string holding it
	where   string
}

// toolJSON is obj as a tool's output holds it: JSON, compact or indented.
func toolJSON(obj jsonv.Value, compact bool) string {
	b, err := jsonv.Encode(obj, jsonv.EncodeOptions{Indent: !compact})
	if err != nil {
		panic(err)
	}
	return string(b)
}

// withRaw returns a dryfire cassette whose provider payload is raw.
func withRaw(raw jsonv.Value) jsonv.Value {
	b := dryfireBody(neutral, S("ok"), S("ok"), Obj(M("id", S("8812"))))
	resp := b.Field("response")
	resp.Set("raw", raw)
	b.Set("response", resp)
	return b
}

// withToolResult returns a dryfire cassette whose request carries content
// as the result of a tool call.
func withToolResult(content jsonv.Value) jsonv.Value {
	b := dryfireBody(neutral, S("ok"), S("ok"), Obj(M("id", S("8812"))))
	d := b.Field("request_digest")
	msgs := d.Field("messages")
	msgs.Items = append(msgs.Items, Obj(M("content", jsonv.NullValue()), M("role", S("tool")), M("tool_calls", Arr()),
		M("tool_results", Arr(Obj(M("call_id", S("toolu_01Vab2T5o5iEMxxpm1ZUiJW9")), M("content", content), M("is_error", jsonv.BoolValue(false)))))))
	d.Set("messages", msgs)
	b.Set("request_digest", d)
	return b
}

var fieldKinds = []fieldKind{
	{name: "response text that is JSON", plant: func(o jsonv.Value) jsonv.Value {
		return dryfireBody(neutral, S(toolJSON(o, false)), S("ok"), Obj(M("id", S("8812"))))
	}, path: "response.text", where: whereResponse},
	{name: "response text holding JSON", plant: func(o jsonv.Value) jsonv.Value {
		return dryfireBody(neutral, S("The lookup returned "+toolJSON(o, true)+", so the order ships today."), S("ok"), Obj(M("id", S("8812"))))
	}, path: "response.text", where: whereResponse},
	{name: "raw tool_use input", decoded: true, plant: func(o jsonv.Value) jsonv.Value {
		return withRaw(Obj(M("content", Arr(Obj(M("id", S("toolu_01Vab2T5o5iEMxxpm1ZUiJW9")), M("input", o), M("name", S("get_order")), M("type", S("tool_use")))))))
	}, path: "response.raw.content[0].input", where: whereRaw},
	{name: "raw function arguments", plant: func(o jsonv.Value) jsonv.Value {
		fn := Obj(M("arguments", S(toolJSON(o, true))), M("name", S("get_order")))
		msg := Obj(M("tool_calls", Arr(Obj(M("function", fn)))))
		return withRaw(Obj(M("choices", Arr(Obj(M("message", msg))))))
	}, path: "response.raw.choices[0].message.tool_calls[0].function.arguments", where: whereRaw},
	{name: "tool-call arguments", decoded: true, plant: func(o jsonv.Value) jsonv.Value {
		return dryfireBody(neutral, S("ok"), S("ok"), o)
	}, path: "response.tool_calls[0].arguments", where: whereResponse},
	{
		name: "tool result in the request", decoded: true, plant: withToolResult,
		path: "request_digest.messages[1].tool_results[0].content", where: whereDigest,
	},
	{name: "tool result in the request, as JSON", plant: func(o jsonv.Value) jsonv.Value {
		return withToolResult(S(toolJSON(o, false)))
	}, path: "request_digest.messages[1].tool_results[0].content", where: whereDigest},
	{name: "request message holding JSON", plant: func(o jsonv.Value) jsonv.Value {
		return dryfireBody("Why does this fail?\n"+toolJSON(o, false), S("ok"), S("ok"), Obj(M("id", S("8812"))))
	}, path: "request_digest.messages[0].content", where: whereDigest},
	{name: "tape args", tape: true, decoded: true, plant: func(o jsonv.Value) jsonv.Value {
		return tapeBody(Arr(neutralV, o), jsonv.NullValue(), neutralRs, jsonv.NullValue())
	}, path: "entries." + tapeKey + "[0].args[1]", where: whereArgs},
	{name: "tape kwargs", tape: true, decoded: true, plant: func(o jsonv.Value) jsonv.Value {
		return tapeBody(Arr(neutralV), Obj(M("tool_output", o)), neutralRs, jsonv.NullValue())
	}, path: "entries." + tapeKey + "[0].kwargs.tool_output", where: whereKwargs},
	{name: "tape result", tape: true, decoded: true, plant: func(o jsonv.Value) jsonv.Value {
		return tapeBody(Arr(neutralV), jsonv.NullValue(), Obj(M("content", Arr(Obj(M("content", o), M("type", S("tool_result")))))), jsonv.NullValue())
	}, path: "entries." + tapeKey + "[0].result.content[0].content", where: whereResult},
	{name: "tape result, as JSON", tape: true, plant: func(o jsonv.Value) jsonv.Value {
		return tapeBody(Arr(neutralV), jsonv.NullValue(), Obj(M("content", Arr(Obj(M("text", S(toolJSON(o, true))), M("type", S("text")))))), jsonv.NullValue())
	}, path: "entries." + tapeKey + "[0].result.content[0].text", where: whereResult},
	{name: "tape error", tape: true, plant: func(o jsonv.Value) jsonv.Value {
		return tapeBody(Arr(neutralV), jsonv.NullValue(), jsonv.NullValue(),
			Obj(M("message", S("401 Unauthorized: "+toolJSON(o, false))), M("name", S("AuthenticationError"))))
	}, path: "entries." + tapeKey + "[0].error.message", where: whereError},
}

// nestedResult is a tool result that holds name: value two levels down,
// beside fields that hold no secret.
func nestedResult(name, value string) jsonv.Value {
	return Obj(M("data", Obj(M("auth", Obj(M("token_type", S("bearer")), M(name, S(value)), M("expires_in", jsonv.IntValue(3600)))),
		M("order", S("8812")))), M("status", S("ok")))
}

// encodedNames are credentials' names as services and SDKs spell them, in
// the cases and separators recordings use.
var encodedNames = []string{
	"access_token", "refresh_token", "api_key", "apikey", "X-Api-Key", "secret", "client_secret", "password",
	"auth_token", "bearer", "private_key", "accessToken", "AUTH_TOKEN", "Secret-Key", "secret_key_base",
	"hmac_key", "auth_key", "secret_token", "signing_secret", "session_token", "x-auth-token", "PRIVATE-TOKEN",
	"sas_token", "Client.Secret", "API KEY",
}

// encodedValues are credentials as services issue them, hex or base64:
// openssl rand -hex 20, 32 and 64, upper-case hex, base64 of 32 and 48
// bytes (padded or not), base64url, and base64 that starts with a slash
// or a plus.
func (g *gen) encodedValues() []string {
	b64 := base64.StdEncoding.EncodeToString
	leading := func(c byte) string {
		for {
			if s := b64(g.bytes(33)); s[0] == c {
				return s
			}
		}
	}
	return []string{
		g.str(genHex, 64),
		g.str(genHex, 40),
		g.str(genHex, 128),
		strings.ToUpper(g.str(genHex, 64)),
		b64(g.bytes(32)),
		b64(g.bytes(48)),
		base64.RawURLEncoding.EncodeToString(g.bytes(32)),
		leading('/'),
		leading('+'),
	}
}

// expectedPath is where a finding of name in the nested result planted by
// k must point.
func (k fieldKind) expectedPath(name string) string {
	if !k.decoded {
		return k.path
	}
	return string(appendKey([]byte(k.path+".data.auth"), name, nil))
}

// eachEncodedPlant scans every value of g.encodedValues under every
// name of encodedNames, two levels down in a tool result, in every field
// kind, and hands f what was planted and what was found.
func eachEncodedPlant(g *gen, f func(what string, k fieldKind, name, value string, fs []Finding)) {
	for _, name := range encodedNames {
		for vi, v := range g.encodedValues() {
			for _, k := range fieldKinds {
				fs := scanBody(k.tape, k.plant(nestedResult(name, v)))
				f(fmt.Sprintf("%s value %d in %s", name, vi, k.name), k, name, v, fs)
			}
		}
	}
}

// encodedFound reports whether fs is exactly one finding of value, the
// value under name planted by k, at its path.
func encodedFound(fs []Finding, k fieldKind, name, value string) bool {
	return len(fs) == 1 && fs[0].Rule == RuleGeneric && fs[0].Hash == hashOf(value) &&
		fs[0].JSONPath == k.expectedPath(name) && fs[0].Where == k.where
}

// TestEncodedKeyedInEveryField plants hex and base64 credentials under
// their names, two levels down in a tool result, in every field kind of
// both formats, and requires exactly one finding of the value, at its path.
func TestEncodedKeyedInEveryField(t *testing.T) {
	t.Parallel()
	n := 0
	for seed := range uint64(2) {
		eachEncodedPlant(newGen(700+seed), func(what string, k fieldKind, name, v string, fs []Finding) {
			n++
			if !encodedFound(fs, k, name, v) {
				t.Errorf("seed %d %s: got %v at %v, want one %s at %s", seed, what, rules(fs), paths(fs), RuleGeneric, k.expectedPath(name))
			}
		})
	}
	if want := 2 * len(encodedNames) * 9 * len(fieldKinds); n != want {
		t.Fatalf("%d encoded secrets planted, want %d", n, want)
	}
}

func paths(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.JSONPath)
	}
	return out
}

// TestHexTokenBesideHexKey is the recording that showed the gap: a 64-hex
// access token two levels down in a tool result was missed while the
// 32-hex key beside it was found.
func TestHexTokenBesideHexKey(t *testing.T) {
	t.Parallel()
	g := newGen(710)
	token, key := g.str(genHex, 64), g.str(genHex, 32)
	res := Obj(M("data", Obj(M("auth", Obj(M("access_token", S(token)), M("api_key", S(key)))))))
	fs := scanBody(true, tapeBody(Arr(neutralV), jsonv.NullValue(), res, jsonv.NullValue()))
	got := map[string]string{}
	for _, f := range fs {
		got[f.JSONPath] = f.Hash
	}
	base := "entries." + tapeKey + "[0].result.data.auth."
	if len(fs) != 2 || got[base+"access_token"] != hashOf(token) || got[base+"api_key"] != hashOf(key) {
		t.Errorf("got %v at %v, want the token and the key", rules(fs), got)
	}
}

// encodedLookAlikeNames hold hex, base64 and UUIDs that are not secrets:
// digests, commits, ids, ETags, fingerprints, public keys, hashes of a
// password, pagination and CSRF tokens, device addresses.
var encodedLookAlikeNames = []string{
	"sha256", "sha1", "digest", "commit", "commit_sha", "checksum", "request_id", "trace_id", "span_id", "etag",
	"ETag", "fingerprint", "x-amz-content-sha256", "integrity", "hash", "signature", "nonce", "csrf_token",
	"device_token", "hashed_password", "password_digest", "password_hash", "public_key", "next_page_token",
	"idempotency_key", "cache_key", "session_id", "build_id", "revision", "object_id", "key_id", "kid",
}

// encodedLookAlikeValues are values under credentials' names that are not
// credentials: low-entropy hex (zeros, a word or a block repeated, counting),
// the digests of empty input, digests labelled with their algorithm,
// dryfire's fingerprints and storage keys, base64 of zeros and of
// placeholder words, masks.
func (g *gen) encodedLookAlikeValues() []string {
	b64 := base64.StdEncoding.EncodeToString
	return []string{
		strings.Repeat("0", 64), strings.Repeat("f", 40), strings.Repeat("deadbeef", 8), strings.Repeat("0123456789abcdef", 4),
		strings.Repeat("a1b2c3d4", 8), strings.Repeat("1a2b3c4d5e6f7a8b", 4), strings.Repeat("00", 31) + "01",
		"0x" + strings.Repeat("0", 64), strings.Repeat("A", 43) + "=",
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "da39a3ee5e6b4b0d3255bfef95601890afd80709",
		"d41d8cd98f00b204e9800998ecf8427e", "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855",
		"cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
		"sha256:" + g.str(genHex, 64), "sha1:" + g.str(genHex, 40), "sha256=" + g.str(genHex, 64), "md5:" + g.str(genHex, 32),
		"3d3d451719dd1a54", "89c21da58e7c1b1e#2", b64(make([]byte, 32)), b64([]byte("password")), b64([]byte("changeme")),
		b64([]byte("your-api-key-here")), strings.Repeat("*", 64), strings.Repeat("x", 40),
	}
}

// eachEncodedLookAlike scans, in every field kind, hex, base64 and UUIDs
// under names that are not credentials', the look-alike values under
// credentials' names, and UUIDs under tokens' names, and hands f what was
// found.
func eachEncodedLookAlike(g *gen, f func(what string, fs []Finding)) {
	for _, k := range fieldKinds {
		check := func(name, v string) {
			f(fmt.Sprintf("%s=%q in %s", name, v, k.name), scanBody(k.tape, k.plant(nestedResult(name, v))))
		}
		for _, name := range encodedLookAlikeNames {
			for _, v := range append(g.encodedValues(), g.uuid(), g.str(genHex, 32), g.str(genHex, 16)) {
				check(name, v)
			}
		}
		for _, name := range encodedNames {
			for _, v := range g.encodedLookAlikeValues() {
				check(name, v)
			}
		}
		for _, name := range []string{"access_token", "refresh_token", "session_token", "id_token", "auth_token"} {
			check(name, g.uuid())
		}
	}
}

// TestEncodedLookAlikesInEveryField requires no finding for any of
// eachEncodedLookAlike's values.
func TestEncodedLookAlikesInEveryField(t *testing.T) {
	t.Parallel()
	n := 0
	eachEncodedLookAlike(newGen(720), func(what string, fs []Finding) {
		n++
		if len(fs) > 0 {
			t.Errorf("%s: flagged %v", what, rules(fs))
		}
	})
	if n < 5000 {
		t.Fatalf("only %d look-alikes", n)
	}
}
