package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
)

// Nothing secret is printed by default on any surface. The test below
// plants generated secrets in every kind of field of both formats, and in
// the environment a suite interpolates, then runs every command that
// prints recordings and greps all it prints.

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
func plantEverywhere(t *testing.T) (dir string, env map[string]string, all []secrettest.Secret, shared secrettest.Secret) {
	t.Helper()
	g := secrettest.New(16)
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

	shared = g.Anthropic()
	s := []secrettest.Secret{g.OpenAI(), g.Anthropic(), g.Password(12), g.PEM(400), g.Anthropic(), g.OpenAI()}
	secrettest.EditCassette(t, dir, staleCassette, func(b *jsonv.Value) {
		d := b.Field("request_digest")
		d.Set("system", str(d.Field("system").Str()+"Key on file: "+shared.Text+"\n"))
		msgs := d.Field("messages")
		msgs.Items[0].Set("content", str("Use "+s[0].Text+" please"))
		d.Set("messages", msgs)
		b.Set("request_digest", d)
		r := b.Field("response")
		r.Set("text", str("Done. "+s[1].Text))
		calls := r.Field("tool_calls")
		args := calls.Items[0].Field("arguments")
		args.Set("password", str(s[2].Text))
		calls.Items[0].Set("arguments", args)
		r.Set("tool_calls", calls)
		raw := r.Field("raw")
		raw.Set("metadata", jsonv.ObjectValue(jsonv.M("deploy_key", str(s[3].Text)), jsonv.M(s[4].Text, jsonv.BoolValue(true))))
		r.Set("raw", raw)
		b.Set("response", r)
	})
	secrettest.EditCassette(t, dir, headerCassette, func(b *jsonv.Value) { b.Set("note", str("token "+s[5].Text)) })
	t1, t2, t3, t4, t5 := g.Anthropic(), g.OpenAI(), g.Password(12), g.Anthropic(), g.OpenAI()
	if err := os.WriteFile(tapePath, tapeAt(jsonv.ArrayValue(str("prompt "+t1.Text)), jsonv.ObjectValue(jsonv.M("api_key", str(t3.Text))),
		jsonv.ObjectValue(jsonv.M("text", str(t2.Text)), jsonv.M(t4.Text, str("k"))),
		jsonv.ObjectValue(jsonv.M("message", str("401 for "+t5.Text)), jsonv.M("name", str("AuthError")))), 0o644); err != nil {
		t.Fatal(err)
	}
	envSecret := secrettest.Secret{Text: "x" + g.Alnum(31)}
	envSecret.Random = envSecret.Text
	suitePath := filepath.Join(dir, "evals", "support", "refund_agent.eval.yaml")
	suite, err := os.ReadFile(suitePath)
	if err != nil {
		t.Fatal(err)
	}
	suite = []byte(strings.Replace(string(suite), "  Never issue a refund over $500 without escalating to a human first.\n",
		"  Never issue a refund over $500 without escalating to a human first.\n  Key on file: "+shared.Text+
			"\n  Escalations go through desk ${SUPPORT_API_TOKEN} only.\n", 1))
	if err := os.WriteFile(suitePath, suite, 0o644); err != nil {
		t.Fatal(err)
	}
	env = map[string]string{"SUPPORT_API_TOKEN": envSecret.Text}
	all = append(append(s, t1, t2, t3, t4, t5, shared), envSecret)
	return dir, env, all, shared
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
		if l := secrettest.Leaked(out+errOut, all); len(l) > 0 {
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
		!strings.Contains(out, "[anthropic-api-key "+shared.Text[:17]+"…AA sha256:") || !strings.Contains(out, "desk [env:SUPPORT_API_TOKEN x") {
		t.Errorf("diff does not mask alike on both sides:\n%s", out)
	}

	// --reveal shows them: the grep above can fail.
	for _, args := range [][]string{{"show", cassetteA, "--reveal"}, {"diff", dir, "--json", "--reveal"}, {"review", dir, "--json", "--reveal"}} {
		out, _, _ := runCmdEnv(t, env, args...)
		if len(secrettest.Leaked(out, all)) == 0 {
			t.Errorf("%v shows no secret", args)
		}
	}
}
