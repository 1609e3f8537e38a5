package provider

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// recorder is an http.RoundTripper that answers every request itself and
// keeps it: the gateways of public hosts are tested without the network.
type recorder struct {
	mu   sync.Mutex
	reqs []*http.Request
	body string
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req)
	r.mu.Unlock()
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(r.body)), Request: req}, nil
}

func TestResolveCallsEachProviderWhereDryfireDoes(t *testing.T) {
	t.Parallel()
	keys := map[string]string{
		"ANTHROPIC_API_KEY": "k-anthropic-0001", "OPENAI_API_KEY": "k-openai-0002", "GEMINI_API_KEY": "k-gemini-0003",
		"XAI_API_KEY": "k-xai-0004", "OPENROUTER_API_KEY": "k-openrouter-0005", "MOONSHOT_API_KEY": "k-moonshot-0006",
		"ZHIPUAI_API_KEY": "k-zhipu-0007", "DEEPSEEK_API_KEY": "k-deepseek-0008", "MY_KEY": "k-custom-0009",
		"OPENAI_ORG_ID": "org-1", "OPENAI_PROJECT_ID": "proj-1",
	}
	tests := []struct {
		provider, env, url, authHeader, auth, name string
	}{
		{"anthropic", "", "https://api.anthropic.com/v1/messages", "X-Api-Key", "k-anthropic-0001", "anthropic"},
		{"anthropic", "ANTHROPIC_BASE_URL=https://proxy.example/anthropic", "https://proxy.example/anthropic/v1/messages", "X-Api-Key", "k-anthropic-0001", "anthropic"},
		{"openai", "", "https://api.openai.com/v1/chat/completions", "Authorization", "Bearer k-openai-0002", "openai"},
		{"openai", "OPENAI_BASE_URL=http://127.0.0.1:9/v1/", "http://127.0.0.1:9/v1/chat/completions", "Authorization", "Bearer k-openai-0002", "openai"},
		{"gemini", "", "https://generativelanguage.googleapis.com/v1beta/models/m-1:generateContent", "X-Goog-Api-Key", "k-gemini-0003", "gemini"},
		{"gemini", "GEMINI_BASE_URL=http://127.0.0.1:9/g", "http://127.0.0.1:9/g/v1beta/models/m-1:generateContent", "X-Goog-Api-Key", "k-gemini-0003", "gemini"},
		{"xai", "OPENAI_BASE_URL=http://ignored.example/v1", "https://api.x.ai/v1/chat/completions", "Authorization", "Bearer k-xai-0004", "xai"},
		{"openrouter", "", "https://openrouter.ai/api/v1/chat/completions", "Authorization", "Bearer k-openrouter-0005", "openrouter"},
		{"moonshot", "", "https://api.moonshot.ai/v1/chat/completions", "Authorization", "Bearer k-moonshot-0006", "moonshot"},
		{"zhipu", "", "https://api.z.ai/api/paas/v4/chat/completions", "Authorization", "Bearer k-zhipu-0007", "zhipu"},
		{"deepseek", "", "https://api.deepseek.com/chat/completions", "Authorization", "Bearer k-deepseek-0008", "deepseek"},
		{"my-llm", "OPENAI_BASE_URL=http://ignored.example/v1", "https://llm.example/v1/chat/completions?tenant=a", "Authorization", "Bearer k-custom-0009", "my-llm"},
	}
	for _, tc := range tests {
		t.Run(tc.provider+" "+tc.env, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{}
			for k, v := range keys {
				env[k] = v
			}
			if k, v, ok := strings.Cut(tc.env, "="); ok {
				env[k] = v
			}
			rec := &recorder{body: openAIOK}
			if b, ok := okBody[tc.provider]; ok {
				rec.body = b
			}
			g, err := Resolve(tc.provider, mapEnv(env), Options{
				Client: &http.Client{Transport: rec},
				Custom: map[string]Custom{"my-llm": {BaseURL: "https://llm.example/v1?tenant=a", KeyEnv: "MY_KEY"}},
			})
			if err != nil {
				t.Fatal(err)
			}
			if g.Name() != tc.name {
				t.Errorf("Name() = %q, want %q", g.Name(), tc.name)
			}
			req := hi()
			req.Model = "m-1"
			if _, err := g.Complete(context.Background(), req); err != nil {
				t.Fatal(err)
			}
			got := rec.reqs[0]
			if got.URL.String() != tc.url || got.Header.Get(tc.authHeader) != tc.auth {
				t.Errorf("sent %s with %s %q, want %s with %q", got.URL, tc.authHeader, got.Header.Get(tc.authHeader), tc.url, tc.auth)
			}
			org := got.Header.Get("OpenAI-Organization") + got.Header.Get("OpenAI-Project")
			if (tc.provider == "openai") != (org == "org-1proj-1") {
				t.Errorf("OpenAI organisation headers %q sent to %s", org, tc.provider)
			}
		})
	}
}

func TestMissingKey(t *testing.T) {
	t.Parallel()
	custom := map[string]Custom{
		"local":     {BaseURL: "http://127.0.0.1:9/v1", KeyEnv: "LOCAL_KEY"},
		"anthropic": {BaseURL: "http://127.0.0.1:9/v1", KeyEnv: "SHADOW_KEY"}, // never consulted
	}
	env := mapEnv(map[string]string{"OPENAI_API_KEY": "", "SHADOW_KEY": "set-but-unused-0001"})
	for provider, want := range map[string]string{
		"anthropic": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY", "gemini": "GEMINI_API_KEY",
		"xai": "XAI_API_KEY", "openrouter": "OPENROUTER_API_KEY", "moonshot": "MOONSHOT_API_KEY",
		"zhipu": "ZHIPUAI_API_KEY", "deepseek": "DEEPSEEK_API_KEY", "local": "LOCAL_KEY",
	} {
		_, err := Resolve(provider, env, Options{Custom: custom})
		var mk *MissingKeyError
		if !errors.As(err, &mk) || mk.EnvVar != want || mk.Provider != provider {
			t.Errorf("%s: error %v, want a missing %s", provider, err, want)
			continue
		}
		if got := mk.Error(); got != provider+" needs an API key in "+want {
			t.Errorf("%s: message %q", provider, got)
		}
		if got := mk.Skip("refund agent", "late order"); got != "skipped refund agent::late order (needs "+want+")" {
			t.Errorf("%s: skip line %q", provider, got)
		}
		if v, err := KeyEnv(provider, custom); v != want || err != nil {
			t.Errorf("KeyEnv(%s) = %q, %v", provider, v, err)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	t.Parallel()
	env := mapEnv(map[string]string{"ANTHROPIC_API_KEY": "k-0001", "LOCAL_KEY": "k-0002", "ANTHROPIC_BASE_URL": "ftp://files.example"})
	custom := map[string]Custom{"local": {BaseURL: "http://user:hunter2hunter2@:9/v1", KeyEnv: "LOCAL_KEY"}}
	for name, want := range map[string]string{
		"nope":      "unknown provider: 'nope'",
		"fake":      "unknown provider: 'fake'",
		"anthropic": "anthropic: the base URL must be an http:// or https:// URL, and 'ftp://files.example' is not",
		"local":     "local: the base URL must be an http:// or https:// URL, and 'http://user:xxxxx@:9/v1' is not",
	} {
		_, err := Resolve(name, env, Options{Custom: custom})
		var ce *ConfigError
		if !errors.As(err, &ce) || err.Error() != want {
			t.Errorf("%s: error %v, want %q", name, err, want)
		}
	}
}

func TestProviders(t *testing.T) {
	t.Parallel()
	got := strings.Join(Providers(), " ")
	if got != "anthropic deepseek gemini moonshot openai openrouter xai zhipu" {
		t.Errorf("Providers() = %s", got)
	}
}

// TestBaseURL: where each provider's calls go, as Resolve sends them, and
// what set it, a password in the URL redacted, so that the question
// before a recording run can show it.
func TestBaseURL(t *testing.T) {
	t.Parallel()
	env := func(vars map[string]string) Env {
		return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
	}
	custom := map[string]Custom{"local": {BaseURL: "http://user:hunter2@127.0.0.1:8000/v1", KeyEnv: "LOCAL_KEY"}}
	for _, tc := range []struct {
		name, url, from string
		vars            map[string]string
	}{
		{"anthropic", "https://api.anthropic.com", "", nil},
		{"anthropic", "https://api.anthropic.com", "", map[string]string{"ANTHROPIC_BASE_URL": ""}},
		{"openai", "http://127.0.0.1:9/v1", "OPENAI_BASE_URL", map[string]string{"OPENAI_BASE_URL": "http://127.0.0.1:9/v1"}},
		{"gemini", "https://u:xxxxx@gw.example/", "GEMINI_BASE_URL", map[string]string{"GEMINI_BASE_URL": "https://u:s3cret@gw.example/"}},
		{"local", "http://user:xxxxx@127.0.0.1:8000/v1", "dryfire.yaml providers:", nil},
		{"nosuch", "", "", nil},
	} {
		url, from := BaseURL(tc.name, env(tc.vars), custom)
		if url != tc.url || from != tc.from {
			t.Errorf("BaseURL(%s, %v) = %q, %q; want %q, %q", tc.name, tc.vars, url, from, tc.url, tc.from)
		}
	}
}
