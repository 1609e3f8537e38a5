package detect

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// pairs is n AWS access key ids, each beside a 40-character secret, in
// one string, as pasted credentials look.
func pairs(n int) string {
	r := rand.New(rand.NewPCG(1, 2))
	draw := func(alphabet string, k int) string {
		b := make([]byte, k)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	var b strings.Builder
	for range n {
		b.WriteString("AKIA" + draw("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16) + " ")
		b.WriteString(draw("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 40) + "\n")
	}
	return b.String()
}

// TestSecretsNearKeyIDsIsLinear finds the secrets beside n and 4n key ids
// in one string and counts the matches each secret is compared with: 4
// times the pairs must cost about 4 times the comparisons, not 16 (as
// when each secret was compared with every match before it). The count is
// of steps, not time, so that the test is the same on any machine.
func TestSecretsNearKeyIDsIsLinear(t *testing.T) {
	count := func(n int) int {
		steps := 0
		testOnlyNearSteps = func(k int) { steps += k }
		defer func() { testOnlyNearSteps = nil }()
		ms := FindAll(pairs(n), nil)
		ids, secrets := 0, 0
		for _, m := range ms {
			switch m.Rule {
			case RuleAWSKeyID:
				ids++
			case RuleAWSSecret:
				secrets++
			}
		}
		if ids != n || secrets < n*9/10 {
			t.Fatalf("%d pairs: %d key ids and %d secrets found", n, ids, secrets)
		}
		return steps
	}
	small, large := count(500), count(2000)
	if ratio := float64(large) / float64(small); ratio > 5 {
		t.Errorf("%d comparisons for 500 pairs, %d for 2000: %.1f times, want about 4", small, large, ratio)
	}
}
