package cassette

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/pathlib"
)

// TestStoreLookupGoldenReplays reproduces every cassette visit of dryfire's
// replays of project-K (a schema_version bumped to 2) and project-L (a body
// fingerprint edited, a file renamed): each hit is found, each miss is not.
func TestStoreLookupGoldenReplays(t *testing.T) {
	t.Parallel()
	for _, project := range []string{"project-K-schema-version-bumped", "project-L-fingerprint-mismatch"} {
		t.Run(project, func(t *testing.T) {
			t.Parallel()
			s, err := LoadStore(context.Background(), filepath.Join(goldenDir, project, ".dryfire/cassettes"), jsonFiles(filepath.Join(goldenDir, project, ".dryfire/cassettes")), LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			replay := readGoldenJSON(t, project+"/expected-replay.json")
			hits, misses := 0, 0
			for _, c := range replay.Field("cases").Items {
				for _, rep := range c.Field("repetitions").Items {
					for _, v := range rep.Field("cassette_visits").Items {
						key, outcome := v.Field("key").Str(), v.Field("outcome").Str()
						f, err := s.Lookup(key)
						if err != nil {
							t.Errorf("Lookup(%s): %v", key, err)
							continue
						}
						switch outcome {
						case "hit":
							hits++
							if f == nil {
								t.Errorf("%s::%s: Lookup(%s) missed, dryfire hit", c.Field("suite").Str(), c.Field("case").Str(), key)
							}
						case "miss":
							misses++
							if f != nil {
								t.Errorf("%s::%s: Lookup(%s) hit %s, dryfire missed", c.Field("suite").Str(), c.Field("case").Str(), key, f.Rel)
							}
						default:
							t.Fatalf("unknown outcome %q", outcome)
						}
					}
				}
			}
			if wantMisses := replay.Field("misses").Len(); misses != wantMisses || hits < 30 {
				t.Errorf("%d hits, %d misses; dryfire missed %d times", hits, misses, wantMisses)
			}
		})
	}
}

func TestStoreLoadsProjectA(t *testing.T) {
	t.Parallel()
	var calls atomic.Int32
	s, err := LoadStore(context.Background(), projectACassettes, jsonFiles(projectACassettes), LoadOptions{Workers: 3, OnFile: func(f *StoreFile, c *Cassette, data []byte) {
		if c == nil || int64(len(data)) != f.Size || c.Fingerprint != f.Fingerprint {
			t.Errorf("OnFile(%s): cassette %v, %d bytes", f.Rel, c != nil, len(data))
		}
		calls.Add(1)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Files) != 42 || calls.Load() != 42 {
		t.Fatalf("%d files, %d OnFile calls", len(s.Files), calls.Load())
	}
	if !slices.IsSortedFunc(s.Files, func(a, b *StoreFile) int { return pathlib.Compare(a.Rel, b.Rel) }) {
		t.Error("files are not in pathlib order")
	}
	for _, f := range s.Files {
		if f.Err != nil || f.ResponseErr != nil || !f.NameOK || !f.SchemaOK || f.NameKey != f.Fingerprint || f.NameTurn != f.Turn {
			t.Errorf("%s: %+v", f.Rel, f)
		}
		got, err := s.Lookup(f.NameKey)
		if err != nil || got != f {
			t.Errorf("Lookup(%s) = %v, %v", f.NameKey, got, err)
		}
		c, err := s.Read(f)
		if err != nil || c.Fingerprint != f.Fingerprint || c.Body.Len() != 10 {
			t.Errorf("Read(%s) = %v", f.Rel, err)
		}
	}
}

const testKey = "00000000000000aa"

func response(text string) string {
	return `{"text":"` + text + `","tool_calls":[],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{}}`
}

func body(schema, fingerprint, resp string) string {
	return `{"schema_version": ` + schema + `, "fingerprint": ` + fingerprint + `, "response": ` + resp + `}`
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for rel, data := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestStoreLookupRules checks dryfire's lookup rules one at a time: each
// tree holds the candidates of one key, and want is the winning file ("" for
// a miss, "error" when dryfire's lookup raises).
func TestStoreLookupRules(t *testing.T) {
	t.Parallel()
	fp := `"` + testKey + `"`
	ok := body("1", fp, response("x"))
	tests := map[string]struct {
		files map[string]string
		want  string
	}{
		"pathlib order is per component": {map[string]string{
			"a b/c/00-" + testKey + ".json": ok, "a/c/00-" + testKey + ".json": ok}, "a/c/00-" + testKey + ".json"},
		"any depth and any prefix": {map[string]string{
			"x/y/z/w/my-" + testKey + ".json": ok}, "x/y/z/w/my-" + testKey + ".json"},
		"empty prefix matches":     {map[string]string{"s/c/-" + testKey + ".json": ok}, "s/c/-" + testKey + ".json"},
		"hidden directories count": {map[string]string{".old/c/00-" + testKey + ".json": ok}, ".old/c/00-" + testKey + ".json"},
		"syntax error is skipped": {map[string]string{
			"a/00-" + testKey + ".json": `{"schema_version": 1,`, "b/00-" + testKey + ".json": ok}, "b/00-" + testKey + ".json"},
		"string schema_version is skipped": {map[string]string{
			"a/00-" + testKey + ".json": body(`"1"`, fp, response("x")), "b/00-" + testKey + ".json": ok}, "b/00-" + testKey + ".json"},
		"schema_version 2 misses":       {map[string]string{"a/00-" + testKey + ".json": body("2", fp, response("x"))}, ""},
		"schema_version 1.0 passes":     {map[string]string{"a/00-" + testKey + ".json": body("1.0", fp, response("x"))}, "a/00-" + testKey + ".json"},
		"schema_version true passes":    {map[string]string{"a/00-" + testKey + ".json": body("true", fp, response("x"))}, "a/00-" + testKey + ".json"},
		"missing schema_version misses": {map[string]string{"a/00-" + testKey + ".json": `{"fingerprint": ` + fp + `}`}, ""},
		"fingerprint mismatch is skipped": {map[string]string{
			"a/00-" + testKey + ".json": body("1", `"0000000000000000"`, response("x")), "b/00-" + testKey + ".json": ok}, "b/00-" + testKey + ".json"},
		"repetition files are other keys": {map[string]string{"a/00-" + testKey + "#1.json": body("1", `"`+testKey+`#1"`, response("x"))}, ""},
		"missing response raises":         {map[string]string{"a/00-" + testKey + ".json": `{"schema_version": 1, "fingerprint": ` + fp + `}`}, "error"},
		"invalid response raises":         {map[string]string{"a/00-" + testKey + ".json": body("1", fp, `{"text": 1}`)}, "error"},
		"non-object raises":               {map[string]string{"a/00-" + testKey + ".json": `[1]`, "b/00-" + testKey + ".json": ok}, "error"},
		"non-UTF-8 raises":                {map[string]string{"a/00-" + testKey + ".json": "{\"x\": \"\xff\"}", "b/00-" + testKey + ".json": ok}, "error"},
		"a later bad file is not reached": {map[string]string{
			"a/00-" + testKey + ".json": ok, "b/00-" + testKey + ".json": `[1]`}, "a/00-" + testKey + ".json"},
		"stale file before a good one": {map[string]string{
			"a/00-" + testKey + ".json": body("1", fp, `{"text": 1}`), "b/00-" + testKey + ".json": ok}, "error"},
		"a different key does not match": {map[string]string{"a/00-" + testKey + "0.json": ok}, ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			root := writeTree(t, tc.files)
			s, err := LoadStore(context.Background(), root, jsonFiles(root), LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			f, err := s.Lookup(testKey)
			switch {
			case tc.want == "error":
				if err == nil {
					t.Errorf("Lookup = %v, want an error", f)
				}
			case err != nil:
				t.Errorf("Lookup error: %v", err)
			case tc.want == "" && f != nil:
				t.Errorf("Lookup hit %s, want a miss", f.Rel)
			case tc.want != "" && (f == nil || f.Rel != tc.want):
				t.Errorf("Lookup = %v, want %s", f, tc.want)
			}
		})
	}
}

func TestStoreDiagnostics(t *testing.T) {
	t.Parallel()
	// A file of tiny values past its value budget, one where they hide in
	// the request digest a store load leaves out: both are refused at the
	// value past the budget, which the array's items reach at column 2k-2.
	dense := "[" + strings.Repeat("0,", 300_000) + "0]"
	hidden := `{"request_digest": ` + dense + `, "schema_version": 1}`
	denseAt := fmt.Sprintf(":1:%d: more than ", 2*jsonv.ValueBudget(len(dense)))
	hiddenAt := fmt.Sprintf(":1:%d: more than ", 19+2*jsonv.ValueBudget(len(hidden))-2)
	root := writeTree(t, map[string]string{
		"s/c/04-" + testKey + ".json": dense,
		"s/c/05-" + testKey + ".json": hidden,
		"s/c/00-" + testKey + ".json": "{\n  \"schema_version\": 1,\n  \"fingerprint\": ",
		"s/c/01-" + testKey + ".json": "",
		"s/c/02-" + testKey + ".json": "{\"a\":\n\"\xfe\"}",
		"s/c/03-" + testKey + ".json": "\n\n  [1]",
		"s/c/notes.txt":               "not a cassette",
		"s/c/other.json":              `{"schema_version": 1}`,
	})
	if err := os.Symlink("loop.json", filepath.Join(root, "s", "loop.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "s"), filepath.Join(root, "linked")); err != nil {
		t.Fatal(err)
	}
	s, err := LoadStore(context.Background(), root, jsonFiles(root), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"s/c/00-" + testKey + ".json": ":3:18: expecting value",
		"s/c/01-" + testKey + ".json": ":1:1: expecting value",
		"s/c/02-" + testKey + ".json": ":2:2: not UTF-8",
		"s/c/03-" + testKey + ".json": ":3:3: a cassette must be a JSON object",
		"s/c/04-" + testKey + ".json": denseAt,
		"s/c/05-" + testKey + ".json": hiddenAt,
		"s/c/other.json":              "",
		"s/loop.json":                 "loop.json: ",
	}
	var rels []string
	for _, f := range s.Files {
		rels = append(rels, f.Rel)
		w, ok := want[f.Rel]
		switch {
		case !ok:
			t.Errorf("unexpected file %s", f.Rel)
		case w == "" && f.Err != nil:
			t.Errorf("%s: %v", f.Rel, f.Err)
		case w != "" && (f.Err == nil || !strings.Contains(f.Err.Error(), w) || !strings.Contains(f.Err.Error(), f.Path)):
			t.Errorf("%s: error %v, want one naming the file and %q", f.Rel, f.Err, w)
		}
	}
	if len(rels) != len(want) {
		t.Errorf("files %v", rels)
	}
}

func TestLoadStoreEmptyAndCancelled(t *testing.T) {
	t.Parallel()
	s, err := LoadStore(context.Background(), t.TempDir(), func(func(string) bool) {}, LoadOptions{})
	if err != nil || len(s.Files) != 0 {
		t.Errorf("empty store: %v, %v", s, err)
	}
	if f, err := s.Lookup(testKey); f != nil || err != nil {
		t.Errorf("Lookup in an empty store = %v, %v", f, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := LoadStore(ctx, projectACassettes, jsonFiles(projectACassettes), LoadOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled load: %v", err)
	}
}

func TestComparePathlib(t *testing.T) {
	t.Parallel()
	sorted := []string{
		"a/x", "a/y/z", "a b/x", "a-b/x", "a.b", "ab", "b", "é", "\xff", "\ue000", "😀",
	}
	for i := range sorted {
		for j := range sorted {
			got := pathlib.Compare(sorted[i], sorted[j])
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got != want {
				t.Errorf("comparePathlib(%q, %q) = %d, want %d", sorted[i], sorted[j], got, want)
			}
		}
	}
}

// TestStoreCandidatesPerKey: every key of a file name lists its files in
// pathlib order, however the keys' lists interleave.
func TestStoreCandidatesPerKey(t *testing.T) {
	t.Parallel()
	const keyB = "00000000000000bb"
	root := writeTree(t, map[string]string{
		"a/00-" + testKey + ".json":   "{}",
		"a/00-" + keyB + ".json":      "{}",
		"b/00-" + testKey + ".json":   "{}",
		"b/x-01-" + testKey + ".json": "{}",
		"c/00-" + keyB + ".json":      "{}",
	})
	s, err := LoadStore(context.Background(), root, jsonFiles(root), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		testKey:         {"a/00-" + testKey + ".json", "b/00-" + testKey + ".json", "b/x-01-" + testKey + ".json"},
		keyB:            {"a/00-" + keyB + ".json", "c/00-" + keyB + ".json"},
		"01-" + testKey: {"b/x-01-" + testKey + ".json"},
		"00-" + keyB:    nil, // a key follows a dash
		"01-" + keyB:    nil,
	}
	for key, rels := range want {
		var got []string
		for _, f := range s.Candidates(key) {
			got = append(got, f.Rel)
		}
		if !slices.Equal(got, rels) {
			t.Errorf("Candidates(%s) = %v, want %v", key, got, rels)
		}
	}
}
