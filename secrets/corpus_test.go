package secrets

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

var (
	S   = jsonv.StringValue
	Obj = jsonv.ObjectValue
	Arr = jsonv.ArrayValue
	M   = jsonv.M
)

func hashOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// context plants a text in a recording and says where it must be reported.
type plantCtx struct {
	name     string
	tape     bool
	plant    func(text string) jsonv.Value
	jsonPath string // "" when the path holds a preview (object keys)
	where    string
	affects  bool
}

const tapeKey = "204fa65b677b2cc8"

func dryfireBody(digestText string, text, rawText jsonv.Value, args jsonv.Value) jsonv.Value {
	return Obj(
		M("case", S("lookup")), M("fingerprint", S("89c21da58e7c1b1e")), M("model", S("claude-opus-4-1")),
		M("provider", S("anthropic")), M("recorded_at", S("2026-08-01T12:00:00Z")),
		M("request_digest", Obj(
			M("messages", Arr(Obj(M("content", S(digestText)), M("role", S("user")),
				M("tool_calls", Arr()), M("tool_results", Arr())))),
			M("model", S("claude-opus-4-1")), M("system", S("You look up orders. Be brief.")),
			M("tools", Arr(Obj(M("description", S("Fetch an order by id.")), M("name", S("get_order"))))),
		)),
		M("response", Obj(
			M("cache_hit", jsonv.BoolValue(false)), M("latency_ms", jsonv.IntValue(400)),
			M("raw", Obj(M("content", Arr(Obj(M("text", rawText), M("type", S("text"))))),
				M("id", S("msg_01Xj1U3isylXUpKu5sdQsJIXuq")), M("role", S("assistant")))),
			M("stop_reason", S("end_turn")), M("text", text),
			M("tool_calls", Arr(Obj(M("arguments", args), M("id", S("toolu_01Vab2T5o5iEMxxpm1ZUiJW9")),
				M("malformed_arguments", jsonv.NullValue()), M("name", S("get_order"))))),
			M("usage", Obj(M("input_tokens", jsonv.IntValue(120)), M("output_tokens", jsonv.IntValue(21)))),
		)),
		M("schema_version", jsonv.IntValue(1)), M("suite", S("orders")), M("turn", jsonv.IntValue(0)),
	)
}

func tapeBody(args, kwargs, result, errv jsonv.Value) jsonv.Value {
	entry := Obj(M("args", args))
	if kwargs.Kind != jsonv.Null {
		entry.Set("kwargs", kwargs)
	}
	if errv.Kind != jsonv.Null {
		entry.Set("error", errv)
	} else {
		entry.Set("result", result)
	}
	return Obj(M("version", jsonv.IntValue(1)), M("name", S("chat")),
		M("entries", Obj(M(tapeKey, Arr(entry)))))
}

var (
	neutral   = "What is the status of order 8812?"
	neutralV  = S(neutral)
	neutralKw = Obj(M("model", S("claude-opus-5")), M("max_tokens", jsonv.IntValue(256)))
	neutralRs = Obj(M("content", Arr(Obj(M("type", S("text")), M("text", S("Shipped on Monday."))))))
)

var contexts = []plantCtx{
	{name: "dryfire response text", plant: func(t string) jsonv.Value {
		return dryfireBody(neutral, S("Here is the value you asked for: "+t+"."), S("ok"), Obj(M("id", S("8812"))))
	}, jsonPath: "response.text", where: whereResponse, affects: true},
	{name: "dryfire raw content", plant: func(t string) jsonv.Value {
		return dryfireBody(neutral, S("ok"), S("(see "+t+")"), Obj(M("id", S("8812"))))
	}, jsonPath: "response.raw.content[0].text", where: whereRaw, affects: true},
	{name: "dryfire request digest", plant: func(t string) jsonv.Value {
		return dryfireBody("Run this:\n"+t+"\tthen retry", S("ok"), S("ok"), Obj(M("id", S("8812"))))
	}, jsonPath: "request_digest.messages[0].content", where: whereDigest},
	{name: "dryfire tool arguments", plant: func(t string) jsonv.Value {
		return dryfireBody(neutral, S("ok"), S("ok"), Obj(M("note", S(t+","))))
	}, jsonPath: "response.tool_calls[0].arguments.note", where: whereResponse, affects: true},
	{name: "dryfire JSON-escaped in a string", plant: func(t string) jsonv.Value {
		return dryfireBody(neutral, S(`{\"config\":\"`+t+`\"}`), S("ok"), Obj(M("id", S("8812"))))
	}, jsonPath: "response.text", where: whereResponse, affects: true},
	{name: "tape args", tape: true, plant: func(t string) jsonv.Value {
		return tapeBody(Arr(S("prompt with "+t+"."), neutralKw), jsonv.NullValue(), neutralRs, jsonv.NullValue())
	}, jsonPath: "entries." + tapeKey + "[0].args[0]", where: whereArgs},
	{name: "tape kwargs", tape: true, plant: func(t string) jsonv.Value {
		return tapeBody(Arr(neutralV), Obj(M("headers", Obj(M("note", S("("+t+")"))))), neutralRs, jsonv.NullValue())
	}, jsonPath: "entries." + tapeKey + "[0].kwargs.headers.note", where: whereKwargs},
	{name: "tape result", tape: true, plant: func(t string) jsonv.Value {
		return tapeBody(Arr(neutralV), jsonv.NullValue(), Obj(M("content", Arr(Obj(M("text", S(t)))))), jsonv.NullValue())
	}, jsonPath: "entries." + tapeKey + "[0].result.content[0].text", where: whereResult, affects: true},
	{name: "tape error", tape: true, plant: func(t string) jsonv.Value {
		return tapeBody(Arr(neutralV), jsonv.NullValue(), jsonv.NullValue(),
			Obj(M("message", S("401 Unauthorized: "+t)), M("name", S("AuthenticationError"))))
	}, jsonPath: "entries." + tapeKey + "[0].error.message", where: whereError, affects: true},
	{name: "tape result object key", tape: true, plant: func(t string) jsonv.Value {
		return tapeBody(Arr(neutralV), jsonv.NullValue(), Obj(M(t, jsonv.BoolValue(true))), jsonv.NullValue())
	}, where: whereResult, affects: true},
}

// scanBody is the findings of a body: a tape's (named t.json), or a
// dryfire cassette's (c.json).
func scanBody(tape bool, body jsonv.Value) []Finding {
	w := newWalker(nil)
	defer w.release()
	if tape {
		w.collect("t.json")
		w.tape(body)
	} else {
		w.collect("c.json")
		w.dryfire(body)
	}
	return w.out
}

// TestPlantedSecretsFound plants every kind of secret in every context of
// both formats and requires exactly one finding for each, with the right
// rule, path and place.
func TestPlantedSecretsFound(t *testing.T) {
	t.Parallel()
	total := 0
	for seed := range uint64(3) {
		for _, p := range newGen(seed).kinds() {
			for _, c := range contexts {
				fs := scanBody(c.tape, c.plant(p.text))
				name := fmt.Sprintf("seed %d %s in %s", seed, p.rule, c.name)
				if len(fs) != 1 {
					t.Errorf("%s: %d findings, want 1: %+v", name, len(fs), fs)
					continue
				}
				f := fs[0]
				if f.Rule != p.rule || f.Hash != hashOf(p.secret) {
					t.Errorf("%s: got rule %s hash %.8s, want %s %.8s", name, f.Rule, f.Hash, p.rule, hashOf(p.secret))
				}
				if c.jsonPath != "" && f.JSONPath != c.jsonPath {
					t.Errorf("%s: json path %q, want %q", name, f.JSONPath, c.jsonPath)
				}
				if f.Where != c.where || f.AffectsTests != c.affects {
					t.Errorf("%s: where %q affects %v, want %q %v", name, f.Where, f.AffectsTests, c.where, c.affects)
				}
				total++
			}
		}
	}
	if total < 40 {
		t.Fatalf("only %d planted secrets checked", total)
	}
}

// keyed are secrets that are findings because of the key they sit under.
func (g *gen) keyed() []struct {
	key, value, rule, secret string
} {
	bearer := g.str(genAlnum, 40)
	basicPW := g.str(genAlnum, 14)
	basic := encodeBasic("deploy:" + basicPW)
	aws := g.str(genB64, 40)
	type kv = struct{ key, value, rule, secret string }
	one := func(key, value, rule string) kv { return kv{key, value, rule, value} }
	return []kv{
		one("api_key", g.str(genAlnum, 32), RuleGeneric),
		one("x-api-key", g.str(genHex, 32), RuleGeneric),
		one("apiKey", g.str(genB64URL, 40), RuleGeneric),
		one("OPENAI_API_KEY", g.str(genAlnum, 48), RuleGeneric),
		one("password", g.str(genAlnum+"!#%&", 14), RuleGeneric),
		one("db_password", g.str(genAlnum, 12), RuleGeneric),
		one("client_secret", g.str(genB64URL, 40), RuleGeneric),
		one("access_token", g.str(genAlnum+".", 60), RuleGeneric),
		one("refresh_token", g.str(genB64URL, 64), RuleGeneric),
		one("stripeSecretKey", g.str(genAlnum, 30), RuleGeneric),
		{"Authorization", "Bearer " + bearer, RuleAuthorization, bearer},
		{"authorization", "Basic " + basic, RuleAuthorization, basic},
		one("aws_secret_access_key", aws, RuleAWSSecret),
	}
}

func encodeBasic(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// TestKeyedSecretsFound checks values under secret-looking key names, in
// tape kwargs and in a request digest.
func TestKeyedSecretsFound(t *testing.T) {
	t.Parallel()
	n := 0
	for seed := range uint64(3) {
		for _, kv := range newGen(100 + seed).keyed() {
			tape := tapeBody(Arr(neutralV), Obj(M("headers", Obj(M(kv.key, S(kv.value))))), neutralRs, jsonv.NullValue())
			fs := scanBody(true, tape)
			if len(fs) != 1 || fs[0].Rule != kv.rule || fs[0].Hash != hashOf(kv.secret) {
				t.Errorf("seed %d %s: got %+v, want one %s", seed, kv.key, fs, kv.rule)
				continue
			}
			if want := "entries." + tapeKey + "[0].kwargs.headers." + kv.key; fs[0].JSONPath != want {
				t.Errorf("%s: path %q, want %q", kv.key, fs[0].JSONPath, want)
			}
			if fs[0].Where != whereKwargs {
				t.Errorf("%s: where %q", kv.key, fs[0].Where)
			}
			n++
		}
	}
	if n < 30 {
		t.Fatalf("only %d keyed secrets checked", n)
	}
}
