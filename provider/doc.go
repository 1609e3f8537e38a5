// Package provider calls real model providers over HTTP exactly as dryfire
// does: the same request bodies, the same normalised responses, the same
// retries, timeouts and key lookup.
//
// # Calling a provider
//
// [Resolve] turns a provider name into a [Gateway], the way dryfire's
// resolve_gateway chooses one:
//
//	gw, err := provider.Resolve(resolved.Provider, os.LookupEnv, provider.Options{
//		Custom:     customs,                     // the providers: block, see below
//		MaxRetries: provider.DefaultMaxRetries, // or --max-retries
//	})
//	resp, err := gw.Complete(ctx, &provider.Request{Model: ..., System: ..., Messages: ..., Tools: ..., Params: ...})
//
// A [Request] is dryfire's CompletionRequest; the response is a
// [cassette.Response] (text, tool calls with parsed arguments or
// malformed_arguments, stop reason, usage, raw, latency), ready to be
// written as a cassette's response. [AssistantMessage] and [ToolMessage]
// build the two messages dryfire's loop appends after a tool turn; the
// assistant message carries the response's raw payload, which the
// Anthropic and Gemini wires echo back. [FromHashArgs] reads a request from
// the dict dryfire fingerprints (or a cassette's request_digest).
//
// Gateway.Name is the provider name to write into the cassette and to look
// up prices with. A Gateway is safe for concurrent use; build one per
// provider per run. The package never reads the process environment: the
// caller passes a lookup ([Env], e.g. os.LookupEnv).
//
// # Providers
//
//   - anthropic: Messages API, POST <base>/v1/messages, x-api-key from
//     ANTHROPIC_API_KEY, anthropic-version 2023-06-01. Base URL
//     https://api.anthropic.com or ANTHROPIC_BASE_URL. Like the Anthropic SDK
//     dryfire uses, ANTHROPIC_AUTH_TOKEN adds an Authorization bearer and
//     ANTHROPIC_CUSTOM_HEADERS ("Name: value" lines) adds headers.
//   - openai: Chat Completions, POST <base>/chat/completions, bearer
//     OPENAI_API_KEY. Base URL https://api.openai.com/v1 or OPENAI_BASE_URL
//     (which, as in the SDK, includes /v1). OPENAI_ORG_ID, OPENAI_PROJECT_ID
//     and OPENAI_CUSTOM_HEADERS add their headers (to OpenAI only).
//   - xai, openrouter, moonshot, zhipu, deepseek: the OpenAI wire at
//     dryfire's fixed base URLs, keys XAI_API_KEY, OPENROUTER_API_KEY,
//     MOONSHOT_API_KEY, ZHIPUAI_API_KEY, DEEPSEEK_API_KEY. OPENAI_BASE_URL
//     does not move them.
//   - a providers: entry of dryfire.yaml ([Options].Custom, from the suite
//     package's Config.CustomProviders): the OpenAI wire at its base_url,
//     the key from its api_key_env. A built-in name always wins over an
//     entry of the same name.
//   - gemini: generateContent, POST
//     <base>/v1beta/models/<model>:generateContent, x-goog-api-key from
//     GEMINI_API_KEY. Base URL https://generativelanguage.googleapis.com or
//     GEMINI_BASE_URL (dryfire itself has no such override).
//
// A base-URL variable that is set but empty counts as unset. A key that is
// unset or empty is a [*MissingKeyError]; dryfire skips the
// case and prints [MissingKeyError.Skip]'s line. An unknown name (including
// "fake", whose scripted turns never reach a gateway) or a base URL that is
// not http(s) is a [*ConfigError]. [KeyEnv] names a provider's key variable
// without resolving it (to say, before a run, whether the key is set).
//
// # Retries and timeouts
//
// dryfire retries in two layers, and so does a resolved gateway:
//
//   - Inside one call, the official SDK (Anthropic, OpenAI and every
//     OpenAI-wire provider) tries twice more on a connection failure, a
//     timeout or HTTP 408, 409, 429 or 5xx (an x-should-retry header
//     decides first), waiting 0.5 s then 1 s less up to a quarter at random,
//     or the provider's retry-after-ms / Retry-After when it is at most 60 s.
//     dryfire's own Gemini client has no such layer.
//   - Around the call, dryfire's RetryingGateway retries [Options].MaxRetries
//     times (its --max-retries, default [DefaultMaxRetries]) when
//     [Retryable] holds: HTTP 429, any 5xx, a connection failure or a
//     timeout, never another 4xx, a bad body or a cancelled context. It waits
//     the provider's Retry-After in seconds when there is one, else
//     min(60 s, 0.5 s·2^n) with equal jitter. Unlike dryfire, which waits
//     any Retry-After, it waits at most [MaxRetryAfter] (60 s), and
//     [Retry].RetryAfter then gives the provider's value.
//
// So an Anthropic call that keeps failing with 529 is sent (3+1)·(2+1) = 12
// times. A retried call is still one turn. [Options].OnRetry hears of each
// retry (for a progress line); [Options].Sleep and [Options].Random replace
// the waits and the jitter in tests.
//
// A request ends as a timeout after [DefaultTimeout] (600 s, the SDKs' and
// dryfire's read timeout) without a byte of progress; with the default
// client ([NewHTTPClient]) connecting may take 5 s for the SDK providers and
// 600 s for Gemini, as in dryfire.
//
// # Bounds
//
// What one answer may carry is bounded, where dryfire reads anything: a
// body of at most [MaxBody] bytes after gzip is undone (a larger
// Content-Length is refused before the body is read, a longer body at
// byte MaxBody+1), at most [MaxValues] JSON values (counted before the
// body is decoded) and [MaxToolCalls] tool calls. The bodies being read
// and decoded at once, by every gateway of the process, take at most
// [MaxBodiesInFlight] bytes: a call reserves its body's Content-Length
// (MaxBody without one) before reading it and waits for room. An answer
// over a bound is a [*ResponseError], not retried.
//
// # Errors
//
// Every error names the provider first. [*StatusError] is a non-2xx answer
// (status, the provider's error type and message); [*TransportError] a lost
// connection or a timeout; [*ResponseError] a 2xx body that is not the
// provider's format (not retried, as in dryfire); [*RequestError] a request
// that cannot be sent (an assistant turn whose raw lacks the content to
// echo; a max_tokens the Anthropic client refuses without streaming, above
// 21,333 or a listed model's limit). A cancelled context gives an error for
// which errors.Is(err, context.Canceled) holds.
//
// # Credentials
//
// No key, bearer token, custom header value or base-URL password appears in
// an error, in a response's raw payload or text, or in the printed form of
// a gateway: each gateway replaces them, and any run of 8 or more of their
// characters, with [redact.Redacted]. A provider answer that echoes a key
// is recorded with the key redacted, whatever its shape: in clear, behind
// JSON escapes, or in text pieces too short to hold 8 characters whose
// join is the response text (package [redact] says how). Redirects to
// another origin are never followed, so credential headers stay with the
// host they were meant for. The package logs nothing.
//
// [KeyVariables], [KeyValues] and [NamedKeys] list every key this tool
// may read and its value; a [redact.KeySet] finds those values in the same
// shapes in any JSON value or response, and replaces them, for what
// records a cassette.
//
// # Wire fidelity
//
// Request bodies are dryfire's to_wire payloads with the same key order and
// number spellings (Python's: 0.0 stays 0.0), posted as compact UTF-8 JSON.
// Responses are read as Python's json.loads reads them (NaN accepted); raw
// is the answer as received, key order and spellings kept. One difference
// with dryfire's stored raw: the Anthropic and OpenAI SDKs add null-valued
// optional fields to the payload before dryfire stores it; this package
// stores what the provider sent.
package provider
