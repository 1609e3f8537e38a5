package engine

import (
	"context"
	"fmt"
	"reflect"
	"testing"
)

// TestBriefTraces: a replay with brief traces says what the full replay
// of the same store says (outcomes, visits, verdicts, terminations, exit
// codes) without holding a turn, and takes each served response from the
// store; a second one, which then finds no response parsed, reads them
// from the files and says the same again.
func TestBriefTraces(t *testing.T) {
	t.Parallel()
	for _, project := range []string{"project-A", "project-B-tool-description", "project-L-fingerprint-mismatch", "project-S-case-mock-override"} {
		t.Run(project, func(t *testing.T) {
			t.Parallel()
			p, s := loadGolden(t, project)
			full := Replay(context.Background(), p, s, Options{})
			brief := Replay(context.Background(), p, s, Options{BriefTraces: true})
			hits := 0
			for _, c := range brief.Cases {
				for _, v := range c.Visits {
					if v.Hit {
						hits++
						if v.File.Served != nil {
							t.Errorf("%s: the store still holds the response it served", v.File.Rel)
						}
					}
				}
			}
			if hits == 0 {
				t.Fatal("nothing was served")
			}
			again := Replay(context.Background(), p, s, Options{BriefTraces: true})
			for name, got := range map[string]*Result{"brief": brief, "brief again": again} {
				sameAsFull(t, name, full, got)
			}
		})
	}
}

// sameAsFull compares a brief replay with the full one.
func sameAsFull(t *testing.T, name string, full, got *Result) {
	t.Helper()
	if got.ExitCode != full.ExitCode || got.RunExitCode != full.RunExitCode || len(got.Cases) != len(full.Cases) {
		t.Fatalf("%s: exit %d/%d, %d cases; want %d/%d, %d", name, got.ExitCode, got.RunExitCode, len(got.Cases), full.ExitCode, full.RunExitCode, len(full.Cases))
	}
	turns := 0
	for i := range full.Cases {
		w, g := full.Cases[i], got.Cases[i]
		if w.Trace != nil {
			turns += len(w.Trace.Turns)
		}
		if (w.Trace == nil) != (g.Trace == nil) {
			t.Errorf("%s: %s::%s: trace %v, want %v", name, w.Suite, w.Case, g.Trace != nil, w.Trace != nil)
			continue
		}
		if g.Trace != nil {
			if len(g.Trace.Turns) != 0 {
				t.Errorf("%s: %s::%s: a brief trace holds %d turns", name, w.Suite, w.Case, len(g.Trace.Turns))
			}
			wt, gt := *w.Trace, *g.Trace
			wt.Turns, gt.Turns, wt.DurationMS, gt.DurationMS = nil, nil, 0, 0
			if !reflect.DeepEqual(gt, wt) {
				t.Errorf("%s: %s::%s: trace\n%+v\nwant\n%+v", name, w.Suite, w.Case, gt, wt)
			}
		}
		w.Trace, g.Trace = nil, nil
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s: case %d:\n%+v\nwant\n%+v", name, i, g, w)
		}
	}
	if turns == 0 {
		t.Errorf("%s: the full replay has no turn to drop", name)
	}
	if g, w := verdicts(got), verdicts(full); !reflect.DeepEqual(g, w) {
		t.Errorf("%s: verdicts\n%v\nwant\n%v", name, g, w)
	}
}

// verdicts are the suites' verdicts of a result, one line per case.
func verdicts(res *Result) []string {
	var out []string
	for _, s := range res.Suites {
		for _, c := range s.Cases {
			out = append(out, fmt.Sprintf("%s %s::%s passed %v, %d of %d (%v, %v), reported %s", s.File, c.Suite, c.Case, c.Passed, c.Passes, len(c.Reps), c.Repeated, c.RequirePassRate, c.Rep.Outcome))
		}
	}
	return out
}
