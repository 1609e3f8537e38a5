package review

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/help"
	"github.com/dryfire-tui/dryfire-tui/ui/list"
	"github.com/dryfire-tui/dryfire-tui/ui/page"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// KeyMap is the one keymap of the review page: the keys every page
// has, the review's actions and its children's keymaps. The list keys also
// scroll the detail when it has the keys. It drives dispatch, the key line,
// the ? overlay and docs/keys.md.
type KeyMap struct {
	page.KeyMap
	Back                               key.Binding
	Accept, Reject, Skip               key.Binding
	AcceptAll, RejectAll, Undo, Reload key.Binding
	Reveal, Redact, Baseline           key.Binding
	List                               list.KeyMap
	Dialog                             dialog.KeyMap
	Overlay                            help.KeyMap
}

// DefaultKeyMap returns the review keys.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return KeyMap{
		KeyMap:    page.DefaultKeyMap(),
		Back:      b([]string{"esc"}, "esc", "back"),
		Accept:    b([]string{"a"}, "a", "accept"),
		Reject:    b([]string{"x"}, "x", "reject"),
		Skip:      b([]string{"s"}, "s", "skip"),
		AcceptAll: b([]string{"A"}, "A", "accept all"),
		RejectAll: b([]string{"X"}, "X", "reject all"),
		Undo:      b([]string{"u"}, "u", "undo"),
		Reload:    b([]string{"r"}, "r", "reload"),
		Reveal:    b([]string{"R"}, "R", "reveal"),
		Redact:    b([]string{"d"}, "d", "redact secrets"),
		Baseline:  b([]string{"b"}, "b", "secrets to baseline"),
		List:      list.DefaultKeyMap(),
		Dialog:    dialog.DefaultKeyMap(),
		Overlay:   help.DefaultKeyMap(),
	}
}

// detailKeys scrolls the detail with the list's keys; a change has no
// tabs, and R reveals its secrets.
func (k KeyMap) detailKeys() detail.KeyMap {
	l := k.List
	return detail.KeyMap{Up: l.Up, Down: l.Down, PageUp: l.PageUp, PageDown: l.PageDown, HalfUp: l.HalfUp, HalfDown: l.HalfDown,
		Top: l.Top, Bottom: l.Bottom, Reveal: k.Reveal}
}

// Groups returns every binding, grouped, in help order.
func (k KeyMap) Groups() []help.Group {
	return []help.Group{
		{Title: "Move", Bindings: append(k.List.Bindings(), k.Open, k.Focus, k.Back)},
		{Title: "Review", Bindings: []key.Binding{k.Accept, k.Reject, k.Skip, k.AcceptAll, k.RejectAll, k.Undo, k.Reload}},
		{Title: "Secrets", Bindings: []key.Binding{k.Reveal, k.Redact, k.Baseline}},
		{Title: "General", Bindings: []key.Binding{k.Help, k.Quit}},
		{Title: "Confirm dialog", Bindings: k.Dialog.ShortHelp()},
	}
}

// reviewLegend is every glyph the review draws, by what it marks: each
// name of theme.ReviewMeanings is in it.
var reviewLegend = [][]string{
	{"Changes:", theme.Glyph("added") + " added", theme.Glyph("modified") + " modified", theme.Glyph("deleted") + " deleted", theme.Glyph("renamed") + " renamed"},
	{"Decided:", theme.Glyph("accepted") + " accepted (staged)", theme.Glyph("rejected") + " rejected (restored)", theme.Glyph("skipped") + " skipped"},
	{theme.Glyph("secret") + " adds a secret: a asks first, naming it"},
}

// keysNow is the keymap with the bindings that do not apply disabled.
func (m Page) keysNow() KeyMap {
	k := m.keys
	k.List = m.list.Keys()
	p := m.Selected()
	has, idle, state := p != "", m.busy == "", m.states[p]
	left := m.Tally().Left > 0
	k.Open.SetEnabled(has && m.Focus == page.FocusList)
	k.Focus.SetEnabled(has && m.Layout.Split)
	k.Back.SetEnabled(has && m.Focus == page.FocusDetail)
	k.Accept.SetEnabled(idle && has && state != stateAccepted && state != stateRejected)
	k.Reject.SetEnabled(idle && has && state != stateRejected)
	k.Skip.SetEnabled(idle && has && state == "")
	k.AcceptAll.SetEnabled(idle && left)
	k.RejectAll.SetEnabled(idle && left)
	k.Undo.SetEnabled(idle && len(m.undo) > 0)
	k.Reload.SetEnabled(idle && m.reload != nil)
	k.Reveal.SetEnabled(m.Detail.Keys().Reveal.Enabled())
	adds := has && len(m.items[p].Secrets) > 0 && state != stateAccepted && state != stateRejected
	k.Redact.SetEnabled(idle && adds)
	k.Baseline.SetEnabled(idle && adds)
	if m.fromBrowse {
		k.Quit.SetHelp("q", "back to browse")
	}
	m.readOnlyKeys(&k)
	return k
}

// handleKey dispatches a key press: to the overlay on screen, then by the
// keymap, the focused pane last.
func (m Page) handleKey(msg tea.KeyPressMsg) (Page, tea.Cmd) {
	if m.Overlay() {
		var cmd tea.Cmd
		m.Screen, cmd = m.UpdateOverlay(msg)
		return m, cmd
	}
	if m, refused := m.refuseReadOnly(msg); refused {
		return m, nil
	}
	k := m.keysNow()
	if !key.Matches(msg, k.List.Bindings()...) {
		m.SetStatus("", false)
	}
	switch {
	case key.Matches(msg, k.Quit) && m.fromBrowse:
		return m, func() tea.Msg { return page.BackToBrowseMsg{} }
	case key.Matches(msg, k.Quit):
		return m, tea.Quit
	case key.Matches(msg, k.Help):
		m.Help = m.Help.Show("Review keys", k.Groups(), reviewLegend)
	case key.Matches(msg, k.Open):
		m.setFocus(page.FocusDetail)
	case key.Matches(msg, k.Focus):
		m.setFocus(1 - m.Focus)
	case key.Matches(msg, k.Back):
		m.setFocus(page.FocusList)
	case key.Matches(msg, k.Accept):
		if p := m.Selected(); len(m.items[p].Secrets) > 0 {
			return m.askSecrets(opAccept, p), nil
		}
		return m.start(opAccept, []string{m.Selected()}, false)
	case key.Matches(msg, k.Redact):
		return m.askSecrets(opRedact, m.Selected()), nil
	case key.Matches(msg, k.Baseline):
		return m.askSecrets(opBaseline, m.Selected()), nil
	case key.Matches(msg, k.Reveal):
		m.Detail, _ = m.Detail.Update(msg)
	case key.Matches(msg, k.Reject):
		return m.reject()
	case key.Matches(msg, k.Skip):
		return m.start(opSkip, []string{m.Selected()}, false)
	case key.Matches(msg, k.AcceptAll):
		return m.askAll(opAccept), nil
	case key.Matches(msg, k.RejectAll):
		return m.askAll(opReject), nil
	case key.Matches(msg, k.Undo):
		m.busy = "undoing"
		return m, undoReviewCmd(m.ctx, m.session, m.gen, m.undo[len(m.undo)-1])
	case key.Matches(msg, k.Reload):
		m.busy = "reloading"
		return m, reloadReviewCmd(m.ctx, m.reload, m.gen)
	case m.Focus == page.FocusDetail:
		m.Detail, _ = m.Detail.Update(msg)
	default:
		m.list, _ = m.list.Update(msg)
	}
	return m.syncDetail(), nil
}

// start runs an action in a Cmd; the keys stay disabled until it reports.
func (m Page) start(o op, paths []string, confirm bool) (Page, tea.Cmd) {
	m.busy = o.String()
	what := fmt.Sprintf("%d files", len(paths))
	if len(paths) == 1 {
		what = paths[0]
	}
	m.SetStatus(o.ing()+" "+what+"…", false)
	if o == opRedact || o == opBaseline {
		return m, secretsReviewCmd(m.ctx, m.session, m.gen, o, paths)
	}
	return m, actReviewCmd(m.ctx, m.session, m.gen, o, paths, confirm)
}

// askSecrets opens the dialog that names the secrets a change adds before
// accepting it, redacting them, or accepting them in the baseline.
func (m Page) askSecrets(o op, p string) Page {
	it, s := m.items[p], m.Styles
	title, head := "Accept a change that adds secrets?", "Staging it commits these secrets with the recording:"
	switch o {
	case opRedact:
		title, head = "Redact these secrets in place?", "Each is replaced by [REDACTED:<rule>]; every case is replayed before and after, and the file put back if one no longer hits:"
	case opBaseline:
		title, head = "Accept these secrets as known fakes?", "They are added to .dryfire-tui-secrets.json, which stops no change that holds them again:"
	case opAccept, opReject, opSkip, opUndo:
	}
	lines := []string{s.Dialog.Danger.Render(head), "  " + theme.Glyph(it.Kind.String()) + " " + visible.Line(p)}
	lines = append(lines, secretLinesOf(s, it)...)
	var choices []dialog.Choice
	if k := m.keysNow(); o == opAccept && k.Redact.Enabled() && k.Baseline.Enabled() {
		// The other ways out of a secret, from the dialog itself: each
		// opens its own, which says what it writes and asks.
		lines = append(lines, "", s.Muted.Render("d redacts them instead, b accepts them as known fakes: each asks first."))
		choices = []dialog.Choice{{Key: instead(k.Redact, "redact instead"), Name: opRedact.String()},
			{Key: instead(k.Baseline, "baseline instead"), Name: opBaseline.String()}}
	}
	lines = append(lines, "")
	id := m.OpenDialog(dialog.Content{Title: title, CanConfirm: true, Lines: lines, Choices: choices})
	m.asks = m.asks.Add(id, reviewAsk{op: o, paths: []string{p}})
	return m
}

// instead is b, named for the dialog's key line ("d redact instead").
func instead(b key.Binding, desc string) key.Binding {
	b.SetHelp(b.Help().Key, desc)
	return b
}

// handleChose acts on the other answers of the dialog that asks before
// accepting a change that adds secrets: d opens the redaction's dialog,
// b the baseline's, for the path it asked about.
func (m Page) handleChose(msg dialog.ChoseMsg) Page {
	a, asks, ok := m.asks.Take(msg.ID)
	if !ok || len(a.paths) != 1 {
		return m
	}
	m.asks = asks
	switch msg.Choice {
	case opRedact.String():
		return m.askSecrets(opRedact, a.paths[0])
	case opBaseline.String():
		return m.askSecrets(opBaseline, a.paths[0])
	}
	return m
}

// secretLinesOf names, for a dialog, each secret a change adds: the rule
// and the mask, made visible (a rule and a preview come from files).
func secretLinesOf(s *theme.Styles, it gitreview.ReviewItem) []string {
	var out []string
	for _, f := range it.Secrets {
		out = append(out, "    "+s.StatusStyle("secret").Render(theme.Glyph("secret")+" "+visible.Line(f.Rule))+" "+visible.Line(secrets.Mask(f)))
	}
	return out
}

// reject restores the selection, asking first when git has no copy of it.
func (m Page) reject() (Page, tea.Cmd) {
	p := m.Selected()
	if m.items[p].Kind == gitreview.Added {
		return m.askRemove(p), nil
	}
	return m.start(opReject, []string{p}, false)
}

// handleConfirmed runs what the dialog id asked.
func (m Page) handleConfirmed(id int) (Page, tea.Cmd) {
	a, asks, ok := m.asks.Take(id)
	if !ok {
		return m, nil
	}
	m.asks = asks
	return m.start(a.op, a.paths, true)
}

// askRemove opens the dialog for rejecting a file git cannot restore.
func (m Page) askRemove(p string) Page {
	it, s := m.items[p], m.Styles
	where := "a new file"
	if it.Untracked {
		where = "untracked"
	} else if it.Staged {
		where = "a staged new file"
	}
	id := m.OpenDialog(dialog.Content{Title: "Remove a file git has no copy of?", CanConfirm: true, Lines: []string{
		s.Dialog.Danger.Render("Rejecting removes this file from disk:"),
		"  " + theme.Glyph(it.Kind.String()) + " " + visible.Line(secrets.MaskPath(it.Path)),
		"",
		s.Muted.Render("It is " + where + ", so git cannot bring it back; u undoes it while this review is open."),
		"",
	}})
	m.asks = m.asks.Add(id, reviewAsk{op: opReject, paths: []string{p}})
	return m
}

// askAll opens the dialog that lists every file A or X would act on.
func (m Page) askAll(o op) Page {
	s := m.Styles
	var paths, lines []string
	removes, withSecrets := 0, 0
	for _, p := range m.list.Items() {
		if m.states[p] != "" {
			continue
		}
		it := m.items[p]
		paths = append(paths, p)
		line := "  " + theme.Glyph(it.Kind.String()) + " " + visible.Line(p)
		if o == opReject && it.Kind == gitreview.Added {
			line += s.Dialog.Danger.Render("  (removed)")
			removes++
		}
		lines = append(lines, line)
		if o == opAccept && len(it.Secrets) > 0 {
			withSecrets++
			lines = append(lines, secretLinesOf(s, it)...)
		}
	}
	if withSecrets > 0 {
		lines = append(lines, "", s.Dialog.Danger.Render(frame.Plural(withSecrets, "1 change adds secrets: it is staged with them.", "%d changes add secrets: they are staged with them.")))
	}
	head := s.Dialog.OK.Render("Stage " + frame.Count(len(paths), "change") + ":")
	title := "Accept every change left?"
	if o == opReject {
		title = "Reject every change left?"
		head = s.Dialog.Danger.Render("Restore the committed version of " + frame.Count(len(paths), "file") + ":")
		if removes > 0 {
			lines = append(lines, "", s.Dialog.Danger.Render(frame.Plural(removes, "1 file git has no copy of is removed from disk.", "%d files git has no copy of are removed from disk.")))
		}
	}
	lines = append(append([]string{head}, lines...), "")
	id := m.OpenDialog(dialog.Content{Title: title, Lines: lines, CanConfirm: true})
	m.asks = m.asks.Add(id, reviewAsk{op: o, paths: paths})
	return m
}

// op is a review action.
type op int

const (
	opAccept op = iota
	opReject
	opSkip
	opUndo
	opRedact
	opBaseline
)

func (o op) String() string {
	return [...]string{"accept", "reject", "skip", "undo", "redact", "baseline"}[o]
}

// ing is the status while it runs.
func (o op) ing() string {
	return [...]string{"staging", "restoring", "skipping", "undoing", "redacting the secrets of", "accepting in the baseline the secrets of"}[o]
}

// past is the verb for the status line.
func (o op) past() string {
	return [...]string{"accepted", "rejected", "skipped", "undid", "redacted", "accepted in the baseline"}[o]
}
