package gitreview

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview/gitrepo"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// gitRepo makes a temporary repository with a committed cassette tree.
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "config", "user.email", "test@example.com")
	git(t, dir, "config", "user.name", "test")
	git(t, dir, "config", "commit.gpgsign", "false")
	return dir
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// recording builds a dryfire cassette body for one turn.
func recording(suite, caseName string, turn int, key, text string, calls []jsonv.Value, inTokens int64) []byte {
	stop := "end_turn"
	if len(calls) > 0 {
		stop = "tool_use"
	}
	body := jsonv.ObjectValue(
		jsonv.M("schema_version", jsonv.IntValue(1)),
		jsonv.M("fingerprint", jsonv.StringValue(key)),
		jsonv.M("suite", jsonv.StringValue(suite)),
		jsonv.M("case", jsonv.StringValue(caseName)),
		jsonv.M("turn", jsonv.IntValue(int64(turn))),
		jsonv.M("provider", jsonv.StringValue("anthropic")),
		jsonv.M("model", jsonv.StringValue("claude-sonnet-4-6")),
		jsonv.M("recorded_at", jsonv.StringValue("2026-08-01T12:00:00Z")),
		jsonv.M("request_digest", jsonv.ObjectValue(jsonv.M("messages", jsonv.ArrayValue()))),
		jsonv.M("response", jsonv.ObjectValue(
			jsonv.M("cache_hit", jsonv.BoolValue(false)),
			jsonv.M("latency_ms", jsonv.IntValue(12)),
			jsonv.M("raw", jsonv.ObjectValue()),
			jsonv.M("stop_reason", jsonv.StringValue(stop)),
			jsonv.M("text", jsonv.StringValue(text)),
			jsonv.M("tool_calls", jsonv.ArrayValue(calls...)),
			jsonv.M("usage", jsonv.ObjectValue(
				jsonv.M("cache_read_tokens", jsonv.IntValue(0)),
				jsonv.M("cache_write_tokens", jsonv.IntValue(0)),
				jsonv.M("input_tokens", jsonv.IntValue(inTokens)),
				jsonv.M("output_tokens", jsonv.IntValue(20)),
			)),
		)),
	)
	data, err := jsonv.EncodeDryfire(body)
	if err != nil {
		panic(err)
	}
	return data
}

func toolCall(id, name string, args jsonv.Value) jsonv.Value {
	return jsonv.ObjectValue(
		jsonv.M("arguments", args),
		jsonv.M("id", jsonv.StringValue(id)),
		jsonv.M("malformed_arguments", jsonv.NullValue()),
		jsonv.M("name", jsonv.StringValue(name)),
	)
}

func writeFile(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

const tapeV1 = `{
  "version": 1,
  "name": "chat",
  "entries": {
    "742d2e2e6d3841b1": [
      {
        "args": [
          5,
          {
            "q": "hello world",
            "ts": 111
          }
        ],
        "result": "first"
      }
    ]
  }
}`

func TestReviewListsSummarisesAndActs(t *testing.T) {
	ctx := context.Background()
	dir := gitRepo(t)
	root := filepath.Join(dir, ".dryfire", "cassettes")
	caseDir := filepath.Join(root, "refund_agent", "parallel_lookups")
	args := jsonv.ObjectValue(jsonv.M("order_id", jsonv.StringValue("A-991")))
	writeFile(t, filepath.Join(caseDir, "00-1111111111111111.json"),
		recording("refund_agent", "parallel_lookups", 0, "1111111111111111", "", []jsonv.Value{toolCall("toolu_1", "lookup_order", args)}, 100))
	writeFile(t, filepath.Join(caseDir, "01-2222222222222222.json"),
		recording("refund_agent", "parallel_lookups", 1, "2222222222222222", "Refunded.", nil, 150))
	writeFile(t, filepath.Join(root, "refund_agent", "old_case", "00-3333333333333333.json"),
		recording("refund_agent", "old_case", 0, "3333333333333333", "Bye.", nil, 90))
	writeFile(t, filepath.Join(root, "refund_agent", "moving", "00-4444444444444444.json"),
		recording("refund_agent", "moving", 0, "4444444444444444", "Moved.", nil, 90))
	writeFile(t, filepath.Join(dir, "tapes", "chat.json"), []byte(tapeV1))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "record")

	// Edit: turn 01 answers differently. Re-record: turn 00 under a new key
	// with other arguments. Delete: old_case. Rename: moving → moved (staged).
	// Tape: result changed. Untracked: a new case.
	writeFile(t, filepath.Join(caseDir, "01-2222222222222222.json"),
		recording("refund_agent", "parallel_lookups", 1, "2222222222222222", "Refund issued.", nil, 170))
	args2 := jsonv.ObjectValue(jsonv.M("order_id", jsonv.StringValue("B-100")))
	writeFile(t, filepath.Join(caseDir, "00-5555555555555555.json"),
		recording("refund_agent", "parallel_lookups", 0, "5555555555555555", "", []jsonv.Value{toolCall("toolu_9", "lookup_order", args2)}, 100))
	if err := os.RemoveAll(filepath.Join(root, "refund_agent", "old_case")); err != nil {
		t.Fatal(err)
	}
	git(t, dir, "mv", ".dryfire/cassettes/refund_agent/moving", ".dryfire/cassettes/refund_agent/moved")
	// The re-recorded tape leaks a token (generated here, never committed).
	token := "hf_" + randomToken(34)
	writeFile(t, filepath.Join(dir, "tapes", "chat.json"), []byte(strings.Replace(tapeV1, `"first"`, `"second `+token+`"`, 1)))
	writeFile(t, filepath.Join(root, "travel", "new_case", "00-6666666666666666.json"),
		recording("travel", "new_case", 0, "6666666666666666", "Hi.", nil, 10))

	r, err := OpenReview(ctx, dir, []string{root, filepath.Join(dir, "tapes")})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		kind    gitrepo.ChangeKind
		summary string
	}{
		".dryfire/cassettes/refund_agent/parallel_lookups/01-2222222222222222.json": {Modified, `response text changed: "Refunded." → "Refund issued."`},
		".dryfire/cassettes/refund_agent/parallel_lookups/00-5555555555555555.json": {Added, `tool call lookup_order: arguments {"order_id":"A-991"} → {"order_id":"B-100"}`},
		".dryfire/cassettes/refund_agent/old_case/00-3333333333333333.json":         {Deleted, "turn 00 recording removed"},
		".dryfire/cassettes/refund_agent/moved/00-4444444444444444.json":            {Renamed, "moved from .dryfire/cassettes/refund_agent/moving/00-4444444444444444.json"},
		"tapes/chat.json": {Modified, "new secret: huggingface-token at entries.742d2e2e6d3841b1[0].result (hf_" + token[3:7] + "…" + token[len(token)-2:] + "), in the recorded result"},
		".dryfire/cassettes/travel/new_case/00-6666666666666666.json": {Added, "turn 00 recorded (new)"},
	}
	if len(r.Items) != len(want) {
		for _, it := range r.Items {
			t.Logf("item %s %s %v", it.Kind, it.Path, it.Summary)
		}
		t.Fatalf("got %d items, want %d", len(r.Items), len(want))
	}
	for _, it := range r.Items {
		w, ok := want[it.Path]
		if !ok {
			t.Errorf("unexpected item %s", it.Path)
			continue
		}
		if it.Kind != w.kind {
			t.Errorf("%s: kind %s, want %s", it.Path, it.Kind, w.kind)
		}
		if !slicesContain(it.Summary, w.summary) {
			t.Errorf("%s: summary %q lacks %q", it.Path, it.Summary, w.summary)
		}
	}
	modified := ".dryfire/cassettes/refund_agent/parallel_lookups/01-2222222222222222.json"
	it, _ := r.Item(modified)
	if !slicesContain(it.Summary, "tokens in 150 → 170 (+20), out 20 → 20 (±0)") {
		t.Errorf("usage delta missing: %q", it.Summary)
	}

	// Accept stages; undo unstages.
	if err := r.Accept(ctx, modified); err != nil {
		t.Fatal(err)
	}
	if staged := git(t, dir, "diff", "--cached", "--name-only"); !strings.Contains(staged, modified) {
		t.Errorf("accept did not stage %s: %q", modified, staged)
	}
	if _, err := r.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	if staged := git(t, dir, "diff", "--cached", "--name-only"); strings.Contains(staged, modified) {
		t.Errorf("undo left %s staged", modified)
	}

	// Reject restores HEAD; undo brings the edit back.
	edited, _ := os.ReadFile(filepath.Join(dir, modified))
	if err := r.Reject(ctx, modified, false); err != nil {
		t.Fatal(err)
	}
	head := git(t, dir, "show", "HEAD:"+modified)
	if got, _ := os.ReadFile(filepath.Join(dir, modified)); string(got) != head {
		t.Errorf("reject did not restore the committed version")
	}
	if _, err := r.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, modified)); string(got) != string(edited) {
		t.Errorf("undo did not bring the edit back")
	}

	// An untracked file is removed only after confirmation.
	untracked := ".dryfire/cassettes/travel/new_case/00-6666666666666666.json"
	if err := r.Reject(ctx, untracked, false); !errors.Is(err, ErrNeedsConfirm) {
		t.Fatalf("reject of untracked without confirm: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, untracked)); err != nil {
		t.Fatalf("untracked file gone without confirmation: %v", err)
	}
	if err := r.Reject(ctx, untracked, true); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, untracked)); !os.IsNotExist(err) {
		t.Errorf("confirmed reject kept the file")
	}
	// The new case came with new directories; rejecting it leaves none.
	if _, err := os.Stat(filepath.Join(root, "travel")); !os.IsNotExist(err) {
		t.Errorf("rejecting the only recording of a new suite left its directory: %v", err)
	}
	if _, err := os.Stat(root); err != nil {
		t.Errorf("the cassette root went with it: %v", err)
	}
	if _, err := r.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, untracked)); err != nil {
		t.Errorf("undo did not bring the untracked file back: %v", err)
	}

	// Rejecting the rename puts the old path back.
	moved := ".dryfire/cassettes/refund_agent/moved/00-4444444444444444.json"
	if err := r.Reject(ctx, moved, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "refund_agent", "moving", "00-4444444444444444.json")); err != nil {
		t.Errorf("reject of a rename did not restore the old path: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "refund_agent", "moved")); !os.IsNotExist(err) {
		t.Errorf("reject of a rename into a new directory left the directory behind: %v", err)
	}
	if st := git(t, dir, "status", "--porcelain", "--", ".dryfire/cassettes/refund_agent/moving", ".dryfire/cassettes/refund_agent/moved"); st != "" {
		t.Errorf("after rejecting the rename git still shows: %q", st)
	}
}

func TestReviewOutsideRepository(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	_, err := OpenReview(context.Background(), t.TempDir(), nil)
	if !errors.Is(err, gitrepo.ErrNotRepo) {
		t.Fatalf("got %v, want gitrepo.ErrNotRepo", err)
	}
}

func slicesContain(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// randomToken returns n letters and digits from a fixed seed.
func randomToken(n int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	r := rand.New(rand.NewPCG(11, 29))
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

// TestReviewSummarisesLookupFields: a change dryfire's lookup reads before
// serving the file (schema_version, the body's fingerprint) is a change in
// meaning, named with its effect, not "no change in meaning".
func TestReviewSummarisesLookupFields(t *testing.T) {
	const key = "3d3d451719dd1a54"
	base := recording("s", "c", 1, key, "same text", nil, 10)
	tests := map[string]struct {
		edit func(string) string
		want string
	}{
		"schema bumped": {
			edit: func(s string) string { return strings.Replace(s, `"schema_version": 1`, `"schema_version": 2`, 1) },
			want: "schema_version 1 → 2: dryfire's lookup now skips this file",
		},
		"fingerprint edited": {
			edit: func(s string) string {
				return strings.Replace(s, `"fingerprint": "`+key+`"`, `"fingerprint": "0000000000000000"`, 1)
			},
			want: "body fingerprint " + key + " → 0000000000000000: it no longer matches the file name, so dryfire's lookup skips this file",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			dir := gitRepo(t)
			rel := ".dryfire/cassettes/s/c/01-" + key + ".json"
			writeFile(t, filepath.Join(dir, "dryfire.yaml"), []byte("version: 1\nsuites: []\n"))
			writeFile(t, filepath.Join(dir, filepath.FromSlash(rel)), base)
			git(t, dir, "add", ".")
			git(t, dir, "commit", "-q", "-m", "record")
			writeFile(t, filepath.Join(dir, filepath.FromSlash(rel)), []byte(tc.edit(string(base))))
			r, err := OpenReview(context.Background(), dir, []string{filepath.Join(dir, ".dryfire", "cassettes")})
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Items) != 1 {
				t.Fatalf("%d changes, want 1", len(r.Items))
			}
			sum := strings.Join(r.Items[0].Summary, "\n")
			if !strings.Contains(sum, tc.want) || strings.Contains(sum, "no change in meaning") {
				t.Errorf("summary:\n%s\nwant a line %q", sum, tc.want)
			}
		})
	}
}

// TestStagedChangesOpenAccepted: a change accepted (staged) in one review
// is accepted, not left to decide, when the review opens again; one
// staged and then changed again is still to decide.
func TestStagedChangesOpenAccepted(t *testing.T) {
	ctx := context.Background()
	dir := gitRepo(t)
	root := filepath.Join(dir, ".dryfire", "cassettes")
	a := filepath.Join(root, "s", "c", "00-1111111111111111.json")
	b := filepath.Join(root, "s", "c", "01-2222222222222222.json")
	writeFile(t, a, recording("s", "c", 0, "1111111111111111", "One.", nil, 10))
	writeFile(t, b, recording("s", "c", 1, "2222222222222222", "Two.", nil, 10))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "record")
	writeFile(t, a, recording("s", "c", 0, "1111111111111111", "One again.", nil, 10))
	writeFile(t, b, recording("s", "c", 1, "2222222222222222", "Two again.", nil, 10))
	r, err := OpenReview(ctx, dir, []string{root})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{".dryfire/cassettes/s/c/00-1111111111111111.json", ".dryfire/cassettes/s/c/01-2222222222222222.json"} {
		if err := r.Accept(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, b, recording("s", "c", 1, "2222222222222222", "Two, a third time.", nil, 10))
	again, err := OpenReview(ctx, dir, []string{root})
	if err != nil {
		t.Fatal(err)
	}
	states := map[string]string{}
	for _, it := range again.Items {
		states[path.Base(it.Path)] = it.State
	}
	if states["00-1111111111111111.json"] != "accepted" || states["01-2222222222222222.json"] != "" {
		t.Errorf("states on reopening: %v; want the staged one accepted, the one changed since to decide", states)
	}
}

// TestRejectARenameChangedAfterStaging: a rename staged (git mv) and then
// changed again is rejected like any rename: the old path comes back from
// HEAD and the new one goes; git rm refused to unstage it without -f.
func TestRejectARenameChangedAfterStaging(t *testing.T) {
	ctx := context.Background()
	dir := gitRepo(t)
	root := filepath.Join(dir, ".dryfire", "cassettes")
	writeFile(t, filepath.Join(root, "s", "moving", "00-4444444444444444.json"), recording("s", "moving", 0, "4444444444444444", "Moved.", nil, 90))
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "record")
	git(t, dir, "mv", ".dryfire/cassettes/s/moving", ".dryfire/cassettes/s/moved")
	moved := ".dryfire/cassettes/s/moved/00-4444444444444444.json"
	writeFile(t, filepath.Join(dir, moved), recording("s", "moved", 0, "4444444444444444", "Moved again.", nil, 95))
	r, err := OpenReview(ctx, dir, []string{root})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Items) != 1 || r.Items[0].Kind != Renamed || r.Items[0].State != "" {
		t.Fatalf("items: %+v", r.Items)
	}
	if err := r.Reject(ctx, moved, false); err != nil {
		t.Fatalf("reject: %v", err)
	}
	if st := git(t, dir, "status", "--porcelain", "--untracked-files=all"); st != "" {
		t.Errorf("after the reject git status says %q", st)
	}
	if _, err := r.Undo(ctx); err != nil {
		t.Fatalf("undo: %v", err)
	}
	if st := git(t, dir, "status", "--porcelain", "--untracked-files=all"); !strings.HasPrefix(st, "RM ") {
		t.Errorf("after the undo git status says %q, want the rename back", st)
	}
}
