package tape

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// goldenTapes maps each golden tape to the dialect of the implementation
// that wrote it.
var goldenTapes = map[string]jsonv.Dialect{
	"js-llm-chat.json":                  jsonv.JS,
	"js-parity.json":                    jsonv.JS,
	"js-tools-normalize.json":           jsonv.JS,
	"py-llm-chat.json":                  jsonv.Python,
	"py-parity.json":                    jsonv.Python,
	"py-tools-normalize.json":           jsonv.Python,
	"parity-clean-js/parity-clean.json": jsonv.JS,
	"parity-clean-py/parity-clean.json": jsonv.Python,
}

func TestGoldenTapesRoundTrip(t *testing.T) {
	for name, d := range goldenTapes {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("../testdata/golden/tapes/tapes", filepath.FromSlash(name))
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			tape, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			out, err := tape.Encode(d)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, data) {
				t.Errorf("re-encoded %s tape differs:\n%s", d, firstDiff(out, data))
			}
			// Every entry was written by this implementation, so its key
			// matches this dialect.
			for _, g := range tape.Keys {
				for i, e := range g.Entries {
					if e.KeyCheck != KeyBoth && e.KeyCheck != dialectCheck(d) {
						t.Errorf("%s[%d]: key check %s, want %s", g.Key, i, e.KeyCheck, d)
					}
				}
			}
		})
	}
}

func dialectCheck(d jsonv.Dialect) KeyCheck {
	if d == jsonv.JS {
		return KeyJS
	}
	return KeyPython
}

func firstDiff(got, want []byte) string {
	n := 0
	for n < len(got) && n < len(want) && got[n] == want[n] {
		n++
	}
	lo := max(0, n-80)
	return "got:  …" + string(got[lo:min(len(got), n+80)]) + "\nwant: …" + string(want[lo:min(len(want), n+80)])
}

func TestParityCleanPair(t *testing.T) {
	js, err := Load("../testdata/golden/tapes/tapes/parity-clean-js/parity-clean.json")
	if err != nil {
		t.Fatal(err)
	}
	py, err := Load("../testdata/golden/tapes/tapes/parity-clean-py/parity-clean.json")
	if err != nil {
		t.Fatal(err)
	}
	if !jsonv.Equal(js.Body, py.Body) {
		t.Fatal("the clean pair decodes to different values")
	}
	a, _ := js.Encode(jsonv.JS)
	b, _ := js.Encode(jsonv.Python)
	c, _ := py.Encode(jsonv.JS)
	if !bytes.Equal(a, b) || !bytes.Equal(a, c) {
		t.Error("clean tape encodes differently across dialects")
	}
	for _, g := range js.Keys {
		for i, e := range g.Entries {
			if e.KeyCheck != KeyBoth {
				t.Errorf("%s[%d]: key check %s, want js+python", g.Key, i, e.KeyCheck)
			}
		}
	}
}

func TestGoldenTapeContents(t *testing.T) {
	tape, err := Load("../testdata/golden/tapes/tapes/js-tools-normalize.json")
	if err != nil {
		t.Fatal(err)
	}
	if tape.Name != "js-tools-normalize" || len(tape.Keys) != 5 {
		t.Fatalf("name %q, %d keys", tape.Name, len(tape.Keys))
	}
	logOnly := tape.Keys[2].Entries[0]
	if logOnly.HasResult || logOnly.Error != nil {
		t.Errorf("log-only entry: HasResult %v, Error %v", logOnly.HasResult, logOnly.Error)
	}
	thrown := tape.Keys[3].Entries[0]
	if thrown.Error == nil || thrown.Error.Name != "" || thrown.Error.Message != "" {
		t.Errorf(`"error": {} entry: %+v`, thrown.Error)
	}
	typed := tape.Keys[4].Entries[0].Error
	if typed == nil || typed.Name != "TypeError" || typed.Error() != "TypeError: filters.lang must be a string" {
		t.Errorf("TypeError entry: %+v", typed)
	}

	py, err := Load("../testdata/golden/tapes/tapes/py-llm-chat.json")
	if err != nil {
		t.Fatal(err)
	}
	first := py.Keys[0].Entries[0]
	if !first.HasKwargs || first.Kwargs.Field("temperature").Text != "1.0" {
		t.Errorf("kwargs not kept as written: %+v", first.Kwargs)
	}
	// temperature 1.0 is Python-only: JS spells it 1 and gets another key.
	if first.KeyCheck != KeyPython {
		t.Errorf("key check %s, want python", first.KeyCheck)
	}
}

func TestTapeNonFinite(t *testing.T) {
	data := []byte("{\n  \"version\": 1,\n  \"name\": \"nan\",\n  \"entries\": {\n    \"638577393ecb248f\": [\n      {\n        \"args\": [\n          NaN\n        ],\n        \"result\": {\n          \"score\": -Infinity\n        }\n      }\n    ]\n  }\n}")
	tape, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !tape.NonFinite {
		t.Error("NonFinite not flagged")
	}
	if got := tape.Keys[0].Entries[0].KeyCheck; got != KeyPython {
		t.Errorf("key check %s, want python", got)
	}
	if _, err := tape.Encode(jsonv.Python); !errors.Is(err, jsonv.ErrNonFinite) || !strings.Contains(err.Error(), `entries["638577393ecb248f"][0]`) {
		t.Errorf("Python encode: %v, want ErrNonFinite naming the entry", err)
	}
	js, err := tape.Encode(jsonv.JS)
	if err != nil || bytes.Contains(js, []byte("NaN")) || bytes.Contains(js, []byte("Infinity")) {
		t.Errorf("JS encode wrote %s (%v)", js, err)
	}
}

func TestDecodeTapeBadInput(t *testing.T) {
	cases := []struct {
		name, data, want string
	}{
		{"syntax", "{\n  \"version\": 1,\n  \"entries\": {\n    \"k\": [\n      {\"args\": [1,]}", "line 5 column"},
		{"not object", `[1]`, "must be a JSON object"},
		{"wrong version", `{"version": 2, "name": "x", "entries": {}}`, "unsupported version 2"},
		{"version string", `{"version": "1", "entries": {}}`, `unsupported version "1"`},
		{"missing version", `{"entries": {}}`, `missing "version"`},
		{"entries array", `{"version": 1, "entries": []}`, `"entries" must be an object`},
		{"entries not list", `{"version": 1, "entries": {"abc": {"args": []}}}`, `entries["abc"]: must be a list of entries, not an object`},
		{"entry not object", `{"version": 1, "entries": {"abc": [[1]]}}`, `entries["abc"][0]: an entry must be an object`},
		{"args not list", `{"version": 1, "entries": {"abc": [{"args": [1]}, {"args": "x"}]}}`, `entries["abc"][1]: args must be a list, not a string`},
		{"args missing", `{"version": 1, "entries": {"abc": [{"result": 1}]}}`, `entries["abc"][0]: missing "args"`},
		{"kwargs not object", `{"version": 1, "entries": {"abc": [{"args": [], "kwargs": [1]}]}}`, `kwargs must be an object`},
		{"name not string", `{"version": 1, "name": 3, "entries": {}}`, `"name" must be a string`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode([]byte(c.data))
			var pe *jsonv.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a *ParseError", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %q, want it to contain %q", err, c.want)
			}
		})
	}
}

func TestTapeEncodeOrder(t *testing.T) {
	// Fields are written in the writers' order whatever order they were read in.
	data := `{"entries": {"k": [{"result": 1, "kwargs": {"b": 1}, "args": [2]}]}, "name": "n", "version": 1}`
	tape, err := Decode([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	out, err := tape.Encode(jsonv.Python)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"version\": 1,\n  \"name\": \"n\",\n  \"entries\": {\n    \"k\": [\n      {\n        \"args\": [\n          2\n        ],\n        \"kwargs\": {\n          \"b\": 1\n        },\n        \"result\": 1\n      }\n    ]\n  }\n}"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if tape.Keys[0].Entries[0].KeyCheck != KeyMismatch {
		t.Errorf("hand-made key: check %s, want key mismatch", tape.Keys[0].Entries[0].KeyCheck)
	}
}

func FuzzDecodeTape(f *testing.F) {
	f.Add([]byte("{\n  \"version\": 1,\n  \"name\": \"n\",\n  \"entries\": {\n    \"k\": [\n      {\n        \"args\": [\n          \"café\",\n          {\"2\": 1.0, \"1\": 1e-7}\n        ],\n        \"kwargs\": {\"b\": -0.0},\n        \"result\": 9007199254740993\n      }\n    ]\n  }\n}"))
	f.Add([]byte(`{"version": 1, "entries": {"k": [{"args": [NaN], "error": {"name": 1}}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		tape, err := Decode(data)
		if err != nil {
			return
		}
		for _, d := range []jsonv.Dialect{jsonv.JS, jsonv.Python} {
			out, err := tape.Encode(d)
			if err != nil {
				continue
			}
			again, err := Decode(out)
			if err != nil {
				t.Fatalf("%s re-encoding does not decode: %v\n%s", d, err, out)
			}
			if len(again.Keys) != len(tape.Keys) {
				t.Fatalf("%s re-encoding has %d keys, want %d", d, len(again.Keys), len(tape.Keys))
			}
			out2, err := again.Encode(d)
			if err != nil || !bytes.Equal(out, out2) {
				t.Fatalf("%s encoding is not stable (%v)", d, err)
			}
		}
	})
}
