package provider

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

func TestRedactorText(t *testing.T) {
	t.Parallel()
	r := newRedactor("sk-ant-api03-SECRETsecret42", "tok", "pässwörd-ünïcode")
	tests := map[string]string{
		"whole key":              "bad key sk-ant-api03-SECRETsecret42!",
		"masked by the provider": "Incorrect API key provided: sk-ant-a***************et42.",
		"tail only":              "…cret42 and SECRETse",
		"twice, adjacent":        "sk-ant-api03-SECRETsecret42sk-ant-api03-SECRETsecret42",
		"unicode secret":         "x pässwörd-ünïcode y",
		"unicode fragment":       "wörd-ünï",
		"short secrets ignored":  "tok tok",
		"nothing":                "all fine",
	}
	want := map[string]string{
		"whole key":              "bad key [REDACTED]!",
		"masked by the provider": "Incorrect API key provided: [REDACTED]***************et42.",
		"tail only":              "…cret42 and [REDACTED]",
		"twice, adjacent":        "[REDACTED]",
		"unicode secret":         "x [REDACTED] y",
		"unicode fragment":       "[REDACTED]",
		"short secrets ignored":  "tok tok",
		"nothing":                "all fine",
	}
	for name, in := range tests {
		if got := r.text(in); got != want[name] {
			t.Errorf("%s: text(%q) = %q, want %q", name, in, got, want[name])
		}
	}
}

func FuzzRedactorNeverShowsTheSecret(f *testing.F) {
	f.Add("sk-ant-api03-0123456789abcdef", "error: sk-ant-api03-0123456789abcdef is invalid")
	f.Add("AIzaSyA-abcdefgh_12345", "key=AIzaSyA-abcdefgh_12345&key=AIzaSyA-abc")
	f.Add("ключ-секретный-123", "ключ-секретный-123 ключ-се")
	f.Fuzz(func(t *testing.T, secret, text string) {
		if len(secret) < 12 || strings.Contains(secret, Redacted) || strings.Contains(Redacted, secret) {
			return
		}
		r := newRedactor(secret)
		out := r.text(text)
		if strings.Contains(out, secret) {
			t.Fatalf("text(%q) = %q still holds the secret", text, out)
		}
		if utf8.ValidString(text) && !utf8.ValidString(out) {
			t.Fatalf("text(%q) = %q is not valid UTF-8", text, out)
		}
		if len(secret) > fragment && !strings.Contains(Redacted, secret[:fragment]) {
			for i := 0; i+fragment <= len(secret); i++ {
				if strings.Contains(out, secret[i:i+fragment]) && !strings.Contains(Redacted, secret[i:i+fragment]) {
					t.Fatalf("text(%q) = %q still holds the fragment %q", text, out, secret[i:i+fragment])
				}
			}
			if again := r.text(out); again != out {
				t.Fatalf("not idempotent: %q then %q", out, again)
			}
		}
	})
}

// TestKeyNeverShown drives every place a gateway's credentials could
// surface: an error body that echoes them, an answer that carries them, a
// transport error, printing the gateway. Each gateway holds only its own
// provider's credentials, and the answers echo exactly those.
func TestKeyNeverShown(t *testing.T) {
	t.Parallel()
	const token, header = "auth-token-QQQQrrrrSSSS0005", "custom-header-TTTTuuuuVVVV0006"
	held := map[string][]string{
		"anthropic": {anthropicKey, token, header},
		"openai":    {openAIKey, header},
		"local":     {customKey},
		"gemini":    {geminiKey},
	}
	var secrets []string
	clean := func(t *testing.T, what, s string) {
		t.Helper()
		for _, k := range secrets {
			for i := 0; i+fragment <= len(k); i++ {
				if strings.Contains(s, k[i:i+fragment]) {
					t.Errorf("%s shows %q of a credential: %s", what, k[i:i+fragment], s)
					return
				}
			}
		}
	}
	for _, k := range held {
		secrets = append(secrets, k...)
	}
	for _, p := range []string{"anthropic", "openai", "local", "gemini"} {
		echo := strings.Join(held[p], " ")
		key := held[p][0]
		extra := []string{"ANTHROPIC_AUTH_TOKEN", token, "ANTHROPIC_CUSTOM_HEADERS", "X-Gateway-Auth: " + header + "\nX-Other: 1",
			"OPENAI_CUSTOM_HEADERS", "X-Gateway-Auth: " + header}
		t.Run(p+"/error body", func(t *testing.T) {
			t.Parallel()
			f := newFake(t, reply{status: 401, body: `{"error":{"type":"authentication_error","message":"Incorrect API key provided: ` + echo + `"}}`})
			g, _ := f.resolve(t, p, 3, f.env(extra...))
			_, err := g.Complete(context.Background(), hi())
			var se *StatusError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), Redacted) {
				t.Fatalf("error %v, want a redacted HTTP 401", err)
			}
			clean(t, "the error", err.Error()+se.Message+se.Type)
		})
		t.Run(p+"/non-JSON error body", func(t *testing.T) {
			t.Parallel()
			f := newFake(t, reply{status: 500, body: "<pre>upstream said " + echo + "</pre>"})
			g, _ := f.resolve(t, p, 0, f.env(extra...))
			_, err := g.Complete(context.Background(), hi())
			clean(t, "the error", fmt.Sprint(err))
		})
		t.Run(p+"/answer", func(t *testing.T) {
			t.Parallel()
			body := map[string]string{
				"anthropic": `{"content":[{"type":"text","text":"your key is ` + echo + `"},{"type":"tool_use","id":"t1","name":"save","input":{"key":"` + key + `","` + key + `":1}}],"stop_reason":"tool_use"}`,
				"openai":    `{"choices":[{"message":{"content":"your key is ` + echo + `","tool_calls":[{"id":"c1","function":{"name":"save","arguments":"{\"key\":\"` + key + `\"}"}}]},"finish_reason":"tool_calls"}]}`,
				"local":     `{"choices":[{"message":{"content":"your key is ` + echo + `","tool_calls":[{"id":"c1","function":{"name":"save","arguments":"{\"key\":\"` + key + `\"}"}}]},"finish_reason":"tool_calls"}]}`,
				"gemini":    `{"candidates":[{"content":{"parts":[{"text":"your key is ` + echo + `"},{"functionCall":{"name":"save","args":{"key":"` + key + `"}}}]},"finishReason":"STOP"}]}`,
			}[p]
			f := newFake(t, reply{status: 200, body: body})
			g, _ := f.resolve(t, p, 0, f.env(extra...))
			resp, err := g.Complete(context.Background(), hi())
			if err != nil {
				t.Fatal(err)
			}
			clean(t, "raw", enc(resp.Raw))
			clean(t, "text", resp.Text.Str())
			for _, c := range resp.ToolCalls {
				clean(t, "arguments", enc(c.Arguments)+c.MalformedArguments.Str())
			}
		})
		t.Run(p+"/printing the gateway", func(t *testing.T) {
			t.Parallel()
			f := newFake(t, reply{status: 200, body: okBody[p]})
			g, _ := f.resolve(t, p, 0, f.env(extra...))
			inner, _ := newGateway(p, f.env(extra...), Options{Custom: map[string]Custom{"local": {BaseURL: f.srv.URL, KeyEnv: "LOCAL_KEY"}}})
			for _, x := range []any{g, inner} {
				clean(t, "fmt", fmt.Sprintf("%v %+v %#v %s %d %x", x, x, x, x, x, x))
			}
			if got := fmt.Sprint(g); got != g.Name()+" gateway" {
				t.Errorf("fmt.Sprint(gateway) = %q", got)
			}
		})
	}
	t.Run("password of a base URL", func(t *testing.T) {
		t.Parallel()
		const pass = "hunter2-WWWWxxxxYYYY0007"
		g, err := Resolve("local", mapEnv(map[string]string{"LOCAL_KEY": customKey}), Options{
			Custom: map[string]Custom{"local": {BaseURL: "http://admin:" + pass + "@127.0.0.1:1/v1", KeyEnv: "LOCAL_KEY"}},
			Sleep:  (&sleeps{}).sleep,
		})
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.Complete(context.Background(), hi())
		if err == nil || strings.Contains(err.Error(), pass) || strings.Contains(err.Error(), pass[:fragment]) {
			t.Errorf("error %v shows the password", err)
		}
	})
}

func TestRedactedRawKeepsKeysUnique(t *testing.T) {
	t.Parallel()
	r := newRedactor("sk-0123456789abcdef")
	v, _ := jsonv.Decode([]byte(`{"a-sk-0123456789abcdef":1,"a-sk-0123456789abcde":2,"list":["sk-0123456789abcdef"]}`))
	got := enc(r.value(v))
	if got != `{"a-[REDACTED]":2,"list":["[REDACTED]"]}` {
		t.Errorf("redacted %s", got)
	}
}
