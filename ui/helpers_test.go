package ui

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// fakeBackend serves fixed recordings and records prunes.
type fakeBackend struct {
	items   []tree.Item
	summary backend.Summary
	body    jsonv.Value
	batch   int
	// miss makes a stale recording one replay never reaches: its ID → the
	// ID of the recording where its case misses.
	miss   map[string]string
	mu     sync.Mutex
	pruned []string
	ran    []backend.CommandRequest
}

// Run records the request and answers with a report naming it; a dry run
// of a command that writes files has one thing to change.
func (f *fakeBackend) Run(_ context.Context, _ string, req backend.CommandRequest) backend.CommandResult {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ran = append(f.ran, req)
	res := backend.CommandResult{Title: req.Command, Lines: []string{"report of " + req.Command + " " + req.Filter}, OK: true}
	if changesFiles(req.Command) && !req.Apply {
		res.Todo, res.Confirm = 1, "y changes one file"
	}
	res.Changed = req.Apply
	return res
}

func (f *fakeBackend) Open(_ context.Context, _ string, onBatch func([]tree.Item)) (backend.Summary, error) {
	f.mu.Lock()
	items := f.items
	f.mu.Unlock()
	n := max(f.batch, 1)
	for i := 0; i < len(items); i += n {
		onBatch(items[i:min(i+n, len(items))])
	}
	return f.summary, nil
}

func (f *fakeBackend) Detail(_ context.Context, it tree.Item) detail.Data {
	d := detail.Data{ID: it.ID, Path: it.Path, Title: backend.ItemTitle(it), Status: it.Status, Reason: it.Reason,
		Format: it.Format, Body: f.body, HasBody: true, SecretsChecked: true}
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
	if to, ok := f.miss[it.ID]; ok {
		d.Diff = &detail.Diff{Miss: &detail.Miss{ID: to, Turn: 0, Title: "refund_agent › parallel_lookups › turn 0",
			Headline: "tool lookup_order: description changed"}, Sources: d.Diff.Sources}
	}
	if it.Secrets > 0 {
		d.Secrets = []detail.Secret{{JSONPath: "response.text", Rule: "aws-access-key-id", Redacted: "AKIA…Q7", Value: "token AKIAFAKEFAKEFAKEQ7"}}
	}
	return d
}

func (f *fakeBackend) Prune(_ context.Context, items []tree.Item) (backend.PruneResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var res backend.PruneResult
	for _, it := range items {
		f.pruned = append(f.pruned, it.Path)
		res.Removed = append(res.Removed, it.Path)
		f.items = slices.DeleteFunc(slices.Clone(f.items), func(x tree.Item) bool { return x.ID == it.ID })
	}
	return res, nil
}

// demoItems is a small project with one recording of each interesting status.
func demoItems() []tree.Item {
	mk := func(suite, cs string, turn int, key, status, reason string, prunable bool) tree.Item {
		p := fmt.Sprintf(".dryfire/cassettes/%s/%s/%02d-%s.json", suite, cs, turn, key)
		return tree.Item{ID: p, Path: p, Format: "dryfire", Group: suite, Sub: cs, Turn: turn, Key: key,
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
	items = append(items, tree.Item{ID: "tapes/llm-chat.json#b43addb6817b5cbb#0", Path: "tapes/llm-chat.json", Format: "tape",
		Group: "tapes/llm-chat.json", Sub: "b43addb6817b5cbb", Label: "#0", Key: "b43addb6817b5cbb", Status: "key mismatch",
		Reason: "stored args hash to neither the JavaScript nor the Python key"})
	return items
}

func loadCassette(t testing.TB) jsonv.Value {
	data, err := os.ReadFile("testdata/cassette.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonv.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// newTestModel returns a model of size w × h whose scan has finished.
func newTestModel(t testing.TB, w, h int, items []tree.Item) (Model, *fakeBackend) {
	b := &fakeBackend{items: items, body: loadCassette(t), batch: 3,
		summary: backend.Summary{Name: "refund-agent", Root: "/project", Project: true,
			LookedFor: []string{"dryfire cassettes <suite>/<case>/<NN>-<key>.json under /project/.dryfire/cassettes"}}}
	m := New(Options{Path: "/project", Backend: b, IsDark: true})
	m = send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	m = run(t, m, scanWorkspaceCmd(m.browse.ctx, b, "/project", m.browse.gen))
	return m, b
}

// send feeds one message and runs what it returns.
func send(t testing.TB, m Model, msg tea.Msg) Model {
	t.Helper()
	nm, cmd := m.Update(msg)
	return run(t, nm.(Model), cmd)
}

// run executes cmd synchronously and feeds its messages back, except those
// that talk to the terminal (quit, clipboard, exec).
func run(t testing.TB, m Model, cmd tea.Cmd) Model {
	t.Helper()
	update := func(m Model, msg tea.Msg) (Model, tea.Cmd) {
		nm, cmd := m.Update(msg)
		return nm.(Model), cmd
	}
	return uitest.Run(m, cmd, update, func(msg tea.Msg) bool {
		switch msg.(type) {
		case scanBatchMsg, detailLoadedMsg, pruneDoneMsg, clipboardSetMsg, editorClosedMsg, commandDoneMsg,
			dialog.ConfirmedMsg, dialog.CancelledMsg, picker.PickedMsg, picker.ClosedMsg:
			return true
		}
		return false
	})
}

func keys(t testing.TB, m Model, ks ...string) Model {
	t.Helper()
	for _, k := range ks {
		m = send(t, m, uitest.PressKey(k))
	}
	return m
}

// screen is the rendered screen without escape codes.
func screenText(m Model) string { return ansi.Strip(m.render()) }
