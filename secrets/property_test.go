package secrets

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

// TestNoOutputHoldsASecret scans and redacts generated documents full of
// secrets (in values and keys, at random places, with random neighbours)
// and checks that no finding, path or redacted value holds any of them.
func TestNoOutputHoldsASecret(t *testing.T) {
	t.Parallel()
	for seed := range uint64(15) {
		g := newGen(1000 + seed)
		ps := g.kinds()
		var members []jsonv.Member
		for i, p := range ps {
			filler := g.str(genAlnum+" .,;:()\"'\t\n", 20)
			text := filler[:g.r.IntN(20)] + " " + p.text + " " + filler[g.r.IntN(20):]
			if g.r.IntN(4) == 0 {
				members = append(members, M(p.text, S("value")))
			} else {
				members = append(members, M(fmt.Sprintf("k%d", i), Arr(S(text))))
			}
		}
		doc := Obj(members...)
		var fs []Finding
		ScanValue(doc, "root", func(f Finding) { fs = append(fs, f) })
		if len(fs) != len(ps) {
			t.Errorf("seed %d: %d findings for %d secrets", seed, len(fs), len(ps))
		}
		out, _ := json.Marshal(fs)
		assertNoSecret(t, "findings", string(out)+fmt.Sprint(fs), ps)
		red, n := RedactValue(doc, nil)
		if n != len(ps) {
			t.Errorf("seed %d: redacted %d of %d", seed, n, len(ps))
		}
		enc, err := jsonv.EncodeDryfire(red)
		if err != nil {
			t.Fatal(err)
		}
		assertNoSecret(t, "redacted", string(enc), ps)
		if again, m := RedactValue(red, nil); m != 0 || !jsonv.Equal(again, red) {
			t.Errorf("seed %d: redaction is not idempotent", seed)
		}
	}
}

// FuzzScan plants a generated secret between fuzzed text and checks that the
// scanner never panics, never reports the secret itself, and that redaction
// keeps valid UTF-8 valid and is idempotent.
func FuzzScan(f *testing.F) {
	for _, s := range lookAlikes[detect.FamilyAuth] {
		f.Add(s, "", uint64(1), uint8(0))
	}
	f.Add("Authorization: Bearer ", "\n", uint64(2), uint8(28))
	f.Add(`{\"key\":\"`, `\"}`, uint64(3), uint8(10))
	f.Fuzz(func(t *testing.T, before, after string, seed uint64, kind uint8) {
		ps := newGen(seed).kinds()
		p := ps[int(kind)%len(ps)]
		text := before + p.text + after
		doc := Obj(M("text", S(text)), M(before, S(after)))
		var fs []Finding
		ScanValue(doc, "", func(f Finding) { fs = append(fs, f) })
		for _, f := range fs {
			for _, field := range []string{f.JSONPath, f.Redacted, f.Hash} {
				if len(p.secret) >= 12 && strings.Contains(field, p.secret) {
					t.Fatalf("a finding holds the secret")
				}
			}
		}
		red, _ := RedactValue(doc, nil)
		got := red.Field("text").Str()
		if len(p.secret) >= 12 && strings.Contains(got, p.secret) && strings.Contains(text, p.secret) {
			// The secret may legitimately survive only when the fuzzed
			// neighbours glue it into a longer token (no word boundary).
			if detect.WordStart(text, strings.Index(text, p.secret)) && !gluedAfter(text, p) {
				t.Fatalf("secret survived redaction in %q", text)
			}
		}
		if utf8.ValidString(text) && !utf8.ValidString(got) {
			t.Fatalf("redaction broke UTF-8")
		}
		if again, n := RedactValue(red, nil); n != 0 || !jsonv.Equal(again, red) {
			t.Fatalf("redaction is not idempotent")
		}
	})
}

func gluedAfter(text string, p planted) bool {
	i := strings.Index(text, p.text) + len(p.text)
	return i < len(text) && strings.IndexByte(genB64URL+"+/=.", text[i]) >= 0
}

// FuzzScanBytes feeds arbitrary bytes to the file scan and arbitrary text to
// the value scan: no panic, no finding that holds its own span, and a
// redaction that leaves nothing to redact.
func FuzzScanBytes(f *testing.F) {
	for _, p := range newGen(3).kinds() {
		f.Add([]byte(`{"k": "` + p.text + `"}`))
	}
	f.Add([]byte("<<<<<<< HEAD\n{\"password\": \"x\"\n"))
	f.Add([]byte("data:\n  password: cGFzc3dvcmQ=\nkind: Secret\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, fd := range ScanBytes("f.json", data) {
			if fd.Rule == "" || fd.Path != "f.json" {
				t.Fatalf("finding %+v", fd)
			}
		}
		s := string(data)
		for _, m := range detect.FindAll(s, nil) {
			if m.Start < 0 || m.End > len(s) || m.Start >= m.End || m.Keep > m.End-m.Start {
				t.Fatalf("match %+v out of %d bytes", m, len(s))
			}
		}
		red, _ := RedactValue(Obj(M("text", S(s)), M(s, S(s))), nil)
		if _, n := RedactValue(red, nil); n != 0 {
			t.Fatalf("redaction left %d secrets", n)
		}
	})
}
