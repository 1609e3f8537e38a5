package cli

import (
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// TestCheckAndDiffColourOnATerminal: check paints its verdicts and diff
// its hunks on a terminal, as git colours a diff (before: no colour at
// all), the colours added after the content is made safe so that they are
// the only escape sequences; NO_COLOR and a pipe get none, and a pipe
// gets the same text.
func TestCheckAndDiffColourOnATerminal(t *testing.T) {
	t.Parallel()
	stale := copyProject(t, "project-B-tool-description")
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"check", stale}, []string{"replay   \x1b[31m5 problems\x1b[0m\n", "secrets  \x1b[32mok\x1b[0m  42 files scanned\n",
			"\x1b[31mcheck failed: 5 problems (replay 5)\x1b[0m\n"}},
		{[]string{"diff", stale}, []string{"\x1b[1mrefund_agent › parallel_lookups › turn 0\x1b[0m\n", "  \x1b[36m@@ -20,7 +20,7 @@\x1b[0m\n",
			"  \x1b[31m-      \"description\": \"Retrieve order details by order ID.\",\x1b[0m\n"}},
	} {
		out, _, _ := outputRun{terminal: true}.run(t, tc.args...)
		for _, want := range tc.want {
			if !strings.Contains(out, want) {
				t.Errorf("%s on a terminal lacks %q:\n%s", tc.args[0], want, out)
			}
		}
		if rest := sgrRun.ReplaceAllString(out, ""); visible.Text(rest) != rest {
			t.Errorf("%s: an escape other than ours reached the terminal:\n%q", tc.args[0], rest)
		}
		noColor, _, _ := outputRun{terminal: true, env: map[string]string{"NO_COLOR": "1"}}.run(t, tc.args...)
		piped, _, _ := outputRun{}.run(t, tc.args...)
		if strings.Contains(noColor, "\x1b[") || piped != noColor || piped != sgrRun.ReplaceAllString(out, "") {
			t.Errorf("%s: NO_COLOR or a pipe got colour, or other text:\n%s", tc.args[0], piped)
		}
	}
}
