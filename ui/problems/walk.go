package problems

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// WalkAll is the walk of every problem in tree order, whatever its kind
// (p offers it); otherwise n and N walk one kind at a time.
const WalkAll = "all"

// Walker is the walk n and N make: the kind of problem it walks (the most
// urgent present when it is "" or no longer present), or WalkAll.
type Walker struct {
	kind string
}

// Kind is the kind walked ("" before the first step).
func (w Walker) Kind() string { return w.kind }

// Step is what a move of the walk asks of the page: the tree with the
// cursor moved, the tab that explains the problem under it (when Explain
// is set), and the status line ("" leaves it as it is).
type Step struct {
	Tree    tree.Model
	Explain bool
	Tab     detail.Tab
	Status  string
}

// explained is a step onto the recording under t's cursor as a problem of
// kind k, saying status.
func explained(t tree.Model, k Kind, status string) Step {
	s := Step{Tree: t, Status: status}
	if it, ok := t.Selected(); ok {
		s.Explain, s.Tab = true, explainingTab(k, it)
	}
	return s
}

// Land puts the cursor on the first recording of the most urgent kind of
// problem (a secret before an invalid file, before a stale recording,
// before cruft prune removes); with no problem it says so, width columns
// at most where it can.
func (w Walker) Land(t tree.Model, width int) (Walker, Step) {
	n := t.Count(Is)
	kinds := Present(t)
	if n == 0 || len(kinds) == 0 {
		return w, Step{Tree: t, Status: "nothing needs attention: " + CalmSummary(t)}
	}
	w.kind = kinds[0].Status
	t, ok := t.First(Of(w.kind))
	if !ok {
		return w, Step{Tree: t}
	}
	lead := needAttention(n, t.Counts()["unrecorded"])
	return w, explained(t, kinds[0], walkStatus(t, width, lead, kinds[0], kinds, 1))
}

// Next is n (or N, back). It walks one kind of problem at a time,
// the most urgent first: the next recording of the kind walked, in tree
// order; after its last, the first of the next kind present (N: before its
// first, the last of the kind before); after the last kind, the most
// urgent again. The status line says which kind it walks and how to walk
// them all: p, whose "all" row walks every problem in tree order, as
// n did before. The tab that explains the problem opens.
func (w Walker) Next(t tree.Model, back bool, width int) (Walker, Step) {
	kinds := Present(t)
	switch {
	case len(kinds) == 0 && filtered(t):
		return w, Step{Tree: t, Status: "no problem among the recordings shown · esc clears the filter"}
	case len(kinds) == 0:
		return w, Step{Tree: t, Status: "nothing needs attention"}
	case w.kind == WalkAll:
		return w, nextInTreeOrder(t, back)
	}
	i := slices.IndexFunc(kinds, func(k Kind) bool { return k.Status == w.kind })
	if i < 0 {
		i = 0 // the kind walked is fixed, or filtered out: the most urgent left
	}
	k := kinds[i]
	dir := 1
	if back {
		dir = -1
	}
	if moved, j := t.Jump(dir, Of(k.Status)); j.Found && (!j.Wrapped || len(kinds) == 1) {
		w.kind = k.Status
		lead := ""
		if j.Wrapped {
			lead = "back at the " + firstOrLast(back) + " one"
		}
		return w, explained(moved, k, walkStatus(moved, width, lead, k, kinds, j.Place))
	}
	// Past the last of its kind: on to the next kind (back: the one
	// before), wrapping around.
	j := (i + dir + len(kinds)) % len(kinds)
	next := kinds[j]
	place := 1
	if back {
		t, _ = t.Last(Of(next.Status))
		place = t.Count(Of(next.Status))
	} else {
		t, _ = t.First(Of(next.Status))
	}
	w.kind = next.Status
	done := fmt.Sprintf("done with %s %s", theme.Glyph(k.Status), k.Status)
	if !back && j == 0 {
		done = "back at the most urgent"
	}
	return w, explained(t, next, walkStatus(t, width, done, next, kinds, place))
}

// firstOrLast is "last" going back, else "first".
func firstOrLast(back bool) string {
	if back {
		return "last"
	}
	return "first"
}

// nextInTreeOrder is n (or N) walking every problem in tree order,
// wrapping around at the end.
func nextInTreeOrder(t tree.Model, back bool) Step {
	dir := 1
	if back {
		dir = -1
	}
	moved, j := t.Jump(dir, Is)
	if !j.Found {
		return Step{Tree: t}
	}
	it, _ := moved.Selected()
	k := kindOf(it)
	s := fmt.Sprintf("problem %d of %d in tree order (%s %s) · p: one kind at a time", j.Place, moved.Count(Is), theme.Glyph(k.Status), k.Status)
	if j.Wrapped {
		s = "back at the " + firstOrLast(back) + " problem: " + s
	}
	return explained(moved, k, s)
}

// Walk is the walk a row of the summary picked: kind, or WalkAll; the
// cursor goes to the first recording it walks.
func (w Walker) Walk(t tree.Model, kind string, width int) (Walker, Step) {
	if kind == WalkAll {
		t, ok := t.First(Is)
		if !ok {
			return w, Step{Tree: t}
		}
		w.kind = WalkAll
		it, _ := t.Selected()
		return w, explained(t, kindOf(it), fmt.Sprintf("n walks all %d problems in tree order · p: one kind at a time", t.Count(Is)))
	}
	i := slices.IndexFunc(Kinds, func(k Kind) bool { return k.Status == kind })
	t, ok := t.First(Of(kind))
	if !ok || i < 0 {
		return w, Step{Tree: t}
	}
	w.kind = kind
	return w, explained(t, Kinds[i], walkStatus(t, width, "", Kinds[i], Present(t), 1))
}

// walkStatus says where the cursor is in the walk of kind k and what n
// does next, after lead ("" or "done with ◐ stale"): "◐ stale 3 of 373 ·
// n walks stale, then ○ superseded · p: another kind, or all", shortened
// to fit width, the way to walk them all kept longest.
func walkStatus(t tree.Model, width int, lead string, k Kind, kinds []Kind, place int) string {
	total := t.Count(Of(k.Status))
	pos := fmt.Sprintf("%s %s %d of %d", theme.Glyph(k.Status), k.Status, place, total)
	walks, then := "n walks "+k.Status, ""
	for i, o := range kinds {
		if o.Status == k.Status && i+1 < len(kinds) {
			then = ", then " + theme.Glyph(kinds[i+1].Status) + " " + kinds[i+1].Status
		}
	}
	const all = "p: another kind, or all"
	return Fit(width,
		join(lead, pos, walks+then, all),
		join(lead, pos, walks, all),
		join(pos, walks, all),
		join(pos, all))
}

// join joins the parts of a status line that are not empty with " · ".
func join(parts ...string) string {
	return strings.Join(slices.DeleteFunc(parts, func(p string) bool { return p == "" }), " · ")
}

// Fit is the first of the status lines, most detailed first, that fits
// width, or the last.
func Fit(width int, lines ...string) string {
	for _, l := range lines {
		if ansi.StringWidth(l) <= width {
			return l
		}
	}
	return lines[len(lines)-1]
}
