package main

import (
	"bytes"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/scan"
)

// writeLsJSON appends by hand what encodeJSONDoc would write: the bytes must
// be the same, whatever the strings hold.
func TestWriteLsJSONMatchesEncoder(t *testing.T) {
	odd := []string{"", "plain", `quote " and \ backslash`, "<html> & more", "tab\tnew\nline\r",
		"\x00\x01\x1f\x7f", "héllo wörld", "line\u2028sep\u2029", "bad \xff\xfe utf-8", "emoji 🎉", "\b\f"}
	for _, n := range []int{0, 1, 3, 2000} {
		var rs []*scan.Recording
		for i := range n {
			s := odd[i%len(odd)]
			rs = append(rs, &scan.Recording{Path: "p/" + s, Format: "dryfire", Suite: s, Case: odd[(i+3)%len(odd)],
				Turn: i, RepeatIndex: i % 3, Key: s, Status: scan.Status(i % 5), Reason: odd[(i+5)%len(odd)] + " reason",
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
