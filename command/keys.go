package command

import (
	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Keys are the API keys a command may read, named after their variables,
// for every surface that shows text to mask (the command line's streams,
// the browser's reports): the values provider.KeyValues gives from the
// environment (Env.Lookup, and environ, the variables ${VAR}
// interpolation may read), those of the custom providers, and the form a
// cassette directory gives each.
func (e Env) Keys(environ []string, custom map[string]provider.Custom) []visible.Key {
	env := provider.Env(e.Lookup())
	values := provider.KeyValues(env, environ, custom)
	keys := make([]visible.Key, 0, len(values))
	for _, v := range values {
		name := keyName(env, environ, custom, v)
		keys = append(keys, visible.Key{Name: name, Value: v})
		if filed := filedForm(v); filed != v {
			keys = append(keys, visible.Key{Name: name, Value: filed})
		}
	}
	return keys
}

// ProjectProviders are the providers: entries of the dryfire.yaml around
// path, whose api_key_env may name any variable; nil when there is no
// project or it has none. A config that does not load gives nil: the
// command that reads it reports it.
func ProjectProviders(path string) map[string]provider.Custom {
	pr, err := suite.LoadConfig(path)
	if err != nil || len(pr.Config.CustomProviders) == 0 {
		return nil
	}
	custom := map[string]provider.Custom{}
	for _, c := range pr.Config.CustomProviders {
		custom[c.Name] = provider.Custom{BaseURL: c.BaseURL, KeyEnv: c.APIKeyEnv}
	}
	return custom
}

// keyName is the first variable (in provider.KeyVariables' order) whose
// value is v.
func keyName(env provider.Env, environ []string, custom map[string]provider.Custom, v string) string {
	for _, name := range provider.KeyVariables(environ, custom) {
		if got, ok := env(name); ok && got == v {
			return name
		}
	}
	return ""
}

// filedForm is v as a cassette directory spells it when a suite or case
// name holds it: every character outside [A-Za-z0-9._-] as "_"
// (cassette.Sanitise, without the hash it appends to a name it changed).
func filedForm(v string) string {
	s := cassette.Sanitise(v)
	if s == v {
		return v
	}
	return s[:len(s)-len("-01234567")]
}
