package review

import (
	"fmt"
	"maps"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
)

// handleActed records an action's result and moves on to the next change
// left.
func (m Page) handleActed(msg actedMsg) Page {
	if msg.gen != m.gen {
		return m
	}
	m.busy = ""
	m.setStates(msg.states)
	if msg.op == opUndo {
		m.undo = slices.Clone(m.undo)
		m.undo[len(m.undo)-1] -= msg.steps
		if m.undo[len(m.undo)-1] <= 0 {
			m.undo = m.undo[:len(m.undo)-1]
		}
	} else if msg.steps > 0 {
		m.undo = append(m.undo[:len(m.undo):len(m.undo)], msg.steps)
	}
	switch {
	case msg.needsConfirm != "":
		if _, ok := m.items[msg.needsConfirm]; ok {
			m = m.askRemove(msg.needsConfirm)
		}
		return m.syncDetail()
	case msg.err != nil:
		text := msg.err.Error()
		if len(msg.paths) > 1 && msg.op != opUndo {
			// Say how far it got: the files before the failure are done
			// (u undoes them), the rest left as they were.
			text = fmt.Sprintf("%s %d of %d, then: %s", msg.op.past(), msg.steps, len(msg.paths), text)
		}
		m.SetStatus(text, true)
		return m.syncDetail()
	}
	m.SetStatus(doneMessage(msg), false)
	if msg.op == opUndo {
		m = m.selectFirst(msg.states)
	} else if len(msg.paths) == 1 && msg.paths[0] == m.Selected() {
		m = m.nextLeft()
	}
	if t := m.Tally(); t.Left == 0 && msg.op != opUndo {
		m.Status += fmt.Sprintf(" · all %d reviewed, q quits", t.Changed)
	}
	return m.syncDetail()
}

// handleSecrets shows the changes a redaction or a baseline entry left:
// summarised again, their secret marks gone when nothing is left to ask.
func (m Page) handleSecrets(msg secretsMsg) Page {
	if msg.gen != m.gen {
		return m
	}
	m.busy = ""
	m.items = maps.Clone(m.items)
	for p, it := range msg.items {
		m.items[p] = it
		mark := ""
		if len(it.Secrets) > 0 {
			mark = "secret"
		}
		m.list = m.list.SetMark(p, mark)
	}
	if msg.err != nil {
		m.SetStatus(msg.err.Error(), true)
	} else {
		m.SetStatus(msg.status, false)
	}
	if p := m.Selected(); p != "" {
		m.Detail = m.Detail.SetChange(m.fileChange(p))
	}
	return m
}

// selectFirst puts the cursor on the first item of paths in list order
// (the items an undo brought back).
func (m Page) selectFirst(paths map[string]string) Page {
	for _, p := range m.list.Items() {
		if _, ok := paths[p]; ok {
			m.list, _ = m.list.Select(p)
			return m
		}
	}
	return m
}

func doneMessage(msg actedMsg) string {
	what := fmt.Sprintf("%d files", msg.steps)
	if msg.steps == 1 {
		for p := range msg.states {
			what = p
		}
	}
	switch msg.op {
	case opAccept:
		return "accepted (staged) " + what
	case opReject:
		return "rejected (restored) " + what
	case opUndo:
		return "undid the last action on " + what
	default:
		return msg.op.past() + " " + what
	}
}

// handleLoaded shows the review opened again.
func (m Page) handleLoaded(msg loadedMsg) Page {
	if msg.gen != m.gen {
		return m
	}
	m.busy = ""
	if msg.err != nil {
		m.SetStatus("reload failed: "+msg.err.Error(), true)
		return m
	}
	m.gen++
	m = m.setReview(msg.review, msg.lookedAt, m.states)
	m.SetStatus("reloaded: "+frame.Count(m.Tally().Changed, "change")+" since HEAD (undo history cleared)", false)
	return m
}

// handleWheel moves the list or scrolls the detail under the pointer.
func (m Page) handleWheel(msg tea.MouseWheelMsg) Page {
	d := m.Wheel(msg)
	switch {
	case d == 0:
	case m.OverLeft(msg.X):
		m.list.MoveBy(d)
	default:
		m.Detail.ScrollBy(3 * d)
	}
	return m.syncDetail()
}

// handleClick selects the list row under the pointer or focuses the detail.
func (m Page) handleClick(msg tea.MouseClickMsg) Page {
	row, ok := m.BodyRow(msg.Y)
	if msg.Button != tea.MouseLeft || m.Overlay() || !ok {
		return m
	}
	if !m.OverLeft(msg.X) {
		m.setFocus(page.FocusDetail)
		return m
	}
	m.setFocus(page.FocusList)
	m.list = m.list.Click(row)
	return m.syncDetail()
}
