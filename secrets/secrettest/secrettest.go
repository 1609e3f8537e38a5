// Package secrettest plants generated secrets for the tests that prove no
// surface shows one: the commands' output (internal/cli) and the browser's
// screens (ui). The secrets are drawn from a seed at test time, never
// written in the repository as literals, and each keeps its random part:
// what must never be shown. [Leaked] greps a text for any of them.
//
// Only tests import it.
package secrettest

import (
	"encoding/base64"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// AlnumChars are the letters and digits of [Gen.Alnum].
const AlnumChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// Secret is a planted secret and its random part, which must never be
// shown.
type Secret struct{ Text, Random string }

// Gen draws secrets from a seeded source.
type Gen struct{ r *rand.Rand }

// New returns a generator seeded with seed.
func New(seed uint64) Gen { return Gen{rand.New(rand.NewPCG(seed, seed))} }

// Str is n characters drawn from alphabet.
func (g Gen) Str(alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.r.IntN(len(alphabet))]
	}
	return string(b)
}

// Alnum is n letters and digits.
func (g Gen) Alnum(n int) string { return g.Str(AlnumChars, n) }

// Anthropic is an Anthropic API key.
func (g Gen) Anthropic() Secret {
	r := g.Alnum(93)
	return Secret{"sk-ant-api03-" + r + "AA", r}
}

// OpenAI is an OpenAI project key.
func (g Gen) OpenAI() Secret {
	a, b := g.Alnum(74), g.Alnum(74)
	return Secret{"sk-proj-" + a + "T3BlbkFJ" + b, a}
}

// AWSKeyID is an AWS access key id: AKIA and 16 upper-case letters and
// digits.
func (g Gen) AWSKeyID() Secret {
	r := g.Str("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)
	return Secret{"AKIA" + r, r}
}

// PEM is an OpenSSH private key of size random bytes, in 64-column lines;
// its second line is the part that must not show.
func (g Gen) PEM(size int) Secret {
	body := base64.StdEncoding.EncodeToString([]byte(g.Alnum(size)))
	var lines []string
	for len(body) > 64 {
		lines, body = append(lines, body[:64]), body[64:]
	}
	lines = append(lines, body)
	return Secret{"-----BEGIN OPENSSH PRIVATE KEY-----\n" + strings.Join(lines, "\n") + "\n-----END OPENSSH PRIVATE KEY-----", lines[1]}
}

// Password is a password of n letters and digits either side of a "!".
func (g Gen) Password(n int) Secret {
	s := g.Alnum(n) + "!" + g.Alnum(n)
	return Secret{s, s}
}

// Leaked returns the secrets whose random part shows in out (any 12
// characters of it in a row), each named by its first 20 characters.
func Leaked(out string, all []Secret) []string {
	var found []string
	for _, p := range all {
		for i := 0; i+12 <= len(p.Random); i += 4 {
			if strings.Contains(out, p.Random[i:i+12]) {
				found = append(found, p.Text[:min(20, len(p.Text))]+"…")
				break
			}
		}
	}
	return found
}

// EditCassette rewrites the cassette rel of dir through edit, canonically.
func EditCassette(t testing.TB, dir, rel string, edit func(body *jsonv.Value)) {
	t.Helper()
	path := filepath.Join(dir, filepath.FromSlash(rel))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := cassette.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	edit(&c.Body)
	out, err := jsonv.EncodeDryfire(c.Body)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}
