package provider

import (
	"slices"
	"testing"
)

func TestKeyVariables(t *testing.T) {
	t.Parallel()
	environ := []string{"HOME=/root", "MY_SERVICE_API_KEY=abcdef", "API_KEY=short", "NOT_A_KEY=zz", "broken"}
	got := KeyVariables(environ, map[string]Custom{"local": {BaseURL: "http://127.0.0.1", KeyEnv: "LOCAL_TOKEN"}, "nokey": {}})
	for _, want := range []string{"ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "XAI_API_KEY", "DEEPSEEK_API_KEY", "LOCAL_TOKEN", "MY_SERVICE_API_KEY"} {
		if !slices.Contains(got, want) {
			t.Errorf("KeyVariables lacks %s: %v", want, got)
		}
	}
	for _, not := range []string{"HOME", "API_KEY", "NOT_A_KEY", "broken", ""} {
		if slices.Contains(got, not) {
			t.Errorf("KeyVariables names %q: %v", not, got)
		}
	}
	if !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
		t.Errorf("KeyVariables is not sorted and unique: %v", got)
	}
}

func TestKeyValues(t *testing.T) {
	t.Parallel()
	vars := map[string]string{
		"ANTHROPIC_API_KEY": "sk-ant-0123456789",
		"OPENAI_API_KEY":    "sk-ant-0123456789", // the same value twice
		"LOCAL_TOKEN":       "tok-abcdef",
		"GEMINI_API_KEY":    "ab", // too short to mask
		"EXTRA_API_KEY":     "sk-ant-0123456789-and-more",
	}
	env := func(name string) (string, bool) { v, ok := vars[name]; return v, ok }
	got := KeyValues(env, []string{"EXTRA_API_KEY=sk-ant-0123456789-and-more"}, map[string]Custom{"local": {KeyEnv: "LOCAL_TOKEN"}})
	want := []string{"sk-ant-0123456789-and-more", "sk-ant-0123456789", "tok-abcdef"}
	if !slices.Equal(got, want) {
		t.Errorf("KeyValues = %q, want %q (longest first, unique, none under 4 bytes)", got, want)
	}
}
