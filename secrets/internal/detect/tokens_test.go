package detect

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestHexDigestsAreNotPrefixedTokens: a hex digest whose first digits
// spell a token's prefix (EAAA of Square, EAAC of Facebook) is a digest,
// while a body of mixed case after the prefix is still a token.
func TestHexDigestsAreNotPrefixedTokens(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(26, 7))
	const alnumChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	for _, tc := range []struct {
		prefix, rule string
		n            int
	}{
		{"EAAA", "square-token", 60},
		{"EAAC", "facebook-page-token", 124},
		{"EAAG", "facebook-page-token", 124},
	} {
		digest := tc.prefix + strings.ToUpper(randFrom(r, hexDigits, tc.n))
		if ms := FindAll(digest, nil); len(ms) > 0 {
			t.Errorf("%s…: %s in an upper-case hex digest", tc.prefix, ms[0].Rule)
		}
		token := tc.prefix + randFrom(r, alnumChars, tc.n)
		if ms := FindAll(token, nil); len(ms) != 1 || ms[0].Rule != tc.rule {
			t.Errorf("%s…: got %v, want one %s", tc.prefix, ms, tc.rule)
		}
	}
}
