package engine

import (
	"context"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

const passthroughProject = "../testdata/run/projects/passthrough"

func runProject(t *testing.T, dir string, o Options) *Result {
	t.Helper()
	p, err := suite.LoadProject(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := cassette.LoadStore(context.Background(), p.CassetteRoot, jsonFiles(p.CassetteRoot), cassette.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return Run(context.Background(), p, s, o)
}

// TestPassthroughWithoutInvokerIsSkipped: the replay behind ls and the
// browser never runs project code: such a case stops, skipped.
func TestPassthroughWithoutInvokerIsSkipped(t *testing.T) {
	t.Parallel()
	res := runProject(t, passthroughProject, Options{})
	for _, c := range res.Cases {
		if c.Suite == "passthrough" && (c.Outcome != OutcomeSkipped || !c.NeedsPython || len(c.Visits) != 1) {
			t.Errorf("%s: %s needs-python=%v, %d visits", c.Case, c.Outcome, c.NeedsPython, len(c.Visits))
		}
	}
}
