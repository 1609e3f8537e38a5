package detect

import (
	"encoding/base64"
	"math/rand/v2"
	"strings"
	"testing"
)

// randFrom returns n bytes of alphabet drawn from r: test values are made
// at run time, so that no key-shaped string sits in the repository.
func randFrom(r *rand.Rand, alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

const hexDigits = "0123456789abcdef"

func TestClassifyKeyCredentialNames(t *testing.T) {
	t.Parallel()
	for want, names := range map[KeyKind][]string{
		KeyToken: {
			"access_token", "ACCESS-TOKEN", "accessToken", "Access Token", "refresh_token", "auth_token",
			"x-auth-token", "bearer", "secret_token", "sas_token", "join_token", "PRIVATE-TOKEN",
		},
		KeyCredential: {
			"api_key", "apikey", "X-Api-Key", "secret", "client_secret", "Client.Secret", "password", "private_key",
			"auth_key", "hmac_key", "secret_key_base", "SECRET_KEY_BASE",
		},
		KeyNone: {
			"hashed_password", "hashedApiKey", "password_hash", "password_digest", "device_token", "push_token",
			"sha256", "commit", "etag", "fingerprint", "request_id", "public_key", "csrf_token",
		},
	} {
		for _, name := range names {
			if got := ClassifyKey(name); got != want {
				t.Errorf("ClassifyKey(%q) = %d, want %d", name, got, want)
			}
		}
	}
}

// TestKeyedValueHexAndBase64 decides random hex and base64 under a
// credential's name (secrets) and the hex and base64 that are not.
func TestKeyedValueHexAndBase64(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(26, 6))
	b64 := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return base64.StdEncoding.EncodeToString(b)
	}
	slashed := func() string {
		for {
			if s := b64(33); s[0] == '/' {
				return s
			}
		}
	}
	secrets := []string{
		randFrom(r, hexDigits, 64), randFrom(r, hexDigits, 40), randFrom(r, hexDigits, 128),
		strings.ToUpper(randFrom(r, hexDigits, 64)), b64(32), b64(48), slashed(),
		base64.RawURLEncoding.EncodeToString([]byte(randFrom(r, hexDigits+"ghijklmnopqrstuvwxyz!#", 32))),
	}
	for _, s := range secrets {
		for _, k := range []KeyKind{KeyCredential, KeyToken} {
			if _, ok := KeyedValue(k, s); !ok {
				t.Errorf("KeyedValue(%d, %q): not a secret", k, s)
			}
		}
	}
	notSecrets := []string{
		strings.Repeat("0", 64), strings.Repeat("deadbeef", 8), strings.Repeat("0123456789abcdef", 4),
		strings.Repeat("a1b2c3d4", 8), strings.Repeat("1a2b3c4d5e6f7a8b", 4),
		"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "da39a3ee5e6b4b0d3255bfef95601890afd80709",
		"d41d8cd98f00b204e9800998ecf8427e", "sha256:" + randFrom(r, hexDigits, 64), "sha1=" + randFrom(r, hexDigits, 40),
		"md5:" + randFrom(r, hexDigits, 32), "sha3-256:" + randFrom(r, hexDigits, 64),
		randFrom(r, hexDigits, 16), randFrom(r, hexDigits, 16) + "#3",
		base64.StdEncoding.EncodeToString([]byte("password")), base64.StdEncoding.EncodeToString([]byte("your-api-key-here")),
		base64.StdEncoding.EncodeToString(make([]byte, 32)), "/vault/secret/data/app1", "/Users/alice/keys/deploy2",
	}
	for _, s := range notSecrets {
		if _, ok := KeyedValue(KeyCredential, s); ok {
			t.Errorf("KeyedValue(KeyCredential, %q): a secret", s)
		}
	}
}

func TestPeriodic(t *testing.T) {
	t.Parallel()
	for want, values := range map[bool][]string{
		true: {"abcabcabc", strings.Repeat("a1b2c3d4", 8) + "a1b2"},
		false: {
			"abcabcab", "Summer2024Summer2024", strings.Repeat("x", 200) + "y",
			strings.Repeat(strings.Repeat("q", 64)+"r", 3), // a block over 64 bytes
		},
	} {
		for _, s := range values {
			if got := periodic(s); got != want {
				t.Errorf("periodic(%q) = %v, want %v", s, got, want)
			}
		}
	}
}

// BenchmarkKeyedValue decides the values a recording holds under
// credentials' names: random hex and base64, look-alikes, words, ids.
func BenchmarkKeyedValue(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	values := []string{
		randFrom(r, hexDigits, 64), randFrom(r, hexDigits, 32), randFrom(r, hexDigits, 16),
		base64.StdEncoding.EncodeToString([]byte(randFrom(r, hexDigits+"xyz", 32))),
		randFrom(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", 40),
		"sha256:" + randFrom(r, hexDigits, 64), strings.Repeat("0", 64), "[REDACTED]", "${API_KEY}",
		"not_provided", "3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c", "/run/secrets/db_password",
	}
	names := []string{"access_token", "api_key", "client_secret", "password", "request_id", "sha256"}
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range names {
			k := ClassifyKey(n)
			for _, v := range values {
				KeyedValue(k, v)
			}
		}
	}
}
