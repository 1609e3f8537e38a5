package secrets

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

// TestKeyCacheAnswersAsTheRules: what the walk's cache of keys says of a
// key is what the rules say of it, for keys met again, keys that share a
// slot and push each other out, keys too long to be held, the empty key,
// and a key read from bytes that are overwritten with another key of the
// same length (a store load reuses its read buffer from file to file).
func TestKeyCacheAnswersAsTheRules(t *testing.T) {
	keys := []string{
		"", "a", "id", "role", "content", "text", "type", "name", "value", "Value", "tool_calls",
		"api_key", "apiKey", "x-api-key", "Authorization", "password", "client_secret", "session_token",
		"hashed_password", "AWS_SECRET_ACCESS_KEY", "auth", "token_count", "max_tokens", "é", "東京",
		"a b", "a.b", `q"uote`, "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tV9wX1yZ3bD5", "sk-proj-" + "Ab3De5Fg7Hj9Kl1Mn3Pq5Rs7Tv9Wx1Yz3Bd5Fg7Hj9",
		"an_object_key_longer_than_thirty_bytes_api_key", "an_object_key_longer_than_thirty_bytes",
	}
	for i := range 600 {
		keys = append(keys, fmt.Sprintf("k%d_secret", i), fmt.Sprintf("field%d", i))
	}
	w := newWalker(nil)
	defer w.release()
	r := rand.New(rand.NewPCG(28, 3))
	for range 20000 {
		k := keys[r.IntN(len(keys))]
		if got, want := w.keys.info(k), keyInfoOf(k); got != want {
			t.Fatalf("cache says %+v of %q, the rules %+v", got, k, want)
		}
	}
	// The same bytes, first one key and then another.
	before, after := keyInfoOf("apiKey"), keyInfoOf("apiKez")
	if before == after {
		t.Fatal("the two keys must differ for the test to hold")
	}
	buf := []byte("apiKey")
	view := unsafe.String(&buf[0], len(buf))
	if got := w.keys.info(view); got != before {
		t.Fatalf("cache says %+v of apiKey, the rules %+v", got, before)
	}
	copy(buf, "apiKez")
	if got := w.keys.info(view); got != after {
		t.Fatalf("after the bytes changed to apiKez, cache says %+v, the rules %+v", got, after)
	}
}

// TestCleanCacheFindsWhatTheRulesFind: the walk's memory of short strings
// in which no rule finds anything changes no finding: a string met first
// where its name says nothing and then under a credential's name is still
// decided as a credential, secrets short enough to be held are found every
// time, and strings that share a slot push each other out.
func TestCleanCacheFindsWhatTheRulesFind(t *testing.T) {
	values := []string{
		"", "string", "object", "assistant", "tool_use", "claude-opus-4-1", "call_0", "call_1",
		"hunter2", "Xk9#mQ2$vL7pW4zR", "s3cr3t-Pa55w0rd!x", "changeme", "AKIA" + "QX3B7KZP9MVLT2WD",
		"Bearer abcdefghij0123456789xyz", "Basic dXNlcjpwYXNzd29yZA==", "8f14e45fceea167a5a36dedd4bea2543",
		"é東京", "a b", "==", "://user:pw@host",
	}
	for i := range 700 {
		values = append(values, fmt.Sprintf("tool_%d", i), fmt.Sprintf("Zq%dxW9vK2mP7rT4", i))
	}
	// Long strings that share their length, first and last bytes (and so
	// their slot), one of them with a key in the middle; and strings just
	// within and beyond the longest the memo holds.
	clean := "Page the on-call engineer " + strings.Repeat("of the team ", 20) + "now."
	body := "aB3dE5fG7hJ9kL1mN3pQ5rS7tV9wX1"
	key := "ghp_" + body + detect.GitHubChecksum(body)
	mid := len(clean) / 2
	withKey := clean[:mid] + " " + key + " " + clean[mid+len(key)+2:]
	values = append(values, clean, withKey, strings.Repeat("a", memoLen), strings.Repeat("a", memoLen+1),
		strings.Repeat("x ", memoLen/2-20)+key+" ", strings.Repeat("x ", memoLen/2-20)+"y"+key[1:]+" ")
	if len(withKey) != len(clean) || memoHash(withKey)>>40 != memoHash(clean)>>40 || len(stringMatches(withKey, detect.KeyNone, nil)) == 0 {
		t.Fatal("the two long strings must share a slot, and one hold a key, for the test to hold")
	}
	kinds := []detect.KeyKind{detect.KeyNone, detect.KeyNone, detect.KeyCredential, detect.KeyToken,
		detect.KeyAuthorization, detect.KeyDockerAuth, detect.KeyAWSSecret, detect.KeyVendor, detect.KeyK8sData, detect.KeyK8sString}
	var got []Finding
	w := newWalker(func(f Finding) { got = append(got, f) })
	defer w.release()
	r := rand.New(rand.NewPCG(28, 4))
	found := 0
	for range 30000 {
		s, k := values[r.IntN(len(values))], kinds[r.IntN(len(kinds))]
		got = got[:0]
		w.str(s, k)
		var want []Finding
		for _, m := range stringMatches(s, k, nil) {
			want = append(want, newFinding(s, m, false))
		}
		if len(got) != len(want) {
			t.Fatalf("%q under kind %d: %d findings, the rules %d", s, k, len(got), len(want))
		}
		for i := range got {
			if got[i].Rule != want[i].Rule || got[i].Hash != want[i].Hash || got[i].Redacted != want[i].Redacted {
				t.Fatalf("%q under kind %d: %+v, the rules %+v", s, k, got[i], want[i])
			}
		}
		found += len(got)
	}
	if found == 0 {
		t.Fatal("no finding at all: the values must hold secrets for the test to hold")
	}
}
