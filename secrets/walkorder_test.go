package secrets

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// scanJSON decodes text and returns what ScanValue reports in it.
func scanJSON(t *testing.T, text string) []Finding {
	t.Helper()
	v, err := jsonv.Decode([]byte(text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	var fs []Finding
	ScanValue(v, "", func(f Finding) { fs = append(fs, f) })
	return fs
}

// sameFindings fails unless a and b report the same secrets, at the same
// paths, and at least one.
func sameFindings(t *testing.T, what string, a, b []Finding) {
	t.Helper()
	spell := func(fs []Finding) string {
		var s []string
		for _, f := range fs {
			s = append(s, fmt.Sprintf("%s %s %s", f.Rule, f.JSONPath, f.Hash))
		}
		return strings.Join(s, "; ")
	}
	if len(a) == 0 || spell(a) != spell(b) {
		t.Errorf("%s: %q, against %q", what, spell(a), spell(b))
	}
}

// TestWalkReadsSiblingsAfterTheValue: the walk reads an object's shape
// (the credential a "name" or "key" member names, a Kubernetes Secret's
// kind) only when a member it decides is met, and a sibling written after
// that member decides it as one written before: the findings do not
// depend on the order of the members.
func TestWalkReadsSiblingsAfterTheValue(t *testing.T) {
	g := newGen(29)
	v := g.str(genAlnum, 32)
	b64 := base64.StdEncoding.EncodeToString([]byte(g.str(genAlnum+"!#%", 20)))
	pairs := []struct{ what, after, before string }{
		{"name/value", `{"value": "@V", "name": "X-Api-Key"}`, `{"name": "X-Api-Key", "value": "@V"}`},
		{"Key/Value", `{"h": [{"Value": "@V", "Key": "X-Api-Key"}]}`, `{"h": [{"Key": "X-Api-Key", "Value": "@V"}]}`},
		{"header/value", `{"h": [{"value": "@V", "accept": "*/*", "header": "X-Api-Key"}]}`, `{"h": [{"header": "X-Api-Key", "accept": "*/*", "value": "@V"}]}`},
		{"Secret data", `{"data": {"conn": "@B"}, "kind": "Secret"}`, `{"kind": "Secret", "data": {"conn": "@B"}}`},
		{"Secret stringData", `{"stringData": {"conn": "@V"}, "kind": "Secret"}`, `{"kind": "Secret", "stringData": {"conn": "@V"}}`},
	}
	for _, p := range pairs {
		r := strings.NewReplacer("@V", v, "@B", b64)
		sameFindings(t, p.what, scanJSON(t, r.Replace(p.after)), scanJSON(t, r.Replace(p.before)))
	}
}

// TestWalkFindsEscapedSecrets: a secret spelt with JSON escapes (\u for
// every character, or for one) is found as the same secret spelt plainly,
// under a credential's name and as a token a rule knows by its prefix.
func TestWalkFindsEscapedSecrets(t *testing.T) {
	g := newGen(30)
	keyed := g.str(genAlnum, 32)
	token := "lin_api_" + g.str(genAlnum, 40)
	escapeAll := func(s string) string {
		var b strings.Builder
		for _, c := range []byte(s) {
			fmt.Fprintf(&b, `\u%04x`, c)
		}
		return b.String()
	}
	for _, s := range []string{keyed, token} {
		plain := fmt.Sprintf(`{"api_key": %q, "note": "x %s y"}`, s, s)
		for _, esc := range []string{escapeAll(s), `\u00` + fmt.Sprintf("%02x", s[0]) + s[1:], s[:len(s)-1] + `\u00` + fmt.Sprintf("%02x", s[len(s)-1])} {
			escaped := fmt.Sprintf(`{"api_key": "%s", "note": "x %s y"}`, esc, esc)
			sameFindings(t, "escaped "+esc, scanJSON(t, escaped), scanJSON(t, plain))
		}
	}
}

// TestWalkSpellsPaths: the path of each finding is spelt as the walk
// leaves and enters members and items around it, a prefix given to
// ScanValue first, keys that need quotes quoted, and a secret in a key
// (even one whose value is a number) shown as its preview in the paths of
// the findings below it.
func TestWalkSpellsPaths(t *testing.T) {
	g := newGen(31)
	v := g.str(genAlnum, 32)
	token := "lin_api_" + g.str(genAlnum, 40)
	text := strings.NewReplacer("@V", v, "@T", token).Replace(`{"a": [{"x": "n"}, {"b": {"api_key": "@V"}}, [], [["q", {"api_key": "@V"}]]],
		"c.d": {"e": {"f": 1}, "api_key": "@V"}, "@T": {"api_key": "@V"}, "y": {"@T": 1}, "z": "@T"}`)
	doc, err := jsonv.Decode([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	shown := "" // the preview of the token, as its finding in "z" shows it
	ScanValue(doc, "pre", func(f Finding) {
		paths = append(paths, f.JSONPath)
		if f.JSONPath == "pre.z" {
			shown = f.Redacted
		}
	})
	keyPath := `pre[` + strconv.Quote(shown) + `]`
	want := []string{"pre.a[1].b.api_key", "pre.a[3][0][1].api_key", `pre["c.d"].api_key`, keyPath, keyPath + ".api_key", "pre.y" + keyPath[len("pre"):], "pre.z"}
	if strings.Join(paths, "\n") != strings.Join(want, "\n") {
		t.Errorf("paths\n%s\nwant\n%s", strings.Join(paths, "\n"), strings.Join(want, "\n"))
	}
}
