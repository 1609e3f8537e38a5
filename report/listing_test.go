package report

import (
	"bytes"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
)

// The listing writes its JSON by hand: the bytes must be what the encoder
// writes, whatever the strings hold.
func TestListingJSONMatchesEncoder(t *testing.T) {
	odd := []string{
		"", "plain", `quote " and \ backslash`, "<html> & more", "tab\tnew\nline\r",
		"\x00\x01\x1f\x7f", "héllo wörld", "line\u2028sep\u2029", "bad \xff\xfe utf-8", "emoji 🎉", "\b\f",
	}
	for _, n := range []int{0, 1, 3, 2000} {
		l := &Listing{Statuses: []string{"live"}}
		for i := range n {
			s := odd[i%len(odd)]
			l.Recordings = append(l.Recordings, Recording{
				Path: "p/" + s, Format: format.Dryfire, Suite: s, Case: odd[(i+3)%len(odd)],
				Turn: i, RepeatIndex: i % 3, Key: s, Status: odd[(i+1)%len(odd)], Reason: odd[(i+5)%len(odd)] + " reason",
				Secrets: -i, Entry: i,
			})
		}
		var got, want bytes.Buffer
		if err := WriteJSON(&got, l); err != nil {
			t.Fatal(err)
		}
		// The encoder's own bytes for the same document: a slice of the
		// recordings with nothing but their json tags to go by.
		doc := struct {
			Recordings []Recording `json:"recordings"`
		}{Recordings: append([]Recording{}, l.Recordings...)}
		// WriteJSON's policy: the encoder's bytes (a terminal stream
		// escapes them after).
		if err := encodeJSON(&want, doc); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("%d recordings: bytes differ\ngot:  %.400q\nwant: %.400q", n, got.Bytes(), want.Bytes())
		}
	}
}
