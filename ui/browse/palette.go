package browse

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/picker"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// paletteEntry is a command of the palette: what it runs, and what the
// row says.
type paletteEntry struct {
	req  backend.CommandRequest
	name string
	what string
}

// changesFiles reports whether a command writes files, so that it runs a
// dry run first and asks before it writes.
func changesFiles(command string) bool {
	return command == backend.CommandBaseline || command == backend.CommandDoctor || command == backend.CommandRedact ||
		command == backend.CommandPrune
}

// paletteEntries are the commands the palette offers now: first those of
// what is under the cursor (replaying its case, when the case still
// exists; explaining its miss, on a stale recording), then the project's.
func (m Page) paletteEntries() []paletteEntry {
	out := []paletteEntry{{backend.CommandRequest{Command: backend.CommandCheck}, "check", "replay, secrets, prune and doctor over the project: the CI gate"}}
	if name := m.selectedCase(); name != "" {
		out = append(out, paletteEntry{backend.CommandRequest{Command: backend.CommandReplay, Filter: name}, "replay --filter " + name,
			"replay the case under the cursor (and any case whose name contains it)"})
	}
	if it, ok := m.tree.Selected(); ok && it.Status == "stale" && it.Key != "" {
		out = append(out, paletteEntry{backend.CommandRequest{Command: backend.CommandDiff, Ref: it.Key}, "diff " + it.Key,
			"explain, field by field, why the recording under the cursor misses"})
	}
	out = append(out,
		paletteEntry{backend.CommandRequest{Command: backend.CommandReplay}, "replay", "replay every case offline and say which turn would miss"},
		paletteEntry{backend.CommandRequest{Command: backend.CommandRun}, backend.CommandRun,
			"each case's verdict as dryfire run gives it, replayed offline"},
		paletteEntry{backend.CommandRequest{Command: backend.CommandDiff}, "diff", "explain every miss, field by field, against what the suites send now"},
		paletteEntry{backend.CommandRequest{Command: backend.CommandPrune}, "prune",
			"list the orphaned and superseded recordings, then remove them on y"},
		paletteEntry{backend.CommandRequest{Command: backend.CommandBaseline}, "secrets --write-baseline",
			"accept every current secret finding in " + secrets.DefaultBaselineFile},
		paletteEntry{backend.CommandRequest{Command: backend.CommandDoctor}, "doctor --fix", "rewrite the files whose only problem is their format"},
		paletteEntry{backend.CommandRequest{Command: backend.CommandRedact}, "secrets --redact", "replace each secret in place, then prove replay still hits"},
	)
	return out
}

// noCaseNow are the statuses of a recording whose case no suite has now
// (its case or suite deleted, or the old name of a renamed case): a
// replay of that name would match nothing.
var noCaseNow = map[string]bool{"orphaned case": true, "orphaned suite": true, "in use": true}

// selectedCase is the name of the dryfire case under the cursor (a case
// row or one of its recordings) that a suite has now, or "".
func (m Page) selectedCase() string {
	if !m.summary.Project {
		return ""
	}
	if it, ok := m.tree.Selected(); ok {
		if it.Format == format.Dryfire && it.Group != "(outside suites)" && !noCaseNow[it.Status] {
			return it.Sub
		}
		return ""
	}
	kind, names := m.tree.SelectedPath()
	if kind != tree.KindSub || len(names) != 2 || names[0] == "(outside suites)" {
		return ""
	}
	_, _, counts := m.tree.SelectedCounts()
	for st, n := range counts {
		if n > 0 && !noCaseNow[st] {
			return names[1]
		}
	}
	return ""
}

// openPalette is ':': the commands that exist on the command line, run
// from here through the same core, their report shown in a box.
func (m Page) openPalette() Page {
	s := m.Styles
	var rows []picker.Row
	for i, e := range m.paletteEntries() {
		text := s.Detail.Role.Render(fmt.Sprintf("%-26s", visible.Line(e.name))) + s.Muted.Render(" "+e.what)
		rows = append(rows, picker.Row{ID: fmt.Sprint(i), Text: text, Match: e.name, Indent: 27})
	}
	m.pickerAsk = "palette"
	m.palette = m.paletteEntries()
	m.picker = m.picker.Open(m.nextPickerID(), picker.Content{Title: "Run a command", Rows: rows, Typing: true,
		Prompt: ":", Empty: "no such command · esc closes", PickHelp: "run"})
	return m
}

// runPicked runs the command picked in the palette: a dry run first for
// one that writes files.
func (m Page) runPicked(row string) (Page, tea.Cmd) {
	var i int
	if _, err := fmt.Sscan(row, &i); err != nil || i < 0 || i >= len(m.palette) {
		return m, nil
	}
	e := m.palette[i]
	return m.runCommand(e.req)
}

// runCommand starts a command in a Cmd; one runs at a time.
func (m Page) runCommand(req backend.CommandRequest) (Page, tea.Cmd) {
	if m.running != "" {
		m.SetStatus(m.running+" is still running", true)
		return m, nil
	}
	m.running = req.Command
	verb := "running " + req.Command
	if changesFiles(req.Command) && !req.Apply {
		verb = "working out what " + req.Command + " would change"
	}
	m.SetStatus(verb+"…", false)
	return m, runCommandCmd(m.ctx, m.opts.Backend, m.opts.Path, req)
}

// handleCommandDone shows what a command did: the plan of one that
// writes files, with y to go ahead; else its report, and after a change
// the project read again.
func (m Page) handleCommandDone(msg commandDoneMsg) (Page, tea.Cmd) {
	m.running = ""
	r := msg.result
	s := m.Styles
	body := make([]string, 0, len(r.Lines)+3)
	for _, l := range r.Lines {
		body = append(body, visible.Line(l))
	}
	if r.Err != nil {
		body = append(body, "", s.Error.Render(visible.Line(r.Err.Error())))
	}
	if changesFiles(msg.req.Command) && !msg.req.Apply && r.Err == nil {
		if r.Todo == 0 {
			m.SetStatus(r.Title+": nothing to change", false)
			m.OpenDialog(dialog.Content{Title: r.Title + " · nothing to change", Lines: body})
			return m, nil
		}
		body = append(body, "", s.Dialog.Danger.Render(visible.Line(r.Confirm)))
		id := m.OpenDialog(dialog.Content{Title: r.Title + " · what it would change", Lines: body, CanConfirm: true})
		apply := msg.req
		apply.Apply, apply.Listed = true, r.Listed
		m.commands = m.commands.Add(id, apply)
		m.SetStatus("", false)
		return m, nil
	}
	// What the command found, as its outcome says: a command that made no
	// report failed; one whose report says more after it (a count of spec
	// errors, files left) found problems.
	outcome := "ok"
	switch {
	case r.Outcome == command.Interrupted:
		outcome = "interrupted"
	case r.Err != nil && len(r.Lines) == 0:
		outcome = "failed"
	case !r.OK:
		outcome = "problems found"
	}
	m.SetStatus(fmt.Sprintf("%s: %s", r.Title, outcome), outcome == "failed")
	m.OpenDialog(dialog.Content{Title: r.Title + " · " + outcome, Lines: body})
	if r.Changed {
		return m.rescan()
	}
	return m, nil
}

// confirm acts on the dialog id confirmed: a prune, or a command that
// writes files.
func (m Page) confirm(id int) (Page, tea.Cmd) {
	if req, rest, ok := m.commands.Take(id); ok {
		m.commands = rest
		return m.runCommand(req)
	}
	return m.confirmPrune(id)
}
