package suite

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestConfigKeepsCustomProviders(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		yaml   string
		want   []CustomProvider
		errSub string
	}{
		"two entries in file order": {
			yaml: "version: 1\nproviders:\n  zeta:\n    base_url: http://127.0.0.1:9/v1\n    api_key_env: ZETA_KEY\n" +
				"  alpha:\n    api_key_env: ALPHA_KEY\n    base_url: https://alpha.example/compat/v1\n",
			want: []CustomProvider{
				{Name: "zeta", BaseURL: "http://127.0.0.1:9/v1", APIKeyEnv: "ZETA_KEY"},
				{Name: "alpha", BaseURL: "https://alpha.example/compat/v1", APIKeyEnv: "ALPHA_KEY"},
			},
		},
		"missing key variable is an error": {
			yaml:   "version: 1\nproviders:\n  local:\n    base_url: http://127.0.0.1:9/v1\n",
			want:   []CustomProvider{{Name: "local", BaseURL: "http://127.0.0.1:9/v1"}},
			errSub: "api_key_env",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, ConfigFileName), []byte(tc.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			pr, err := LoadConfig(dir)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(pr.Config.CustomProviders, tc.want) {
				t.Errorf("CustomProviders = %+v, want %+v", pr.Config.CustomProviders, tc.want)
			}
			var names []string
			for _, c := range tc.want {
				names = append(names, c.Name)
			}
			if !reflect.DeepEqual(pr.Config.Providers, names) {
				t.Errorf("Providers = %q, want %q", pr.Config.Providers, names)
			}
			var msgs []string
			for _, e := range pr.Errors {
				msgs = append(msgs, e.Message)
			}
			got := strings.Join(msgs, "; ")
			if (tc.errSub == "") != (got == "") || !strings.Contains(got, tc.errSub) {
				t.Errorf("errors = %q, want one mentioning %q", got, tc.errSub)
			}
		})
	}
}
