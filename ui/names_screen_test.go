package ui

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// namedProject is golden project-A in git with keys in the names of an
// orphaned suite's directory, an orphaned case's directory, a misnamed
// cassette and a tape, committed; then a recording added, uncommitted, in
// a directory named after another key.
func namedProject(t *testing.T) (dir string, all []secrettest.Secret, added string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir = filepath.Join(t.TempDir(), "project")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "testdata", "golden", "dryfire", "project-A"))); err != nil {
		t.Fatal(err)
	}
	live, err := os.ReadFile(filepath.Join(dir, stalePath))
	if err != nil {
		t.Fatal(err)
	}
	g := secrettest.New(19)
	suite, cs, file, tape, late := g.Anthropic(), g.AWSKeyID(), g.AWSKeyID(), g.AWSKeyID(), g.AWSKeyID()
	uitest.WriteFile(t, dir, ".dryfire/cassettes/"+suite.Text+"/some_case/00-0123456789abcdef.json", live)
	uitest.WriteFile(t, dir, ".dryfire/cassettes/refund_agent/"+cs.Text+"/00-0123456789abcdef.json", live)
	uitest.WriteFile(t, dir, ".dryfire/cassettes/refund_agent/parallel_lookups/"+file.Text+".json", live)
	str := jsonv.StringValue
	uitest.WriteFile(t, dir, "tapes/"+tape.Text+".json", screenTapeBytes(t, jsonv.ArrayValue(str("hi")), jsonv.ObjectValue(), str("ok"),
		jsonv.ObjectValue(jsonv.M("message", str("boom")), jsonv.M("name", str("Error")))))
	f := uitest.Fixture{Dir: dir}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"config", "user.email", "t@example.com"}, {"config", "user.name", "t"},
		{"config", "commit.gpgsign", "false"}, {"add", "-A"}, {"commit", "-q", "-m", "record"}} {
		f.Git(t, args...)
	}
	added = ".dryfire/cassettes/" + late.Text + "/c/00-0123456789abcdef.json"
	uitest.WriteFile(t, dir, added, live)
	return dir, []secrettest.Secret{suite, cs, file, tape, late}, added
}

// TestScreensMaskNames walks every row of the browse page's tree, each
// opened, with its detail, the prune dialog of every mark, and the review
// page's added file in a directory named after a key: the names show as
// their masks, never in clear.
func TestScreensMaskNames(t *testing.T) {
	const w, h = 200, 60
	dir, all, added := namedProject(t)
	m := New(Options{Path: dir, Backend: backend.Core{}, IsDark: true})
	m = send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	m = run(t, m, m.Init())
	var screens strings.Builder
	m = keys(t, m, "g")
	for range 200 {
		if _, leaf := m.browse.Selected(); leaf {
			m = keys(t, m, "space")
		} else {
			m = keys(t, m, "l")
		}
		screens.WriteString(onScreen(m, w, h))
		before := m.render()
		m = keys(t, m, "j")
		if m.render() == before {
			break
		}
	}
	m = keys(t, m, "d")
	screens.WriteString(onScreen(m, w, h))
	shown := screens.String()
	if got := secrettest.Leaked(shown, all); len(got) > 0 {
		t.Errorf("the browse page shows %v", got)
	}
	for _, want := range []string{"[anthropic-api-key sk-ant-api03-", "[aws-access-key-id AKIA", "Prune"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the browse page never shows %q", want)
		}
	}

	load := func(ctx context.Context) (*gitreview.Review, []string, error) {
		r, err := gitreview.Open(ctx, dir)
		return r, nil, err
	}
	r, _, err := load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rm := New(Options{Page: PageReview, Review: r, Reload: load, IsDark: true})
	rm = send(t, rm, tea.WindowSizeMsg{Width: w, Height: h})
	rm = reviewSelect(t, rm, added)
	review := onScreen(rm, w, h)
	rm = keys(t, rm, "tab")
	review += onScreen(rm, w, h)
	if got := secrettest.Leaked(review, all); len(got) > 0 {
		t.Errorf("the review page shows %v:\n%s", got, review)
	}
	if !strings.Contains(review, "[aws-access-key-id AKIA") {
		t.Errorf("the review page does not show the directory's mask:\n%s", review)
	}
}
