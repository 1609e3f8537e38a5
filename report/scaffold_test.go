package report

import (
	"bytes"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/examples/scaffold"
)

// TestScaffoldText: init prints each file, where they went and the one
// command to run next, as dryfire's init prints them, naming dryfire-tui;
// a directory that is not the working one is cd'd into first, quoted when
// a shell would split it.
func TestScaffoldText(t *testing.T) {
	t.Parallel()
	files := []string{"dryfire.yaml", "evals/a.eval.yaml"}
	for _, tc := range []struct {
		res  scaffold.Result
		want string
	}{
		{scaffold.Result{Dir: ".", Here: true, Written: files},
			"  created dryfire.yaml\n  created evals/a.eval.yaml\n\nScaffolded 2 files into the current directory. No API key needed for the example. Next:\n\n    dryfire-tui run\n"},
		{scaffold.Result{Dir: "./evals-here/", Written: files, Replaced: []string{"dryfire.yaml"}},
			"  replaced dryfire.yaml\n  created evals/a.eval.yaml\n\nScaffolded 2 files into evals-here. No API key needed for the example. Next:\n\n    cd evals-here && dryfire-tui run\n"},
		{scaffold.Result{Dir: "my evals", Written: files},
			"  created dryfire.yaml\n  created evals/a.eval.yaml\n\nScaffolded 2 files into my evals. No API key needed for the example. Next:\n\n    cd 'my evals' && dryfire-tui run\n"},
		{scaffold.Result{Dir: "/srv//it's", Written: files},
			"  created dryfire.yaml\n  created evals/a.eval.yaml\n\nScaffolded 2 files into /srv/it's. No API key needed for the example. Next:\n\n    cd '/srv/it'\\''s' && dryfire-tui run\n"},
	} {
		var b bytes.Buffer
		if err := NewScaffold(&tc.res).WriteText(&b); err != nil {
			t.Fatal(err)
		}
		want := tc.want + "\nThe files are in dryfire's format: `dryfire run` runs them too.\n"
		if b.String() != want {
			t.Errorf("%s:\ngot  %q\nwant %q", tc.res.Dir, b.String(), want)
		}
	}
}
