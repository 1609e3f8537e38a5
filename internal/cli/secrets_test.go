package cli

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
)

// fakeKey returns a generated Anthropic-shaped key (never a literal in the
// repository).
func fakeKey(seed uint64) string {
	const a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
	r := rand.New(rand.NewPCG(seed, seed))
	b := make([]byte, 93)
	for i := range b {
		b[i] = a[r.IntN(len(a))]
	}
	return "sk-ant-api03-" + string(b) + "AA"
}

// plantInDigest adds text to the system prompt of one cassette's request
// digest, keeping the file canonical.
func plantInDigest(t *testing.T, dir, rel, text string) {
	t.Helper()
	secrettest.EditCassette(t, dir, rel, func(body *jsonv.Value) {
		v := body.Field("request_digest")
		v.Set("system", jsonv.StringValue(v.Field("system").Str()+" "+text))
		body.Set("request_digest", v)
	})
}

const plantedCassette = ".dryfire/cassettes/travel_booking/no_flights_found/00-225140c869a31cc2.json"

func TestSecretsCommand(t *testing.T) {
	dir := copyProject(t, "project-A")
	out, _, code := runCmd(t, "secrets", dir)
	if code != 0 || !strings.Contains(out, "0 secrets in 0 of 42 files") {
		t.Fatalf("clean project: exit %d\n%s", code, out)
	}
	key := fakeKey(1)
	plantInDigest(t, dir, plantedCassette, "Use "+key+" for lookups.")

	out, errOut, code := runCmd(t, "secrets", dir)
	if code != 1 || !strings.Contains(out, plantedCassette) || !strings.Contains(out, "request_digest.system  anthropic-api-key") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	out, _, code = runCmd(t, "secrets", dir, "--json")
	var doc struct {
		Findings []struct {
			Path, JSONPath, Rule, Hash, Where string
		}
		Suppressed int
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 1 || len(doc.Findings) != 1 {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
	if strings.Contains(out+errOut, key[13:]) {
		t.Fatal("output holds the secret")
	}

	// Accept it in the default baseline: then the project is clean, and
	// the suppressed finding is counted.
	base := filepath.Join(dir, ".dryfire-tui-secrets.json")
	if out, _, code = runCmd(t, "secrets", dir, "--write-baseline", base); code != 0 {
		t.Fatalf("write-baseline: exit %d\n%s", code, out)
	}
	out, _, code = runCmd(t, "secrets", dir)
	if code != 0 || !strings.Contains(out, "1 suppressed by .dryfire-tui-secrets.json") {
		t.Fatalf("with baseline: exit %d\n%s", code, out)
	}
	if err := os.Remove(base); err != nil {
		t.Fatal(err)
	}

	// Redact: the secret is gone, replay still hits, the file is canonical.
	out, errOut, code = runCmd(t, "secrets", dir, "--redact")
	if code != 0 || !strings.Contains(out, "cannot change what tests see") || !strings.Contains(out, "hit before and after redaction") {
		t.Fatalf("redact: exit %d\n%s%s", code, out, errOut)
	}
	data, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(plantedCassette)))
	if strings.Contains(string(data), key) || !strings.Contains(string(data), "[REDACTED:anthropic-api-key]") {
		t.Fatal("not redacted")
	}
	if c, err := cassette.Decode(data); err != nil {
		t.Fatal(err)
	} else if again, _ := c.Encode(); string(again) != string(data) {
		t.Fatal("redacted file is not canonical")
	}
	if out, _, code = runCmd(t, "secrets", dir); code != 0 {
		t.Fatalf("after redact: exit %d\n%s", code, out)
	}
}

func TestSecretsUsage(t *testing.T) {
	if _, _, code := runCmd(t, "secrets", "a", "b"); code != 2 {
		t.Fatalf("two paths: exit %d", code)
	}
	if _, _, code := runCmd(t, "secrets", filepath.Join(t.TempDir(), "missing")); code != 2 {
		t.Fatalf("missing path: exit %d", code)
	}
}

// TestSecretsRedactInterruptedExits130 ends a redaction interrupted before
// or after its replay proof (the command tier's outcome Interrupted) with
// 130 and "interrupted" (the document has said which), and says both
// outcomes in the command's help.
func TestSecretsRedactInterruptedExits130(t *testing.T) {
	var stderr strings.Builder
	if code := exitCode(context.Background(), ended(command.Interrupted, context.Canceled), &stderr, nil); code != exitInterrupted || stderr.String() != "dryfire-tui: interrupted\n" {
		t.Errorf("exit %d, %q", code, stderr.String())
	}
	for _, want := range []string{"interrupted before the replay proof", "interrupted after the replay proof", "interrupted_after_proof"} {
		if !strings.Contains(secretsUsage, want) {
			t.Errorf("the help does not say %q", want)
		}
	}
}
