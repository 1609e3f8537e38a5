package secrets

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"
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
