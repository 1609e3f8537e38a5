package gitreview

import (
	"context"
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/pyvalue"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

func writeFileAtomic(p string, data []byte, mode os.FileMode) error {
	return safefile.WriteAtomic(p, data, mode)
}

// summarise fills the item's format, identity, summary and details from its
// committed version (HEAD's, or the base's of a range) and its new one
// (the work tree's, or the head's of a range).
func (r *Review) summarise(ctx context.Context, it *ReviewItem, headDirs map[string][]string) error {
	var oldData, newData []byte
	var oldOK, newOK bool
	oldPath := it.gitPath
	if it.gitOldPath != "" {
		oldPath = it.gitOldPath
	}
	if it.Kind != Added {
		data, ok, err := r.oldVersion(ctx, oldPath)
		if err != nil {
			return err
		}
		oldData, oldOK = data, ok
	}
	if it.Kind != Deleted {
		data, stamp, err := r.newVersion(ctx, it.gitPath)
		if err != nil {
			return err
		}
		newData, newOK, it.stamp = data, true, stamp
	}
	sample := newData
	if !newOK {
		sample = oldData
	}
	switch {
	case !strings.HasSuffix(it.gitPath, ".json"):
		it.Format = format.Unknown
		it.Summary = []string{it.Kind.String()}
		it.revealed.summary = []string{it.Kind.String()}
		r.noteSecrets(it, r.addedNameSecrets(it))
		return nil
	case format.Detect(sample) == format.Tape:
		it.Format = format.Tape
		it.Summary, it.Details = summariseTape(oldData, oldOK, newData, newOK, true)
		it.revealed.summary, it.revealed.details = summariseTape(oldData, oldOK, newData, newOK, false)
		r.gate(it, oldData, oldOK, newData, newOK)
		return nil
	}
	it.Format = format.Dryfire
	if turn, key, ok := cassette.ParseName(path.Base(it.gitPath)); ok {
		it.Turn, it.Key = turn, key
	}
	if it.Kind == Added {
		// A re-record writes a new file beside the old one: compare with the
		// committed recording of the same turn and repetition, if any.
		if prev, p, ok, err := r.previousRecording(ctx, it, headDirs); err == nil && ok {
			oldData, oldOK, it.Replaces = prev, true, r.outPath(p)
		}
	}
	it.Summary, it.Details = summariseCassette(it, oldData, oldOK, newData, newOK, true)
	it.revealed.summary, it.revealed.details = summariseCassette(it, oldData, oldOK, newData, newOK, false)
	if r.rng != nil && it.Replaces != "" {
		// Over a range, a re-recording names the recording it replaces: its
		// new key is no news.
		it.Summary, it.revealed.summary = dropNewKey(it.Summary), dropNewKey(it.revealed.summary)
	}
	r.gate(it, oldData, oldOK, newData, newOK)
	return nil
}

// dropNewKey leaves out the line that says a re-recording's fingerprint
// differs from the old one's, when the new one matches its file name.
func dropNewKey(lines []string) []string {
	out := lines[:0:0]
	for _, l := range lines {
		if !strings.HasPrefix(l, "body fingerprint ") || strings.Contains(l, ": ") {
			out = append(out, l)
		}
	}
	return out
}

// oldVersion is the committed version of a top-relative path: HEAD's, or
// the base's of a range.
func (r *Review) oldVersion(ctx context.Context, gitPath string) ([]byte, bool, error) {
	if r.rng == nil {
		return r.Git.Head(ctx, gitPath)
	}
	data, _, ok, err := r.rng.base.Read(ctx, gitPath)
	return data, ok, err
}

// newVersion is the new version of a top-relative path: the work tree's,
// or the head's of a range.
func (r *Review) newVersion(ctx context.Context, gitPath string) ([]byte, safefile.Stamp, error) {
	if r.rng == nil {
		return safefile.ReadInto(r.Git.Abs(gitPath), nil)
	}
	data, stamp, ok, err := r.rng.head.Read(ctx, gitPath)
	if err == nil && !ok {
		err = fmt.Errorf("%s: not in %s", secrets.MaskPath(gitPath), r.rng.head.Rev)
	}
	return data, stamp, err
}

// gate sets the secrets the change adds (in its names and its contents),
// and says so in its summary.
func (r *Review) gate(it *ReviewItem, oldData []byte, oldOK bool, newData []byte, newOK bool) {
	r.noteSecrets(it, append(r.addedNameSecrets(it), r.addedSecrets(it.Path, oldData, oldOK, newData, newOK)...))
}

// noteSecrets sets the secrets a change adds and says so in its summary.
func (r *Review) noteSecrets(it *ReviewItem, fs []secrets.Finding) {
	it.Secrets = fs
	for _, f := range it.Secrets {
		line := fmt.Sprintf("new secret: %s at %s (%s), %s", f.Rule, findingPlace(f), f.Redacted, f.Where)
		it.Summary = append(it.Summary, line)
		it.revealed.summary = append(it.revealed.summary, line)
	}
}

// previousRecording returns the committed file in the item's case
// directory that records the same turn and repetition under another key,
// and its top-relative path. Since HEAD, a file deleted in the work tree is
// left out (its own item says so); over a range, the recording a
// re-recording replaces is usually deleted by then (pruned), and is the
// one to compare with.
func (r *Review) previousRecording(ctx context.Context, it *ReviewItem, headDirs map[string][]string) ([]byte, string, bool, error) {
	dir := path.Dir(it.gitPath)
	files, ok := headDirs[dir]
	switch {
	case ok:
	case r.rng != nil:
		files = r.rng.base.Dirs[dir]
	default:
		var err error
		files, err = r.Git.HeadFiles(ctx, dir)
		if err != nil {
			return nil, "", false, err
		}
		headDirs[dir] = files
	}
	_, rep, _ := cassette.ParseStorageKey(it.Key)
	for _, f := range files {
		if path.Dir(f) != dir || f == it.gitPath {
			continue
		}
		turn, key, ok := cassette.ParseName(path.Base(f))
		if !ok || turn != it.Turn {
			continue
		}
		if _, frep, err := cassette.ParseStorageKey(key); err != nil || frep != rep {
			continue
		}
		if r.rng == nil {
			if _, err := os.Stat(r.Git.Abs(f)); err != nil {
				continue // deleted in the work tree: its own item says so
			}
		}
		data, ok, err := r.oldVersion(ctx, f)
		return data, f, ok, err
	}
	return nil, "", false, nil
}

// summariseCassette says what changed between two versions of a dryfire
// cassette; mask masks every secret of both first.
func summariseCassette(it *ReviewItem, oldData []byte, oldOK bool, newData []byte, newOK bool, mask bool) ([]string, []Detail) {
	var oldC, newC *cassette.Cassette
	var sum []string
	if oldOK {
		c, err := cassette.Decode(oldData)
		if err != nil {
			sum = append(sum, "committed version is invalid: "+err.Error())
		}
		oldC = c
	}
	if newOK {
		c, err := cassette.Decode(newData)
		if err != nil {
			return append(sum, "new version is invalid: "+err.Error()), nil
		}
		newC = c
	}
	if mask {
		var bodies []jsonv.Value
		for _, c := range []*cassette.Cassette{oldC, newC} {
			if c != nil {
				bodies = append(bodies, c.Body)
			}
		}
		k := maskerOf(bodies...)
		oldC, newC = maskCassette(k, oldC), maskCassette(k, newC)
	}
	for _, c := range []*cassette.Cassette{newC, oldC} {
		if c != nil && it.Suite == "" {
			it.Suite, it.Case = c.Suite, c.Case
		}
	}
	turn := fmt.Sprintf("turn %02d", it.Turn)
	switch {
	case newC == nil && oldC != nil:
		return append(sum, turn+" recording removed"), responseDetails(oldC, nil)
	case newC != nil && oldC == nil:
		return append(sum, turn+" recorded (new)"), responseDetails(nil, newC)
	case newC == nil:
		return sum, nil
	}
	if it.Kind == Added {
		sum = append(sum, turn+" re-recorded under a new key")
	}
	if it.Kind == Renamed {
		sum = append(sum, "moved from "+it.OldPath)
	}
	sum = append(sum, compareLookup(oldC, newC, it.Key)...)
	sum = append(sum, compareCassettes(oldC, newC)...)
	if len(sum) == 0 {
		sum = append(sum, "no change in meaning (format or recorded_at only)")
	}
	return sum, responseDetails(oldC, newC)
}

// compareLookup says what changed in the fields dryfire's lookup reads
// before it serves a file: schema_version, the body's fingerprint against
// the file name's key, and the provider. A change there decides whether
// replay still finds the recording, whatever the response says.
func compareLookup(a, b *cassette.Cassette, nameKey string) []string {
	var out []string
	if sa, sb := jsonText(a.SchemaVersion), jsonText(b.SchemaVersion); sa != sb {
		line := fmt.Sprintf("schema_version %s → %s", sa, sb)
		switch {
		case a.SchemaOK() && !b.SchemaOK():
			line += ": dryfire's lookup now skips this file"
		case !a.SchemaOK() && b.SchemaOK():
			line += ": dryfire's lookup reads this file again"
		}
		out = append(out, line)
	}
	if a.Fingerprint != b.Fingerprint {
		line := fmt.Sprintf("body fingerprint %s → %s", a.Fingerprint, b.Fingerprint)
		if nameKey != "" && b.Fingerprint != nameKey {
			line += ": it no longer matches the file name, so dryfire's lookup skips this file"
		}
		out = append(out, line)
	}
	if a.Provider != b.Provider {
		out = append(out, fmt.Sprintf("provider %s → %s", a.Provider, b.Provider))
	}
	return out
}

// jsonText is a value as JSON, for a summary line ("null" when absent).
func jsonText(v jsonv.Value) string {
	data, err := jsonv.Encode(v, jsonv.EncodeOptions{})
	if err != nil {
		return "?"
	}
	return string(data)
}

// compareCassettes says what differs between two recordings of one turn.
func compareCassettes(a, b *cassette.Cassette) []string {
	var out []string
	if a.Model != b.Model {
		out = append(out, fmt.Sprintf("model %s → %s", a.Model, b.Model))
	}
	ra, errA := cassette.ParseResponse(a.Response)
	rb, errB := cassette.ParseResponse(b.Response)
	if errA != nil || errB != nil {
		if errB != nil {
			out = append(out, "new response is invalid: "+errB.Error())
		}
		return out
	}
	if ra.StopReason != rb.StopReason {
		out = append(out, fmt.Sprintf("stop reason %s → %s", ra.StopReason, rb.StopReason))
	}
	if ta, tb := ra.Text.Str(), rb.Text.Str(); ta != tb || ra.Text.Kind != rb.Text.Kind {
		out = append(out, textChange("response text", ta, tb))
	}
	out = append(out, compareToolCalls(ra.ToolCalls, rb.ToolCalls)...)
	if ra.Usage != rb.Usage {
		out = append(out, fmt.Sprintf("tokens in %d → %d (%s), out %d → %d (%s)",
			ra.Usage.InputTokens, rb.Usage.InputTokens, signed(rb.Usage.InputTokens-ra.Usage.InputTokens),
			ra.Usage.OutputTokens, rb.Usage.OutputTokens, signed(rb.Usage.OutputTokens-ra.Usage.OutputTokens)))
	}
	return out
}

func signed(n int64) string {
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	if n < 0 {
		return fmt.Sprintf("−%d", -n)
	}
	return "±0"
}

func textChange(what, a, b string) string {
	switch {
	case a == "":
		return fmt.Sprintf("%s added: %s", what, quoteShort(b))
	case b == "":
		return fmt.Sprintf("%s removed (was %s)", what, quoteShort(a))
	}
	return fmt.Sprintf("%s changed: %s → %s", what, quoteShort(a), quoteShort(b))
}

func quoteShort(s string) string {
	return fmt.Sprintf("%q", cut(strings.Join(strings.Fields(s), " "), 60))
}

// cut shortens s to n runes, ending with "…", without cutting a secret's
// mask ([rule preview sha256:…]) in two: a mask is kept whole.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	head := string(r[:n-3])
	if open := strings.LastIndex(head, "["); open >= 0 && !strings.Contains(head[open:], "]") {
		if end := strings.Index(s[open:], "]"); end >= 0 && strings.Contains(s[open:open+end], " sha256:") {
			if head = s[:open+end+1]; len(head) == len(s) {
				return s
			}
		}
	}
	return head + "…"
}

func compareToolCalls(a, b []cassette.ToolCall) []string {
	var out []string
	for i := 0; i < max(len(a), len(b)); i++ {
		switch {
		case i >= len(a):
			out = append(out, fmt.Sprintf("tool call %s added %s", b[i].Name, compactJSON(b[i].Arguments)))
		case i >= len(b):
			out = append(out, fmt.Sprintf("tool call %s removed", a[i].Name))
		case a[i].Name != b[i].Name:
			out = append(out, fmt.Sprintf("tool call %d: %s → %s %s", i, a[i].Name, b[i].Name, compactJSON(b[i].Arguments)))
		case !pyvalue.Equal(a[i].Arguments, b[i].Arguments):
			out = append(out, fmt.Sprintf("tool call %s: arguments %s → %s", b[i].Name, compactJSON(a[i].Arguments), compactJSON(b[i].Arguments)))
		}
	}
	return out
}

func compactJSON(v jsonv.Value) string {
	b, err := jsonv.Encode(v, jsonv.EncodeOptions{AllowNonFinite: true})
	if err != nil {
		return "(unprintable)"
	}
	return cut(string(b), 80)
}

func responseDetails(a, b *cassette.Cassette) []Detail {
	get := func(c *cassette.Cassette) (text, stop, tools, usage string) {
		if c == nil {
			return "", "", "", ""
		}
		r, err := cassette.ParseResponse(c.Response)
		if err != nil {
			return "(invalid response: " + err.Error() + ")", "", "", ""
		}
		var calls []string
		for _, tc := range r.ToolCalls {
			calls = append(calls, tc.Name+" "+compactJSON(tc.Arguments))
		}
		return r.Text.Str(), r.StopReason, strings.Join(calls, "\n"),
			fmt.Sprintf("in %d · out %d", r.Usage.InputTokens, r.Usage.OutputTokens)
	}
	at, as, atl, au := get(a)
	bt, bs, btl, bu := get(b)
	var out []Detail
	for _, d := range []Detail{{"text", at, bt}, {"stop reason", as, bs}, {"tool calls", atl, btl}, {"usage", au, bu}} {
		if d.Old != "" || d.New != "" {
			out = append(out, d)
		}
	}
	if a != nil && b != nil && a.Model != b.Model {
		out = append(out, Detail{"model", a.Model, b.Model})
	}
	return out
}

// summariseTape says what changed between two versions of a tape; mask
// tapeCounts counts a tape's keys and entries: "2 keys, 1 entry".
func tapeCounts(t *tape.File) string {
	n := countEntries(t)
	return fmt.Sprintf("%d %s, %d %s", len(t.Keys), report.Plural(len(t.Keys), "key"), n, report.Plural(n, "entry"))
}

// masks every secret of both first.
func summariseTape(oldData []byte, oldOK bool, newData []byte, newOK bool, mask bool) ([]string, []Detail) {
	var oldT, newT *tape.File
	if oldOK {
		t, err := tape.Decode(oldData)
		if err != nil {
			return []string{"committed version is invalid: " + err.Error()}, nil
		}
		oldT = t
	}
	if newOK {
		t, err := tape.Decode(newData)
		if err != nil {
			return []string{"new version is invalid: " + err.Error()}, nil
		}
		newT = t
	}
	if mask {
		var bodies []jsonv.Value
		for _, t := range []*tape.File{oldT, newT} {
			if t != nil {
				bodies = append(bodies, t.Body)
			}
		}
		k := maskerOf(bodies...)
		oldT, newT = maskTape(k, oldT), maskTape(k, newT)
	}
	switch {
	case oldT == nil && newT != nil:
		return []string{"tape recorded (new): " + tapeCounts(newT)}, nil
	case newT == nil && oldT != nil:
		return []string{"tape removed: " + tapeCounts(oldT)}, nil
	case newT == nil:
		return nil, nil
	}
	return compareTapes(oldT, newT)
}

func countEntries(t *tape.File) int {
	n := 0
	for _, k := range t.Keys {
		n += len(k.Entries)
	}
	return n
}

func compareTapes(a, b *tape.File) ([]string, []Detail) {
	var out []string
	var details []Detail
	old := map[string]tape.Group{}
	for _, k := range a.Keys {
		old[k.Key] = k
	}
	seen := map[string]bool{}
	for _, k := range b.Keys {
		seen[k.Key] = true
		ok, had := old[k.Key]
		if !had {
			out = append(out, fmt.Sprintf("key %s: %d entr(ies) added", k.Key, len(k.Entries)))
			continue
		}
		if d := len(k.Entries) - len(ok.Entries); d > 0 {
			out = append(out, fmt.Sprintf("key %s: %d entr(ies) added", k.Key, d))
		} else if d < 0 {
			out = append(out, fmt.Sprintf("key %s: %d entr(ies) removed", k.Key, -d))
		}
		for i := 0; i < min(len(k.Entries), len(ok.Entries)); i++ {
			oe, ne := ok.Entries[i], k.Entries[i]
			before, after := entryOutcome(oe), entryOutcome(ne)
			if before != after {
				out = append(out, fmt.Sprintf("key %s [%d]: %s → %s", k.Key, i, shorten(before), shorten(after)))
				details = append(details, Detail{Label: fmt.Sprintf("%s[%d]", k.Key, i), Old: before, New: after})
			}
		}
	}
	for _, k := range a.Keys {
		if !seen[k.Key] {
			out = append(out, fmt.Sprintf("key %s: removed (%d entr(ies))", k.Key, len(k.Entries)))
		}
	}
	if len(out) == 0 {
		out = append(out, "no change in entries (format only)")
	}
	return out, details
}

func entryOutcome(e tape.Entry) string {
	if e.Error != nil {
		return "error " + e.Error.Name + ": " + e.Error.Message
	}
	if !e.HasResult {
		return "no result"
	}
	return "result " + compactJSON(e.Result)
}

func shorten(s string) string { return cut(s, 70) }
