package report

import (
	"bytes"
	"strings"
	"testing"
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
