package suite

import (
	"path/filepath"
	"testing"
)

// TestPositions: what a suite writes is found again by line, in the
// suite's file or, for what a $ref brings in, in that file.
func TestPositions(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(dryfireGolden, "project-B-tool-description", "evals")
	s := LoadSuite(filepath.Join(dir, "support", "refund_agent.eval.yaml"), "evals/support/refund_agent.eval.yaml", nil)
	if s.Failed {
		t.Fatalf("suite failed: %v", s.Errors)
	}
	want := map[string]Pos{
		"tools[0] description": {Line: 10, Column: 5},
		"tools[2] description": {File: filepath.Join(dir, "schemas", "escalate_to_human.json"), Line: 3, Column: 3},
		"tools[2]":             {Line: 24, Column: 5},
		"mocks":                {Line: 25, Column: 1},
	}
	got := map[string]Pos{
		"tools[0] description": s.Tools[0].DescriptionPos,
		"tools[2] description": s.Tools[2].DescriptionPos,
		"tools[2]":             s.Tools[2].Pos,
		"mocks":                s.MocksPos,
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s at %+v, want %+v", k, got[k], w)
		}
	}
	for _, c := range s.Cases {
		if c.InputPos.Line <= c.Line {
			t.Errorf("case %s: input at line %d, not after the case's line %d", c.Name, c.InputPos.Line, c.Line)
		}
	}
}
