package workspace

import (
	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// countSecrets counts the secrets in a cassette.
func countSecrets(rel string, c *cassette.Cassette) int {
	n := 0
	for _, f := range secrets.ScanCassette(rel, c) {
		if !f.Suppressed {
			n++
		}
	}
	return n
}
