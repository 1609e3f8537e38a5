package provider

import (
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/provider/redact"
)

// minKeyValue is the shortest value of a key variable listed (see
// [KeyValues]).
const minKeyValue = 4

// KeyVariables returns the names of every environment variable that holds
// a key this tool may read, sorted and without repeats: the built-in
// providers' (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY and the
// OpenAI-compatible ones), the api_key_env of every providers: entry, and
// every variable of environ whose name ends in _API_KEY. environ is in
// os.Environ's NAME=value form.
func KeyVariables(environ []string, custom map[string]Custom) []string {
	names := []string{"ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY"}
	for _, c := range compat {
		names = append(names, c.KeyEnv)
	}
	for _, c := range custom {
		if c.KeyEnv != "" {
			names = append(names, c.KeyEnv)
		}
	}
	for _, kv := range environ {
		name, _, ok := strings.Cut(kv, "=")
		if ok && strings.HasSuffix(name, "_API_KEY") {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// NamedKeys returns the variables [KeyVariables] names that env sets to a
// value of at least 4 bytes, with their values, in the order of
// [KeyValues]; a value two variables share is listed once, under the first
// name in sorted order.
func NamedKeys(env Env, environ []string, custom map[string]Custom) []redact.NamedKey {
	var keys []redact.NamedKey
	for _, name := range KeyVariables(environ, custom) {
		if v, ok := env(name); ok && len(v) >= minKeyValue {
			keys = append(keys, redact.NamedKey{Name: name, Value: v})
		}
	}
	slices.SortStableFunc(keys, func(a, b redact.NamedKey) int {
		if len(a.Value) != len(b.Value) {
			return len(b.Value) - len(a.Value)
		}
		return strings.Compare(a.Value, b.Value)
	})
	return slices.CompactFunc(keys, func(a, b redact.NamedKey) bool { return a.Value == b.Value })
}

// KeyValues returns the values of the variables [KeyVariables] names, as
// env holds them: the exact strings that must never be printed or
// written. Values shorter than 4 bytes are left out (a "key" of one or two
// characters would mask every digit of the output; real keys are tens of
// characters long), and so are repeats. The result is sorted, longest
// first, so that a masker that replaces the first match at a position
// replaces the whole of a key that contains a shorter one.
func KeyValues(env Env, environ []string, custom map[string]Custom) []string {
	keys := NamedKeys(env, environ, custom)
	if len(keys) == 0 {
		return nil
	}
	values := make([]string, len(keys))
	for i, k := range keys {
		values[i] = k.Value
	}
	return values
}
