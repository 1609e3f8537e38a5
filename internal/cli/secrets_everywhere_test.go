package cli

import (
	"encoding/base64"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Nothing secret is printed by default on any surface. The test below
// plants generated secrets in every kind of field of both formats, and in
// the environment a suite interpolates, then runs every command that
// prints recordings and greps all it prints.

// plantGen draws the planted secrets from a seed.
type plantGen struct{ r *rand.Rand }

func (g plantGen) str(alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.r.IntN(len(alphabet))]
	}
	return string(b)
}

const plantAlnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// planted is a generated secret and the part of it that must never be
// printed (its random part).
type plantedSecret struct{ text, random string }

func (g plantGen) anthropic() plantedSecret {
	r := g.str(plantAlnum+"_-", 93)
	return plantedSecret{"sk-ant-api03-" + r + "AA", r}
}

func (g plantGen) openAI() plantedSecret {
	a, b := g.str(plantAlnum, 74), g.str(plantAlnum, 74)
	return plantedSecret{"sk-proj-" + a + "T3BlbkFJ" + b, a}
}

func (g plantGen) pem() plantedSecret {
	body := base64.StdEncoding.EncodeToString([]byte(g.str(plantAlnum, 400)))
	var lines []string
	for len(body) > 64 {
		lines, body = append(lines, body[:64]), body[64:]
	}
	lines = append(lines, body)
	return plantedSecret{"-----BEGIN OPENSSH PRIVATE KEY-----\n" + strings.Join(lines, "\n") + "\n-----END OPENSSH PRIVATE KEY-----", lines[1]}
}

func (g plantGen) password() plantedSecret {
	s := g.str(plantAlnum, 12) + "!" + g.str(plantAlnum, 11)
	return plantedSecret{s, s}
}

// editCassette rewrites one cassette of dir through edit, canonically.
func editCassette(t *testing.T, dir, rel string, edit func(body *jsonv.Value)) {
	t.Helper()
	path := filepath.Join(dir, filepath.FromSlash(rel))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := cassette.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	edit(&c.Body)
	out, err := jsonv.EncodeDryfire(c.Body)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

const (
	staleCassette  = ".dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json"
	headerCassette = ".dryfire/cassettes/travel_booking/no_flights_found/00-225140c869a31cc2.json"
	plantedTapeKey = "9c3e5a1d2b4f6081"
)

// plantEverywhere commits project-A with a tape, then plants: in a
// cassette's request digest (system prompt, a message), response text, a
// tool call's arguments, raw payload (a value and an object key); in
// another cassette's header fields; in a tape's args, kwargs, result, an
// object key of a result, and an error; in the environment a suite reads
// through ${VAR}; and one secret both in a recorded system prompt and in the
// suite's, which diff must mask alike on both sides.
func plantEverywhere(t *testing.T) (dir string, env map[string]string, all []plantedSecret, shared plantedSecret) {
	t.Helper()
	g := plantGen{rand.New(rand.NewPCG(16, 16))}
	dir = gitProject(t, "project-A")
	tapeAt := func(args, kwargs, result, errv jsonv.Value) []byte {
		ok := jsonv.ObjectValue(jsonv.M("args", args), jsonv.M("kwargs", kwargs), jsonv.M("result", result))
		bad := jsonv.ObjectValue(jsonv.M("args", jsonv.ArrayValue()), jsonv.M("error", errv))
		body := jsonv.ObjectValue(jsonv.M("version", jsonv.IntValue(1)), jsonv.M("name", jsonv.StringValue("chat")),
			jsonv.M("entries", jsonv.ObjectValue(jsonv.M(plantedTapeKey, jsonv.ArrayValue(ok, bad)))))
		data, err := jsonv.Encode(body, jsonv.EncodeOptions{Dialect: jsonv.Python, Indent: true})
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	str := jsonv.StringValue
	tapePath := filepath.Join(dir, "tapes", "chat.json")
	if err := os.MkdirAll(filepath.Dir(tapePath), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tapePath, tapeAt(jsonv.ArrayValue(str("hi")), jsonv.ObjectValue(jsonv.M("model", str("m"))),
		str("ok"), jsonv.ObjectValue(jsonv.M("message", str("boom")), jsonv.M("name", str("Error")))), 0o644); err != nil {
		t.Fatal(err)
	}
	gitOut(t, dir, "add", "-A")
	gitOut(t, dir, "commit", "-q", "-m", "tape")

	shared = g.anthropic()
	s := []plantedSecret{g.openAI(), g.anthropic(), g.password(), g.pem(), g.anthropic(), g.openAI()}
	editCassette(t, dir, staleCassette, func(b *jsonv.Value) {
		d := b.Field("request_digest")
		d.Set("system", str(d.Field("system").Str()+"Key on file: "+shared.text+"\n"))
		msgs := d.Field("messages")
		msgs.Items[0].Set("content", str("Use "+s[0].text+" please"))
		d.Set("messages", msgs)
		b.Set("request_digest", d)
		r := b.Field("response")
		r.Set("text", str("Done. "+s[1].text))
		calls := r.Field("tool_calls")
		args := calls.Items[0].Field("arguments")
		args.Set("password", str(s[2].text))
		calls.Items[0].Set("arguments", args)
		r.Set("tool_calls", calls)
		raw := r.Field("raw")
		raw.Set("metadata", jsonv.ObjectValue(jsonv.M("deploy_key", str(s[3].text)), jsonv.M(s[4].text, jsonv.BoolValue(true))))
		r.Set("raw", raw)
		b.Set("response", r)
	})
	editCassette(t, dir, headerCassette, func(b *jsonv.Value) { b.Set("note", str("token "+s[5].text)) })
	t1, t2, t3, t4, t5 := g.anthropic(), g.openAI(), g.password(), g.anthropic(), g.openAI()
	if err := os.WriteFile(tapePath, tapeAt(jsonv.ArrayValue(str("prompt "+t1.text)), jsonv.ObjectValue(jsonv.M("api_key", str(t3.text))),
		jsonv.ObjectValue(jsonv.M("text", str(t2.text)), jsonv.M(t4.text, str("k"))),
		jsonv.ObjectValue(jsonv.M("message", str("401 for "+t5.text)), jsonv.M("name", str("AuthError")))), 0o644); err != nil {
		t.Fatal(err)
	}
	envSecret := plantedSecret{"x" + g.str(plantAlnum, 31), ""}
	envSecret.random = envSecret.text
	suitePath := filepath.Join(dir, "evals", "support", "refund_agent.eval.yaml")
	suite, err := os.ReadFile(suitePath)
	if err != nil {
		t.Fatal(err)
	}
	suite = []byte(strings.Replace(string(suite), "  Never issue a refund over $500 without escalating to a human first.\n",
		"  Never issue a refund over $500 without escalating to a human first.\n  Key on file: "+shared.text+
			"\n  Escalations go through desk ${SUPPORT_API_TOKEN} only.\n", 1))
	if err := os.WriteFile(suitePath, suite, 0o644); err != nil {
		t.Fatal(err)
	}
	env = map[string]string{"SUPPORT_API_TOKEN": envSecret.text}
	all = append(append(s, t1, t2, t3, t4, t5, shared), envSecret)
	return dir, env, all, shared
}

// leaked returns the planted secrets whose random part shows in out: any
// 12 characters of it in a row.
func leaked(out string, all []plantedSecret) []string {
	var found []string
	for _, p := range all {
		for i := 0; i+12 <= len(p.random); i += 4 {
			if strings.Contains(out, p.random[i:i+12]) {
				found = append(found, p.text[:min(20, len(p.text))]+"…")
				break
			}
		}
	}
	return found
}

// TestNoCommandPrintsASecret runs every command that prints recordings,
// in every format, over a project with secrets planted everywhere, and
// greps what each prints. The same commands with --reveal print them, so
// the grep can fail.
func TestNoCommandPrintsASecret(t *testing.T) {
	dir, env, all, shared := plantEverywhere(t)
	cassetteA := filepath.Join(dir, filepath.FromSlash(staleCassette))
	cassetteB := filepath.Join(dir, filepath.FromSlash(headerCassette))
	runs := [][]string{
		{"ls", dir}, {"ls", dir, "--json"},
		{"show", cassetteA}, {"show", cassetteA, "--json"}, {"show", cassetteB}, {"show", cassetteB, "--json"},
		{"show", dir, plantedTapeKey}, {"show", dir, plantedTapeKey, "--json"},
		{"diff", dir}, {"diff", dir, "--json"},
		{"replay", dir}, {"replay", dir, "--json"},
		{"prune", dir}, {"prune", dir, "--json"},
		{"secrets", dir}, {"secrets", dir, "--json"},
		{"doctor", dir}, {"doctor", dir, "--json"},
		{"check", dir}, {"check", dir, "--json"}, {"check", dir, "--format", "github"},
		{"review", dir}, {"review", dir, "--json"},
		{"review", "--accept", cassetteA, filepath.Join(dir, "tapes", "chat.json")},
	}
	printed := 0
	for _, args := range runs {
		out, errOut, _ := runCmdEnv(t, env, args...)
		if l := leaked(out+errOut, all); len(l) > 0 {
			t.Errorf("%v prints %d secret(s): %v", args[:min(len(args), 2)], len(l), l)
		}
		printed += len(out)
	}
	if printed < 20000 {
		t.Fatalf("the commands printed only %d bytes", printed)
	}

	// diff masks the secret both requests hold alike, so that it is no
	// change (only the line from the environment is added), and masks the
	// value ${VAR} took from the environment, which no rule would find.
	out, _, _ := runCmdEnv(t, env, "diff", dir)
	if !strings.Contains(out, "recorded as "+staleCassette+"\n  • system prompt changed (+1 −0 lines)") ||
		!strings.Contains(out, "[anthropic-api-key "+shared.text[:17]+"…AA sha256:") || !strings.Contains(out, "desk [env:SUPPORT_API_TOKEN x") {
		t.Errorf("diff does not mask alike on both sides:\n%s", out)
	}

	// --reveal shows them: the grep above can fail.
	for _, args := range [][]string{{"show", cassetteA, "--reveal"}, {"diff", dir, "--json", "--reveal"}, {"review", dir, "--json", "--reveal"}} {
		out, _, _ := runCmdEnv(t, env, args...)
		if len(leaked(out, all)) == 0 {
			t.Errorf("%v shows no secret", args)
		}
	}
}
