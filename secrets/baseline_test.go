package secrets

import (
	"path/filepath"
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
