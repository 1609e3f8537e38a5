package secrets

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// writeCorpus writes recordings with the planted secrets under dir, each
// secret in one context, taking the contexts in turn: dryfire cassettes as
// dryfire writes them, tapes in the JS dialect and (for kwargs) the Python
// one.
func writeCorpus(t *testing.T, dir string, ps []planted) (files int) {
	t.Helper()
	for i, p := range ps {
		for j, c := range contexts {
			if j != i%len(contexts) {
				continue
			}
			body := c.plant(p.text)
			var data []byte
			var err error
			var name string
			if c.tape {
				d := jsonv.JS
				if body.Field("entries").Field(tapeKey).Items[0].Has("kwargs") {
					d = jsonv.Python
				}
				data, err = jsonv.Encode(body, jsonv.EncodeOptions{Dialect: d, Indent: true})
				name = fmt.Sprintf("tapes/t%02d-%02d.json", i, j)
			} else {
				data, err = jsonv.EncodeDryfire(body)
				name = fmt.Sprintf(".dryfire/cassettes/orders/lookup%02d/%02d-89c21da58e7c1b1e.json", i, j)
			}
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			files++
		}
	}
	return files
}

// TestRedactFileRoundTrip redacts every file of a corpus and checks that the
// secrets are gone, the placeholders name the rule, the files are still in
// their canonical form, a second redaction changes nothing, and a rescan
// finds nothing.
func TestRedactFileRoundTrip(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ps := newGen(21).kinds()
	writeCorpus(t, dir, ps)
	rep := scanDir(t, dir)
	if want := len(ps); len(rep.Findings) != want || len(rep.Problems) > 0 {
		t.Fatalf("%d findings (%v), want %d", len(rep.Findings), rep.Problems, want)
	}
	seen := map[string]bool{}
	for _, f := range rep.Findings {
		if seen[f.Path] {
			continue
		}
		seen[f.Path] = true
		path := filepath.Join(rep.Root, filepath.FromSlash(f.Path))
		before, _ := os.ReadFile(path)
		res, err := RedactFile(path, nil)
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		if res.Replaced != 1 {
			t.Errorf("%s: replaced %d", f.Path, res.Replaced)
		}
		after, _ := os.ReadFile(path)
		if !bytes.Contains(after, []byte(Placeholder(f.Rule))) && !bytes.Contains(after, []byte(jsonEscape(Placeholder(f.Rule)))) {
			t.Errorf("%s: no placeholder for %s", f.Path, f.Rule)
		}
		// Canonical: decoding and re-encoding gives the same bytes.
		if res.Format == format.Tape {
			tp, err := tape.Decode(after)
			if err != nil {
				t.Fatalf("%s: %v", f.Path, err)
			}
			d := jsonv.JS
			if res.Dialect == "python" {
				d = jsonv.Python
			}
			if again, _ := tp.Encode(d); !bytes.Equal(again, after) {
				t.Errorf("%s: redacted tape is not canonical", f.Path)
			}
			if tapeDialect(tp, after).String() != res.Dialect {
				t.Errorf("%s: dialect changed", f.Path)
			}
			if bt, _ := tape.Decode(before); bt != nil && len(bt.Keys) != len(tp.Keys) {
				t.Errorf("%s: keys changed", f.Path)
			}
		} else {
			c, err := cassette.Decode(after)
			if err != nil {
				t.Fatalf("%s: %v", f.Path, err)
			}
			if again, _ := c.Encode(); !bytes.Equal(again, after) {
				t.Errorf("%s: redacted cassette is not canonical", f.Path)
			}
			if c.Fingerprint != "89c21da58e7c1b1e" || !c.SchemaOK() {
				t.Errorf("%s: lookup fields changed", f.Path)
			}
		}
		res2, err := RedactFile(path, nil)
		if err != nil || res2.Replaced != 0 {
			t.Errorf("%s: second redaction replaced %d (%v)", f.Path, res2.Replaced, err)
		}
	}
	rep2 := scanDir(t, dir)
	if len(rep2.Findings) != 0 {
		t.Errorf("after redaction: %d findings, first %+v", len(rep2.Findings), rep2.Findings[0])
	}
	assertNoSecret(t, "redacted files", readAll(t, dir), ps)
}

func jsonEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

func readAll(t *testing.T, dir string) string {
	var b strings.Builder
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			b.Write(data)
		}
		return nil
	})
	return b.String()
}

// assertNoSecret fails when out holds any planted secret, or any 8 bytes of
// one beyond its public prefix (a preview may show 4 leading bytes and 2
// trailing ones, never 8 in a row).
func assertNoSecret(t *testing.T, what, out string, ps []planted) {
	t.Helper()
	windows := make(map[string]bool, len(out))
	for i := 0; i+8 <= len(out); i++ {
		windows[out[i:i+8]] = true
	}
	for _, p := range ps {
		body := p.secret
		for _, m := range detect.FindAll(p.text, nil) {
			if p.text[m.Start:m.End] == p.secret {
				body = p.secret[m.Keep:] // the public prefix may show
			}
		}
		for _, end := range []string{"-----END", "---- END"} {
			if i := strings.LastIndex(body, end); i >= 0 {
				body = body[:i] // and so may the end line of a PEM block
			}
		}
		if p.rule == RulePrivateKey {
			body = detect.KeyBase64(body) // header lines (Proc-Type: 4,ENCRYPTED) are not secret
		}
		for i := 0; i+8 <= len(body); i++ {
			w := body[i : i+8]
			// Windows that are structure rather than secret: escapes, runs
			// (the A's of an OpenSSH key), plain lower-case words (the
			// /messages of a webhook URL).
			if strings.ContainsAny(w, "\n\\") || detect.Distinct(w) < 4 || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz/.?") == "" {
				continue
			}
			if windows[w] {
				t.Fatalf("%s: holds part of a %s secret", what, p.rule)
			}
		}
	}
}

func TestRedactValueKeep(t *testing.T) {
	t.Parallel()
	ps := newGen(5).kinds()
	a, b := ps[0], ps[2]
	v := Obj(M("a", S(a.text)), M("b", S("x "+b.text+" y")))
	out, n := RedactValue(v, func(rule, hash string) bool { return hash == hashOf(a.secret) })
	if n != 1 || out.Field("a").Str() != a.text || out.Field("b").Str() != "x "+Placeholder(b.rule)+" y" {
		t.Fatalf("got %d, %v", n, out)
	}
	if v.Field("b").Str() != "x "+b.text+" y" {
		t.Fatal("input modified")
	}
}
