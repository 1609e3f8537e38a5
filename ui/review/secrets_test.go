package review

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// secretFixture is the review fixture whose edited answer leaks a key.
func secretFixture(t *testing.T) (uitest.Fixture, string) {
	t.Helper()
	f := uitest.NewFixture(t)
	key := "sk-ant-api03-" + secrettest.New(5).Alnum(93) + "AA"
	uitest.WriteFile(t, f.Dir, uitest.PModified, uitest.Recording("refund_agent", "parallel_lookups", 1, "2222222222222222", "Debug key "+key, 170))
	return f, key
}

// TestReviewAcceptAsksForSecrets: a change that adds a secret carries the
// secret glyph; a asks first, naming the rule and the mask, and stages it
// only on yes.
func TestReviewAcceptAsksForSecrets(t *testing.T) {
	f, key := secretFixture(t)
	m := reviewSelect(t, newPage(t, f, 140, 40), uitest.PModified)
	if scr := screenText(m); !strings.Contains(scr, "2222222222 ⚠") || strings.Contains(scr, key[13:40]) {
		t.Fatalf("no secret glyph, or the key on screen:\n%s", scr)
	}
	m = keys(t, m, "a")
	scr := screenText(m)
	if !strings.Contains(scr, "Accept a change that adds secrets?") || !strings.Contains(scr, "anthropic-api-key [anthropic-api-key sk-ant-api03-") {
		t.Fatalf("no question naming the rule:\n%s", scr)
	}
	m = keys(t, m, "n")
	if strings.Contains(f.Git(t, "diff", "--cached", "--name-only"), uitest.PModified) {
		t.Fatal("staged on no")
	}
	m = keys(t, m, "a", "y")
	if !strings.Contains(f.Git(t, "diff", "--cached", "--name-only"), uitest.PModified) {
		t.Fatalf("not staged on yes:\n%s", screenText(m))
	}
}

// TestReviewRedactAndBaseline: d redacts the secret in place after asking
// (the glyph goes, the file holds the placeholder), b adds another's to the
// baseline.
func TestReviewRedactAndBaseline(t *testing.T) {
	f, key := secretFixture(t)
	m := reviewSelect(t, newPage(t, f, 140, 40), uitest.PModified)
	m = keys(t, m, "d")
	if scr := screenText(m); !strings.Contains(scr, "Redact these secrets in place?") {
		t.Fatalf("d does not ask:\n%s", scr)
	}
	m = keys(t, m, "y")
	data, _ := f.Read(t, uitest.PModified)
	if strings.Contains(data, key) || !strings.Contains(data, "[REDACTED:anthropic-api-key]") {
		t.Fatalf("not redacted:\n%s", data)
	}
	if scr := screenText(m); strings.Contains(scr, "2222222222 ⚠") || !strings.Contains(scr, "redacted 1 secret in 1 file") {
		t.Fatalf("after redaction:\n%s", scr)
	}
	m = keys(t, m, "a")
	if !strings.Contains(f.Git(t, "diff", "--cached", "--name-only"), uitest.PModified) {
		t.Fatalf("a does not stage the redacted change:\n%s", screenText(m))
	}

	g, key2 := secretFixture(t)
	m = reviewSelect(t, newPage(t, g, 140, 40), uitest.PModified)
	m = keys(t, m, "b", "y")
	b, err := secrets.ReadBaseline(filepath.Join(g.Dir, secrets.DefaultBaselineFile))
	if err != nil || len(b.Findings) != 1 || b.Findings[0].Rule != "anthropic-api-key" {
		t.Fatalf("baseline: %v %+v", err, b)
	}
	if data, _ := os.ReadFile(filepath.Join(g.Dir, filepath.FromSlash(uitest.PModified))); !strings.Contains(string(data), key2) {
		t.Fatal("b changed the recording")
	}
	if scr := screenText(m); strings.Contains(scr, "2222222222 ⚠") {
		t.Fatalf("the glyph stays after b:\n%s", scr)
	}
}

// TestSecretDialogKeysDoWhatItSays: the dialog that asks before accepting
// a change that adds secrets says d redacts them and b accepts them as
// known fakes, and those keys do that from inside it: each opens its own
// dialog, and y there redacts (or writes the baseline).
func TestSecretDialogKeysDoWhatItSays(t *testing.T) {
	f, key := secretFixture(t)
	m := reviewSelect(t, newPage(t, f, 140, 40), uitest.PModified)
	m = keys(t, m, "a")
	if line := lastLineOf(screenText(m)); !strings.Contains(line, "d redact instead") || !strings.Contains(line, "b baseline instead") {
		t.Errorf("the key line does not offer d and b: %q", line)
	}
	m = keys(t, m, "d")
	if scr := screenText(m); !strings.Contains(scr, "Redact these secrets in place?") {
		t.Fatalf("d in the accept dialog does not ask to redact:\n%s", scr)
	}
	keys(t, m, "y")
	if data, _ := f.Read(t, uitest.PModified); strings.Contains(data, key) || !strings.Contains(data, "[REDACTED:anthropic-api-key]") {
		t.Fatalf("not redacted:\n%s", data)
	}
	if strings.Contains(f.Git(t, "diff", "--cached", "--name-only"), uitest.PModified) {
		t.Error("d staged the change")
	}

	g, _ := secretFixture(t)
	m = reviewSelect(t, newPage(t, g, 140, 40), uitest.PModified)
	m = keys(t, m, "a", "b")
	if scr := screenText(m); !strings.Contains(scr, "Accept these secrets as known fakes?") {
		t.Fatalf("b in the accept dialog does not ask for the baseline:\n%s", scr)
	}
	keys(t, m, "y")
	if b, err := secrets.ReadBaseline(filepath.Join(g.Dir, secrets.DefaultBaselineFile)); err != nil || len(b.Findings) != 1 {
		t.Fatalf("baseline: %v %+v", err, b)
	}
}

func lastLineOf(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}
