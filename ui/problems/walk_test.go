package problems

import (
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// newTree is a tree of recordings "suite/case/NN" with the statuses given.
func newTree(statuses ...string) tree.Model {
	var its []tree.Item
	for i, st := range statuses {
		id := "s/c/" + string(rune('a'+i))
		its = append(its, tree.Item{ID: id, Path: id, Group: "s", Sub: "c", Turn: i, Label: id, Status: st})
	}
	its[len(its)-1].Secrets = 1
	t := tree.New(theme.New(true), tree.DefaultKeyMap())
	t.SetSize(40, 20)
	return t.Add(its)
}

// TestWalkGoesByUrgency: the walk lands on the secret first, then walks
// stale before superseded, and the status line says what n does next.
func TestWalkGoesByUrgency(t *testing.T) {
	tr := newTree("superseded", "stale", "live", "stale", "live")
	w, s := Walker{}.Land(tr, 200)
	if it, _ := s.Tree.Selected(); it.ID != "s/c/e" || s.Tab != detail.TabSecrets || !s.Explain {
		t.Fatalf("landed on %s tab %v, want the secret on its tab", it.ID, s.Tab)
	}
	var got []string
	for range 4 {
		w, s = w.Next(s.Tree, false, 200)
		it, _ := s.Tree.Selected()
		got = append(got, it.ID+" "+w.Kind())
	}
	want := []string{"s/c/b stale", "s/c/d stale", "s/c/a superseded", "s/c/e secret"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("walk = %v, want %v", got, want)
	}
	if !strings.Contains(s.Status, "back at the most urgent") {
		t.Errorf("status after the last kind = %q", s.Status)
	}
}

// TestLandOnACalmProjectSaysSo: with no problem the cursor stays and the
// status line counts the statuses.
func TestLandOnACalmProjectSaysSo(t *testing.T) {
	tr := tree.New(theme.New(true), tree.DefaultKeyMap()).Add([]tree.Item{{ID: "a", Group: "s", Sub: "c", Status: "live"}})
	if _, s := (Walker{}).Land(tr, 80); s.Explain || s.Status != "nothing needs attention: 1 recording: 1 live" {
		t.Errorf("land = %+v", s)
	}
}

func TestPickedRow(t *testing.T) {
	for id, want := range map[string]Picked{
		"kind:stale":      {Kind: "stale", SpecError: -1},
		"kind:" + WalkAll: {Kind: WalkAll, SpecError: -1},
		"spec:2":          {SpecError: 2},
		"spec:x":          {SpecError: -1},
		"":                {SpecError: -1},
	} {
		if got := PickedRow(id); got != want {
			t.Errorf("PickedRow(%q) = %+v, want %+v", id, got, want)
		}
	}
}
