package secrets

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// conflicted returns a dryfire cassette holding every planted secret (as
// tool results, in the response text and in kwargs-like arguments) with a
// merge conflict in the middle, as git leaves it: not JSON any more.
func conflicted(t *testing.T, ps []planted) (clean, broken []byte) {
	t.Helper()
	var results []jsonv.Value
	for _, p := range ps {
		results = append(results, S("result: "+p.text))
	}
	body := dryfireBody(neutral, S("ok"), S("ok"), Obj(M("results", Arr(results...))))
	clean, err := jsonv.EncodeDryfire(body)
	if err != nil {
		t.Fatal(err)
	}
	text := string(clean)
	i := strings.Index(text, `"response"`)
	broken = []byte(text[:i] + "<<<<<<< HEAD\n  \"latency_ms\": 400,\n=======\n  \"latency_ms\": 512,\n>>>>>>> rerecord\n" + text[i:])
	return clean, broken
}

// TestUndecodableFilesAreScannedAsText plants every kind of secret in a
// cassette that a merge conflict broke: the file is listed as not decoded,
// and every secret is found as text, with the hash it has in the decoded
// file and the line it sits on.
func TestUndecodableFilesAreScannedAsText(t *testing.T) {
	t.Parallel()
	for seed := range uint64(3) {
		ps := newGen(600 + seed).kinds()
		clean, broken := conflicted(t, ps)
		decoded := ScanBytes("c.json", clean)
		if len(decoded) != len(ps) {
			t.Fatalf("seed %d: the clean file has %d findings for %d secrets", seed, len(decoded), len(ps))
		}
		got := ScanBytes("c.json", broken)
		if len(got) == 0 || got[0].Rule != RuleNotDecoded || !strings.HasPrefix(got[0].Where, whereNotDecoded) {
			t.Fatalf("seed %d: first finding %+v, want the not-decoded one", seed, got[0])
		}
		lines := strings.Split(string(broken), "\n")
		byHash := map[string]Finding{}
		for _, f := range got[1:] {
			byHash[f.Hash] = f
			if f.Line < 1 || f.Line > len(lines) || f.JSONPath != "" || f.Where != whereText {
				t.Errorf("seed %d: %s at line %d, path %q, where %q", seed, f.Rule, f.Line, f.JSONPath, f.Where)
			}
		}
		for _, d := range decoded {
			f, ok := byHash[d.Hash]
			if !ok {
				t.Errorf("seed %d: %s (%s) not found as text", seed, d.Rule, d.Redacted)
				continue
			}
			if f.Rule != d.Rule {
				t.Errorf("seed %d: %s found as %s in text", seed, d.Rule, f.Rule)
			}
			if !strings.Contains(lines[f.Line-1], "result: ") {
				t.Errorf("seed %d: %s reported at line %d: %.60q", seed, d.Rule, f.Line, lines[f.Line-1])
			}
		}
		if len(got)-1 != len(decoded) {
			t.Errorf("seed %d: %d text findings, want %d", seed, len(got)-1, len(decoded))
		}
		assertNoSecret(t, "text findings", fmt.Sprint(got), ps)
	}
}

// TestBrokenTapeIsScannedAsText: a tape cut off mid-write is still scanned.
func TestBrokenTapeIsScannedAsText(t *testing.T) {
	t.Parallel()
	p := newGen(9).kinds()[0]
	tape := tapeBody(Arr(neutralV), Obj(M("api_key", S(p.text))), neutralRs, jsonv.NullValue())
	data, err := jsonv.Encode(tape, jsonv.EncodeOptions{Dialect: jsonv.Python, Indent: true})
	if err != nil {
		t.Fatal(err)
	}
	cut := data[:len(data)*2/3]
	got := ScanBytes("tapes/chat.json", cut)
	if len(got) != 2 || got[0].Rule != RuleNotDecoded || got[1].Rule != p.rule || got[1].Hash != hashOf(p.secret) {
		t.Fatalf("got %v, want not-decoded and %s", rules(got), p.rule)
	}
}

// TestUnscannedFindings: a file that cannot be read is a finding that
// says why, without its path twice; no baseline accepts it or a file that
// did not decode, and a new baseline leaves them out.
func TestUnscannedFindings(t *testing.T) {
	t.Parallel()
	perm := &fs.PathError{Op: "open", Path: "/srv/p/.dryfire/cassettes/x.json", Err: fs.ErrPermission}
	f := NotScanned(".dryfire/cassettes/x.json", perm)
	if f.Rule != RuleNotScanned || f.Where != "not scanned: permission denied" || f.Hash != "" || !f.Unscanned() {
		t.Fatalf("got %+v", f)
	}
	g := NotDecoded("tapes/t.json", errors.New("line 3, column 1: invalid character '<'"))
	if g.Where != "scanned as text only, the file does not decode: line 3, column 1: invalid character '<'" {
		t.Fatalf("where %q", g.Where)
	}
	b := NewBaseline([]Finding{f, g, {Path: "a.json", Rule: RuleJWT, Hash: hashOf("x")}}, "")
	if len(b.Findings) != 1 {
		t.Fatalf("baseline took the unscanned findings: %+v", b.Findings)
	}
	b.Findings = append(b.Findings, BaselineEntry{Rule: RuleNotScanned, Hash: strings.Repeat("0", 64)})
	fs := []Finding{f, g}
	if n := b.Apply(fs); n != 0 {
		t.Fatalf("a baseline suppressed %d unscanned findings", n)
	}
}
