package secrets

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	projectgen "github.com/dryfire-tui/dryfire-tui/tools/gen"
)

// countedRepeats counts what a Repeats left out.
type countedRepeats struct {
	*Repeats
	known, seen atomic.Int64
}

func (c *countedRepeats) Known(rest []byte, item bool) int {
	n := c.Repeats.Known(rest, item)
	if n > 0 {
		c.known.Add(1)
	}
	return n
}

func (c *countedRepeats) Seen(span []byte, item bool) bool {
	ok := c.Repeats.Seen(span, item)
	if ok {
		c.seen.Add(1)
	}
	return ok
}

// TestRepeatsFindWhatTheWholeWalkFinds: a store load that leaves out the
// digest containers it has scanned clean (Repeats) finds, file for file,
// the findings of a load that decodes and walks every body whole: on a
// generated project with secrets planted in digests (in containers that
// recur in the turns after, and in one of two otherwise equal tool lists),
// on the real dryfire's cassettes, and on digests whose containers take a
// kind from where they sit (a credential's name, a name/value pair, a
// Kubernetes Secret's data), each of those written several times so that
// the later copies are ones a Repeats knows.
func TestRepeatsFindWhatTheWholeWalkFinds(t *testing.T) {
	t.Parallel()
	cfg := projectgen.Default(400, 11)
	cfg.Secrets = 0.3
	dir := filepath.Join(t.TempDir(), "p")
	if _, err := projectgen.Generate(dir, cfg); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(dir, ".dryfire", "cassettes")
	paths := jsonFiles(t, root)
	kinds := newGen(41).codeKinds()
	plant := func(i int, p, secret string) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var planted string
		switch i % 3 {
		case 0: // the first message, which a case's later turns repeat
			planted = strings.Replace(string(data), `"content": "`, `"content": "`+secret+` `, 1)
		case 1: // a tool's description: one copy of the suite's tools differs
			planted = strings.Replace(string(data), `"description": "`, `"description": "`+secret+` `, 1)
		default: // a key of a tool's schema
			planted = strings.Replace(string(data), `"properties": {`, `"properties": {"`+secret+`": {"type": "string"}, `, 1)
		}
		if err := os.WriteFile(p, []byte(planted), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for i, p := range paths[:60] {
		plant(i, p, kinds[i%len(kinds)].secret)
	}
	// Every turn of some cases with the same secret in the same place: a
	// container with a secret that recurs.
	byCase := map[string][]string{}
	for _, p := range paths[60:] {
		byCase[filepath.Dir(p)] = append(byCase[filepath.Dir(p)], p)
	}
	planted := 0
	for _, ps := range byCase {
		if len(ps) < 3 || planted == 12 {
			continue
		}
		for _, p := range ps {
			plant(0, p, kinds[planted].secret)
		}
		planted++
	}
	extra := filepath.Join(root, "zz_extra", "case")
	if err := os.MkdirAll(extra, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, body string) {
		for copyN := range 3 {
			p := filepath.Join(extra, fmt.Sprintf("%02d-%s%d.json", copyN, name, copyN))
			if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	g := newGen(42)
	filler := strings.Repeat("words that pad a container past the length a Repeats remembers ", 2)
	token := func() string { return g.str(genAlnum, 40) }
	cassetteWith := func(digest string) string {
		return `{"schema_version": 1, "suite": "zz", "case": "case", "turn": 0, "fingerprint": "00", ` +
			`"request_digest": ` + digest + `, "response": {"text": "ok", "raw": {}}}`
	}
	write("pair", cassetteWith(`{"name": "X-Api-Key", "value": [["`+token()+`", "`+filler+`"]]}`))
	write("named", cassetteWith(`{"api_key": [["`+token()+`", "`+filler+`"]], "tools": [{"d": "`+filler+`"}]}`))
	write("k8s", cassetteWith(`{"kind": "Secret", "data": {"config": "`+token()+`", "note": "`+filler+`"}}`))
	write("dup", cassetteWith(`{"tools": [{"d": "`+filler+`"}], "tools": [{"d": "`+kinds[0].secret+` `+filler+`"}]}`))
	write("dupclean", cassetteWith(`{"tools": [{"d": "`+kinds[1].secret+` `+filler+`"}], "tools": [{"d": "`+filler+`"}]}`))
	golden, _ := filepath.Glob("../testdata/golden/dryfire/project-*/.dryfire/cassettes/*/*/*.json")
	for i, p := range golden {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		write(fmt.Sprintf("golden%04d_", i), string(data))
	}
	paths = jsonFiles(t, root)

	load := func(r *countedRepeats) map[string][]Finding {
		var mu sync.Mutex
		got := map[string][]Finding{}
		opts := cassette.LoadOptions{Workers: 4,
			OnFile: func(f *cassette.StoreFile, c *cassette.Cassette, data []byte) {
				kind := format.Dryfire
				if c == nil || format.Of(c.Body) != format.Dryfire {
					kind = format.Unknown
				}
				fs := ScanStoreFile(f.Rel, f.Path, kind, c, data, f.Err)
				mu.Lock()
				got[f.Rel] = fs
				mu.Unlock()
			}}
		if r != nil {
			opts.Repeats = r
		}
		if _, err := cassette.LoadStore(context.Background(), root, slices.Values(paths), opts); err != nil {
			t.Fatal(err)
		}
		return got
	}
	whole := load(nil)
	r := &countedRepeats{Repeats: NewRepeats()}
	left := load(r)
	if len(left) != len(whole) {
		t.Fatalf("%d files scanned with a Repeats, %d without", len(left), len(whole))
	}
	where := map[string]int{}
	for rel, want := range whole {
		if got := left[rel]; !slices.Equal(got, want) {
			t.Errorf("%s: leaving out what recurs found\n%+v\nthe whole walk\n%+v", rel, got, want)
		}
		for _, f := range want {
			where[f.Where]++
			if strings.Contains(rel, "zz_extra") && !strings.Contains(rel, "golden") {
				where["extra"]++
			}
		}
	}
	// Each special digest's three copies but dupclean's have a finding
	// (a duplicate key's earlier value is not the body's); the plants and
	// the generator's secrets give the rest.
	if where[whereDigest] < 100 || where[whereRaw] == 0 || where["extra"] < 12 {
		t.Fatalf("findings by place %v: too few to tell", where)
	}
	if r.known.Load() < 1000 || r.seen.Load() < 100 {
		t.Fatalf("a Repeats knew %d containers and saw %d clean: too few to tell", r.known.Load(), r.seen.Load())
	}
}

func jsonFiles(t *testing.T, root string) []string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return paths
}

// TestRepeatsKnowOnlyWhatTheySaw: a Repeats knows a container it saw
// clean, at the place it saw it, and nothing else: not one of the same
// length that begins and ends alike with a secret in the middle, not the
// same bytes at the other place, not a container with a secret, nor one
// too short to remember.
func TestRepeatsKnowOnlyWhatTheySaw(t *testing.T) {
	t.Parallel()
	g := newGen(43)
	secret := newGen(44).codeKinds()[0].secret
	pad := strings.Repeat("a clean sentence about orders ", 3)
	clean := `{"head": "` + pad + `", "x": "` + strings.Repeat("z", len(secret)) + `", "tail": "` + pad + `"}`
	dirty := strings.Replace(clean, strings.Repeat("z", len(secret)), secret, 1)
	if len(clean) != len(dirty) || clean[:repeatHead] != dirty[:repeatHead] || clean[len(clean)-8:] != dirty[len(dirty)-8:] {
		t.Fatal("the two containers must differ only in the middle")
	}
	r := NewRepeats()
	rest := func(span string) []byte { return []byte(span + `, "next": "` + g.str(genAlnum, 12) + `"}`) }
	if n := r.Known(rest(clean), false); n != 0 {
		t.Fatalf("an empty Repeats knows a container of %d bytes", n)
	}
	if !r.Seen([]byte(clean), false) {
		t.Fatal("a clean container was not seen clean")
	}
	if n := r.Known(rest(clean), false); n != len(clean) {
		t.Fatalf("Known = %d after Seen, want %d", n, len(clean))
	}
	if n := r.Known(rest(clean), true); n != 0 {
		t.Fatalf("a container seen as a member's value is known as an item (%d)", n)
	}
	if n := r.Known(rest(dirty), false); n != 0 {
		t.Fatalf("a container with a secret is known (%d bytes) for one that begins and ends alike", n)
	}
	if r.Seen([]byte(dirty), false) {
		t.Fatal("a container with a secret was seen clean")
	}
	short := `{"a": "b"}`
	if r.Seen([]byte(short), false) || r.Known(rest(short), false) != 0 {
		t.Fatal("a container shorter than minRepeat was remembered")
	}
	if r.Seen([]byte(`{"a": "`+pad+`"`), false) {
		t.Fatal("bytes that do not decode were seen clean")
	}
}
