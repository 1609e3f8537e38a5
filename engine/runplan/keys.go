package runplan

import (
	"os"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/provider/redact"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// KeyFinding is a place where a recording would hold the value of a key
// variable (ANTHROPIC_API_KEY, any *_API_KEY, a providers: entry's
// api_key_env): a suite that interpolates ${ANTHROPIC_API_KEY} puts it in
// the request, a provider may echo it, whole, in pieces, or escaped. It
// never holds the value.
type KeyFinding struct {
	// Variable names the key.
	Variable string
	// Where says in user terms where it sits ("in the request digest").
	Where string
	// JSONPath addresses the string inside the cassette
	// (request_digest.messages[0].content, response.raw.content[1].text).
	JSONPath string
	// Shape is how it was held, when not in clear: "JSON-escaped", "split
	// across text blocks".
	Shape string
}

func (f KeyFinding) String() string {
	s := "the value of " + f.Variable + " " + f.Where + " at " + f.JSONPath
	if f.Shape != "" {
		s += " (" + f.Shape + ")"
	}
	return s
}

// Where a key finding sits, in the secrets package's words.
const (
	whereDigest   = "in the request digest"
	whereResponse = "in the recorded response"
	whereRaw      = "in the recorded response (raw provider payload)"
	whereHeader   = "in the cassette's header fields"
)

// keyPlaceholder replaces the value of a key variable in a recording
// written with --redact-secrets, as the secret rules' placeholders do.
func keyPlaceholder(variable string) string { return secrets.Placeholder("env:" + variable) }

// recordKeys are the key values a run's recorder looks for: the values of
// every key variable the environment sets ([provider.NamedKeys]).
func recordKeys(live LiveOptions, custom map[string]provider.Custom) *redact.KeySet {
	env := live.Env
	if env == nil {
		env = os.LookupEnv
	}
	environ := live.Environ
	if environ == nil {
		environ = os.Environ()
	}
	return redact.NewKeySet(provider.NamedKeys(env, environ, custom), keyPlaceholder)
}

// redactKeys returns a copy of rec with the value of every key variable
// replaced by its placeholder, wherever and however it is held (the
// request digest, the response's text, tool calls and raw payload, the
// suite and case names), and where each was.
func redactKeys(keys *redact.KeySet, rec *cassette.Record) (*cassette.Record, []KeyFinding) {
	if keys.Empty() {
		return rec, nil
	}
	out := *rec
	var found []KeyFinding
	add := func(where string, hits []redact.KeyHit) {
		for _, h := range hits {
			f := KeyFinding{Variable: h.Name, Where: where, JSONPath: h.Path}
			if where == whereResponse && strings.HasPrefix(h.Path, "response.raw") {
				f.Where = whereRaw
			}
			switch {
			case h.Split:
				f.Shape = "split across text blocks"
			case h.Escaped:
				f.Shape = "JSON-escaped"
			}
			found = append(found, f)
		}
	}
	var hits []redact.KeyHit
	out.Suite, hits = keys.Text(rec.Suite, "suite")
	add(whereHeader, hits)
	out.Case, hits = keys.Text(rec.Case, "case")
	add(whereHeader, hits)
	out.Provider, hits = keys.Text(rec.Provider, "provider")
	add(whereHeader, hits)
	out.Model, hits = keys.Text(rec.Model, "model")
	add(whereHeader, hits)
	out.Digest, hits = keys.Value(rec.Digest, "request_digest")
	add(whereDigest, hits)
	out.Response, hits = keys.Response(rec.Provider, rec.Response, "response")
	add(whereResponse, hits)
	return &out, found
}
