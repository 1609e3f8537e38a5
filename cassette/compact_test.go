package cassette

import (
	"context"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// within reports whether s's bytes are part of t's.
func within(s, t string) bool {
	if s == "" {
		return true
	}
	sp, tp := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(t)))
	return sp >= tp && sp+uintptr(len(s)) <= tp+uintptr(len(t))
}

// TestStoreFilesShareStrings: a loaded store keeps no second copy of what
// its files have alike: Rel is part of Path, the fingerprint is the file
// name's key, a suite or case is the name of its directory when the two
// are the same, and otherwise (dryfire's directories add a hash to the
// name) it is one string for every file of it, as the provider and the
// model are.
func TestStoreFilesShareStrings(t *testing.T) {
	t.Parallel()
	s, err := LoadStore(context.Background(), projectACassettes, jsonFiles(projectACassettes), LoadOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]*byte{}
	shared := func(f *StoreFile, what, v string) {
		if within(v, f.Path) {
			return
		}
		if p, ok := seen[v]; ok && p != unsafe.StringData(v) {
			t.Errorf("%s: %s %q is a copy of another file's", f.Rel, what, v)
		}
		seen[v] = unsafe.StringData(v)
	}
	for _, f := range s.Files {
		if !within(f.Rel, f.Path) || !within(f.Fingerprint, f.Path) {
			t.Errorf("%s: Rel or Fingerprint is a copy of the path's bytes", f.Rel)
		}
		shared(f, "suite", f.Suite)
		shared(f, "case", f.Case)
		shared(f, "provider", f.Provider)
		shared(f, "model", f.Model)
	}
	if len(seen) < 3 {
		t.Errorf("%d names shared, want the suites, cases, provider and model", len(seen))
	}
}

// TestSchemaVersionKept: a file's schema_version is what its body says,
// 1 or not, and outlives the load's scratch space.
func TestSchemaVersionKept(t *testing.T) {
	t.Parallel()
	root := writeTree(t, map[string]string{
		"s/c/00-" + testKey + ".json":    body("1", `"`+testKey+`"`, response("a")),
		"s/c/01-" + testKey + "#1.json":  body(`[2, {"v": 3}]`, `"`+testKey+`#1"`, response("b")),
		"s/c/02-" + testKey + "#2.json":  `{"fingerprint": "` + testKey + `#2", "response": ` + response("c") + `}`,
		"s/c/03-" + testKey + "#3.json":  body("1.0", `"`+testKey+`#3"`, response("d")),
		"s/c/04-" + testKey + "#4.json":  body("null", `"`+testKey+`#4"`, response("e")),
		"s/c/05-" + testKey + "#5.json":  body(`"1"`, `"`+testKey+`#5"`, response("f")),
		"s/c/06-" + testKey + "#6.json":  body("10000000000000000000001", `"`+testKey+`#6"`, response("g")),
		"s/c/07-" + testKey + "#7.json":  body("[]", `"`+testKey+`#7"`, response("h")),
		"s/c/08-" + testKey + "#8.json":  body("{}", `"`+testKey+`#8"`, response("i")),
		"s/c/09-" + testKey + "#9.json":  body("true", `"`+testKey+`#9"`, response("j")),
		"s/c/10-" + testKey + "#10.json": body("-1", `"`+testKey+`#10"`, response("k")),
		"s/c/11-" + testKey + "#11.json": body(`{"a": [1, 2]}`, `"`+testKey+`#11"`, response("l")),
	})
	want := map[string]string{"00": "1", "01": `[2,{"v":3}]`, "02": "null", "03": "1.0", "04": "null", "05": `"1"`,
		"06": "10000000000000000000001", "07": "[]", "08": "{}", "09": "true", "10": "-1", "11": `{"a":[1,2]}`}
	for _, opts := range []LoadOptions{{Workers: 1}, {Workers: 1, OnFile: func(*StoreFile, *Cassette, []byte) {}}} {
		s, err := LoadStore(context.Background(), root, jsonFiles(root), opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range s.Files {
			got, err := jsonv.Encode(f.SchemaVersion(), jsonv.EncodeOptions{})
			if err != nil || string(got) != want[filepath.Base(f.Rel)[:2]] {
				t.Errorf("%s: schema_version %s (%v), want %s", f.Rel, got, err, want[filepath.Base(f.Rel)[:2]])
			}
		}
	}
}

// TestReleaseServed: a store whose served responses were dropped still
// finds every file it found, and reads their responses from the files.
func TestReleaseServed(t *testing.T) {
	t.Parallel()
	s, err := LoadStore(context.Background(), projectACassettes, jsonFiles(projectACassettes), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	served := map[*StoreFile]Response{}
	for _, f := range s.Files {
		if f.Served == nil {
			t.Fatalf("%s: no served response after the load", f.Rel)
		}
		served[f] = *f.Served
	}
	s.ReleaseServed()
	for _, f := range s.Files {
		got, err := s.Lookup(f.NameKey)
		if err != nil || got != f || f.Served != nil {
			t.Errorf("Lookup(%s) = %v, %v after ReleaseServed (served %v)", f.NameKey, got, err, f.Served)
			continue
		}
		c, err := s.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := ParseResponse(c.Response)
		if err != nil || !jsonv.Equal(r.Text, served[f].Text) || len(r.ToolCalls) != len(served[f].ToolCalls) || r.Usage != served[f].Usage {
			t.Errorf("%s: read back %+v, served %+v", f.Rel, r, served[f])
		}
	}
}

// TestReadDigestIsRead: ReadDigest gives the request_digest Read gives,
// and fails where Read fails, with its error.
func TestReadDigestIsRead(t *testing.T) {
	t.Parallel()
	root := writeTree(t, map[string]string{
		"s/c/00-" + testKey + ".json":   body("1", `"`+testKey+`"`, response("a")),
		"s/c/01-" + testKey + "#1.json": `{"request_digest": {"messages": [{"content": "h\u00e9", "n": 1.50}]}, "x": [1]}`,
		"s/c/02-" + testKey + "#2.json": `[1, 2]`,
		"s/c/03-" + testKey + "#3.json": "{\"request_digest\": \"\xff\"}",
		"s/c/04-" + testKey + "#4.json": `{"request_digest": {"a": 1,}`,
		"s/c/05-" + testKey + "#5.json": `{"request_digest": {"a": NaN}}`,
		"s/c/06-" + testKey + "#6.json": `{"request_digest": {"k\u00e9y": ["\n\t\"x\"", "\ud83d\ude00 long enough to matter"]}}`,
		"s/c/07-" + testKey + "#7.json": `{"request_digest": {"other": ["\u0041\u0042\u0043\u0044\u0045\u0046\u0047\u0048 overwrite"]}}`,
	})
	s, err := LoadStore(context.Background(), root, jsonFiles(root), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	golden, err := LoadStore(context.Background(), projectACassettes, jsonFiles(projectACassettes), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Every digest is compared once all are read: what one read lends
	// must not change with the next.
	type read struct {
		f      *StoreFile
		digest jsonv.Value
		want   *Cassette
	}
	var reads []read
	failed := 0
	for _, st := range []*Store{s, golden} {
		for _, f := range st.Files {
			c, rerr := st.Read(f)
			d, derr := st.ReadDigest(f)
			switch {
			case (rerr == nil) != (derr == nil) || rerr != nil && rerr.Error() != derr.Error():
				t.Errorf("%s: Read fails with %v, ReadDigest with %v", f.Rel, rerr, derr)
			case rerr != nil:
				failed++
			default:
				reads = append(reads, read{f, d, c})
			}
		}
	}
	for _, r := range reads {
		if !jsonv.Equal(r.digest, r.want.RequestDigest) {
			t.Errorf("%s: ReadDigest %v, Read's digest %v", r.f.Rel, r.digest, r.want.RequestDigest)
		}
	}
	if failed != 4 {
		t.Errorf("%d reads failed, want 4", failed)
	}
}
