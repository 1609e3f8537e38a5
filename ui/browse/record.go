package browse

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/dialog"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// Re-recording from the browser: w on a case (or with recordings marked)
// asks the Recorder for a plan, a dialog says what it will call and cost,
// y records with progress on the status line (esc stops), and the review
// page then shows what changed.

// recordTargets are the cases w would re-record: those of the marked
// dryfire recordings, else the case under the cursor (every case of the
// suite under it).
func (m Page) recordTargets() []backend.CaseRef {
	var out []backend.CaseRef
	seen := map[backend.CaseRef]bool{}
	add := func(it tree.Item) {
		ref := backend.CaseRef{Suite: it.Group, Case: it.Sub}
		if it.Format == format.Dryfire && it.Case != nil && !seen[ref] {
			seen[ref] = true
			out = append(out, ref)
		}
	}
	if m.tree.MarkCount() > 0 {
		for _, it := range m.tree.Marked() {
			add(it)
		}
		return out
	}
	if it, leaf := m.tree.Selected(); leaf {
		add(it)
		return out
	}
	kind, names := m.tree.SelectedPath()
	switch {
	case kind == tree.KindSub && len(names) == 2:
		if info, _, ok := m.tree.SelectedCase(); ok && info != nil {
			out = append(out, backend.CaseRef{Suite: names[0], Case: names[1]})
		}
	case kind == tree.KindGroup && len(names) == 1:
		// A suite's rows that belong to a current case are live, stale,
		// superseded or unrecorded (never a tape's statuses).
		if _, _, counts := m.tree.SelectedCounts(); counts["live"]+counts["stale"]+counts["superseded"]+counts["unrecorded"] > 0 {
			out = append(out, backend.CaseRef{Suite: names[0]}) // every case of the suite
		}
	}
	return out
}

// recordFirst reports whether re-recording is the fix of what is
// selected, so that the key line offers w first: a stale, unrecorded or
// failing recording, or a case row whose case fails or has a stale or
// unrecorded turn.
func (m Page) recordFirst() bool {
	if it, leaf := m.tree.Selected(); leaf {
		return it.Status == "stale" || it.Status == "unrecorded" || tree.Fails(it.Verdict)
	}
	if kind, _ := m.tree.SelectedPath(); kind != tree.KindSub {
		return false
	}
	_, verdict, ok := m.tree.SelectedCase()
	_, _, counts := m.tree.SelectedCounts()
	return ok && (tree.Fails(verdict) || counts["stale"]+counts["unrecorded"] > 0)
}

// canRecord reports whether w applies: a recorder, a project, no scan or
// recording running, and a case to re-record.
func (m Page) canRecord() bool {
	return m.opts.Recorder != nil && m.summary.Project && !m.loading && !m.recording && len(m.recordTargets()) > 0
}

// planRecord asks for the plan of re-recording the targets.
func (m Page) planRecord() (Page, tea.Cmd) {
	cases := m.recordTargets()
	m.SetStatus("working out what re-recording "+frame.Count(len(cases), "case")+" calls…", false)
	return m, planRecordCmd(m.opts.Context, m.opts.Recorder, m.opts.Path, cases)
}

// handleRecordPlanned opens the dialog that says what the re-recording
// will call, and asks.
func (m Page) handleRecordPlanned(msg recordPlannedMsg) Page {
	if msg.err != nil {
		return m.tell("Cannot re-record", "cannot re-record: "+msg.err.Error(), "cannot re-record: the box says why", true)
	}
	m.SetStatus("", false)
	p := msg.plan
	id := m.OpenDialog(dialog.Content{Title: "Re-record", Lines: m.recordLines(p), CanConfirm: len(p.Cases) > 0 && p.Calls > 0})
	m.records = m.records.Add(id, p)
	return m
}

// recordLines are the dialog's lines: the cases, each provider with its
// models and whether its key is set, the calls at most, the cost, where
// the cassettes go, and what is left out.
func (m Page) recordLines(p backend.RecordPlan) []string {
	s := m.Styles
	var lines []string
	if len(p.Cases) == 0 {
		lines = append(lines, s.Dialog.Title.Render("Nothing to record."))
	} else {
		who := "the providers"
		if p.StandIn != "" {
			who = "the stand-in" // the demo: no provider is called
		}
		lines = append(lines, s.Dialog.Title.Render("Call "+who+" for every turn of "+frame.Count(len(p.Cases), "case")+", and write each one:"))
		for _, c := range p.Cases {
			lines = append(lines, "  "+visible.Line(c.Suite+" ▸ "+c.Case))
		}
	}
	lines = append(lines, "")
	for _, u := range p.Providers {
		key := s.Dialog.OK.Render(visible.Line(u.KeyEnv) + " is set")
		if !u.KeySet {
			key = s.Dialog.Danger.Render(visible.Line(u.KeyEnv) + " is not set")
		}
		lines = append(lines, fmt.Sprintf("provider  %s · model %s", visible.Line(u.Name), visible.Line(strings.Join(u.Models, ", "))))
		if p.StandIn == "" {
			lines = append(lines, "key       "+key)
		}
	}
	if p.StandIn != "" {
		// The demo: nobody is called, so no key is needed and nothing is
		// spent.
		lines = append(lines, "answered  "+s.Dialog.OK.Render("by "+visible.Line(p.StandIn)))
	}
	if len(p.Cases) > 0 {
		lines = append(lines, "turns     at most "+frame.Count(p.Calls, "call")+" ("+frame.Count(p.Repetitions, "repetition")+")")
		if p.StandIn == "" {
			lines = append(lines, "cost      "+visible.Line(p.Cost))
		}
		lines = append(lines, "writes    "+visible.Line(p.CassetteDir)+s.Muted.Render(" (the recordings replaced stay, superseded, until pruned)"))
	}
	if len(p.LeftOut) > 0 {
		lines = append(lines, "", s.Dialog.Danger.Render("Left out:"))
		for _, l := range p.LeftOut {
			lines = append(lines, "  "+visible.Line(l))
		}
	}
	if len(p.Cases) > 0 {
		lines = append(lines, "", s.Muted.Render("Then the review shows what changed, to accept or reject."))
	}
	return lines
}

// startRecord runs the plan the dialog id confirmed.
func (m Page) startRecord(p backend.RecordPlan) (Page, tea.Cmd) {
	var ctx context.Context
	ctx, m.recordStop = context.WithCancel(m.opts.Context)
	m.recording = true
	m.SetStatus(fmt.Sprintf("re-recording: 0/%d calls · esc stops", p.Calls), false)
	return m, recordCasesCmd(ctx, m.opts.Recorder, p)
}

// handleRecordProgress shows the call that just ended.
func (m Page) handleRecordProgress(msg recordProgressMsg) (Page, tea.Cmd) {
	pr := msg.progress
	m.SetStatus(m.fitStatus(fmt.Sprintf("re-recording: %d/%d calls · %s · esc stops", pr.Calls, pr.Most, visible.Line(pr.Line)),
		fmt.Sprintf("re-recording: %d/%d calls · esc stops", pr.Calls, pr.Most)), false)
	return m, waitRecordCmd(msg.next)
}

// handleRecordDone says what the re-recording did and opens the review of
// it (or rescans, when nothing was written).
func (m Page) handleRecordDone(msg recordDoneMsg) (Page, tea.Cmd) {
	m.recording, m.recordStop = false, nil
	if m.quitAfterRecord {
		return m, tea.Quit
	}
	r := msg.result
	switch {
	case r.Err != nil:
		m = m.tell("Re-recording failed", "re-recording failed: "+r.Err.Error(), "re-recording failed: the box says why", true)
		return m.rescan()
	case r.Interrupted:
		m.SetStatus("stopped: "+frame.Count(len(r.Written), "cassette")+" written, each whole", false)
		if len(r.Written) == 0 {
			return m.rescan()
		}
	case len(r.Written) == 0:
		m = m.tellProblems("Nothing was written", "nothing was written", r.Problems, 0)
		return m.rescan()
	default:
		done := fmt.Sprintf("re-recorded %s: %s passed, %d failed", frame.Count(len(r.Written), "cassette"), frame.Count(r.Passed, "case"), r.Failed)
		if len(r.Problems) > 0 {
			// The review waits until the problems have been read.
			m.tree = m.tree.ClearMarks()
			return m.tellProblems("Re-recorded, with problems", done, r.Problems, len(r.Written)), nil
		}
		m.SetStatus(m.fitStatus(done, fmt.Sprintf("re-recorded %s · %d failed", frame.Count(len(r.Written), "cassette"), r.Failed)), r.Failed > 0)
	}
	m.tree = m.tree.ClearMarks()
	return m, openReviewCmd(m.opts.Context, m.opts.Recorder, m.summary.Root, len(r.Written))
}

// tell says text on the status line when it fits the screen; otherwise
// the status line says short, and a box shows text whole, wrapped.
func (m Page) tell(title, text, short string, isErr bool) Page {
	if ansi.StringWidth(visible.Line(text)) <= m.Layout.Width {
		m.SetStatus(text, isErr)
		return m
	}
	m.SetStatus(short, isErr)
	m.OpenDialog(dialog.Content{Title: title, Lines: []string{visible.Line(text)}})
	return m
}

// tellProblems shows what went wrong in a re-recording, every problem
// whole in a box, the status line saying what was done: with cassettes
// written, y in the box opens their review (n stays in the browser).
func (m Page) tellProblems(title, done string, problems []string, written int) Page {
	if len(problems) == 0 {
		m.SetStatus(done, written == 0)
		return m
	}
	m.SetStatus(m.fitStatus(done+" · "+frame.Count(len(problems), "problem")+" (in the box)", done), true)
	lines := []string{m.Styles.Dialog.Title.Render(visible.Line(done) + ":")}
	for _, p := range problems {
		lines = append(lines, "  • "+visible.Line(p))
	}
	if written > 0 {
		lines = append(lines, "", m.Styles.Muted.Render("y opens the review of what was written; n stays in the browser."))
	}
	id := m.OpenDialog(dialog.Content{Title: title, Lines: lines, CanConfirm: written > 0})
	if written > 0 {
		m.reviews = m.reviews.Add(id, written)
	}
	return m
}

// confirmReview opens the review a problems box offered.
func (m Page) confirmReview(written int) (Page, tea.Cmd) {
	return m, openReviewCmd(m.opts.Context, m.opts.Recorder, m.summary.Root, written)
}

// handleNoReview says why the re-recording has no review, and reads the
// workspace again.
func (m Page) handleNoReview(msg noReviewMsg) (Page, tea.Cmd) {
	why := "no git repository to review it in"
	if msg.err != nil {
		why = msg.err.Error()
	}
	done := "re-recorded " + frame.Count(msg.written, "cassette")
	m = m.tell("No review", done+"; no review: "+why, done+"; no review (the box says why)", false)
	return m.rescan()
}

// stopRecord cancels the running re-recording.
func (m Page) stopRecord() Page {
	if m.recordStop != nil {
		m.recordStop()
		m.SetStatus("stopping the re-recording…", false)
	}
	return m
}
