package backend

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
)

// TestCoreRecorderPlan: the plan of a re-recording names the cases it
// will record, says which of the chosen ones it leaves out and why (a
// scripted suite, a key not set), and says per provider the models it
// would call and whether its key is set, never its value.
func TestCoreRecorderPlan(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "golden", "record", "anthropic-A", "project"))); err != nil {
		t.Fatal(err)
	}
	chosen := []CaseRef{{"refund_agent", "parallel_lookups"}, {Suite: "hello_fake"}, {"incident_triage", "loops_until_max_turns"}}
	const key = "sk-test-Zq8WfT3nKc7LmP2vXy9R"
	for _, tc := range []struct {
		name    string
		env     map[string]string
		cases   []CaseRef
		leftOut []string
	}{
		{"key set", map[string]string{"ANTHROPIC_API_KEY": key},
			[]CaseRef{{"incident_triage", "loops_until_max_turns"}, {"refund_agent", "parallel_lookups"}},
			[]string{"hello_fake::reports_the_weather plays its script (provider: fake): dryfire never records it"}},
		{"key not set", nil, nil, []string{
			"hello_fake::reports_the_weather plays its script (provider: fake): dryfire never records it",
			"incident_triage::loops_until_max_turns needs ANTHROPIC_API_KEY, which is not set",
			"refund_agent::parallel_lookups needs ANTHROPIC_API_KEY, which is not set"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rec := CoreRecorder{Env: func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok },
				Provider: provider.Options{MaxRetries: provider.DefaultMaxRetries}}
			p, err := rec.Plan(context.Background(), dir, chosen)
			if err != nil {
				t.Fatal(err)
			}
			slices.SortFunc(p.LeftOut, strings.Compare)
			if !slices.Equal(p.Cases, tc.cases) || !slices.Equal(p.LeftOut, tc.leftOut) {
				t.Errorf("cases %v, left out %q; want %v, %q", p.Cases, p.LeftOut, tc.cases, tc.leftOut)
			}
			if len(p.Providers) != 1 || p.Providers[0].Name != "anthropic" || p.Providers[0].KeyEnv != "ANTHROPIC_API_KEY" ||
				p.Providers[0].KeySet != (tc.env != nil) || !slices.Equal(p.Providers[0].Models, []string{"claude-opus-4-1", "claude-sonnet-4-6"}) {
				t.Errorf("providers %+v", p.Providers)
			}
			if p.CassetteDir != ".dryfire/cassettes" || (tc.env != nil) != (p.Calls > 0) || strings.Contains(p.Cost, key[8:16]) {
				t.Errorf("plan %+v", p)
			}
		})
	}
}

// TestCoreRecorderNeverShowsTheKey: what a re-recording shows in the
// browser (its progress lines, its problems) and what it writes never
// carry any part of the key, though the provider echoes it.
func TestCoreRecorderNeverShowsTheKey(t *testing.T) {
	t.Parallel()
	const key = "Zq8WfT3nKc7LmP2vXy9RbH4sJd6GtA1eQ0uN5oMi"
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "golden", "record", "anthropic-A", "project"))); err != nil {
		t.Fatal(err)
	}
	srv := providertest.New(t, providertest.Numbered(func(n int, path string, body jsonv.Value) (int, string) {
		if n == 1 {
			return 401, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key ` + key + `"}}`
		}
		return providertest.Text("your key is "+key)(path, body)
	}))
	env := srv.Env()
	env["ANTHROPIC_API_KEY"] = key
	rec := CoreRecorder{Env: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Provider: provider.Options{MaxRetries: provider.DefaultMaxRetries}}
	p, err := rec.Plan(context.Background(), dir, []CaseRef{{"refund_agent", "parallel_lookups"}, {"refund_agent", "unknown_order_apologises"}})
	if err != nil {
		t.Fatal(err)
	}
	var shown []string
	res := rec.Record(context.Background(), p, func(pr RecordProgress) { shown = append(shown, pr.Line) })
	if len(res.Written) == 0 || len(res.Problems) == 0 {
		t.Fatalf("the re-recording did not both fail and write: %+v", res)
	}
	shown = append(shown, res.Problems...)
	for _, w := range res.Written {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(w)))
		if err != nil {
			t.Fatal(err)
		}
		shown = append(shown, string(data))
	}
	for _, text := range shown {
		for i := 0; i+8 <= len(key); i++ {
			if strings.Contains(text, key[i:i+8]) {
				t.Errorf("%q shows part of the key", text[:min(len(text), 80)])
				break
			}
		}
	}
}
