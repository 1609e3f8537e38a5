package browse

import (
	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/problems"
)

// land puts the cursor on the first recording of the most urgent kind of
// problem when the first scan is done, unless the user has moved since
// the browser opened; with no problem it says so on the status line.
func (m Page) land() Page {
	if m.landed {
		return m
	}
	m.landed = true
	if m.touched || m.tree.Len() == 0 {
		return m
	}
	w, s := m.walk.Land(m.tree, m.Layout.Width)
	return m.step(w, s)
}

// nextProblem is n (or N, back): the walk's next step.
func (m Page) nextProblem(back bool) Page {
	w, s := m.walk.Next(m.tree, back, m.Layout.Width)
	return m.step(w, s)
}

// step takes a step of the walk: the cursor moved, the tab that explains
// the problem, the status line.
func (m Page) step(w problems.Walker, s problems.Step) Page {
	m.walk, m.tree = w, s.Tree
	if s.Explain {
		m.Detail = m.Detail.SetTab(s.Tab)
	}
	if s.Status != "" {
		m.SetStatus(s.Status, false)
	}
	return m
}

// fitStatus is the first of the status lines, most detailed first, that
// fits the screen's width, or the last.
func (m Page) fitStatus(lines ...string) string { return problems.Fit(m.Layout.Width, lines...) }

// openProblems is p: the problem summary.
func (m Page) openProblems() Page {
	errs := make([]string, len(m.summary.SpecErrors))
	for i, e := range m.summary.SpecErrors {
		errs[i] = e.String()
	}
	m.pickerAsk = "problems"
	m.picker = m.picker.Open(m.nextPickerID(), problems.Summary(m.Styles, m.tree, errs))
	return m
}

// nextPickerID numbers the pickers opened, so an answer to an older one
// is recognised.
func (m *Page) nextPickerID() int {
	m.pickers++
	return m.pickers
}

// handlePicked acts on a row picked in the problem summary, the status
// picker or the palette.
func (m Page) handlePicked(msg picker.PickedMsg) (Page, tea.Cmd) {
	switch {
	case msg.ID != m.pickers:
		return m, nil
	case m.pickerAsk == "palette":
		return m.runPicked(msg.Row)
	case m.pickerAsk == "status":
		m.touched = true
		return m.pickStatus(msg.Row).syncDetail()
	case m.pickerAsk != "problems":
		return m, nil
	}
	m.touched = true
	p := problems.PickedRow(msg.Row)
	switch {
	case p.SpecError >= 0 && p.SpecError < len(m.summary.SpecErrors):
		e := m.summary.SpecErrors[p.SpecError]
		return m, editFileCmd(m.opts.Editor, m.absPath(e.File), e.Line)
	case p.Kind != "":
		if msg.Alt && p.Kind != problems.WalkAll {
			m.tree = m.tree.SetFilter("").SetStatusFilter(p.Kind)
		}
		w, s := m.walk.Walk(m.tree, p.Kind, m.Layout.Width)
		m = m.step(w, s)
	}
	return m.syncDetail()
}
