package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// conflict writes git's conflict markers into a recording, around a copy
// of its first line that holds text: what a merge leaves. The file no longer
// decodes.
func conflict(t *testing.T, dir, rel, ours string) {
	t.Helper()
	path := filepath.Join(dir, filepath.FromSlash(rel))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "\n") + 1
	text = text[:i] + "<<<<<<< HEAD\n" + ours + "\n=======\n  \"note\": \"theirs\",\n>>>>>>> rerecord\n" + text[i:]
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSecretsFailClosed: a recording a merge conflict broke is scanned as
// text (its secret found, with its line) and listed; a recording that
// cannot be read is listed as not scanned. Both make secrets and check
// exit 1, and no baseline makes them pass.
func TestSecretsFailClosed(t *testing.T) {
	dir := copyProject(t, "project-A")
	key := fakeKey(7)
	conflict(t, dir, plantedCassette, `  "note": "`+key+`",`)

	out, errOut, code := runCmd(t, "secrets", dir)
	if code != 1 || !strings.Contains(out, plantedCassette+"\n  (whole file)  not-decoded\n") ||
		!strings.Contains(out, "  line 3  anthropic-api-key  sk-ant-api03-") || !strings.Contains(out, "1 file scanned as text only") {
		t.Fatalf("conflict: exit %d\n%s%s", code, out, errOut)
	}
	if strings.Contains(out+errOut, key[13:]) {
		t.Fatal("output holds the secret")
	}
	out, _, code = runCmd(t, "secrets", dir, "--json")
	var doc struct {
		Findings []struct {
			Path, Rule, Where string
			Line              int
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 1 || len(doc.Findings) != 2 ||
		doc.Findings[0].Rule != "not-decoded" || doc.Findings[1].Line != 3 {
		t.Fatalf("conflict --json: exit %d, %v\n%s", code, err, out)
	}

	// Accepting everything accepts the secret, never the broken file.
	base := filepath.Join(dir, ".dryfire-tui-secrets.json")
	if out, _, code = runCmd(t, "secrets", dir, "--write-baseline", base); code != 0 || !strings.Contains(out, "accepted 1 secret from") {
		t.Fatalf("write-baseline: exit %d\n%s", code, out)
	}
	out, _, code = runCmd(t, "secrets", dir)
	if code != 1 || !strings.Contains(out, "not-decoded") || strings.Contains(out, "anthropic-api-key") {
		t.Fatalf("with baseline: exit %d\n%s", code, out)
	}
	out, _, code = runCmd(t, "check", dir, "--skip", "replay,doctor,prune")
	if code != 1 || !strings.Contains(out, plantedCassette+"  (whole file)  not-decoded") {
		t.Fatalf("check: exit %d\n%s", code, out)
	}
}

// TestSecretsBrokenTape: a tape cut off mid-write is scanned as text.
func TestSecretsBrokenTape(t *testing.T) {
	dir := t.TempDir()
	key := fakeKey(9)
	tape := `{"version": 1, "name": "chat", "entries": {"204fa65b677b2cc8": [{"args": ["hi"], "kwargs": {"api_key": "` + key + `"}, "result": {"te`
	if err := os.MkdirAll(filepath.Join(dir, "tapes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tapes", "chat.json"), []byte(tape), 0o644); err != nil {
		t.Fatal(err)
	}
	// A sound tape beside it, for the directory to be one of tapes.
	if err := os.WriteFile(filepath.Join(dir, "tapes", "ok.json"), []byte(`{"version": 1, "name": "ok", "entries": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, "secrets", dir)
	if code != 1 || !strings.Contains(out, "tapes/chat.json\n  (whole file)  not-decoded\n") || !strings.Contains(out, "line 1  anthropic-api-key") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
}
