package detect

import (
	"strings"
	"testing"
)

// TestCredentialTailAgreesWithEndings holds the packed three-letter check
// to the endings it stands for: every name that normalizes to one of
// credentialEndings passes it, whatever its case and separators, and a
// name whose last three letters end none of them does not.
func TestCredentialTailAgreesWithEndings(t *testing.T) {
	tails := map[string]bool{}
	for _, e := range credentialEndings {
		tails[e[len(e)-3:]] = true
		for _, name := range []string{e, strings.ToUpper(e), "x_" + e, "X-" + strings.ToUpper(e[:1]) + e[1:], e[:1] + "." + e[1:] + " "} {
			if !credentialTail(name) {
				t.Errorf("credentialTail(%q) = false, want true", name)
			}
		}
	}
	for _, name := range []string{"", "ke", "k-y", "model", "content", "role", "messages", "KEYS", "tokens", "a_b_c", "passes", "\x00ey", "wordy"} {
		norm := strings.ToLower(strings.NewReplacer("-", "", "_", "", ".", "", " ", "").Replace(name))
		want := len(norm) >= 3 && tails[norm[len(norm)-3:]]
		if got := credentialTail(name); got != want {
			t.Errorf("credentialTail(%q) = %v, want %v", name, got, want)
		}
	}
}
