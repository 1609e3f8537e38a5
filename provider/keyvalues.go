package provider

import (
	"slices"
	"strings"
)

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

// KeyValues returns the values of the variables [KeyVariables] names, as
// env holds them: the exact strings that must never be printed or
// written. Values shorter than 4 bytes are left out (a "key" of one or two
// characters would mask every digit of the output; real keys are tens of
// characters long), and so are repeats. The result is sorted, longest
// first, so that a masker that replaces the first match at a position
// replaces the whole of a key that contains a shorter one.
func KeyValues(env Env, environ []string, custom map[string]Custom) []string {
	var values []string
	for _, name := range KeyVariables(environ, custom) {
		if v, ok := env(name); ok && len(v) >= minSecret {
			values = append(values, v)
		}
	}
	slices.SortFunc(values, func(a, b string) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return strings.Compare(a, b)
	})
	return slices.Compact(values)
}
