package rangereview

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/report"
)

// rangeDoc is a range review of n cases of k re-recorded turns each; the
// text of each answer is long enough that the details weigh.
func rangeDoc(n, k int) *Document {
	d := &Document{Root: "/p", Base: Revision{Rev: "origin/main", Commit: strings.Repeat("a", 40)},
		Head: Revision{WorkTree: true}, Changes: []Change{}, Cases: []Case{}, Problems: []string{}}
	for i := range n {
		dir := fmt.Sprintf(".dryfire/cassettes/suite/case_%03d", i)
		c := Case{Suite: "suite", Case: fmt.Sprintf("case_%03d", i)}
		for t := range k {
			turn := t
			p := fmt.Sprintf("%s/%02d-%016x.json", dir, t, i*100+t)
			c.Paths = append(c.Paths, p)
			d.Changes = append(d.Changes, Change{Path: p, Kind: "added", Format: format.Dryfire, Suite: "suite", Case: c.Case,
				Turn: &turn, Key: fmt.Sprintf("%016x", i*100+t), Replaces: fmt.Sprintf("%s/%02d-%016x.json", dir, t, 1),
				Summary: []string{fmt.Sprintf("turn %02d re-recorded under a new key", t), "response text changed: \"a\" → \"b\""},
				Details: []report.Detail{{Label: "text", Old: strings.Repeat("old answer ", 30), New: strings.Repeat("new answer ", 30)}},
				Why:     &Why{Kind: "suite change", Lines: []string{"tool lookup_order: description changed at evals/support/refund_agent.eval.yaml:10"}}})
		}
		d.Cases = append(d.Cases, c)
	}
	return d
}

func markdownOf(t *testing.T, d *Document, maxBytes int) string {
	t.Helper()
	var b bytes.Buffer
	if err := d.WriteMarkdown(&b, maxBytes); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// omitted reads the closing line's counts: cases and recordings left out.
var omitted = regexp.MustCompile(`(?m)^_(\d+) more cases? \((\d+) recordings?\) left out to stay under (\d+) bytes`)

// TestMarkdownBound: whatever the review's size, the markdown stays under
// the bound (GitHub refuses a comment over 65,536 characters and a step
// summary over 1 MiB), and what it leaves out is counted exactly: the
// cases shown whole, those on one line, and those counted add up.
func TestMarkdownBound(t *testing.T) {
	for _, tc := range []struct{ cases, turns, bound int }{
		{1, 1, DefaultMarkdownBytes}, {40, 3, DefaultMarkdownBytes}, {400, 3, DefaultMarkdownBytes},
		{5000, 2, DefaultMarkdownBytes}, {5000, 2, 1 << 20}, {300, 1, MinMarkdownBytes}, {3, 40, 5000},
	} {
		t.Run(fmt.Sprintf("%dx%d/%d", tc.cases, tc.turns, tc.bound), func(t *testing.T) {
			d := rangeDoc(tc.cases, tc.turns)
			out := markdownOf(t, d, tc.bound)
			if len(out) > tc.bound {
				t.Fatalf("%d bytes, over the bound of %d", len(out), tc.bound)
			}
			whole := strings.Count(out, "<details><summary>")
			if whole != strings.Count(out, "</details>") {
				t.Fatalf("%d blocks opened, %d closed", whole, strings.Count(out, "</details>"))
			}
			oneLine := len(regexp.MustCompile(`(?m)^- \*\*suite › case\\_\d+\*\* · `).FindAllString(out, -1))
			left, leftRecordings := 0, 0
			if m := omitted.FindStringSubmatch(out); m != nil {
				left, _ = strconv.Atoi(m[1])
				leftRecordings, _ = strconv.Atoi(m[2])
				if m[3] != strconv.Itoa(tc.bound) {
					t.Errorf("the closing line names the bound %s, want %d", m[3], tc.bound)
				}
			}
			if whole+oneLine+left != tc.cases {
				t.Errorf("%d whole + %d on one line + %d left out, want %d cases", whole, oneLine, left, tc.cases)
			}
			if leftRecordings != left*tc.turns {
				t.Errorf("%d recordings counted as left out, want %d", leftRecordings, left*tc.turns)
			}
			if tc.cases*tc.turns*700 < tc.bound && (oneLine > 0 || left > 0) {
				t.Errorf("a review that fits was cut: %d on one line, %d left out", oneLine, left)
			}
		})
	}
}

// render is the markdown as HTML, by a CommonMark renderer with GitHub's
// extensions and raw HTML let through (GitHub sanitises it; here it must
// not be needed).
func render(t *testing.T, md string) string {
	t.Helper()
	var b bytes.Buffer
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	if err := gm.Convert([]byte(md), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestMarkdownEscapesWhatItQuotes: names, paths, answers and reasons
// taken from recordings and suites render as the text they are. None
// opens an element, a link, emphasis, code or a strikethrough, closes a
// block early, or is read as a mention or an issue reference.
func TestMarkdownEscapesWhatItQuotes(t *testing.T) {
	hostile := "**bold** _it_ ~~gone~~ [link](javascript:alert(1)) <script>alert(1)</script> </details> <img src=x> " +
		"&amp; `tick` $x^2$ :smile: @octocat #12 | a | b |\n# heading\n- item"
	turn := 0
	d := &Document{Base: Revision{Rev: "main", Commit: strings.Repeat("b", 40)}, Head: Revision{WorkTree: true},
		Cases: []Case{{Suite: "s", Case: hostile}},
		Changes: []Change{{
			Path: ".dryfire/cassettes/s/c/00-" + "`x`" + ".json", Kind: "modified", Format: format.Dryfire, Suite: "<b>s</b>", Case: hostile,
			Turn: &turn, Summary: []string{hostile}, Details: []report.Detail{{Label: "text", Old: hostile, New: "fine"}},
			Why: &Why{Kind: "suite change", Lines: []string{"tool " + hostile + " changed at x.yaml:1"}, Warning: hostile},
		}},
		Problems: []string{hostile},
	}
	out := render(t, markdownOf(t, d, DefaultMarkdownBytes))
	for _, bad := range []string{"<script", "<img", "<strong>bold", "<em>it", "<del>", "<a ", "<h1", "<code>tick", "<table"} {
		if strings.Contains(out, bad) {
			t.Errorf("the recorded text made %q:\n%s", bad, out)
		}
	}
	if n := strings.Count(out, "</details>"); n != 1 {
		t.Errorf("%d </details> in the HTML, want 1 (the text closed the block):\n%s", n, out)
	}
	for _, want := range []string{"**bold**", "[link](javascript:alert(1))", "&lt;script&gt;", "$x^2$", ":smile:", "@" + mentionBreak + "octocat", "#" + mentionBreak + "12"} {
		if !strings.Contains(out, want) {
			t.Errorf("the HTML does not show %q as text:\n%s", want, out)
		}
	}
	if strings.Contains(out, "@octocat") || strings.Contains(out, "#12") {
		t.Errorf("a mention or an issue reference is left for GitHub to link:\n%s", out)
	}
}

// TestCodeSpanHoldsBackticks: a path with backticks stays one code span.
func TestCodeSpanHoldsBackticks(t *testing.T) {
	for _, s := range []string{"plain", "a`b", "``x``", "`edge`"} {
		out := render(t, codeSpan(s))
		want := "<code>" + strings.ReplaceAll(s, "&", "&amp;") + "</code>"
		if !strings.Contains(out, want) {
			t.Errorf("codeSpan(%q) renders %q, want %q", s, out, want)
		}
	}
}

// TestMarkdownNamesReRecordings: a recording under a new key that
// replaces the base's recording of the same turn is said to be
// re-recorded, once, not added and then re-recorded again in its summary.
func TestMarkdownNamesReRecordings(t *testing.T) {
	out := markdownOf(t, rangeDoc(1, 2), DefaultMarkdownBytes)
	for _, want := range []string{"- **re-recorded** `00-0000000000000000.json` · turn 00", "- **re-recorded** `01-0000000000000001.json` · turn 01"} {
		if !strings.Contains(out, want) {
			t.Errorf("the markdown lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{"**added**", "re-recorded under a new key"} {
		if strings.Contains(out, bad) {
			t.Errorf("the markdown says %q of a re-recording:\n%s", bad, out)
		}
	}
}

// TestMarkdownQuotesAnAnswerOnce: a short answer the summary line quotes
// whole is not repeated on was / now lines; a long one, cut there, is.
func TestMarkdownQuotesAnAnswerOnce(t *testing.T) {
	long := strings.Repeat("refunded in full, ", 20)
	for _, tc := range []struct {
		old, new string
		wasNow   bool
	}{{"A-991 totals $780.00.", "A-991 ($780.00) was delivered.", false}, {long, long + "today", true}} {
		d := rangeDoc(1, 1)
		summary := fmt.Sprintf("response text changed: %q → %q", tc.old, tc.new)
		if tc.wasNow {
			summary = fmt.Sprintf("response text changed: %q → %q", tc.old[:40]+"…", tc.new[:40]+"…")
		}
		d.Changes[0].Summary = []string{summary}
		d.Changes[0].Details = []report.Detail{{Label: "text", Old: tc.old, New: tc.new}}
		out := markdownOf(t, d, DefaultMarkdownBytes)
		if got := strings.Contains(out, "  - was: ") && strings.Contains(out, "  - now: "); got != tc.wasNow {
			t.Errorf("%.20q: was / now lines %v, want %v:\n%s", tc.old, got, tc.wasNow, out)
		}
	}
}
