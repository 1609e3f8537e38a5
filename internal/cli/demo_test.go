package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// TestDemoShowsEveryStatus materialises the demo and checks that its
// recordings cover every status the browser is meant to show, and that the
// fake secret is generated, found, and absent from the repository copy.
func TestDemoShowsEveryStatus(t *testing.T) {
	root, err := materializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w, err := scan.Open(context.Background(), root, scan.Options{Secrets: true})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	secretsFound := 0
	for _, r := range w.Recordings {
		seen[r.Status.String()]++
		secretsFound += r.Secrets
	}
	for _, want := range []string{"live", "stale", "superseded", "orphaned case", "in use", "protected", "invalid", "ok", "key mismatch", "error entry"} {
		if seen[want] == 0 {
			t.Errorf("no %q recording in the demo; got %v", want, seen)
		}
	}
	if secretsFound == 0 {
		t.Errorf("the demo's fake secret was not found")
	}
	if len(w.Stale) == 0 || len(w.Stale[0].Result.Changes) == 0 {
		t.Errorf("the stale recording has no diff: %+v", w.Stale)
	}
	t.Logf("statuses: %v, secrets: %d", seen, secretsFound)
}

func TestDemoRepositoryHoldsNoSecret(t *testing.T) {
	err := filepath.WalkDir("examples/demo", func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		secrets.ScanValue(mustJSON(data), "", func(f secrets.Finding) {
			t.Errorf("%s: %s at %s", p, f.Rule, f.JSONPath)
		})
		if strings.Contains(string(data), "AKIA") {
			t.Errorf("%s holds an AWS-shaped key", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// mustJSON decodes data, or wraps non-JSON text as one string.
func mustJSON(data []byte) jsonv.Value {
	v, err := jsonv.Decode(data)
	if err != nil {
		return jsonv.StringValue(string(data))
	}
	return v
}
