package cassette

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
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

// leaveOutAll is a Repeats that leaves out every container it is shown.
type leaveOutAll struct{ seen int }

func (l *leaveOutAll) Wants(string) bool          { return true }
func (l *leaveOutAll) Known([]byte, bool) int     { return 0 }
func (l *leaveOutAll) Seen(_ []byte, _ bool) bool { l.seen++; return true }

// TestCheckFileOfABodyWithRepeatsLeftOut: doctor's checks of a file whose
// body was decoded with a Repeats (the digest's containers left out, as a
// store load that scans for secrets decodes them) are the checks of the
// whole body, on the real dryfire's cassettes and on each of them edited:
// out of dryfire's format (a trailing newline, compact, a repeated key),
// with a digest that no longer hashes to its key, ASCII or not.
func TestCheckFileOfABodyWithRepeatsLeftOut(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join(goldenDir, "project-*/.dryfire/cassettes/*/*/*.json"))
	if len(files) < 100 {
		t.Fatalf("%d cassettes", len(files))
	}
	r := &leaveOutAll{}
	check := func(p string, data []byte, repeats jsonv.Repeats) FileCheck {
		f := &StoreFile{Rel: "s/c/" + filepath.Base(p), Path: p}
		f.NameTurn, f.NameKey, f.NameOK = ParseName(filepath.Base(p))
		var fc FileCheck
		summariseShared(f, data, &Cassette{}, nil, repeats, false, func(f *StoreFile, c *Cassette, data []byte) {
			fc = CheckFile(f, c, data)
		})
		return fc
	}
	kinds := map[ProblemKind]int{}
	for i, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		variants := [][]byte{data}
		if i%4 == 0 {
			variants = append(variants,
				append(bytes.Clone(data), '\n'),
				bytes.Replace(data, []byte(`"role": "user"`), []byte(`"role": "usex"`), 1),
				bytes.Replace(data, []byte(`"role": "user", "content": "`), []byte(`"role": "user", "content": "café `), 1),
				bytes.Replace(data, []byte(`"content": "`), []byte(`"content": "naïve `), 1),
				bytes.Replace(data, []byte(`"request_digest": {`), []byte(`"request_digest": {"model": "x", `), 1))
			if body, err := jsonv.Decode(data); err == nil {
				if compact, err := jsonv.Encode(body, jsonv.EncodeOptions{SortKeys: true}); err == nil {
					variants = append(variants, compact)
				}
			}
		}
		for _, v := range variants {
			want, got := check(p, v, nil), check(p, v, r)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s (%d bytes): with the digest's containers left out\n%+v\nwhole\n%+v", p, len(v), got, want)
			}
			for _, pr := range want.Problems {
				kinds[pr.Kind]++
			}
		}
	}
	if r.seen < 1000 || kinds[ProblemFormat] < 50 || kinds[ProblemDigest] < 20 || kinds[ProblemDuplicate] < 10 {
		t.Fatalf("%d containers left out, problems by kind %v: too few to tell", r.seen, kinds)
	}
}
