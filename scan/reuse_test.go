package scan

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/gitreview/reviewtest"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

const cassettesA = ".dryfire/cassettes/"

// TestReuseScansAsFresh changes a project's files in every way a refresh
// must notice, one after another, and compares each scan that reuses the
// last one's files with a fresh scan of the same tree, field for field:
// statuses, reasons, verdicts, findings, doctor's checks, the summaries.
func TestReuseScansAsFresh(t *testing.T) {
	dir := reviewtest.CopyTree(t, filepath.Join(golden, "project-A"))
	reuse := &cassette.Reuse{Settled: -time.Hour} // every file is settled
	opts := Options{Secrets: true, Doctor: true, Reuse: reuse}
	first := scanWith(t, dir, opts)
	inPlace := cassettesA + "refund_agent/parallel_lookups/00-6e943a4a4125d90d.json"
	renamed := cassettesA + "travel_booking/books_cheapest_flight/00-38582377b98c78a5.json"
	steps := []struct {
		name   string
		change func(t *testing.T)
		reread []string // the files the scan must read again
	}{
		{"nothing changed", func(*testing.T) {}, nil},
		{"rewritten in place, same size, mtime put back", func(t *testing.T) {
			rewriteInPlace(t, filepath.Join(dir, inPlace), "6e943a4a4125d90d", "6e943a4a4125d90e")
		}, []string{inPlace}},
		{"replaced by rename, same size and mtime", func(t *testing.T) {
			replaceByRename(t, filepath.Join(dir, renamed), "38582377b98c78a5", "38582377b98c78a6")
		}, []string{renamed}},
		{"a secret written in", func(t *testing.T) {
			edit(t, dir, cassettesA+"incident_triage/truncated_by_max_tokens/00-1e93f5df911952e4.json",
				"The logs show", "The key AKIAQ7LMZP3KXW2RT5VB shows")
		}, []string{cassettesA + "incident_triage/truncated_by_max_tokens/00-1e93f5df911952e4.json"}},
		{"truncated to broken JSON", func(t *testing.T) {
			p := filepath.Join(dir, cassettesA+"travel_booking/no_flights_found/01-60a43d48a3efe48d.json")
			if err := os.Truncate(p, 40); err != nil {
				t.Fatal(err)
			}
		}, []string{cassettesA + "travel_booking/no_flights_found/01-60a43d48a3efe48d.json"}},
		{"removed and added", func(t *testing.T) {
			from := filepath.Join(dir, cassettesA+"incident_triage/loops_until_max_turns/02-a823e7641b786002.json")
			to := filepath.Join(dir, cassettesA+"incident_triage/gone_case/00-a823e7641b786002.json")
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(from, to); err != nil {
				t.Fatal(err)
			}
		}, []string{cassettesA + "incident_triage/gone_case/00-a823e7641b786002.json"}},
		{"a suite changed, no cassette", func(t *testing.T) {
			edit(t, dir, "evals/support/refund_agent.eval.yaml",
				"Retrieve order details by order ID.", "Retrieve the order's details by its ID.")
		}, nil},
	}
	prev := first
	for _, step := range steps {
		step.change(t)
		got := scanWith(t, dir, opts)
		want := scanWith(t, dir, Options{Secrets: true, Doctor: true})
		if d := diffScans(got, want); d != "" {
			t.Fatalf("%s: the scan that reused files differs from a fresh one:\n%s", step.name, d)
		}
		if d := diffReread(got, step.reread); d != "" {
			t.Errorf("%s: %s", step.name, d)
		}
		if reflect.DeepEqual(views(prev), views(got)) && step.name != "nothing changed" {
			t.Errorf("%s: the change changed nothing a scan shows: the step tests nothing", step.name)
		}
		prev = got
	}
}

// TestReuseKeepsNoRacyFile: a file changed within the settling time of a
// scan's start is read again by the next scan, whatever its stamp.
func TestReuseKeepsNoRacyFile(t *testing.T) {
	dir := reviewtest.CopyTree(t, filepath.Join(golden, "project-A")) // every file written just now
	opts := Options{Secrets: true, Reuse: &cassette.Reuse{}}
	scanWith(t, dir, opts)
	w := scanWith(t, dir, opts)
	for _, f := range w.Store.Files {
		if f.Reused() {
			t.Errorf("%s was reused though written %v before the scan", f.Rel, cassette.DefaultSettled)
		}
	}
}

func scanWith(t *testing.T, dir string, o Options) *Workspace {
	t.Helper()
	w, err := Open(context.Background(), dir, o)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// diffReread says which files the scan read again that it had no need to,
// or reused that it had to read.
func diffReread(w *Workspace, reread []string) string {
	want := map[string]bool{}
	for _, p := range reread {
		want[p] = true
	}
	var out string
	for _, r := range w.Recordings {
		if r.File != nil && r.File.Reused() == want[r.Path] {
			out += fmt.Sprintf("%s: reused %v\n", r.Path, r.File.Reused())
		}
	}
	return out
}

// edit replaces old by replacement in a file, which must hold it.
func edit(t *testing.T, dir, rel, old, replacement string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s holds no %q", rel, old)
	}
	if err := os.WriteFile(p, bytes.Replace(data, []byte(old), []byte(replacement), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

// rewriteInPlace writes a same-size edit into the file itself (its
// inode kept) and puts its modification time back, until the file
// system's change time has moved (it does within a tick of its clock).
func rewriteInPlace(t *testing.T, p, old, replacement string) {
	t.Helper()
	before, err := safefile.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte(old), []byte(replacement), 1)
	mtime := time.Unix(0, before.ModTime)
	for range 1_000_000 {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
		now, err := safefile.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if now.Ino != before.Ino || now.Size != before.Size || now.ModTime != before.ModTime {
			t.Fatalf("the rewrite changed more than the bytes: %+v, was %+v", now, before)
		}
		if now.ChangeTime != before.ChangeTime {
			return
		}
	}
	t.Skip("the file system's change time did not move")
}

// replaceByRename puts a same-size edit of the file in its place by a
// rename, with the modification time it had.
func replaceByRename(t *testing.T, p, old, replacement string) {
	t.Helper()
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	tmp := p + ".new"
	if err := os.WriteFile(tmp, bytes.Replace(data, []byte(old), []byte(replacement), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(tmp, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
}

// diffScans lists what differs between two scans of the same tree.
func diffScans(got, want *Workspace) string {
	g, w := views(got), views(want)
	var out string
	for i := range max(len(g), len(w)) {
		switch {
		case i >= len(g):
			out += "missing: " + w[i] + "\n"
		case i >= len(w):
			out += "extra: " + g[i] + "\n"
		case g[i] != w[i]:
			out += "got:  " + g[i] + "\nwant: " + w[i] + "\n"
		}
	}
	return out
}

// views renders everything a scan found, a line per recording,
// explanation and problem; the store file's exported fields included,
// not the state of its reading (Reused).
func views(w *Workspace) []string {
	var out []string
	for _, r := range append(append([]*Recording{}, w.Recordings...), w.Unrecorded...) {
		out = append(out, recordingView(r))
	}
	for _, e := range w.Stale {
		rec := ""
		if e.Recording != nil {
			rec = e.Recording.Path
		}
		out = append(out, "stale "+mustJSON(struct {
			Suite, Case, CurrentKey, RecordedKey, Recording, Note string
			RepeatIndex, Turn                                     int
			Judge, Unrecorded                                     bool
			Result                                                any
		}{e.Suite, e.Case, e.CurrentKey, e.RecordedKey, rec, e.Note, e.RepeatIndex, e.Turn, e.Judge, e.Unrecorded, e.Result}))
	}
	for _, err := range w.Problems {
		out = append(out, "problem "+err.Error())
	}
	return out
}

func recordingView(r *Recording) string {
	v := struct {
		Path, Shown, Key, Suite, Case, Status, Reason, Verdict, RecordPath string
		Turn, RepeatIndex, Secrets                                         int
		ReadBy                                                             []string
		Findings, FileCheck, File                                          any
		Scanned, Foreign                                                   bool
		FileErr, ResponseErr                                               string
	}{Path: r.Path, Shown: r.Shown, Key: r.Key, Suite: r.Suite, Case: r.Case, Status: r.Status.String(),
		Reason: r.Reason, Verdict: r.Verdict, RecordPath: r.RecordPath, Turn: r.Turn, RepeatIndex: r.RepeatIndex,
		Secrets: r.Secrets, ReadBy: r.ReadBy, Findings: r.Findings, FileCheck: r.FileCheck, File: r.File,
		Scanned: r.Scanned, Foreign: r.Foreign}
	if r.File != nil && r.File.Err != nil {
		v.FileErr = r.File.Err.Error()
	}
	if r.File != nil && r.File.ResponseErr != nil {
		v.ResponseErr = r.File.ResponseErr.Error()
	}
	return mustJSON(v)
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // a test helper over the scan's own types
	}
	return string(b)
}
