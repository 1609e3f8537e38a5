package command

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
)

// TestSecretsInNames opens project-A with a key in the name of an
// orphaned case's directory, a misnamed cassette and a link to a
// directory: the secrets scan lists the directory's name among
// NameFindings and the file's among its findings; every recording keeps
// its real Path (what prune and the rest act on) and shows Shown; the
// documents, reasons and problems show the masks only.
func TestSecretsInNames(t *testing.T) {
	t.Parallel()
	g := secrettest.New(19)
	caseKey, fileKey, linkKey := g.AWSKeyID(), g.AWSKeyID(), g.AWSKeyID()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(golden, "project-A"))); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(dir, ".dryfire", "cassettes")
	live, err := os.ReadFile(filepath.Join(root, "refund_agent", "parallel_lookups", "00-6e943a4a4125d90d.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join("refund_agent", caseKey.Text, "00-0123456789abcdef.json"), filepath.Join("refund_agent", "parallel_lookups", fileKey.Text+".json")} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), live, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(t.TempDir(), filepath.Join(root, linkKey.Text)); err != nil {
		t.Fatal(err)
	}
	w, err := scan.Open(context.Background(), dir, scan.Options{Secrets: true})
	if err != nil {
		t.Fatal(err)
	}
	all := []secrettest.Secret{caseKey, fileKey, linkKey}
	if len(w.NameFindings) != 1 || w.NameFindings[0].Name != secrets.InDirName || w.NameFindings[0].Path != ".dryfire/cassettes/refund_agent/"+caseKey.Text {
		t.Errorf("name findings %+v, want the case directory's", w.NameFindings)
	}
	seen := 0
	for _, r := range w.Recordings {
		full := filepath.Join(dir, filepath.FromSlash(r.Path))
		if r.File != nil && full != r.File.Path {
			t.Errorf("%s: Path is not the file's (%s)", r.Path, r.File.Path)
		}
		doc := recordingDoc(r)
		text := r.Shown + doc.Path + doc.Case + doc.Reason
		if leaked := secrettest.Leaked(text, all); len(leaked) > 0 {
			t.Errorf("%s shows %v: %q", r.Path, leaked, text)
		}
		if strings.Contains(r.Path, fileKey.Text) {
			seen++
			if r.Secrets != 1 || len(r.Findings) == 0 || r.Findings[0].Name != secrets.InFileName {
				t.Errorf("%s: %d secrets, findings %+v; want its name's", r.Path, r.Secrets, r.Findings)
			}
		}
		if strings.Contains(r.Path, caseKey.Text) {
			seen++
			if r.Status != scan.OrphanedCase || !strings.Contains(r.Reason, "has no case [aws-access-key-id AKIA") {
				t.Errorf("%s: %s (%s)", r.Path, r.Status, r.Reason)
			}
		}
	}
	if seen != 2 {
		t.Errorf("saw %d of the two files named after keys", seen)
	}
	var problems strings.Builder
	for _, err := range w.Problems {
		problems.WriteString(err.Error() + "\n")
	}
	if leaked := secrettest.Leaked(problems.String(), all); len(leaked) > 0 || !strings.Contains(problems.String(), "symbolic link to a directory") {
		t.Errorf("problems show %v, or miss the link:\n%s", leaked, problems.String())
	}
	plan := w.PrunePlan()
	doc := pruneDoc(plan, nil)
	var listed strings.Builder
	for _, it := range doc.Candidates {
		listed.WriteString(it.Path + " " + it.Reason + "\n")
	}
	for _, d := range doc.Dirs {
		listed.WriteString(d + "\n")
	}
	if leaked := secrettest.Leaked(listed.String(), all); len(leaked) > 0 || !strings.Contains(listed.String(), "[aws-access-key-id") {
		t.Errorf("the prune document shows %v, or not the candidate:\n%s", leaked, listed.String())
	}
	for _, it := range plan.Candidates {
		if strings.Contains(it.Recording.Path, caseKey.Text) && it.Recording.File.Path != filepath.Join(root, "refund_agent", caseKey.Text, "00-0123456789abcdef.json") {
			t.Errorf("the candidate acts on %s", it.Recording.File.Path)
		}
	}
}
