package backend

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/ui/detail"
	"github.com/dryfire-tui/dryfire-tui/ui/tree"
)

// Core is the Backend on the real core packages: scan.Resolve and
// scan.OpenLayout for the browse scan (every file read once, the secrets
// scan riding on it), the scan.Workspace it returns for bodies, findings
// and the explanations of stale recordings (package diff), and the command
// tier for the palette's commands (Run) and the prune (command.PruneFiles).
type Core struct {
	// Env is what the commands read of the process: the working directory
	// PATH is relative to, the environment, the clock.
	Env command.Env
	// Files, when set, is what each scan keeps of the files it read, so
	// that Refresh reads again only the files that changed since
	// (cassette.Reuse); Open reads them all whatever it holds.
	Files *cassette.Reuse
}

// ref is what an item of a scanned workspace carries to find its
// recording again.
type ref struct {
	w *scan.Workspace
	r *scan.Recording
}

// pending is what an item streamed while the scan goes on carries: the
// file it was read from. It holds nothing of the scan's recording, which
// the scan completes and classifies once the batch is handed over (scan's
// section Streaming).
type pending struct{ file string }

// Open implements Backend: every file is read.
func (c Core) Open(ctx context.Context, p string, onBatch func([]tree.Item)) (Summary, error) {
	c.Files.Forget()
	return c.Refresh(ctx, p, onBatch)
}

// Refresh implements Refresher: the cassettes that did not change since
// the last Open or Refresh are taken as read then (with their secrets
// findings); the suites are read and every case replayed again, since a
// recording's status depends on them.
func (c Core) Refresh(ctx context.Context, p string, onBatch func([]tree.Item)) (Summary, error) {
	l, err := scan.Resolve(scan.Request{Dir: c.Env.Dir, Args: pathArgs(p), Want: scan.Project})
	if err != nil {
		return Summary{}, err
	}
	c.Files.Scope(l.Root) // the findings' paths are relative to it
	w, err := scan.OpenLayout(ctx, l, scan.Options{Secrets: true, Getenv: c.Env.LookupEnv, Reuse: c.Files, OnBatch: func(rs []*scan.Recording) {
		onBatch(pendingItems(rs))
	}})
	if err != nil {
		return Summary{}, err
	}
	items := make([]tree.Item, 0, len(w.Recordings)+len(w.Unrecorded))
	items = toItems(w, w.Recordings, items)
	items = toItems(w, w.Unrecorded, items)
	setVerdicts(w, items)
	onBatch(items)
	return summarize(w), nil
}

func summarize(w *scan.Workspace) Summary {
	s := Summary{Name: filepath.Base(w.Root), Root: w.Root, Project: w.Project != nil}
	if w.Project != nil {
		for _, e := range w.Project.Errors {
			se := SpecError{File: e.File, Line: e.Line, Column: e.Column, Message: e.Message}
			s.SpecErrors = append(s.SpecErrors, se)
			s.Problems = append(s.Problems, se.String())
		}
	}
	s.LookedFor = w.LookedFor()
	for _, e := range w.Problems {
		s.Problems = append(s.Problems, e.Error())
	}
	return s
}

// toItems appends the items of recordings of the workspace w to items.
// Their refs share one allocation.
func toItems(w *scan.Workspace, rs []*scan.Recording, items []tree.Item) []tree.Item {
	refs := make([]ref, len(rs))
	items = slices.Grow(items, len(rs))
	for i, r := range rs {
		refs[i] = ref{w, r}
		items = append(items, toItem(r, &refs[i]))
	}
	return items
}

// pendingItems are the items of a batch of pending recordings of store
// files, streamed while the scan goes on. They are made during the call
// that hands the batch over and keep nothing of the recordings: the scan
// completes those afterwards. Their refs share one allocation.
func pendingItems(rs []*scan.Recording) []tree.Item {
	refs := make([]pending, len(rs))
	items := make([]tree.Item, 0, len(rs))
	for i, r := range rs {
		refs[i] = pending{r.File.Path}
		items = append(items, toItem(r, &refs[i]))
	}
	return items
}

// setVerdicts gives the items of dryfire recordings the run verdict of
// their case.
func setVerdicts(w *scan.Workspace, items []tree.Item) {
	cases := caseRuns(w)
	if len(cases) == 0 {
		return
	}
	for i := range items {
		it := &items[i]
		r := it.Ref.(*ref).r
		if r.Format != format.Dryfire {
			continue
		}
		if cr := cases[caseName{r.Suite, r.Case}]; cr != nil {
			it.Verdict, it.Case = CaseVerdict(cr), cr
		}
	}
}

// toItem converts a recording for the tree; rf is the item's Ref.
func toItem(r *scan.Recording, rf any) tree.Item {
	it := tree.Item{ID: r.Path, Path: r.Path, Format: r.Format, Group: r.Suite, Sub: r.Case,
		Turn: r.Turn, Repeat: r.RepeatIndex, Entry: r.Entry, Key: r.Key,
		Status: r.Status.String(), Reason: r.Reason, Secrets: r.Secrets, Ref: rf}
	it.Prunable = r.Prunable()
	if r.Status == scan.Unrecorded {
		return unrecordedItem(it, r)
	}
	if r.Format == format.Tape {
		it.ID = r.Path + "#" + r.TapeKey + "#" + strconv.Itoa(r.Entry)
		it.Group, it.Sub = r.Path, r.TapeKey
		it.Label = "#" + strconv.Itoa(r.Entry)
		if r.Entry < 0 {
			it.Sub, it.Label = "(tape)", path.Base(r.Path)
		}
		return it
	}
	if it.Group == "" {
		it.Group = "(outside suites)"
	}
	if it.Sub == "" {
		it.Sub = path.Dir(r.Path)
	}
	if r.File != nil && r.File.NameOK {
		short := r.Key
		if i := strings.IndexByte(short, '#'); i >= 0 {
			short = short[:i]
		}
		it.Label = leafLabel(r.Turn, r.RepeatIndex, short[:min(6, len(short))])
	} else {
		it.Label = path.Base(r.Path)
	}
	return it
}

// leafLabel is a dryfire recording's label, "01 3d3d45" or "01#2
// 3d3d45": the turn of at least two digits, the repetition when it is not
// the first, and the start of the key.
func leafLabel(turn, repeat int, key string) string {
	b := make([]byte, 0, 24)
	if turn >= 0 && turn < 10 {
		b = append(b, '0')
	}
	b = strconv.AppendInt(b, int64(turn), 10)
	if repeat > 0 {
		b = append(b, '#')
		b = strconv.AppendInt(b, int64(repeat), 10)
	}
	b = append(b, ' ')
	return string(append(b, key...))
}

// Detail implements Backend.
func (Core) Detail(_ context.Context, it tree.Item) detail.Data {
	d := detail.Data{ID: it.ID, Path: it.Path, Title: ItemTitle(it), Status: it.Status, Reason: it.Reason, Format: it.Format}
	if p, ok := it.Ref.(*pending); ok {
		// Still scanning: show the file as it is; diff and secrets follow
		// once the recording is classified.
		return pendingDetail(d, p.file)
	}
	rf, ok := it.Ref.(*ref)
	if !ok || rf.r == nil {
		d.Err = errors.New("recording not loaded yet")
		return d
	}
	if it.Format == format.Tape {
		return tapeDetail(d, *rf)
	}
	if rf.r.Status == scan.Unrecorded {
		return unrecordedDetail(d, *rf)
	}
	if rf.r.File == nil {
		d.Err = errors.New("no file")
		return d
	}
	c, err := rf.w.Store.Read(rf.r.File)
	if err != nil {
		d.Err = err
		return d
	}
	d.Body, d.HasBody = c.Body, true
	d.Masked, d.Masks = rf.w.Masker.Value(c.Body)
	d.SecretsChecked = true
	d.Secrets = nameSecrets(rf.r.Path)
	for _, f := range secrets.ScanCassette(it.Path, c) {
		d.Secrets = append(d.Secrets, detail.Secret{JSONPath: f.JSONPath, Rule: f.Rule, Redacted: f.Redacted, Value: lookupPath(c.Body, f.JSONPath)})
	}
	d.Diff, d.RevealedDiff = staleDiff(rf.w, rf.r)
	if d.Diff != nil && d.Diff.Masks > 0 {
		d.Masks++ // the diff holds values from the environment
	}
	return d
}

// nameSecrets are the secrets in the name of the file at rel, as the
// Secrets tab lists them: where it is and what to do in place of a JSON
// path, and the mask as the value (the name is masked on every surface,
// so revealing shows the mask too).
func nameSecrets(rel string) []detail.Secret {
	var out []detail.Secret
	for _, f := range secrets.ScanName(rel, false) {
		out = append(out, detail.Secret{JSONPath: f.Where, Rule: f.Rule, Redacted: f.Redacted})
	}
	return out
}

// staleDiff explains a stale recording, its secrets masked, and as it is
// for the reveal key: the diff of its miss when it is the recording at the
// missing turn, else (a turn replay never reaches) the miss before it,
// with where the changes are written either way; nil for a recording that
// is not stale.
func staleDiff(w *scan.Workspace, r *scan.Recording) (masked, revealed *detail.Diff) {
	e := w.MissOf(r)
	if e == nil {
		return nil, nil
	}
	if e.Recording == r {
		res := e.Masked()
		masked, revealed = toDiff(e, res), toDiff(e, e.Result)
		if !slices.Equal(res.Summary, e.Result.Summary) || res.Unified() != e.Result.Unified() {
			masked.Masks = 1
		}
	} else {
		// The headline of another turn's miss is shown masked either way.
		masked = &detail.Diff{Miss: &detail.Miss{Turn: e.Turn, Headline: e.Headline(),
			Title: fmt.Sprintf("%s › %s › turn %d", secrets.MaskPath(e.Suite), secrets.MaskPath(e.Case), e.Turn)}}
		if e.Recording != nil {
			masked.Miss.ID = e.Recording.Path
			masked.Miss.Title += " (" + path.Base(e.Recording.Shown) + ")"
		}
		cp := *masked
		revealed = &cp
	}
	for _, src := range w.Sources(e) {
		s := detail.Source{File: src.File, Line: src.Line, What: src.What}
		masked.Sources = append(masked.Sources, s)
		revealed.Sources = append(revealed.Sources, s)
	}
	return masked, revealed
}

func pendingDetail(d detail.Data, path string) detail.Data {
	data, err := safefile.ReadFile(path)
	if err == nil {
		d.Body, err = jsonv.Decode(data)
	}
	d.HasBody, d.Err = err == nil, err
	d.Masked, d.Masks = (*secrets.Masker)(nil).Value(d.Body)
	d.Reason = "still scanning: status, diff and secrets come when the scan finishes"
	return d
}

func tapeDetail(d detail.Data, rf ref) detail.Data {
	t := rf.r.Tape
	if t == nil {
		d.Err = errors.New(rf.r.Reason)
		return d
	}
	d.SecretsChecked = true
	if rf.r.Entry < 0 {
		d.Body, d.HasBody = t.Body, true
		d.Masked, d.Masks = (*secrets.Masker)(nil).Value(d.Body)
		return d
	}
	e := t.Body.Field("entries").Field(rf.r.TapeKey)
	if rf.r.Entry < e.Len() {
		d.Body, d.HasBody = e.Items[rf.r.Entry], true
		d.Masked, d.Masks = (*secrets.Masker)(nil).Value(d.Body)
	}
	d.Secrets = nameSecrets(rf.r.Path)
	prefix := fmt.Sprintf("entries.%s[%d]", rf.r.TapeKey, rf.r.Entry)
	for _, f := range secrets.ScanTape(rf.r.Path, t) {
		if strings.HasPrefix(f.JSONPath, prefix) {
			d.Secrets = append(d.Secrets, detail.Secret{JSONPath: f.JSONPath, Rule: f.Rule, Redacted: f.Redacted, Value: lookupPath(t.Body, f.JSONPath)})
		}
	}
	return d
}

// toDiff is the explanation of a miss as the Diff tab shows it, from res
// (the result masked, or as it is for the reveal key): each change's two
// sides and each changed line of the unified diff marked word by word.
func toDiff(e *scan.Explanation, res diff.Result) *detail.Diff {
	df := &detail.Diff{Summary: res.Summary, Lines: res.UnifiedLines(), Incomplete: res.Incomplete, Note: e.Note}
	if e.Note == "" && e.CurrentKey != "" {
		df.Note = fmt.Sprintf("recorded key %s · the case now sends %s", e.RecordedKey, e.CurrentKey)
	}
	for _, c := range res.Changes {
		ch := detail.Change{Path: c.Path, Kind: c.Kind.String(), Before: short(c.Before, c.Kind == diff.Added), After: short(c.After, c.Kind == diff.Removed)}
		if c.Kind == diff.Changed {
			ch.BeforeSpans, ch.AfterSpans, _ = diff.Inline(ch.Before, ch.After)
		}
		df.Changes = append(df.Changes, ch)
	}
	return df
}

// shortLimit is how much of a changed value the Changes section shows;
// the unified diff below has all of it.
const shortLimit = 2000

// short is a one-line rendering of a changed value ("" for a missing side).
func short(v jsonv.Value, missing bool) string {
	if missing {
		return ""
	}
	b, err := jsonv.Encode(v, jsonv.EncodeOptions{Dialect: jsonv.JS})
	if err != nil {
		return "?"
	}
	s := string(b)
	if len(s) > shortLimit {
		cut := shortLimit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// lookupPath returns the string at a finding's JSON path
// (response.raw.content[0].text), for the reveal key.
func lookupPath(v jsonv.Value, p string) string {
	for _, part := range strings.Split(p, ".") {
		name, rest, _ := strings.Cut(part, "[")
		if name != "" {
			v = v.Field(name)
		}
		for rest != "" {
			idx, after, _ := strings.Cut(rest, "]")
			i, err := strconv.Atoi(idx)
			if err != nil || i < 0 || i >= v.Len() || v.Kind != jsonv.Array {
				return ""
			}
			v = v.Items[i]
			rest = strings.TrimPrefix(after, "[")
		}
	}
	if v.Kind != jsonv.String {
		return ""
	}
	return v.Text
}

// Prune implements Backend through the prune of the command tier
// (command.PruneFiles), on exactly the recordings the dialog listed: those
// of the scan that d started, which classified every file afresh before
// the dialog opened, so that nothing is scanned again here. Each file is
// removed only while it is still as that scan read it (device, inode,
// size, modification time and a hash of its bytes; safefile.Remove) and
// still prunable by its status then; a file edited, replaced or removed
// since is kept, with why, and so is a recording of an older scan. Then
// the directories left empty go.
func (Core) Prune(ctx context.Context, items []tree.Item) (PruneResult, error) {
	var res PruneResult
	var w *scan.Workspace
	var chosen []scan.PruneItem
	for _, it := range items {
		rf, ok := it.Ref.(*ref)
		switch {
		case !ok || rf.w == nil || rf.r == nil || rf.r.File == nil:
			res.Kept = append(res.Kept, Refusal{it.Path, "not scanned yet"})
		case w != nil && rf.w != w:
			res.Kept = append(res.Kept, Refusal{it.Path, "listed by an earlier scan: press d again"})
		default:
			w = rf.w
			chosen = append(chosen, scan.PruneItem{Recording: rf.r, Reason: rf.r.Status.String()})
		}
	}
	if w == nil {
		return res, nil
	}
	rep, err := command.PruneFiles(ctx, w, chosen, false)
	if err != nil {
		return res, err
	}
	for _, r := range rep.Removed {
		res.Removed = append(res.Removed, r.Recording.Path)
	}
	for _, err := range rep.Errors {
		r := Refusal{Reason: err.Error()}
		var pe *command.PruneError
		if errors.As(err, &pe) {
			r = Refusal{pe.Path, pe.Err.Error()}
		}
		res.Kept = append(res.Kept, r)
	}
	return res, nil
}

// NewReviewLoader opens the review of the project at root (again), and
// lists the recording directories it looked at that exist. It only
// locates the recordings (scan.Resolve), as the review command does: no
// file is read but git's.
func NewReviewLoader(root string) ReviewLoader {
	return func(ctx context.Context) (*gitreview.Review, []string, error) {
		l, err := scan.Resolve(scan.Request{Args: []string{root}, Want: scan.Recordings})
		if err != nil {
			return nil, nil, err
		}
		dirs := l.Dirs()
		r, err := gitreview.OpenReview(ctx, l.Root, dirs)
		if err != nil {
			return nil, nil, err
		}
		var looked []string
		for _, d := range dirs {
			if _, err := os.Stat(d); err == nil || d == l.CassetteRoot {
				looked = append(looked, d)
			}
		}
		return r, looked, nil
	}
}
