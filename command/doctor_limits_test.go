package command

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// TestDoctorFixNeverWritesWhatNoReadWouldRead: a live cassette written
// compact, whose raw payload holds many small values, grows some four
// times once indented as dryfire writes it, past the file size limit
// (20 KiB here, 64 MiB by default). --fix leaves it as it is and says
// why, instead of writing a file that every read then refuses (the turn
// it serves would miss). The test sets the process's size limit, so it
// does not run in parallel.
func TestDoctorFixNeverWritesWhatNoReadWouldRead(t *testing.T) {
	root := copyProjectA(t)
	p := filepath.Join(root, twoTurns[0])
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	c, err := cassette.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	tokens := make([]jsonv.Value, 4000)
	for i := range tokens {
		tokens[i] = jsonv.IntValue(int64(i % 10))
	}
	resp := c.Body.Field("response")
	raw := resp.Field("raw")
	raw.Set("token_ids", jsonv.ArrayValue(tokens...))
	resp.Set("raw", raw)
	c.Body.Set("response", resp)
	compact, err := jsonv.Encode(c.Body, jsonv.EncodeOptions{SortKeys: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, compact, 0o644); err != nil {
		t.Fatal(err)
	}
	safefile.SetMaxSize(20 << 10)
	t.Cleanup(func() { safefile.SetMaxSize(0) })
	if len(compact) >= 20<<10 {
		t.Fatalf("the compact cassette is %d bytes, not under the limit", len(compact))
	}

	r, err := runDoctor(context.Background(), DoctorRequest{Path: root, Fix: true})
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, prob := range r.Problems {
		if prob.Path != twoTurns[0] {
			t.Errorf("%s: %s: %s", prob.Path, prob.Kind, prob.Message)
			continue
		}
		found = true
		if prob.Kind != cassette.ProblemFormat || prob.Fixable || prob.Fixed ||
			!strings.Contains(prob.Message, "not fixable: in dryfire's format it would be") ||
			!strings.Contains(prob.Message, "over the file size limit of 20 KiB") {
			t.Errorf("%s: %s, fixable %v, fixed %v: %q; want an unfixable format problem saying why",
				prob.Path, prob.Kind, prob.Fixable, prob.Fixed, prob.Message)
		}
	}
	if !found || r.Remaining() != 1 {
		t.Errorf("remaining %d, problems %v; want the format problem left", r.Remaining(), r.Problems)
	}
	if got, _ := os.ReadFile(p); string(got) != string(compact) {
		t.Errorf("the cassette was rewritten (%d bytes, limit %d)", len(got), 20<<10)
	}
}
