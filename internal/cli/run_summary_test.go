package cli

import (
	"strings"
	"testing"
)

// TestRunSaysWhyAMissFailed: a replay miss in run says more than
// provider_error (issue 24, item 2). On a terminal, the case's line is
// followed by the miss, its turn and the key it asked for; -v's dump says
// the turn it missed at; and stderr, wherever it goes, closes with a
// short summary of what failed and the commands to run next. On a pipe,
// stdout keeps dryfire's bytes: no note is added to it. Before, the
// reason was only in the JSON and JUnit files.
func TestRunSaysWhyAMissFailed(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project-B-tool-description")
	args := []string{"run", dir, "--cassette-mode", "replay", "--color=never"}
	out, stderr, code := outputRun{terminal: true}.run(t, args...)
	if code != exitMiss {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	note := "  ✗ parallel_lookups                    0 turns   0 tok   $0.0000   0.0s   provider_error\n" +
		"      cassette miss at turn 0: no recording for key 655f68744ead8cf8\n"
	if !strings.Contains(out, note) {
		t.Errorf("the case's line is not followed by its miss:\n%s", out)
	}
	summary := "dryfire-tui: short summary: 5 cases missed a recording\n" +
		"  MISS  refund_agent::escalates_refund_over_limit  turn 0: no recording for key 889d4198e1d49324\n" +
		"        evals/support/refund_agent.eval.yaml:39\n"
	next := "dryfire-tui: hint: dryfire-tui diff explains each miss, field by field\n" +
		"dryfire-tui: hint: dryfire-tui run --cassette-mode auto records only what is missing (it calls the providers)\n" +
		"dryfire-tui: hint: run again with -v for every turn of the failing cases\n"
	if !strings.Contains(stderr, summary) || !strings.HasSuffix(stderr, next) {
		t.Errorf("stderr has no short summary ending in the next commands:\n%s", stderr)
	}

	out, _, _ = outputRun{terminal: true}.run(t, append(args, "-v", "--filter", "parallel_lookups")...)
	if !strings.Contains(out, "termination: provider_error\n── turn 0: cassette miss, no recording for key 655f68744ead8cf8 ──\n") {
		t.Errorf("-v does not say the turn it missed at:\n%s", out)
	}

	piped, pipedErr, _ := outputRun{}.run(t, args...)
	if strings.Contains(piped, "cassette miss") || !strings.Contains(pipedErr, summary) {
		t.Errorf("on a pipe, stdout must be dryfire's and stderr keep the summary:\n%s\n%s", piped, pipedErr)
	}
}
