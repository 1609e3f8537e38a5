package backend

import (
	"fmt"
	"path"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// An unrecorded turn is a row of the tree with no file: under its suite
// and case like the recordings, counted as a problem, recorded with w.

// UnrecordedPrefix starts the tree ID of an unrecorded turn (the rest is
// the file a recording of it is written to): no recording's ID, a path,
// starts so.
const UnrecordedPrefix = "unrecorded:"

// unrecordedItem is the tree row of an unrecorded turn: labelled as a
// recording of its turn would be ("00 fd0f92"), with no path.
func unrecordedItem(it tree.Item, r *scan.Recording) tree.Item {
	it.ID = UnrecordedPrefix + r.RecordPath
	it.Path = ""
	short, _, _ := strings.Cut(r.Key, "#")
	it.Label = fmt.Sprintf("%02d", r.Turn)
	if r.RepeatIndex > 0 {
		it.Label += fmt.Sprintf("#%d", r.RepeatIndex)
	}
	it.Label += " " + short[:min(6, len(short))]
	return it
}

// unrecordedDetail is what the detail pane shows of an unrecorded turn:
// the request the case sends now (Request and Raw), that nothing answers
// it (Response), and beside what the closest recording differs (Diff).
func unrecordedDetail(d detail.Data, rf ref) detail.Data {
	r := rf.r
	d.NoFile = "Not recorded: replay asks for this turn and no file answers it. w records it (as run --cassette-mode auto does), to " +
		secrets.MaskPath(r.RecordPath) + "."
	d.SecretsChecked = true
	e := r.Miss
	if e == nil {
		d.Body, d.HasBody = jsonv.NullValue(), true
		return d
	}
	d.Body = jsonv.ObjectValue(jsonv.M("request_digest", e.Request))
	d.HasBody = true
	d.Masked, d.Masks = rf.w.Masker.Value(d.Body)
	if e.Recording == nil {
		return d
	}
	res := e.Masked()
	d.Diff, d.RevealedDiff = toDiff(e, res), toDiff(e, e.Result)
	note := "not recorded: compared with the closest recording, " + path.Base(e.Recording.Shown) + " of " +
		secrets.MaskPath(e.Recording.Suite) + " › " + secrets.MaskPath(e.Recording.Case) + fmt.Sprintf(" › turn %d", e.Recording.Turn)
	if e.Note != "" {
		note += " (" + e.Note + ")"
	}
	d.Diff.Note, d.RevealedDiff.Note = note, note
	for _, src := range rf.w.Sources(e) {
		s := detail.Source{File: src.File, Line: src.Line, What: src.What}
		d.Diff.Sources = append(d.Diff.Sources, s)
		d.RevealedDiff.Sources = append(d.RevealedDiff.Sources, s)
	}
	return d
}
