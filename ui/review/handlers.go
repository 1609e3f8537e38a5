package review

import (
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// handleKey dispatches a key press by mode, always through the keymap.
func (m Model) handleKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	if msg.String() == "ctrl+c" {
		return m, tea.Quit
	}
	switch m.mode { //nolint:exhaustive // the other cases need nothing here
	case modeHelp:
		if key.Matches(msg, m.keys.Help, m.keys.Back, m.keys.Quit) {
			m.mode = modeBrowse
		}
		return m, nil
	case modeConfirm:
		return m.handleConfirmKey(msg)
	}
	k := m.keysNow()
	if !key.Matches(msg, k.Up, k.Down, k.Top, k.Bottom, k.PageUp, k.PageDown) {
		m.status, m.isErr = "", false
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m, tea.Quit
	case key.Matches(msg, k.Help):
		m.mode = modeHelp
	case key.Matches(msg, k.Open):
		m.focus = focusDetail
	case key.Matches(msg, k.Focus):
		m.focus = 1 - m.focus
	case key.Matches(msg, k.Back):
		m.focus = focusList
	case key.Matches(msg, k.Accept):
		return m.start(opAccept, []string{m.selectedPath()}, false)
	case key.Matches(msg, k.Reject):
		return m.reject()
	case key.Matches(msg, k.Skip):
		return m.start(opSkip, []string{m.selectedPath()}, false)
	case key.Matches(msg, k.AcceptAll):
		m.askAll(opAccept)
	case key.Matches(msg, k.RejectAll):
		m.askAll(opReject)
	case key.Matches(msg, k.Undo):
		m.busy = "undoing"
		return m, undoCmd(m.ctx, m.review, m.gen, m.undo[len(m.undo)-1])
	case key.Matches(msg, k.Reload):
		m.busy = "reloading"
		return m, reloadCmd(m.ctx, m.opts.Reload, m.gen)
	default:
		m.navigate(msg, k)
	}
	return m, nil
}

// navigate moves the cursor, or scrolls the detail when it has focus.
func (m *Model) navigate(msg tea.KeyPressMsg, k KeyMap) {
	page := max(m.layout.BodyH-1, 1)
	d := 0
	switch {
	case key.Matches(msg, k.Up):
		d = -1
	case key.Matches(msg, k.Down):
		d = 1
	case key.Matches(msg, k.PageUp):
		d = -page
	case key.Matches(msg, k.PageDown):
		d = page
	case key.Matches(msg, k.Top):
		d = -len(m.rows) - m.detailTop
	case key.Matches(msg, k.Bottom):
		d = len(m.rows) + len(m.detailLines())
	default:
		return
	}
	if m.focus == focusDetail {
		m.scrollDetail(d)
		return
	}
	m.moveBy(d)
}

// keysNow is the keymap with the bindings that do not apply disabled.
func (m Model) keysNow() KeyMap {
	k := m.keys
	it := m.selected()
	idle := m.busy == ""
	state := ""
	if it != nil {
		state = m.states[it.Path]
	}
	hasItems := it != nil
	left := m.Tally().Left > 0
	k.Up.SetEnabled(hasItems)
	k.Down.SetEnabled(hasItems)
	k.Top.SetEnabled(hasItems)
	k.Bottom.SetEnabled(hasItems)
	k.PageUp.SetEnabled(hasItems)
	k.PageDown.SetEnabled(hasItems)
	k.Open.SetEnabled(hasItems && m.focus == focusList)
	k.Focus.SetEnabled(hasItems && m.layout.Split)
	k.Back.SetEnabled(hasItems && m.focus == focusDetail)
	k.Accept.SetEnabled(idle && hasItems && state != stateAccepted && state != stateRejected)
	k.Reject.SetEnabled(idle && hasItems && state != stateRejected)
	k.Skip.SetEnabled(idle && hasItems && state == "")
	k.AcceptAll.SetEnabled(idle && left)
	k.RejectAll.SetEnabled(idle && left)
	k.Undo.SetEnabled(idle && len(m.undo) > 0)
	k.Reload.SetEnabled(idle && m.opts.Reload != nil)
	return k
}

// start runs an action in a Cmd; the keys stay disabled until it reports.
func (m Model) start(o op, paths []string, confirm bool) (tea.Model, tea.Cmd) {
	m.busy = o.String()
	what := fmt.Sprintf("%d files", len(paths))
	if len(paths) == 1 {
		what = paths[0]
	}
	m.status, m.isErr = o.ing()+" "+what+"…", false
	return m, actCmd(m.ctx, m.review, m.gen, o, paths, confirm)
}

// reject restores the selection, asking first when git has no copy of it.
func (m Model) reject() (tea.Model, tea.Cmd) {
	it := m.selected()
	if it.Kind == gitreview.Added {
		m.askRemove(it)
		return m, nil
	}
	return m.start(opReject, []string{it.Path}, false)
}

// askRemove opens the dialog for rejecting a file git cannot restore.
func (m *Model) askRemove(it *gitreview.ReviewItem) {
	where := "a new file"
	if it.Untracked {
		where = "untracked"
	} else if it.Staged {
		where = "a staged new file"
	}
	m.confirm = confirmation{op: opReject, title: "Remove a file git has no copy of?", paths: []string{it.Path},
		lines: []string{
			m.styles.Dialog.Danger.Render("Rejecting removes this file from disk:"),
			"  " + kindGlyph(it.Kind) + " " + it.Path,
			"",
			m.styles.Muted.Render("It is " + where + ", so git cannot bring it back; u undoes it while this review is open."),
		}}
	m.mode = modeConfirm
}

// askAll opens the dialog that lists every file A or X would act on.
func (m *Model) askAll(o op) {
	var paths, lines []string
	removes := 0
	for _, rw := range m.rows {
		if rw.item == nil || m.states[rw.item.Path] != "" {
			continue
		}
		paths = append(paths, rw.item.Path)
		line := "  " + kindGlyph(rw.item.Kind) + " " + rw.item.Path
		if o == opReject && rw.item.Kind == gitreview.Added {
			line += m.styles.Dialog.Danger.Render("  (removed)")
			removes++
		}
		lines = append(lines, line)
	}
	head := m.styles.Dialog.OK.Render(fmt.Sprintf("Stage %d change(s):", len(paths)))
	title := "Accept every change left?"
	if o == opReject {
		title = "Reject every change left?"
		head = m.styles.Dialog.Danger.Render(fmt.Sprintf("Restore the committed version of %d file(s):", len(paths)))
		if removes > 0 {
			lines = append(lines, "", m.styles.Dialog.Danger.Render(fmt.Sprintf("%d file(s) git has no copy of are removed from disk.", removes)))
		}
	}
	m.confirm = confirmation{op: o, title: title, paths: paths, lines: append([]string{head}, lines...)}
	m.mode = modeConfirm
}

func (m Model) handleConfirmKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch {
	case key.Matches(msg, m.keys.Confirm):
		m.mode = modeBrowse
		return m.start(m.confirm.op, m.confirm.paths, true)
	case key.Matches(msg, m.keys.Cancel):
		m.mode = modeBrowse
		m.status, m.isErr = "cancelled", false
	case key.Matches(msg, m.keys.Up):
		m.confirm.offset = max(m.confirm.offset-1, 0)
	case key.Matches(msg, m.keys.Down):
		m.confirm.offset = min(m.confirm.offset+1, m.confirmMaxOffset())
	}
	return m, nil
}

// confirmMaxOffset is how far the dialog's list scrolls: as dialog.Box
// wraps and fits it.
func (m Model) confirmMaxOffset() int {
	box := m.styles.Dialog.Box
	innerW := max(min(m.layout.Width-box.GetHorizontalFrameSize(), 100), 10)
	room := max(m.layout.BodyH-box.GetVerticalFrameSize()-3, 1)
	return max(len(wrap(m.confirmLines(), innerW))-room, 0)
}

// handleActionDone records an action's result and moves on to the next
// change left.
func (m Model) handleActionDone(msg actionDoneMsg) (tea.Model, tea.Cmd) {
	if msg.gen != m.gen {
		return m, nil
	}
	m.busy = ""
	m.setStates(msg.states)
	if msg.op == opUndo {
		m.undo[len(m.undo)-1] -= msg.steps
		if m.undo[len(m.undo)-1] <= 0 {
			m.undo = m.undo[:len(m.undo)-1]
		}
	} else if msg.steps > 0 {
		m.undo = append(m.undo, msg.steps)
	}
	switch {
	case msg.needsConfirm != "":
		if it, ok := m.itemByPath(msg.needsConfirm); ok {
			m.askRemove(it)
		}
		return m, nil
	case msg.err != nil:
		m.status, m.isErr = msg.err.Error(), true
		return m, nil
	}
	m.status, m.isErr = doneMessage(msg), false
	if msg.op == opUndo {
		for p := range msg.states {
			m.moveTo(p)
		}
	} else if len(msg.paths) == 1 && msg.paths[0] == m.selectedPath() {
		m.nextLeft()
	}
	if t := m.Tally(); t.Left == 0 && msg.op != opUndo {
		m.status += fmt.Sprintf(" · all %d reviewed, q quits", t.Changed)
	}
	return m, nil
}

func doneMessage(msg actionDoneMsg) string {
	what := fmt.Sprintf("%d files", msg.steps)
	if msg.steps == 1 {
		for p := range msg.states {
			what = p
		}
	}
	switch msg.op { //nolint:exhaustive // the other cases need nothing here
	case opAccept:
		return "accepted (staged) " + what
	case opReject:
		return "rejected (restored) " + what
	case opUndo:
		return "undid the last action on " + what
	}
	return msg.op.past() + " " + what
}

// handleReloaded shows a freshly opened review.
func (m Model) handleReloaded(msg reloadedMsg) (tea.Model, tea.Cmd) {
	if msg.gen != m.gen {
		return m, nil
	}
	m.busy = ""
	if msg.err != nil {
		m.status, m.isErr = "reload failed: "+msg.err.Error(), true
		return m, nil
	}
	m.gen++
	m.setReview(msg.review, msg.lookedAt, m.states)
	m.status, m.isErr = fmt.Sprintf("reloaded: %d change(s) since HEAD (undo history cleared)", m.Tally().Changed), false
	return m, nil
}

// handleWheel moves the list or scrolls the detail under the pointer.
func (m Model) handleWheel(msg tea.MouseWheelMsg) (tea.Model, tea.Cmd) {
	d := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		d = -1
	case tea.MouseWheelDown:
		d = 1
	default:
		return m, nil
	}
	if m.mode != modeBrowse {
		return m, nil
	}
	if m.overList(msg.X) {
		m.moveBy(d)
	} else {
		m.scrollDetail(3 * d)
	}
	return m, nil
}

// handleClick selects the list row under the pointer or focuses the detail.
func (m Model) handleClick(msg tea.MouseClickMsg) (tea.Model, tea.Cmd) {
	r := msg.Y - frame.HeaderRows
	if msg.Button != tea.MouseLeft || m.mode != modeBrowse || r < 0 || r >= m.layout.BodyH {
		return m, nil
	}
	if !m.overList(msg.X) {
		m.focus = focusDetail
		return m, nil
	}
	m.focus = focusList
	if i := m.listTop + r; i < len(m.rows) {
		m.cursor, m.detailTop = m.itemRow(i, 1), 0
		m.scrollIntoView()
	}
	return m, nil
}

func (m Model) overList(x int) bool {
	if m.layout.Split {
		return x < m.layout.ListW
	}
	return m.focus == focusList
}
