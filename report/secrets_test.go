package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
)

// TestSecretsReplayProofJSON: the proof of a redaction is written with the
// lower snake case names of every other field, and an empty list of lost
// cases is [] rather than null.
func TestSecretsReplayProofJSON(t *testing.T) {
	t.Parallel()
	doc := Secrets{Findings: []Finding{}, Replay: &ReplayProof{Cases: 13, Hits: 11, Lost: []string{}}}
	var b bytes.Buffer
	if err := WriteJSON(&b, doc); err != nil {
		t.Fatal(err)
	}
	want := `  "replay": {
    "cases": 13,
    "hits": 11,
    "lost": [],
    "restored": false
  }`
	if !strings.Contains(b.String(), want) {
		t.Errorf("replay proof written as\n%s\nwant it to contain\n%s", b.String(), want)
	}
}

// TestSecretsInterruptedSaysWhich: an interrupted redaction says whether
// the interruption came before its replay proof (the files were put back)
// or after it (they were kept), in the text and in the JSON.
func TestSecretsInterruptedSaysWhich(t *testing.T) {
	t.Parallel()
	files := []Redaction{{Format: format.Dryfire, Path: "c/00-k.json", Replaced: 1}}
	proof := &ReplayProof{Cases: 3, Hits: 3, Lost: []string{}}
	for _, c := range []struct {
		name      string
		doc       Secrets
		text, not string
		field     string
	}{
		{"before", Secrets{Interrupted: true, RedactedFiles: files}, "interrupted before the replay proof: every file redacted so far was put back", "kept", `"interrupted": true`},
		{"before anything", Secrets{Interrupted: true}, "interrupted before the replay proof: nothing was redacted", "kept", `"interrupted": true`},
		{"after", Secrets{InterruptedAfterProof: true, RedactedFiles: files, Replay: proof}, "interrupted after the replay proof: the redactions were kept", "put back", `"interrupted_after_proof": true`},
		{"after tapes", Secrets{InterruptedAfterProof: true, RedactedFiles: files}, "interrupted after every file was redacted and checked: the redactions were kept", "put back", `"interrupted_after_proof": true`},
	} {
		c.doc.Findings, c.doc.Redacted = []Finding{}, true
		var text, js bytes.Buffer
		if err := c.doc.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(&js, c.doc); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text.String(), c.text) || strings.Contains(text.String(), c.not) {
			t.Errorf("%s: text\n%s\nwant %q, not %q", c.name, text.String(), c.text, c.not)
		}
		if !strings.Contains(js.String(), c.field) {
			t.Errorf("%s: JSON\n%s\nwant %s", c.name, js.String(), c.field)
		}
	}
}
