package command

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
)

// TestRedactChanges: the review's redaction replaces the secrets the change adds,
// leaves the one HEAD already had, and lets the change be accepted.
func TestRedactChanges(t *testing.T) {
	ctx := context.Background()
	dir, rel, old, added := reviewtest.SecretRepo(t)
	r, err := gitreview.OpenReview(ctx, dir, []string{filepath.Join(dir, ".dryfire", "cassettes")})
	if err != nil {
		t.Fatal(err)
	}
	red, err := RedactChanges(ctx, r, []string{rel})
	if err != nil || len(red.Files) != 1 || red.Files[0].Replaced != 2 {
		t.Fatalf("redact: %+v %v", red, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range added {
		if strings.Contains(string(data), s) {
			t.Fatal("an added secret is still in the file")
		}
	}
	if !strings.Contains(string(data), old[0]) || strings.Count(string(data), "[REDACTED:anthropic-api-key]") != 2 {
		t.Fatalf("redacted file:\n%s", data)
	}
	if it, _ := r.Item(rel); len(it.Secrets) != 0 {
		t.Fatalf("still gated after redaction: %+v", it.Secrets)
	}
	if err := r.Accept(ctx, rel); err != nil {
		t.Fatal(err)
	}
}
