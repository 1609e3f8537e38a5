package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitProject copies a golden project into a git repository with
// everything committed.
func gitProject(t *testing.T, name string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := copyProject(t, name)
	for _, args := range [][]string{
		{"init", "-q", "-b", "main"}, {"config", "user.email", "test@example.com"}, {"config", "user.name", "test"},
		{"config", "commit.gpgsign", "false"}, {"add", "-A"}, {"commit", "-q", "-m", "record"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dir
}

func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// TestReviewGate: the review lists the change with its secret masked and
// marked, --accept refuses it, --redact makes it acceptable with the replay
// proof; --add-to-baseline accepts a known fake; --allow-secrets accepts as
// is.
func TestReviewGate(t *testing.T) {
	dir := gitProject(t, "project-A")
	key := fakeKey(21)
	plantInResponse(t, dir, plantedCassette, "Debug key "+key+".")
	file := filepath.Join(dir, filepath.FromSlash(plantedCassette))

	out, errOut, code := runCmd(t, "review", dir, "--json")
	var doc struct {
		Changes []struct {
			Path    string
			Summary []string
			Secrets []struct{ Rule, Hash string }
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 || len(doc.Changes) != 1 || len(doc.Changes[0].Secrets) != 1 ||
		doc.Changes[0].Secrets[0].Rule != "anthropic-api-key" {
		t.Fatalf("review --json: exit %d, %v\n%s%s", code, err, out, errOut)
	}
	text, _, _ := runCmd(t, "review", dir)
	if strings.Contains(out+text, key[13:30]) || !strings.Contains(text, "[adds 1 secret]") || !strings.Contains(out, "[anthropic-api-key sk-ant-api03-") {
		t.Fatalf("review masks and marks:\n%s\n%s", text, out)
	}
	if revealed, _, _ := runCmd(t, "review", dir, "--json", "--reveal"); !strings.Contains(revealed, key) {
		t.Fatalf("review --reveal lacks the secret:\n%s", revealed)
	}

	out, errOut, code = runCmd(t, "review", "--accept", file)
	if code != 1 || !strings.Contains(errOut, "adds 1 secret: [anthropic-api-key sk-ant-api03-") || !strings.Contains(errOut, "--allow-secrets") ||
		strings.Contains(errOut, key[13:30]) || gitOut(t, dir, "diff", "--cached", "--name-only") != "" {
		t.Fatalf("accept: exit %d\n%s%s", code, out, errOut)
	}

	out, errOut, code = runCmd(t, "review", "--redact", "--accept", file)
	data, _ := os.ReadFile(file)
	if code != 0 || !strings.Contains(out, "redacted 1 secret in "+plantedCassette) || !strings.Contains(out, "hit before and after redaction") ||
		!strings.Contains(out, "accepted "+plantedCassette) || strings.Contains(string(data), key) {
		t.Fatalf("redact and accept: exit %d\n%s%s", code, out, errOut)
	}
	if !strings.Contains(gitOut(t, dir, "diff", "--cached", "--name-only"), plantedCassette) {
		t.Fatal("not staged")
	}
}

func TestReviewAddToBaselineAndAllow(t *testing.T) {
	dir := gitProject(t, "project-A")
	plantInResponse(t, dir, plantedCassette, "Debug key "+fakeKey(22)+".")
	file := filepath.Join(dir, filepath.FromSlash(plantedCassette))
	out, errOut, code := runCmd(t, "review", "--add-to-baseline", "--accept", file)
	if code != 0 || !strings.Contains(out, "accepted 1 new secret of 1 file in .dryfire-tui-secrets.json") || !strings.Contains(out, "accepted "+plantedCassette) {
		t.Fatalf("add to baseline: exit %d\n%s%s", code, out, errOut)
	}
	if out, _, code := runCmd(t, "secrets", dir); code != 0 || !strings.Contains(out, "1 suppressed") {
		t.Fatalf("the baseline does not accept it: exit %d\n%s", code, out)
	}

	other := ".dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json"
	plantInResponse(t, dir, other, "Debug key "+fakeKey(23)+".")
	out, errOut, code = runCmd(t, "review", "--accept", "--allow-secrets", filepath.Join(dir, filepath.FromSlash(other)))
	if code != 0 || !strings.Contains(out, "accepted "+other+" (modified, with 1 secret)") {
		t.Fatalf("allow secrets: exit %d\n%s%s", code, out, errOut)
	}
	if _, errOut, code := runCmd(t, "review", "--allow-secrets", dir); code != 2 || !strings.Contains(errOut, "--allow-secrets goes with --accept") {
		t.Fatalf("allow without accept: exit %d %s", code, errOut)
	}
}
