package loaderdiff

import (
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// vectorsDir holds the golden vectors: documents the generator made, with
// what the real dryfire made of them (testdata/loaderdiff/README.md says
// how they were made).
const vectorsDir = "../../testdata/loaderdiff"

// TestVectorsAgreeWithDryfire loads every golden vector with this
// project's loader and checks that it agrees with dryfire's observation on
// every part: whether and where the file is refused, the loaded values and
// their Python types, the spec errors, and each case's settings,
// fingerprints, termination and error. Most vectors are documents the
// loader once read differently from dryfire; each is named
// class/part/document.
func TestVectorsAgreeWithDryfire(t *testing.T) {
	t.Parallel()
	vs, err := ReadVectors(vectorsDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) < 50 {
		t.Fatalf("only %d vectors in %s", len(vs), vectorsDir)
	}
	for _, v := range vs {
		t.Run(v.Name, func(t *testing.T) {
			t.Parallel()
			want, err := jsonv.Decode(v.Dryfire)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Observe(v.Doc, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range Compare(got, want) {
				if d.Part == "limit" {
					continue
				}
				t.Errorf("%s differs from dryfire:\n ours:    %s\n dryfire: %s", d.Part, d.Ours, d.Dryfire)
			}
		})
	}
}

// TestGenerateIsDeterministic: a document is a function of its seed and
// index, which is what lets a vector name a document.
func TestGenerateIsDeterministic(t *testing.T) {
	t.Parallel()
	for i := range 50 {
		a, b := Generate(9, i), Generate(9, i)
		if len(a.Files) != len(b.Files) || string(a.Files[SuiteFile]) != string(b.Files[SuiteFile]) || a.Class != b.Class {
			t.Fatalf("document %d differs between two generations", i)
		}
	}
	seen := map[string]bool{}
	for i := range 400 {
		seen[Generate(9, i).Class] = true
	}
	for _, c := range Classes {
		if !seen[c] {
			t.Errorf("class %s never generated in 400 documents", c)
		}
	}
}

// TestNamedCasesAgreeWithDryfire checks every hand-written case (Cases)
// against what the real dryfire made of it, recorded by `loaderdiff
// -cases -vectors testdata/loaderdiff/named`: whether and where the file
// is refused, the loaded values and their Python types, the spec errors,
// each case's settings, fingerprints, termination and error. A case added
// or changed without running that command fails here.
func TestNamedCasesAgreeWithDryfire(t *testing.T) {
	t.Parallel()
	vs, err := ReadVectors(vectorsDir + "/named")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]Vector{}
	for _, v := range vs {
		byName[v.Name] = v
	}
	for _, c := range Cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			v, ok := byName[c.Name]
			if !ok {
				t.Fatalf("no recorded vector for %s: run loaderdiff -cases (see testdata/loaderdiff/README.md)", c.Name)
			}
			want, err := jsonv.Decode(v.Dryfire)
			if err != nil {
				t.Fatal(err)
			}
			d := c.Doc()
			if !sameDoc(d, v.Doc) {
				t.Fatalf("the case changed since dryfire observed it: run loaderdiff -cases (see testdata/loaderdiff/README.md)")
			}
			got, err := Observe(d, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			for _, df := range Compare(got, want) {
				if df.Part == "limit" {
					continue
				}
				t.Errorf("%s (%s): %s differs from dryfire:\n ours:    %s\n dryfire: %s", c.Name, c.Why, df.Part, df.Ours, df.Dryfire)
			}
		})
	}
}

func sameDoc(a, b Doc) bool {
	if len(a.Files) != len(b.Files) || len(a.Env) != len(b.Env) || len(a.Calls) != len(b.Calls) {
		return false
	}
	for k, v := range a.Files {
		if string(b.Files[k]) != string(v) {
			return false
		}
	}
	for k, v := range a.Env {
		if w, ok := b.Env[k]; !ok || w != v {
			return false
		}
	}
	for i := range a.Calls {
		if a.Calls[i] != b.Calls[i] {
			return false
		}
	}
	return true
}
