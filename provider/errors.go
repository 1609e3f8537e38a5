package provider

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
)

// MissingKeyError means a provider's API key is not in the environment.
// dryfire skips such cases (a skip, not a failure) and says so with
// [MissingKeyError.Skip]'s message.
type MissingKeyError struct {
	Provider string
	// EnvVar is the environment variable that should hold the key.
	EnvVar string
}

func (e *MissingKeyError) Error() string {
	return e.Provider + " needs an API key in " + e.EnvVar
}

// Skip returns the line dryfire prints for a case it skips for want of the
// key: "skipped <suite>::<case> (needs <ENV_VAR>)".
func (e *MissingKeyError) Skip(suite, caseName string) string {
	return "skipped " + suite + "::" + caseName + " (needs " + e.EnvVar + ")"
}

// ConfigError is a configuration problem found before any call: an unknown
// provider name, a base URL that is not an http(s) URL. dryfire exits 2 on
// the first.
type ConfigError struct{ msg string }

func (e *ConfigError) Error() string { return e.msg }

// StatusError is a provider's answer with a status other than 2xx. Its
// message and body never hold a credential.
type StatusError struct {
	Provider   string
	StatusCode int
	// Type is the provider's error type or status when its body names one
	// ("overloaded_error", "server_error", "RESOURCE_EXHAUSTED").
	Type string
	// Message is the provider's error message, or the start of the body
	// when it is not the provider's error JSON.
	Message string
	header  http.Header // the few retry headers; see retryHeaders
}

func (e *StatusError) Error() string {
	s := e.Provider + ": HTTP " + strconv.Itoa(e.StatusCode)
	if t := http.StatusText(e.StatusCode); t != "" && e.Type == "" {
		s += " " + t
	}
	if e.Type != "" {
		s += " " + e.Type
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// TransportError is a request that got no answer: the connection failed or
// the provider went silent for longer than the timeout.
type TransportError struct {
	Provider string
	// Timeout is set when no byte arrived for the whole timeout.
	Timeout bool
	msg     string
}

func (e *TransportError) Error() string { return e.Provider + ": " + e.msg }

// ResponseError is a 2xx answer whose body is not what the provider's
// format promises (not JSON, not an object, a field of the wrong type).
// dryfire does not retry it.
type ResponseError struct {
	Provider string
	msg      string
}

func (e *ResponseError) Error() string { return e.Provider + ": invalid response: " + e.msg }

// RequestError is a request the adapter cannot send: an assistant turn
// whose raw payload lacks what must be echoed, a value JSON cannot carry,
// a max_tokens the Anthropic client refuses without streaming.
type RequestError struct {
	Provider string
	msg      string
}

func (e *RequestError) Error() string { return e.Provider + ": cannot send request: " + e.msg }

// Retryable reports whether dryfire retries a failed call: HTTP 429, any
// 5xx, a connection failure or a timeout; never another 4xx (a bad key, a
// malformed request), a bad response body or a cancelled context.
func Retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.StatusCode == http.StatusTooManyRequests || (se.StatusCode >= 500 && se.StatusCode < 600)
	}
	var te *TransportError
	return errors.As(err, &te)
}

func requestErr(provider string, format string, args ...any) error {
	return &RequestError{Provider: provider, msg: fmt.Sprintf(format, args...)}
}

func responseErr(provider string, format string, args ...any) error {
	return &ResponseError{Provider: provider, msg: fmt.Sprintf(format, args...)}
}
