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
	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

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
	dir := reviewtest.Repo(t)
	root := filepath.Join(dir, ".dryfire", "cassettes")
	caseDir := filepath.Join(root, "refund_agent", "parallel_lookups")
	args := jsonv.ObjectValue(jsonv.M("order_id", jsonv.StringValue("A-991")))
	reviewtest.WriteFile(t, filepath.Join(caseDir, "00-1111111111111111.json"),
		reviewtest.Recording("refund_agent", "parallel_lookups", 0, "1111111111111111", "", []jsonv.Value{reviewtest.ToolCall("toolu_1", "lookup_order", args)}, 100))
	reviewtest.WriteFile(t, filepath.Join(caseDir, "01-2222222222222222.json"),
		reviewtest.Recording("refund_agent", "parallel_lookups", 1, "2222222222222222", "Refunded.", nil, 150))
	reviewtest.WriteFile(t, filepath.Join(root, "refund_agent", "old_case", "00-3333333333333333.json"),
		reviewtest.Recording("refund_agent", "old_case", 0, "3333333333333333", "Bye.", nil, 90))
	reviewtest.WriteFile(t, filepath.Join(root, "refund_agent", "moving", "00-4444444444444444.json"),
		reviewtest.Recording("refund_agent", "moving", 0, "4444444444444444", "Moved.", nil, 90))
	reviewtest.WriteFile(t, filepath.Join(dir, "tapes", "chat.json"), []byte(tapeV1))
	reviewtest.Git(t, dir, "add", "-A")
	reviewtest.Git(t, dir, "commit", "-q", "-m", "record")

	// Edit: turn 01 answers differently. Re-record: turn 00 under a new key
	// with other arguments. Delete: old_case. Rename: moving → moved (staged).
	// Tape: result changed. Untracked: a new case.
	reviewtest.WriteFile(t, filepath.Join(caseDir, "01-2222222222222222.json"),
		reviewtest.Recording("refund_agent", "parallel_lookups", 1, "2222222222222222", "Refund issued.", nil, 170))
	args2 := jsonv.ObjectValue(jsonv.M("order_id", jsonv.StringValue("B-100")))
	reviewtest.WriteFile(t, filepath.Join(caseDir, "00-5555555555555555.json"),
		reviewtest.Recording("refund_agent", "parallel_lookups", 0, "5555555555555555", "", []jsonv.Value{reviewtest.ToolCall("toolu_9", "lookup_order", args2)}, 100))
	if err := os.RemoveAll(filepath.Join(root, "refund_agent", "old_case")); err != nil {
		t.Fatal(err)
	}
	reviewtest.Git(t, dir, "mv", ".dryfire/cassettes/refund_agent/moving", ".dryfire/cassettes/refund_agent/moved")
	// The re-recorded tape leaks a token (generated here, never committed).
	token := "hf_" + randomToken(34)
	reviewtest.WriteFile(t, filepath.Join(dir, "tapes", "chat.json"), []byte(strings.Replace(tapeV1, `"first"`, `"second `+token+`"`, 1)))
	reviewtest.WriteFile(t, filepath.Join(root, "travel", "new_case", "00-6666666666666666.json"),
		reviewtest.Recording("travel", "new_case", 0, "6666666666666666", "Hi.", nil, 10))

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
	if staged := reviewtest.Git(t, dir, "diff", "--cached", "--name-only"); !strings.Contains(staged, modified) {
		t.Errorf("accept did not stage %s: %q", modified, staged)
	}
	if _, err := r.Undo(ctx); err != nil {
		t.Fatal(err)
	}
	if staged := reviewtest.Git(t, dir, "diff", "--cached", "--name-only"); strings.Contains(staged, modified) {
		t.Errorf("undo left %s staged", modified)
	}

	// Reject restores HEAD; undo brings the edit back.
	edited, _ := os.ReadFile(filepath.Join(dir, modified))
	if err := r.Reject(ctx, modified, false); err != nil {
		t.Fatal(err)
	}
	head := reviewtest.Git(t, dir, "show", "HEAD:"+modified)
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
	if st := reviewtest.Git(t, dir, "status", "--porcelain", "--", ".dryfire/cassettes/refund_agent/moving", ".dryfire/cassettes/refund_agent/moved"); st != "" {
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
	base := reviewtest.Recording("s", "c", 1, key, "same text", nil, 10)
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
			dir := reviewtest.Repo(t)
			rel := ".dryfire/cassettes/s/c/01-" + key + ".json"
			reviewtest.WriteFile(t, filepath.Join(dir, "dryfire.yaml"), []byte("version: 1\nsuites: []\n"))
			reviewtest.WriteFile(t, filepath.Join(dir, filepath.FromSlash(rel)), base)
			reviewtest.Git(t, dir, "add", ".")
			reviewtest.Git(t, dir, "commit", "-q", "-m", "record")
			reviewtest.WriteFile(t, filepath.Join(dir, filepath.FromSlash(rel)), []byte(tc.edit(string(base))))
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
	dir := reviewtest.Repo(t)
	root := filepath.Join(dir, ".dryfire", "cassettes")
	a := filepath.Join(root, "s", "c", "00-1111111111111111.json")
	b := filepath.Join(root, "s", "c", "01-2222222222222222.json")
	reviewtest.WriteFile(t, a, reviewtest.Recording("s", "c", 0, "1111111111111111", "One.", nil, 10))
	reviewtest.WriteFile(t, b, reviewtest.Recording("s", "c", 1, "2222222222222222", "Two.", nil, 10))
	reviewtest.Git(t, dir, "add", "-A")
	reviewtest.Git(t, dir, "commit", "-q", "-m", "record")
	reviewtest.WriteFile(t, a, reviewtest.Recording("s", "c", 0, "1111111111111111", "One again.", nil, 10))
	reviewtest.WriteFile(t, b, reviewtest.Recording("s", "c", 1, "2222222222222222", "Two again.", nil, 10))
	r, err := OpenReview(ctx, dir, []string{root})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{".dryfire/cassettes/s/c/00-1111111111111111.json", ".dryfire/cassettes/s/c/01-2222222222222222.json"} {
		if err := r.Accept(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	reviewtest.WriteFile(t, b, reviewtest.Recording("s", "c", 1, "2222222222222222", "Two, a third time.", nil, 10))
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
	dir := reviewtest.Repo(t)
	root := filepath.Join(dir, ".dryfire", "cassettes")
	reviewtest.WriteFile(t, filepath.Join(root, "s", "moving", "00-4444444444444444.json"), reviewtest.Recording("s", "moving", 0, "4444444444444444", "Moved.", nil, 90))
	reviewtest.Git(t, dir, "add", "-A")
	reviewtest.Git(t, dir, "commit", "-q", "-m", "record")
	reviewtest.Git(t, dir, "mv", ".dryfire/cassettes/s/moving", ".dryfire/cassettes/s/moved")
	moved := ".dryfire/cassettes/s/moved/00-4444444444444444.json"
	reviewtest.WriteFile(t, filepath.Join(dir, moved), reviewtest.Recording("s", "moved", 0, "4444444444444444", "Moved again.", nil, 95))
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
	if st := reviewtest.Git(t, dir, "status", "--porcelain", "--untracked-files=all"); st != "" {
		t.Errorf("after the reject git status says %q", st)
	}
	if _, err := r.Undo(ctx); err != nil {
		t.Fatalf("undo: %v", err)
	}
	if st := reviewtest.Git(t, dir, "status", "--porcelain", "--untracked-files=all"); !strings.HasPrefix(st, "RM ") {
		t.Errorf("after the undo git status says %q, want the rename back", st)
	}
}
