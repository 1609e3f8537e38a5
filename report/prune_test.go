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
			"removed c/s/x/00-a.json (orphaned suite)\nnot removed c/s/x/01-b.json (changed since it was read (content); kept (scan again to decide))\n\nremoved 1 of 2 cassette(s); 1 not removed (see above)\n"},
		"nothing removed": {Prune{Candidates: cands, NotRemoved: []PruneItem{{Path: cands[0].Path, Reason: "permission denied"}, {Path: cands[1].Path, Reason: "permission denied"}}},
			"not removed c/s/x/00-a.json (permission denied)\nnot removed c/s/x/01-b.json (permission denied)\n\nremoved 0 of 2 cassette(s); 2 not removed (see above)\n"},
		"interrupted": {Prune{Candidates: cands, Removals: cands[:1], Removed: []string{cands[0].Path}, Interrupted: true},
			"removed c/s/x/00-a.json (orphaned suite)\n\ninterrupted: removed 1 of 2 cassette(s); the others are still there\n"},
		"interrupted among the directories": {Prune{Candidates: cands, Removals: cands, Removed: []string{cands[0].Path, cands[1].Path},
			Dirs: []string{"c/s/x", "c/s"}, RemovedDirs: []string{"c/s/x"}, Interrupted: true},
			"removed c/s/x/00-a.json (orphaned suite)\nremoved c/s/x/01-b.json (orphaned suite)\nremoved empty directory c/s/x\n\ninterrupted: removed 2 of 2 cassette(s) and 1 of 2 empty directories; the other directories are still there\n"},
		"a name with escapes": {Prune{Candidates: cands[:1], NotRemoved: []PruneItem{{Path: "c/\x1b]0;pwned\x07\nremoved x.json", Reason: "gone"}}},
			"not removed c/\\x1b]0;pwned\\x07\\nremoved x.json (gone)\n\nremoved 0 of 1 cassette(s); 1 not removed (see above)\n"},
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
