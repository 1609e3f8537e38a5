package cli

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/workspace"
)

// writeLsJSON appends by hand what encodeJSONDoc would write: the bytes must
// be the same, whatever the strings hold.
func TestWriteLsJSONMatchesEncoder(t *testing.T) {
	odd := []string{"", "plain", `quote " and \ backslash`, "<html> & more", "tab\tnew\nline\r",
		"\x00\x01\x1f\x7f", "héllo wörld", "line\u2028sep\u2029", "bad \xff\xfe utf-8", "emoji 🎉", "\b\f"}
	for _, n := range []int{0, 1, 3, 2000} {
		var rs []*workspace.Recording
		for i := range n {
			s := odd[i%len(odd)]
			rs = append(rs, &workspace.Recording{Path: "p/" + s, Format: "dryfire", Suite: s, Case: odd[(i+3)%len(odd)],
				Turn: i, RepeatIndex: i % 3, Key: s, Status: workspace.Status(i % 5), Reason: odd[(i+5)%len(odd)] + " reason",
				Secrets: -i})
		}
		var got, want bytes.Buffer
		if err := writeLsJSON(&got, rs); err != nil {
			t.Fatal(err)
		}
		doc := struct {
			Recordings []lsJSON `json:"recordings"`
		}{Recordings: []lsJSON{}}
		for _, r := range rs {
			doc.Recordings = append(doc.Recordings, recordingJSON(r))
		}
		if err := encodeJSONDoc(&want, doc); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("%d recordings: bytes differ\ngot:  %.400q\nwant: %.400q", n, got.Bytes(), want.Bytes())
		}
	}
}

// writeCheckJSON assembles the document by hand: the bytes must be what the
// encoder writes for the parts as json.RawMessage.
func TestWriteCheckJSONMatchesEncoder(t *testing.T) {
	skipped := map[string]bool{}
	for _, p := range checkParts {
		skipped[p] = true
	}
	docs := []map[string]json.RawMessage{
		{},
		{"replay": json.RawMessage("{\"a\": [], \"b\": {}, \"c\": [1, 2.50, \"x<&>\\u00e9é\"],\n\"d\": {\"e\": null}}\n")},
		{"replay": json.RawMessage(`{"x":1}`), "secrets": json.RawMessage("  [ ]  "), "prune": json.RawMessage(`"s"`),
			"doctor": json.RawMessage("{\n  \"root\": \"r\",\n  \"problems\": [\n    {\"k\": true}\n  ]\n}\n")},
	}
	for i, d := range docs {
		r := &checkResult{CheckResult: &workspace.CheckResult{}, skipped: skipped, docs: d}
		var got, want bytes.Buffer
		if err := writeCheckJSON(&got, r); err != nil {
			t.Fatal(err)
		}
		part := func(name string) json.RawMessage {
			if x, ok := d[name]; ok {
				return bytes.TrimSpace(x)
			}
			return json.RawMessage("null")
		}
		doc := struct {
			OK      bool            `json:"ok"`
			Replay  json.RawMessage `json:"replay"`
			Secrets json.RawMessage `json:"secrets"`
			Prune   json.RawMessage `json:"prune"`
			Doctor  json.RawMessage `json:"doctor"`
		}{r.ok(), part("replay"), part("secrets"), part("prune"), part("doctor")}
		if err := encodeJSONDoc(&want, doc); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("docs %d: bytes differ\ngot:\n%s\nwant:\n%s", i, got.Bytes(), want.Bytes())
		}
	}
}
