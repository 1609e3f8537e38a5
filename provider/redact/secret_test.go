package redact

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

func TestRedactorText(t *testing.T) {
	t.Parallel()
	r := New("sk-ant-api03-SECRETsecret42", "tok", "pässwörd-ünïcode")
	tests := map[string]string{
		"whole key":              "bad key sk-ant-api03-SECRETsecret42!",
		"masked by the provider": "Incorrect API key provided: sk-ant-a***************et42.",
		"tail only":              "…cret42 and SECRETse",
		"twice, adjacent":        "sk-ant-api03-SECRETsecret42sk-ant-api03-SECRETsecret42",
		"unicode secret":         "x pässwörd-ünïcode y",
		"unicode fragment":       "wörd-ünï",
		"short secrets ignored":  "tok tok",
		"nothing":                "all fine",
	}
	want := map[string]string{
		"whole key":              "bad key [REDACTED]!",
		"masked by the provider": "Incorrect API key provided: [REDACTED]***************et42.",
		"tail only":              "…cret42 and [REDACTED]",
		"twice, adjacent":        "[REDACTED]",
		"unicode secret":         "x [REDACTED] y",
		"unicode fragment":       "[REDACTED]",
		"short secrets ignored":  "tok tok",
		"nothing":                "all fine",
	}
	for name, in := range tests {
		if got := r.Text(in); got != want[name] {
			t.Errorf("%s: text(%q) = %q, want %q", name, in, got, want[name])
		}
	}
}

func FuzzRedactorNeverShowsTheSecret(f *testing.F) {
	f.Add("sk-ant-api03-0123456789abcdef", "error: sk-ant-api03-0123456789abcdef is invalid")
	f.Add("AIzaSyA-abcdefgh_12345", "key=AIzaSyA-abcdefgh_12345&key=AIzaSyA-abc")
	f.Add("ключ-секретный-123", "ключ-секретный-123 ключ-се")
	f.Fuzz(func(t *testing.T, secret, text string) {
		if len(secret) < 12 || strings.Contains(secret, Redacted) || strings.Contains(Redacted, secret) {
			return
		}
		r := New(secret)
		out := r.Text(text)
		if strings.Contains(out, secret) {
			t.Fatalf("text(%q) = %q still holds the secret", text, out)
		}
		if utf8.ValidString(text) && !utf8.ValidString(out) {
			t.Fatalf("text(%q) = %q is not valid UTF-8", text, out)
		}
		if len(secret) > fragment && !strings.Contains(Redacted, secret[:fragment]) {
			for i := 0; i+fragment <= len(secret); i++ {
				if strings.Contains(out, secret[i:i+fragment]) && !strings.Contains(Redacted, secret[i:i+fragment]) {
					t.Fatalf("text(%q) = %q still holds the fragment %q", text, out, secret[i:i+fragment])
				}
			}
			if again := r.Text(out); again != out {
				t.Fatalf("not idempotent: %q then %q", out, again)
			}
		}
	})
}

func TestRedactedRawKeepsKeysUnique(t *testing.T) {
	t.Parallel()
	r := New("sk-0123456789abcdef")
	v, _ := jsonv.Decode([]byte(`{"a-sk-0123456789abcdef":1,"a-sk-0123456789abcde":2,"list":["sk-0123456789abcdef"]}`))
	got := enc(r.Value(v))
	if got != `{"a-[REDACTED]":2,"list":["[REDACTED]"]}` {
		t.Errorf("redacted %s", got)
	}
}
