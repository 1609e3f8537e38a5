package command

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestScanReadsTapesWithNaN: a tape written by cassette-fn's Python
// port with bare NaN tokens is not strict JSON, but it is a tape and its
// secrets are found.
func TestScanReadsTapesWithNaN(t *testing.T) {
	secret := "hf_" + randomAlnum(7, 34)
	tape := `{
  "version": 1,
  "name": "nan",
  "entries": {
    "204fa65b677b2cc8": [
      {
        "args": [
          NaN
        ],
        "kwargs": {
          "token": "` + secret + `"
        },
        "result": 1
      }
    ]
  }
}`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "nan.json"), []byte(tape), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := scanSecrets(context.Background(), Env{}, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Findings) != 1 || r.Findings[0].Hash != sha256Hex(secret) {
		t.Fatalf("findings %+v, want the planted hf_ token", r.Findings)
	}
	if r.Findings[0].JSONPath != "entries.204fa65b677b2cc8[0].kwargs.token" {
		t.Errorf("json path %q", r.Findings[0].JSONPath)
	}
}

// randomAlnum returns n letters and digits drawn from seed: planted secrets
// are made at test time, never kept as literals in the repository.
func randomAlnum(seed uint64, n int) string {
	const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	r := rand.New(rand.NewPCG(seed, seed))
	b := make([]byte, n)
	for i := range b {
		b[i] = alnum[r.IntN(len(alnum))]
	}
	return string(b)
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
