package provider

import (
	"context"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Gateway calls one model provider. Complete sends one request and returns
// the normalised response; it holds no loop, cassette or assertion logic.
// A Gateway is safe for concurrent use: one serves every case of a run.
type Gateway interface {
	// Name is the provider name, as written into cassettes and used to
	// look up prices: "anthropic", "openai", "gemini", "xai", … or the
	// name of a providers: entry.
	Name() string
	Complete(ctx context.Context, req *Request) (cassette.Response, error)
}

// Env looks up an environment variable (os.LookupEnv, or a map in tests).
// The package never reads the process environment itself.
type Env func(name string) (string, bool)

// Custom is a providers: entry of dryfire.yaml: an OpenAI-compatible
// endpoint and the environment variable holding its key.
type Custom struct {
	BaseURL string
	KeyEnv  string
}

// Options configure the gateways [Resolve] builds. The zero value is
// usable: the shared HTTP client, real sleeps and clock, and no retries
// (pass [DefaultMaxRetries] for dryfire's default).
type Options struct {
	// Custom holds the providers: block, by provider name.
	Custom map[string]Custom
	// Client sends the requests; nil means a client from [NewHTTPClient].
	// Redirects to another origin are never followed, whatever the client
	// says, so credentials stay with the host they were meant for.
	Client *http.Client
	// MaxRetries is dryfire's --max-retries: how many times a failed call is
	// retried when [Retryable] says so.
	MaxRetries int
	// Timeout is how long a request may go without a byte of progress
	// (0: dryfire's 600 s).
	Timeout time.Duration
	// Sleep waits between retries (nil: a timer that ends with ctx). Tests
	// pass one that records the delays and returns at once.
	Sleep func(ctx context.Context, d time.Duration) error
	// Random returns a number in [0, 1) for the backoff jitter (nil:
	// math/rand).
	Random func() float64
	// Now is the clock latency is measured with (nil: time.Now).
	Now func() time.Time
	// OnRetry, when set, hears of every retry of either layer before its
	// wait (to show "retrying in 1.0s: HTTP 529" while a run goes on). It
	// may be called from several goroutines at once.
	OnRetry func(Retry)

	// budget replaces the process's budget of bodies in flight (tests).
	budget *budget
}

// compat are the OpenAI-compatible providers dryfire knows, with their base
// URLs and key variables.
var compat = map[string]Custom{
	"xai":        {"https://api.x.ai/v1", "XAI_API_KEY"},
	"openrouter": {"https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"},
	"moonshot":   {"https://api.moonshot.ai/v1", "MOONSHOT_API_KEY"},
	"zhipu":      {"https://api.z.ai/api/paas/v4", "ZHIPUAI_API_KEY"},
	"deepseek":   {"https://api.deepseek.com", "DEEPSEEK_API_KEY"},
}

// The built-in providers' defaults. ANTHROPIC_BASE_URL and OPENAI_BASE_URL
// replace the base URL as the official SDKs read them (the OpenAI one ends
// in /v1); GEMINI_BASE_URL does the same for Gemini, which dryfire itself
// always calls at its public endpoint.
const (
	anthropicBaseURL = "https://api.anthropic.com"
	openAIBaseURL    = "https://api.openai.com/v1"
	geminiBaseURL    = "https://generativelanguage.googleapis.com"
)

// Providers returns the names Resolve knows without a providers: block,
// sorted.
func Providers() []string {
	names := []string{"anthropic", "openai", "gemini"}
	for n := range compat {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// KeyEnv returns the environment variable that holds name's API key:
// built-in providers first (a providers: entry never shadows one), then
// custom. An unknown name is a *ConfigError.
func KeyEnv(name string, custom map[string]Custom) (string, error) {
	switch name {
	case "anthropic":
		return "ANTHROPIC_API_KEY", nil
	case "openai":
		return "OPENAI_API_KEY", nil
	case "gemini":
		return "GEMINI_API_KEY", nil
	}
	if c, ok := compat[name]; ok {
		return c.KeyEnv, nil
	}
	if c, ok := custom[name]; ok {
		return c.KeyEnv, nil
	}
	return "", &ConfigError{msg: "unknown provider: " + jsonv.PyRepr(name)}
}

// Resolve returns the gateway for a provider name, as dryfire's
// resolve_gateway chooses it, wrapped in dryfire's retries. A key that is
// unset or empty in env is a *MissingKeyError (the caller skips the case);
// an unknown name or a base URL that is not http(s) is a *ConfigError.
func Resolve(name string, env Env, o Options) (Gateway, error) {
	g, err := newGateway(name, env, o)
	if err != nil {
		return nil, err
	}
	r := &retrying{inner: g, max: o.MaxRetries, sleep: o.Sleep, random: o.Random, onRetry: o.OnRetry}
	if r.sleep == nil {
		r.sleep = sleepContext
	}
	if r.random == nil {
		r.random = rand.Float64
	}
	return r, nil
}

func newGateway(name string, env Env, o Options) (Gateway, error) {
	keyEnv, err := KeyEnv(name, o.Custom)
	if err != nil {
		return nil, err
	}
	key, ok := env(keyEnv)
	if !ok || key == "" {
		return nil, &MissingKeyError{Provider: name, EnvVar: keyEnv}
	}
	switch name {
	case "anthropic":
		return newAnthropic(key, env, o)
	case "openai":
		return newOpenAI(name, key, baseURL(env, "OPENAI_BASE_URL", openAIBaseURL), openAIHeaders(env), o)
	case "gemini":
		base, err := parseBase(name, baseURL(env, "GEMINI_BASE_URL", geminiBaseURL))
		if err != nil {
			return nil, err
		}
		h := commonHeaders()
		h.Set("X-Goog-Api-Key", key)
		c := newCaller(name, h, o, 0, DefaultTimeout, base, key)
		return &Gemini{c: c, base: base}, nil
	}
	spec, ok := compat[name]
	if !ok {
		spec = o.Custom[name]
	}
	return newOpenAI(name, key, spec.BaseURL, nil, o)
}

func newAnthropic(key string, env Env, o Options) (Gateway, error) {
	base, err := parseBase("anthropic", baseURL(env, "ANTHROPIC_BASE_URL", anthropicBaseURL))
	if err != nil {
		return nil, err
	}
	h := commonHeaders()
	h.Set("X-Api-Key", key)
	h.Set("Anthropic-Version", anthropicVersion)
	secrets := []string{key}
	if token, ok := env("ANTHROPIC_AUTH_TOKEN"); ok && token != "" {
		h.Set("Authorization", "Bearer "+token)
		secrets = append(secrets, token)
	}
	secrets = append(secrets, customHeaders(h, env, "ANTHROPIC_CUSTOM_HEADERS")...)
	c := newCaller("anthropic", h, o, 2, sdkConnectTimeout, base, secrets...)
	return &Anthropic{c: c, url: joinPath(base, "v1/messages")}, nil
}

// openAIHeaders are what the OpenAI SDK adds from the environment. They go
// to OpenAI only: dryfire's SDK would send an OpenAI organisation to any
// compatible host, which tells that host nothing it needs.
func openAIHeaders(env Env) func(http.Header) []string {
	return func(h http.Header) []string {
		if v, ok := env("OPENAI_ORG_ID"); ok {
			h.Set("OpenAI-Organization", v)
		}
		if v, ok := env("OPENAI_PROJECT_ID"); ok {
			h.Set("OpenAI-Project", v)
		}
		return customHeaders(h, env, "OPENAI_CUSTOM_HEADERS")
	}
}

func newOpenAI(name, key, rawBase string, extra func(http.Header) []string, o Options) (Gateway, error) {
	base, err := parseBase(name, rawBase)
	if err != nil {
		return nil, err
	}
	h := commonHeaders()
	h.Set("Authorization", "Bearer "+key)
	secrets := []string{key}
	if extra != nil {
		secrets = append(secrets, extra(h)...)
	}
	c := newCaller(name, h, o, 2, sdkConnectTimeout, base, secrets...)
	return &OpenAI{name: name, c: c, url: joinPath(base, "chat/completions")}, nil
}

func commonHeaders() http.Header {
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "application/json")
	h.Set("User-Agent", "dryfire-tui")
	return h
}

// customHeaders adds the "Name: value" lines of an SDK's *_CUSTOM_HEADERS
// variable, over the defaults, and returns their values as secrets.
func customHeaders(h http.Header, env Env, variable string) []string {
	v, ok := env(variable)
	if !ok {
		return nil
	}
	var values []string
	for _, line := range strings.Split(v, "\n") {
		k, val, found := strings.Cut(line, ":")
		if k = strings.TrimSpace(k); found && k != "" {
			h.Set(k, strings.TrimSpace(val))
			values = append(values, strings.TrimSpace(val))
		}
	}
	return values
}

func newCaller(provider string, h http.Header, o Options, sdkRetries int, connect time.Duration, base *url.URL, secrets ...string) *caller {
	if p, ok := base.User.Password(); ok {
		secrets = append(secrets, p)
	}
	c := &caller{
		provider: provider, header: h, redact: newRedactor(secrets...),
		sdkRetries: sdkRetries, connect: connect, idle: o.Timeout,
		sleep: o.Sleep, random: o.Random, now: o.Now, onRetry: o.OnRetry, budget: o.budget,
	}
	if c.budget == nil {
		c.budget = inFlight
	}
	client := o.Client
	if client == nil {
		client = sharedClient()
	}
	c.client = sameOriginOnly(client)
	if c.idle <= 0 {
		c.idle = DefaultTimeout
	}
	if c.sleep == nil {
		c.sleep = sleepContext
	}
	if c.random == nil {
		c.random = rand.Float64
	}
	if c.now == nil {
		c.now = time.Now
	}
	return c
}

// BaseURL returns where the gateway of the provider name sends its calls,
// as [Resolve] chooses it, with any password it carries redacted, and
// what set it: the environment variable that overrides the default
// (ANTHROPIC_BASE_URL, OPENAI_BASE_URL, GEMINI_BASE_URL), "dryfire.yaml
// providers:" for a providers: entry, "" for the built-in default. An
// unknown name has none ("", "").
func BaseURL(name string, env Env, custom map[string]Custom) (url, from string) {
	variable, def := "", ""
	switch name {
	case "anthropic":
		variable, def = "ANTHROPIC_BASE_URL", anthropicBaseURL
	case "openai":
		variable, def = "OPENAI_BASE_URL", openAIBaseURL
	case "gemini":
		variable, def = "GEMINI_BASE_URL", geminiBaseURL
	default:
		if c, ok := compat[name]; ok {
			return c.BaseURL, ""
		}
		if c, ok := custom[name]; ok {
			return redacted(c.BaseURL), "dryfire.yaml providers:"
		}
		return "", ""
	}
	if v, ok := env(variable); ok && v != "" {
		return redacted(v), variable
	}
	return def, ""
}

// redacted is a URL with its password replaced by xxxxx, as
// url.URL.Redacted writes it; one that does not parse is not shown, for
// a password it may hold.
func redacted(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Redacted()
	}
	return "(not a URL)"
}

// baseURL is the variable's value when it is set and not empty, else def.
func baseURL(env Env, variable, def string) string {
	if v, ok := env(variable); ok && v != "" {
		return v
	}
	return def
}

// parseBase checks that a base URL is an absolute http(s) URL. The error
// never shows a password the URL may carry.
func parseBase(provider, raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		shown := "it"
		if err == nil {
			shown = jsonv.PyRepr(u.Redacted())
		}
		return nil, &ConfigError{msg: provider + ": the base URL must be an http:// or https:// URL, and " + shown + " is not"}
	}
	return u, nil
}

// joinPath appends a relative path to a base URL as the SDKs do: the base
// path gets a trailing slash, its query stays.
func joinPath(base *url.URL, rel string) *url.URL {
	u := *base
	u.Path = strings.TrimSuffix(base.Path, "/") + "/" + rel
	u.RawPath = ""
	return &u
}
