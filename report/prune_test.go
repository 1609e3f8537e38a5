package report

import (
	"bytes"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// TestPruneTextSaysWhatWasNotRemoved: a prune --yes that could not remove
// everything says so on stdout, with the rest of its result; on a terminal
// a name is escaped as one line.
func TestPruneTextSaysWhatWasNotRemoved(t *testing.T) {
	t.Parallel()
	cands := []PruneItem{{Path: "c/s/x/00-a.json", Reason: "orphaned suite"}, {Path: "c/s/x/01-b.json", Reason: "orphaned suite"}}
	tests := map[string]struct {
		doc  Prune
		want string
	}{
		"one changed since the scan": {Prune{Candidates: cands, Removals: cands[:1], Removed: []string{cands[0].Path},
			NotRemoved: []PruneItem{{Path: cands[1].Path, Reason: "changed since it was read (content); kept (scan again to decide)"}}},
			"removed c/s/x/00-a.json (orphaned suite)\n\nnot removed c/s/x/01-b.json (changed since it was read (content); kept (scan again to decide))\n\nremoved 1 of 2 cassettes; 1 not removed (see above)\n"},
		"nothing removed": {Prune{Candidates: cands, NotRemoved: []PruneItem{{Path: cands[0].Path, Reason: "permission denied"}, {Path: cands[1].Path, Reason: "permission denied"}}},
			"\nnot removed c/s/x/00-a.json (permission denied)\nnot removed c/s/x/01-b.json (permission denied)\n\nremoved 0 of 2 cassettes; 2 not removed (see above)\n"},
		"interrupted": {Prune{Candidates: cands, Removals: cands[:1], Removed: []string{cands[0].Path}, Interrupted: true},
			"removed c/s/x/00-a.json (orphaned suite)\n\ninterrupted: removed 1 of 2 cassettes; the others are still there\n"},
		"interrupted among the directories": {Prune{Candidates: cands, Removals: cands, Removed: []string{cands[0].Path, cands[1].Path},
			Dirs: []string{"c/s/x", "c/s"}, RemovedDirs: []string{"c/s/x"}, Interrupted: true},
			"removed c/s/x/00-a.json (orphaned suite)\nremoved c/s/x/01-b.json (orphaned suite)\n\nremoved empty directory c/s/x\n\ninterrupted: removed 2 of 2 cassettes and 1 of 2 empty directories; the other directories are still there\n"},
		"a name with escapes": {Prune{Candidates: cands[:1], NotRemoved: []PruneItem{{Path: "c/\x1b]0;pwned\x07\nremoved x.json", Reason: "gone"}}},
			"\nnot removed c/\\x1b]0;pwned\\x07\\nremoved x.json (gone)\n\nremoved 0 of 1 cassette; 1 not removed (see above)\n"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			terminal := visible.NewStream(&b, visible.Options{Escape: true})
			if err := tc.doc.WriteText(terminal); err != nil {
				t.Fatal(err)
			}
			if err := terminal.Flush(); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("wrote:\n%q\nwant:\n%q", b.String(), tc.want)
			}
		})
	}
}

// TestPruneTallyComesLast: dryfire's lines come first, byte for byte
// (its count after the "would remove" lines), and the tally of this
// prune's own lines (the empty directories, the files kept) is the last
// line, however many keep lines come before it; after --yes, where
// dryfire prints no tally, one says what was removed. Before, the dry
// run's count sat above hundreds of keep lines and --yes ended with none.
func TestPruneTallyComesLast(t *testing.T) {
	t.Parallel()
	cands := []PruneItem{{Path: "c/s/x/00-a.json", Reason: "orphaned suite"}, {Path: "c/s/x/01-b.json", Reason: "superseded"}}
	kept := []PruneItem{{Path: "c/t/y/00-c.json", Reason: "in use: read by replay of t::y", Dryfire: "orphaned case"}}
	tests := map[string]struct {
		doc  Prune
		want string
	}{
		"dry run, dryfire's lines alone": {Prune{DryRun: true, Candidates: cands[:1]},
			"would remove c/s/x/00-a.json (orphaned suite)\n\n1 cassette(s) would be removed. Re-run with --yes to delete.\n"},
		"dry run with directories and keeps": {Prune{DryRun: true, Candidates: cands, Dirs: []string{"c/s/x"}, Kept: kept},
			"would remove c/s/x/00-a.json (orphaned suite)\nwould remove c/s/x/01-b.json (superseded)\n\n2 cassette(s) would be removed. Re-run with --yes to delete.\n" +
				"\nwould remove empty directory c/s/x\n" +
				"\nkeep c/t/y/00-c.json (in use: read by replay of t::y; dryfire's prune would remove it as orphaned case)\n" +
				"\n2 cassettes and 1 empty directory would be removed; 1 file kept (the keep lines say why). Re-run with --yes to delete.\n"},
		"--yes": {Prune{Candidates: cands, Removals: cands, Removed: []string{cands[0].Path, cands[1].Path}, Dirs: []string{"c/s/x"}, RemovedDirs: []string{"c/s/x"}},
			"removed c/s/x/00-a.json (orphaned suite)\nremoved c/s/x/01-b.json (superseded)\n\nremoved empty directory c/s/x\n\nremoved 2 cassettes and 1 empty directory\n"},
		"nothing to prune, files kept": {Prune{DryRun: true, Kept: kept},
			"nothing to prune\n\nkeep c/t/y/00-c.json (in use: read by replay of t::y; dryfire's prune would remove it as orphaned case)\n\nnothing to prune; 1 file kept (the keep lines say why)\n"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var b bytes.Buffer
			if err := tc.doc.WriteText(&b); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("wrote:\n%s\nwant:\n%s", b.String(), tc.want)
			}
		})
	}
}
