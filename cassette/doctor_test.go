package cassette

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonbytes"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// TestDigestKeyFromBytesIsDryfires: the key of a request digest hashed from
// the bytes of a cassette in dryfire's format is the one hashed from the
// decoded digest, and for the cassettes dryfire wrote, the key in their
// names.
func TestDigestKeyFromBytesIsDryfires(t *testing.T) {
	t.Parallel()
	fromBytes := 0
	err := filepath.WalkDir(goldenDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") || !strings.Contains(p, ".dryfire") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		c, err := Decode(data)
		if err != nil || c.RequestDigest.Kind != jsonv.Object || !c.RequestDigest.Has("params") {
			return nil //nolint:nilerr // not a cassette with a complete digest
		}
		formatted, compact, found := jsonbytes.IsDryfireEncodingCompact(data, "request_digest", nil)
		if !formatted || !found {
			return nil
		}
		want, err := FingerprintRequest(c.RequestDigest)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		got, err := digestKey(c.RequestDigest, compact)
		if err != nil || got != want {
			t.Errorf("%s: digest key from bytes %s (%v), want %s", p, got, err, want)
		}
		if _, key, ok := ParseName(filepath.Base(p)); ok && !strings.Contains(p, "fingerprint-mismatch") {
			if fp, _, _ := ParseStorageKey(key); got != fp {
				t.Errorf("%s: digest key from bytes %s, dryfire's name says %s", p, got, key)
			}
		}
		fromBytes++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fromBytes < 100 {
		t.Fatalf("only %d digests hashed from their bytes", fromBytes)
	}
}

// TestCheckFileOfAFileInDryfiresFormat: a file that is in dryfire's format
// and one that is not, and a digest changed in a file still in the format,
// are told apart as the encoder tells them apart.
func TestCheckFileOfAFileInDryfiresFormat(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join(goldenDir, "project-A/.dryfire/cassettes/*/*/*.json"))
	if len(files) == 0 {
		t.Fatal("no cassettes")
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	check := func(data []byte) []Problem {
		f := &StoreFile{Rel: "s/c/" + filepath.Base(files[0]), Path: files[0]}
		f.NameTurn, f.NameKey, f.NameOK = ParseName(filepath.Base(files[0]))
		var problems []Problem
		summariseScoped(f, data, &Cassette{}, false, func(f *StoreFile, c *Cassette, data []byte) {
			problems = CheckFile(f, c, data).Problems
		})
		return problems
	}
	if ps := check(data); len(ps) != 0 {
		t.Fatalf("dryfire's own file: %+v", ps)
	}
	if ps := check(append(bytes.Clone(data), '\n')); len(ps) != 1 || ps[0].Kind != ProblemFormat || !ps[0].Fixable {
		t.Fatalf("a trailing newline: %+v", ps)
	}
	// The same length, still in the format: only the digest's key tells.
	i := bytes.Index(data, []byte(`"role": "user"`))
	if i < 0 {
		t.Fatal("no user message")
	}
	edited := bytes.Clone(data)
	copy(edited[i:], `"role": "usex"`)
	if !jsonbytes.IsDryfireEncoding(edited, nil) {
		t.Fatal("the edit left dryfire's format")
	}
	if ps := check(edited); len(ps) != 1 || ps[0].Kind != ProblemDigest {
		t.Fatalf("an edited digest: %+v", ps)
	}
}
