package uitest

import (
	"context"
	_ "embed"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// FakeBackend is a backend.Backend over fixed recordings: the browser's
// tests scan it instead of a workspace. It records what it pruned and the
// commands it ran; the prunes remove the recordings from what the next
// scan finds.
type FakeBackend struct {
	// Items are the recordings a scan finds, in batches of Batch (1 when
	// 0); Summary is what the scan says of the project. Set them before
	// the scan starts.
	Items   []tree.Item
	Summary backend.Summary
	Batch   int
	// Body is the file every recording's detail shows.
	Body jsonv.Value
	// Miss makes a stale recording one replay never reaches: its ID → the
	// ID of the recording where its case misses.
	Miss map[string]string

	mu     sync.Mutex
	pruned []string
	scans  int
	ran    []backend.CommandRequest
}

// NewFakeBackend is a FakeBackend on items, in batches of 3, whose every
// recording shows the cassette of [Cassette], in a project named
// refund-agent at /project.
func NewFakeBackend(t testing.TB, items []tree.Item) *FakeBackend {
	return &FakeBackend{Items: items, Body: Cassette(t), Batch: 3,
		Summary: backend.Summary{Name: "refund-agent", Root: "/project", Project: true,
			LookedFor: []string{"dryfire cassettes <suite>/<case>/<NN>-<key>.json under /project/.dryfire/cassettes"}}}
}

// Scans is how many times the project was scanned (Open).
func (f *FakeBackend) Scans() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.scans
}

// Pruned is the paths pruned so far, in order.
func (f *FakeBackend) Pruned() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.pruned)
}

// Ran is the commands run so far, in order.
func (f *FakeBackend) Ran() []backend.CommandRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.ran)
}

// Run records the request and answers with a report naming it; a dry run
// has one thing to change (which the browser reads only of a command that
// writes files).
func (f *FakeBackend) Run(_ context.Context, _ string, req backend.CommandRequest) backend.CommandResult {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ran = append(f.ran, req)
	res := backend.CommandResult{Title: req.Command, Lines: []string{"report of " + req.Command + " " + req.Filter}, OK: true}
	if !req.Apply {
		res.Todo, res.Confirm = 1, "y changes one file"
	}
	res.Changed = req.Apply
	return res
}

// Open sends the recordings in batches and returns the summary.
func (f *FakeBackend) Open(_ context.Context, _ string, onBatch func([]tree.Item)) (backend.Summary, error) {
	f.mu.Lock()
	items := slices.Clone(f.Items) // the tree keeps what it is handed
	f.scans++
	f.mu.Unlock()
	n := max(f.Batch, 1)
	for i := 0; i < len(items); i += n {
		onBatch(items[i:min(i+n, len(items))])
	}
	return f.Summary, nil
}

// Detail shows Body; a stale recording has a Diff tab with one change and
// the suite line it comes from, one in Miss the miss before it, and one
// with secrets one finding.
func (f *FakeBackend) Detail(_ context.Context, it tree.Item) detail.Data {
	d := detail.Data{ID: it.ID, Path: it.Path, Title: backend.ItemTitle(it), Status: it.Status, Reason: it.Reason,
		Format: it.Format, Body: f.Body, HasBody: true, SecretsChecked: true}
	if it.Status == "stale" {
		d.Diff = &detail.Diff{
			Note:    "recorded key 3d3d451719dd1a54 · the case now sends 9a0c3c61e2f5b7d4",
			Summary: []string{"turn 1: tool lookup_order description changed"},
			Changes: []detail.Change{{Path: "tools[0].description", Kind: "changed",
				Before: `"Retrieve order details by order ID."`, After: `"Retrieve order details by order id."`,
				BeforeSpans: []diff.Span{{Text: `"Retrieve order details by order `}, {Text: "ID", Changed: true}, {Text: `."`}},
				AfterSpans:  []diff.Span{{Text: `"Retrieve order details by order `}, {Text: "id", Changed: true}, {Text: `."`}}}},
			Lines:   diff.Lines("--- recorded\n+++ current\n@@ -3,3 +3,3 @@\n   {\n-    \"description\": \"Retrieve order details by order ID.\",\n+    \"description\": \"Retrieve order details by order id.\",\n"),
			Sources: []detail.Source{{File: "evals/support/refund_agent.eval.yaml", Line: 10, What: "tool lookup_order: description"}},
		}
	}
	if to, ok := f.Miss[it.ID]; ok {
		d.Diff = &detail.Diff{Miss: &detail.Miss{ID: to, Turn: 0, Title: "refund_agent › parallel_lookups › turn 0",
			Headline: "tool lookup_order: description changed"}, Sources: d.Diff.Sources}
	}
	if it.Secrets > 0 {
		d.Secrets = []detail.Secret{{JSONPath: "response.text", Rule: "aws-access-key-id", Redacted: "AKIA…Q7", Value: "token AKIAFAKEFAKEFAKEQ7"}}
	}
	return d
}

// Prune removes the recordings from the next scan and records their paths.
func (f *FakeBackend) Prune(_ context.Context, items []tree.Item) (backend.PruneResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var res backend.PruneResult
	for _, it := range items {
		f.pruned = append(f.pruned, it.Path)
		res.Removed = append(res.Removed, it.Path)
		f.Items = slices.DeleteFunc(slices.Clone(f.Items), func(x tree.Item) bool { return x.ID == it.ID })
	}
	return res, nil
}

// DemoItems is a small project with one recording of each interesting
// status.
func DemoItems() []tree.Item {
	mk := func(suite, cs string, turn int, key, status, reason string, prunable bool) tree.Item {
		p := fmt.Sprintf(".dryfire/cassettes/%s/%s/%02d-%s.json", suite, cs, turn, key)
		return tree.Item{ID: p, Path: p, Format: format.Dryfire, Group: suite, Sub: cs, Turn: turn, Key: key,
			Label: fmt.Sprintf("%02d %s", turn, key[:6]), Status: status, Reason: reason, Prunable: prunable}
	}
	items := []tree.Item{
		mk("refund_agent", "parallel_lookups", 0, "6e943a4a4125d90d", "live", "read by replay of refund_agent::parallel_lookups", false),
		mk("refund_agent", "parallel_lookups", 1, "3d3d451719dd1a54", "stale", "case misses at turn 1: tool lookup_order description changed", false),
		mk("refund_agent", "unknown_order_apologises", 0, "cb1bcfe39d1c69ba", "in use", "read by replay of refund_agent::unknown_order_says_sorry", false),
		mk("travel_booking", "no_flights_found", 0, "225140c869a31cc2", "orphaned case", "no case no_flights_found in suite travel_booking", true),
		mk("travel_booking", "weather_check_repeated", 0, "0e410f456f63bd03#2", "superseded", "repetition #2 beyond repeat: 2", true),
		mk("incident_triage", "loops_until_max_turns", 0, "4232f53220974df8", "protected", "suite evals/ops/incident.eval.yaml failed to parse", false),
		mk("checkout", "add_to_cart", 0, "18e3b4a1c2d3e4f5", "live", "read by replay of checkout::add_to_cart", false),
	}
	items[6].Secrets = 1
	items = append(items, tree.Item{ID: "tapes/llm-chat.json#b43addb6817b5cbb#0", Path: "tapes/llm-chat.json", Format: format.Tape,
		Group: "tapes/llm-chat.json", Sub: "b43addb6817b5cbb", Label: "#0", Key: "b43addb6817b5cbb", Status: "key mismatch",
		Reason: "stored args hash to neither the JavaScript nor the Python key"})
	return items
}

//go:embed testdata/cassette.json
var cassette []byte

// Cassette is a recorded dryfire cassette (a refund agent's turn with
// tool calls), decoded.
func Cassette(t testing.TB) jsonv.Value {
	t.Helper()
	v, err := jsonv.Decode(cassette)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
