package gitreview

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

func reviewOf(t *testing.T, dir string) *Review {
	t.Helper()
	r, err := OpenReview(context.Background(), dir, []string{filepath.Join(dir, ".dryfire", "cassettes")})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// holds reports whether text holds a secret, or 8 characters of its random
// part in a row.
func holds(text string, secret string) bool {
	body := secret[len("sk-ant-api03-"):]
	for i := 0; i+8 <= len(body); i++ {
		if strings.Contains(text, body[i:i+8]) {
			return true
		}
	}
	return false
}

// TestReviewMasksAndGates: the summary and details mask the secrets (the
// revealed ones show them), the change lists the two it adds (not the one
// HEAD already had), and accept refuses it until the reviewer says yes.
func TestReviewMasksAndGates(t *testing.T) {
	ctx := context.Background()
	dir, rel, old, added := reviewtest.SecretRepo(t)
	r := reviewOf(t, dir)
	it, ok := r.Item(rel)
	if !ok {
		t.Fatal("no item")
	}
	shown := fmt.Sprint(it.Summary, it.Details, r.Document(false))
	revealedSummary, revealedDetails := it.Revealed()
	revealed := fmt.Sprint(revealedSummary, revealedDetails)
	for _, s := range append(old, added...) {
		if holds(shown, s) {
			t.Errorf("the summary shows a secret:\n%s", shown)
		}
		if !holds(revealed, s) {
			t.Errorf("the revealed summary lacks a secret")
		}
	}
	if !strings.Contains(shown, "[anthropic-api-key sk-ant-api03-") {
		t.Errorf("no mask in %s", shown)
	}
	if len(it.Secrets) != 2 || it.Secrets[0].Hash != hashOf(added[0]) && it.Secrets[1].Hash != hashOf(added[0]) {
		t.Fatalf("secrets %+v, want the two added", it.Secrets)
	}

	err := r.Accept(ctx, rel)
	var se *SecretsError
	if !errors.Is(err, ErrAddsSecrets) || !errors.As(err, &se) || len(se.Findings) != 2 || holds(err.Error(), added[0]) {
		t.Fatalf("accept: %v", err)
	}
	if staged := reviewtest.Git(t, dir, "diff", "--cached", "--name-only"); staged != "" {
		t.Fatalf("a refused change was staged: %q", staged)
	}
	if err := r.AcceptWithSecrets(ctx, rel); err != nil {
		t.Fatal(err)
	}
	if staged := reviewtest.Git(t, dir, "diff", "--cached", "--name-only"); !strings.Contains(staged, rel) {
		t.Fatalf("accept with secrets did not stage: %q", staged)
	}
}

// TestReviewAddToBaseline: the secrets a change adds go to the baseline,
// after which the change is accepted, and a new review finds the gate open.
func TestReviewAddToBaseline(t *testing.T) {
	ctx := context.Background()
	dir, rel, _, added := reviewtest.SecretRepo(t)
	r := reviewOf(t, dir)
	file, n, err := r.AddToBaseline(ctx, []string{rel})
	if err != nil || n != 2 || file != filepath.Join(dir, secrets.DefaultBaselineFile) {
		t.Fatalf("add: %s %d %v", file, n, err)
	}
	b, err := secrets.ReadBaseline(file)
	if err != nil || !b.Accepts("anthropic-api-key", hashOf(added[0]), rel) {
		t.Fatalf("baseline: %v %+v", err, b)
	}
	if it, _ := r.Item(rel); len(it.Secrets) != 0 {
		t.Fatalf("still gated: %+v", it.Secrets)
	}
	if err := r.Accept(ctx, rel); err != nil {
		t.Fatal(err)
	}
	if it, _ := reviewOf(t, dir).Item(rel); len(it.Secrets) != 0 {
		t.Fatal("a new review gates an accepted secret")
	}
}

func hashOf(s string) string {
	f := secrets.Finding{}
	secrets.ScanValue(jsonv.StringValue(s), "", func(x secrets.Finding) { f = x })
	return f.Hash
}

// TestReviewNameSecrets reviews a recording added in a directory named
// after a key: it adds the name's secret (accept refuses it), and the
// document shows the path masked unless revealed. A file that keeps a name the committed tree already had adds
// nothing.
func TestReviewNameSecrets(t *testing.T) {
	t.Parallel()
	dir := reviewtest.Repo(t)
	key := reviewtest.AnthropicKey()
	kept := ".dryfire/cassettes/" + key + "/kept/00-2222222222222222.json"
	reviewtest.WriteFile(t, filepath.Join(dir, kept), reviewtest.Recording("s", "kept", 0, "2222222222222222", "ok", nil, 100))
	reviewtest.Git(t, dir, "add", "-A")
	reviewtest.Git(t, dir, "commit", "-q", "-m", "record")
	reviewtest.WriteFile(t, filepath.Join(dir, kept), reviewtest.Recording("s", "kept", 0, "2222222222222222", "changed", nil, 100))
	rel := ".dryfire/cassettes/refund_agent/" + key + "/00-1111111111111111.json"
	reviewtest.WriteFile(t, filepath.Join(dir, rel), reviewtest.Recording("refund_agent", "c", 0, "1111111111111111", "ok", nil, 100))
	r := reviewOf(t, dir)
	it, ok := r.Item(rel)
	if !ok {
		t.Fatalf("no item %s", rel)
	}
	if len(it.Secrets) != 1 || it.Secrets[0].Name != secrets.InDirName || it.Secrets[0].Rule != secrets.RuleAnthropic {
		t.Fatalf("secrets %+v, want the directory's name", it.Secrets)
	}
	if k, _ := r.Item(kept); k == nil || len(k.Secrets) != 0 {
		t.Errorf("a file under a name already committed adds %+v", k)
	}
	if err := r.Accept(context.Background(), rel); !errors.Is(err, ErrAddsSecrets) || holds(err.Error(), key) {
		t.Errorf("Accept = %v, want it refused for the secret, masked", err)
	}
	text := fmt.Sprintf("%+v", *r.Document(false))
	if holds(text, key) || !strings.Contains(text, "[anthropic-api-key sk-ant-api03-") {
		t.Errorf("the document shows the key, or no mask:\n%s", text)
	}
	if !holds(fmt.Sprintf("%+v", *r.Document(true)), key) {
		t.Error("the revealed document hides the path")
	}
}
