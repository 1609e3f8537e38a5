package provider

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/provider/redact"
)

// The credentials each test gateway holds: every gateway knows only its
// own provider's, and the answers below echo exactly those.
const (
	authToken    = "auth-token-QQQQrrrrSSSS0005"
	customHeader = "custom-header-TTTTuuuuVVVV0006"
)

// fragment is the run of a credential's characters a gateway never shows.
const fragment = 8

var held = map[string][]string{
	"anthropic": {anthropicKey, authToken, customHeader},
	"openai":    {openAIKey, customHeader},
	"local":     {customKey},
	"gemini":    {geminiKey},
}

// credentialEnv adds the token and custom headers the SDK providers read.
var credentialEnv = []string{"ANTHROPIC_AUTH_TOKEN", authToken,
	"ANTHROPIC_CUSTOM_HEADERS", "X-Gateway-Auth: " + customHeader + "\nX-Other: 1",
	"OPENAI_CUSTOM_HEADERS", "X-Gateway-Auth: " + customHeader}

// assertClean fails when s shows any run of fragment characters of any
// test credential.
func assertClean(t *testing.T, what, s string) {
	t.Helper()
	for _, ks := range held {
		for _, k := range ks {
			for i := 0; i+fragment <= len(k); i++ {
				if strings.Contains(s, k[i:i+fragment]) {
					t.Errorf("%s shows %q of a credential: %s", what, k[i:i+fragment], s)
					return
				}
			}
		}
	}
}

func TestKeyNotInErrors(t *testing.T) {
	t.Parallel()
	for p, creds := range held {
		echo := strings.Join(creds, " ")
		t.Run(p+"/provider error JSON", func(t *testing.T) {
			t.Parallel()
			f := newFake(t, reply{status: 401, body: `{"error":{"type":"authentication_error","message":"Incorrect API key provided: ` + echo + `"}}`})
			g, _ := f.resolve(t, p, 3, f.env(credentialEnv...))
			_, err := g.Complete(context.Background(), hi())
			var se *StatusError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), redact.Redacted) {
				t.Fatalf("error %v, want a redacted HTTP 401", err)
			}
			assertClean(t, "the error", err.Error()+se.Message+se.Type)
		})
		t.Run(p+"/non-JSON error body", func(t *testing.T) {
			t.Parallel()
			f := newFake(t, reply{status: 500, body: "<pre>upstream said " + echo + "</pre>"})
			g, _ := f.resolve(t, p, 0, f.env(credentialEnv...))
			_, err := g.Complete(context.Background(), hi())
			assertClean(t, "the error", fmt.Sprint(err))
		})
		t.Run(p+"/invalid 2xx body", func(t *testing.T) {
			t.Parallel()
			f := newFake(t, reply{status: 200, body: "{oops " + echo})
			g, _ := f.resolve(t, p, 0, f.env(credentialEnv...))
			_, err := g.Complete(context.Background(), hi())
			var re *ResponseError
			if !errors.As(err, &re) {
				t.Fatalf("error %v, want a ResponseError", err)
			}
			assertClean(t, "the error", err.Error())
		})
	}
}

func TestKeyNotInAnswers(t *testing.T) {
	t.Parallel()
	for p, creds := range held {
		echo, key := strings.Join(creds, " "), creds[0]
		openAI := `{"choices":[{"message":{"content":"your key is ` + echo + `","tool_calls":[{"id":"c1","function":{"name":"save","arguments":"{\"key\":\"` + key + `\"}"}}]},"finish_reason":"tool_calls"}]}`
		body := map[string]string{
			"anthropic": `{"content":[{"type":"text","text":"your key is ` + echo + `"},{"type":"tool_use","id":"t1","name":"save","input":{"key":"` + key + `","` + key + `":1}}],"stop_reason":"tool_use"}`,
			"openai":    openAI,
			"local":     openAI,
			"gemini":    `{"candidates":[{"content":{"parts":[{"text":"your key is ` + echo + `"},{"functionCall":{"name":"save","args":{"key":"` + key + `"}}}]},"finishReason":"STOP"}]}`,
		}[p]
		t.Run(p, func(t *testing.T) {
			t.Parallel()
			f := newFake(t, reply{status: 200, body: body})
			g, _ := f.resolve(t, p, 0, f.env(credentialEnv...))
			resp, err := g.Complete(context.Background(), hi())
			if err != nil {
				t.Fatal(err)
			}
			if len(resp.ToolCalls) != 1 || !strings.Contains(resp.Text.Str(), redact.Redacted) {
				t.Errorf("answer not kept: %+v", resp)
			}
			assertClean(t, "raw", enc(resp.Raw))
			assertClean(t, "text", resp.Text.Str())
			for _, c := range resp.ToolCalls {
				assertClean(t, "arguments", enc(c.Arguments)+c.MalformedArguments.Str())
			}
		})
	}
}

func TestKeyNotInPrintedGateways(t *testing.T) {
	t.Parallel()
	for p := range held {
		t.Run(p, func(t *testing.T) {
			t.Parallel()
			f := newFake(t, reply{status: 200, body: okBody[p]})
			g, _ := f.resolve(t, p, 0, f.env(credentialEnv...))
			inner, err := newGateway(p, f.env(credentialEnv...), Options{Custom: map[string]Custom{"local": {BaseURL: f.srv.URL, KeyEnv: "LOCAL_KEY"}}})
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range []any{g, inner, struct{ G Gateway }{g}, []Gateway{inner}} {
				assertClean(t, "fmt", fmt.Sprintf("%v %+v %#v %s %d %x", x, x, x, x, x, x))
			}
			if got := fmt.Sprint(g); got != g.Name()+" gateway" {
				t.Errorf("fmt.Sprint(gateway) = %q", got)
			}
		})
	}
}

func TestBaseURLPasswordNotInErrors(t *testing.T) {
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
}
