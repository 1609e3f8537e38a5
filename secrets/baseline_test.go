package secrets

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBaselineScopeAndRoundTrip(t *testing.T) {
	t.Parallel()
	fs := []Finding{
		{Path: "tapes/a.json", JSONPath: "entries.k[0].kwargs.api_key", Rule: RuleGeneric, Hash: hashOf("one"), Redacted: "o…"},
		{Path: "tapes/b.json", JSONPath: "entries.k[0].args[0]", Rule: RuleGeneric, Hash: hashOf("one")},
		{Path: ".dryfire/cassettes/s/c/00-k.json", JSONPath: "response.text", Rule: RuleJWT, Hash: hashOf("two")},
	}
	b := NewBaseline(fs[:2], "tapes")
	if len(b.Findings) != 1 || len(b.Findings[0].SeenIn) != 2 {
		t.Fatalf("one secret seen twice: %+v", b.Findings)
	}
	path := filepath.Join(t.TempDir(), DefaultBaselineFile)
	if err := WriteBaseline(path, b); err != nil {
		t.Fatal(err)
	}
	back, err := ReadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	moved := append([]Finding(nil), fs...)
	moved = append(moved, Finding{Path: "other/a.json", Rule: RuleGeneric, Hash: hashOf("one")})
	if n := back.Apply(moved); n != 2 || !moved[0].Suppressed || !moved[1].Suppressed || moved[2].Suppressed || moved[3].Suppressed {
		t.Fatalf("scoped baseline suppressed %d: %+v", n, moved)
	}
	if !NewBaseline(fs, "").Accepts(RuleJWT, hashOf("two"), "anywhere.json") {
		t.Fatal("an unscoped entry accepts anywhere")
	}
	if NewBaseline(fs, "").Accepts(RuleGeneric, hashOf("two"), "x") {
		t.Fatal("rule is part of the identity")
	}
}

// TestBaselineVersion1StillAccepts reads a baseline an older version
// wrote: it hashed a webhook URL without its scheme and reported secrets
// under credential names as generic-secret that a rule of their own finds
// now. Both stay accepted, in scans and in redactions, and writing the file
// back keeps their meaning.
func TestBaselineVersion1StillAccepts(t *testing.T) {
	t.Parallel()
	g := newGen(77)
	hookPath := "hooks.slack.com/services/T" + g.str(genUpper, 8) + "/B" + g.str(genUpper, 10) + "/" + g.str(genAlnum, 24)
	npm := "npm_" + g.str(genAlnum, 36)
	other := "npm_" + g.str(genAlnum, 36)
	v1 := fmt.Sprintf(`{"version": 1, "findings": [
  {"rule": "slack-webhook", "hash": %q},
  {"rule": "generic-secret", "hash": %q, "path": "tapes"}
]}`, hashOf(hookPath), hashOf(npm))
	path := filepath.Join(t.TempDir(), DefaultBaselineFile)
	if err := os.WriteFile(path, []byte(v1), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := ReadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := Obj(M("text", S("posted to https://"+hookPath+" done")), M("token", S(npm)), M("other", S(other)))
	var fs []Finding
	ScanValue(doc, "", func(f Finding) { f.Path = "tapes/chat.json"; fs = append(fs, f) })
	if len(fs) != 3 || fs[0].Rule != RuleSlackWebhook || fs[0].Hash != hashOf("https://"+hookPath) || fs[1].Rule != "npm-access-token" {
		t.Fatalf("findings %v", rules(fs))
	}
	if n := b.Apply(fs); n != 2 || !fs[0].Suppressed || !fs[1].Suppressed || fs[2].Suppressed {
		t.Fatalf("version 1 baseline suppressed %d: %v", n, fs)
	}
	red, n := RedactValue(doc, func(rule, hash string) bool { return b.Accepts(rule, hash, "tapes/chat.json") })
	if n != 1 || red.Field("text").Str() != doc.Field("text").Str() || red.Field("token").Str() != npm {
		t.Fatalf("redaction with the baseline replaced %d: %v", n, red)
	}
	if err := WriteBaseline(path, b); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), `"version": 2`) || strings.Count(string(data), `"legacy": true`) != 2 {
		t.Fatalf("written back:\n%s", data)
	}
	again, err := ReadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range fs {
		fs[i].Suppressed = false
	}
	if n := again.Apply(fs); n != 2 {
		t.Fatalf("after a round trip the baseline suppressed %d", n)
	}
	// Accepted anew, the secrets are entered under their rules of today.
	fresh := NewBaseline(fs[:2], "")
	if fresh.Findings[0].Legacy || fresh.Version != BaselineVersion {
		t.Fatalf("new entries %+v", fresh)
	}
	if fresh.Accepts(RuleGeneric, hashOf(npm), "x") {
		t.Fatal("a version 2 entry accepts another rule")
	}
}

func TestBaselineAddKeepsEntries(t *testing.T) {
	t.Parallel()
	b := NewBaseline([]Finding{{Path: "a.json", JSONPath: "x", Rule: RuleJWT, Hash: hashOf("one")}}, "")
	n := b.Add([]Finding{
		{Path: "b.json", JSONPath: "y", Rule: RuleJWT, Hash: hashOf("one")},
		{Path: "b.json", JSONPath: "z", Rule: RuleGeneric, Hash: hashOf("two")},
		NotScanned("c.json", fs.ErrPermission),
	}, "")
	if n != 1 || len(b.Findings) != 2 || len(b.Findings[0].SeenIn) != 2 {
		t.Fatalf("added %d: %+v", n, b.Findings)
	}
}

// TestBaselineLooksUpByHash accepts each of many findings with one look at
// the entries of its hash, in a baseline made, read back and added to:
// accepting n findings against n entries once cost n squared (80,000
// findings took 53 s).
func TestBaselineLooksUpByHash(t *testing.T) {
	t.Parallel()
	const n = 4000
	fs := make([]Finding, n)
	for i := range fs {
		fs[i] = Finding{Path: fmt.Sprintf("c/%d.json", i), JSONPath: "response.text", Rule: RuleAWSKeyID, Hash: hashOf(fmt.Sprint(i))}
	}
	path := filepath.Join(t.TempDir(), DefaultBaselineFile)
	if err := WriteBaseline(path, NewBaseline(fs[:n/2], "")); err != nil {
		t.Fatal(err)
	}
	b, err := ReadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	if added := b.Add(fs, ""); added != n/2 {
		t.Fatalf("added %d, want %d", added, n/2)
	}
	looked := 0
	for _, f := range fs {
		b.entriesOf(strings.ToUpper(f.Hash), func(BaselineEntry) bool { looked++; return false })
	}
	if looked != n {
		t.Errorf("%d entries looked at for %d findings, want one each", looked, n)
	}
	if got := b.Apply(append([]Finding(nil), fs...)); got != n {
		t.Errorf("accepted %d of %d", got, n)
	}
	// A baseline made by hand is looked through whole, and still decides.
	byHand := &Baseline{Version: BaselineVersion, Findings: []BaselineEntry{{Rule: RuleAWSKeyID, Hash: fs[7].Hash}}}
	if !byHand.AcceptsFinding(fs[7]) || byHand.AcceptsFinding(fs[8]) {
		t.Error("a baseline without an index decides otherwise")
	}
}

// TestBaselineOrder writes entries in the order of rule and hash joined, as
// baselines always have been, so that a rewritten file does not move
// entries a team reviewed.
func TestBaselineOrder(t *testing.T) {
	t.Parallel()
	rules := []string{"aws", "aws-secret", "aws-secret-access-key", "b", "a"}
	var fs []Finding
	for i, r := range rules {
		for _, h := range []string{"0", "f", "-", "z"} {
			fs = append(fs, Finding{Rule: r, Hash: strings.Repeat(h, 63) + fmt.Sprint(i%10)})
		}
	}
	b := NewBaseline(fs, "")
	for i := 1; i < len(b.Findings); i++ {
		x, y := b.Findings[i-1], b.Findings[i]
		if x.Rule+x.Hash > y.Rule+y.Hash {
			t.Errorf("%s %s before %s %s", x.Rule, x.Hash, y.Rule, y.Hash)
		}
	}
}
