package htmlreport

import (
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
)

// WriteRun writes the page of a run document: the summary (passed,
// failed, errored, cost, tokens, time), the cases that need attention,
// then every suite and case with its verdict, its failed assertions with
// expected and actual, its judges, its repetitions and pass rate, and its
// trace turn by turn. Failing cases are open, passing ones closed. The
// recorded secrets are masked unless o.Reveal, the keys always, before
// anything is laid out.
func WriteRun(w io.Writer, d *Document, o Options) error {
	mask := maskOf(d.value, o)
	r, err := decodeRun(mask.value(d.value))
	if err != nil {
		return err
	}
	p := &runPage{r: r, o: o, t: totalsOf(r), warnings: d.Warnings, mask: mask}
	p.write()
	_, err = io.WriteString(w, p.m.String())
	return err
}

// pageMask hides the keys, then the recorded secrets: a key shows as its
// own mask ([$ANTHROPIC_API_KEY]) even where a secret's rule would find
// it too.
type pageMask struct {
	keys, secrets runreport.Mask
}

// maskOf is the mask of a page of doc: the keys of o, and unless o.Reveal
// the secrets learned from every value of doc, as run masks what it
// prints ([runreport.StreamMask]).
func maskOf(doc jsonv.Value, o Options) pageMask {
	keys := runreport.Mask{Keys: o.Keys}
	return pageMask{keys: keys, secrets: runreport.StreamMask(keys.Value(doc), nil, o.Reveal)}
}

func (m pageMask) text(s string) string { return m.secrets.Text(m.keys.Text(s)) }

func (m pageMask) value(v jsonv.Value) jsonv.Value { return m.secrets.Value(m.keys.Value(v)) }

// runPage is a run document being laid out.
type runPage struct {
	m        markup
	r        *run
	o        Options
	t        totals
	warnings []string
	mask     pageMask
	root     string // the suites' common directory, "" for none
}

func (p *runPage) write() {
	head(&p.m, p.title())
	p.m.raw("<body>\n")
	toggle := p.t.passed > 0 && p.t.passed < p.t.cases
	if toggle {
		p.m.raw(`<input type="checkbox" id="failing-only">` + "\n")
	}
	p.m.raw("<div class=\"wrap\">\n")
	p.header()
	p.summary()
	p.attention()
	p.suites(toggle)
	footer(&p.m, p.o)
}

// title is the page's title: its verdict in a few words.
func (p *runPage) title() string {
	bad := p.t.failed + p.t.errored
	switch {
	case p.t.cases == 0:
		return "Run report: no cases"
	case bad == 0:
		return "Run report: all " + strconv.Itoa(p.t.cases) + " passed"
	}
	return "Run report: " + strconv.Itoa(bad) + " of " + strconv.Itoa(p.t.cases) + " did not pass"
}

func (p *runPage) header() {
	p.m.raw("<header>\n<p class=\"eyebrow\">dryfire-tui · run report</p>\n<h1>")
	bad := p.t.failed + p.t.errored
	switch {
	case p.t.cases == 0:
		p.m.raw("No case ran")
	case bad == 0:
		p.m.raw(`All <span class="n">` + strconv.Itoa(p.t.cases) + "</span> " + pluralWord(p.t.cases, "case", "cases") + " passed")
	default:
		p.m.raw(`<span class="n">` + strconv.Itoa(bad) + "</span> of " + plural(p.t.cases, "case", "cases") + " did not pass")
	}
	p.m.raw("</h1>\n<p class=\"meta\">")
	if p.o.Source != "" {
		p.m.raw("<span>")
		p.m.text(p.mask.text(p.o.Source))
		p.m.raw("</span>")
	}
	if p.r.generatedAt != "" {
		p.m.raw("<span>run at ")
		p.m.text(p.r.generatedAt)
		p.m.raw("</span>")
	}
	p.m.raw("<span>" + plural(p.t.suites, "suite", "suites") + "</span>")
	if p.r.schema != "" {
		p.m.raw("<span>schema ")
		p.m.text(p.r.schema)
		p.m.raw("</span>")
	}
	p.m.raw("</p>\n")
	if !p.r.complete {
		p.m.raw("<p class=\"banner bad\">The run is incomplete: it stopped at the first case that did not pass (--fail-fast). The cases after it did not run.</p>\n")
	}
	for _, w := range p.warnings {
		p.m.raw(`<p class="banner">`)
		p.m.text(p.mask.text(w))
		p.m.raw("</p>\n")
	}
	p.m.raw("</header>\n")
}

func (p *runPage) summary() {
	t := p.t
	p.m.raw("<dl class=\"stats\">\n")
	stat(&p.m, countClass("passed", t.passed), "passed", strconv.Itoa(t.passed), "")
	stat(&p.m, countClass("failed", t.failed), "failed", strconv.Itoa(t.failed), "assertions that did not hold")
	stat(&p.m, countClass("errored", t.errored), "errored", strconv.Itoa(t.errored), "provider errors, unmocked tools")
	rate, note := "—", ""
	if t.cases > 0 {
		rate = percent(float64(t.passed) / float64(t.cases))
	}
	if t.mixed > 0 {
		note = plural(t.mixed, "case", "cases") + " with mixed repetitions"
	}
	stat(&p.m, "", "pass rate", rate, note)
	cost, note := "—", "not priced"
	if t.priced {
		cost, note = dollars(t.cost), ""
	}
	if t.judged {
		note = "judges " + map[bool]string{true: dollars(t.judgeCost), false: "not priced"}[t.judgePriced] + " more"
	}
	stat(&p.m, "", "cost", cost, note)
	tokens := thousands(t.usage.in) + " in · " + thousands(t.usage.out) + " out"
	if t.judged {
		tokens += " · judges " + thousands(t.judgeUsage.total())
	}
	stat(&p.m, "", "tokens", thousands(t.usage.total()), tokens)
	turns := plural(t.turns, "turn", "turns")
	if t.cached > 0 {
		turns += " · " + strconv.Itoa(t.cached) + " from cassettes"
	}
	stat(&p.m, "", "time", seconds(t.durationMS), turns)
	p.m.raw("</dl>\n")
	p.bar()
}

// countClass is the class of a count: its status's colour, or none for 0.
func countClass(class string, n int) string {
	if n == 0 {
		return "zero"
	}
	return class
}

// stat writes one figure of the summary; every text is the page's own.
func stat(m *markup, class, label, value, note string) {
	m.raw(`<div class="stat`)
	if class != "" {
		m.raw(" " + class)
	}
	m.raw(`"><dt>` + label + "</dt><dd>" + value)
	if note != "" {
		m.raw("<small>" + note + "</small>")
	}
	m.raw("</dd></div>\n")
}

// bar is the share of passed, failed and errored cases.
func (p *runPage) bar() {
	t := p.t
	if t.cases == 0 {
		return
	}
	label := strconv.Itoa(t.passed) + " passed, " + strconv.Itoa(t.failed) + " failed, " + strconv.Itoa(t.errored) + " errored"
	p.m.raw(`<div class="bar" role="img" aria-label="` + label + `">`)
	for _, part := range []struct {
		class string
		n     int
	}{{"passed", t.passed}, {"failed", t.failed}, {"errored", t.errored}} {
		if part.n > 0 {
			p.m.raw(`<span class="` + part.class + `" style="flex:` + strconv.Itoa(part.n) + `"></span>`)
		}
	}
	p.m.raw("</div>\n")
}

// attentionLimit is how many cases the list of those that did not pass
// names; the switch above the suites shows them all.
const attentionLimit = 100

// attention lists the cases that did not pass, linked to their place.
func (p *runPage) attention() {
	bad := p.t.failed + p.t.errored
	if bad == 0 {
		return
	}
	p.m.raw("<nav class=\"attention\" aria-label=\"Cases that did not pass\">\n<h2>Needs attention</h2>\n<ul>\n")
	listed := 0
	for i, s := range p.r.suites {
		for j := range s.cases {
			c := &s.cases[j]
			st := statusOf(c.outcome)
			if st == statusPassed || listed == attentionLimit {
				continue
			}
			listed++
			p.m.raw(`<li><span class="chip ` + st.String() + `">` + st.String() + `</span><span><a href="#` + caseID(i, j) + `">`)
			p.m.text(c.name)
			p.m.raw(`</a><span class="suite-of">`)
			p.m.text(s.name)
			p.m.raw("</span></span></li>\n")
		}
	}
	p.m.raw("</ul>\n")
	if bad > listed {
		p.m.raw(`<p class="note">and ` + strconv.Itoa(bad-listed) + " more: the switch above the suites shows only the cases that did not pass.</p>\n")
	}
	p.m.raw("</nav>\n")
}

func caseID(suite, c int) string { return "case-" + strconv.Itoa(suite+1) + "-" + strconv.Itoa(c+1) }

func (p *runPage) suites(toggle bool) {
	p.root = commonDir(p.r.suites)
	p.m.raw("<main>\n<div class=\"toolbar\"><h2>Suites</h2>")
	if toggle {
		p.m.raw(`<label class="switch" for="failing-only"><span class="track"></span>Only the cases that did not pass</label>`)
	}
	p.m.raw("</div>\n")
	if p.root != "" {
		p.m.raw(`<p class="meta suite-root">suite files in <span class="mono">`)
		p.m.text(p.root)
		p.m.raw("</span></p>\n")
	}
	for i := range p.r.suites {
		p.suite(i)
	}
	if len(p.r.suites) == 0 {
		p.m.raw("<p class=\"note\">No case matched: the run document has no suite.</p>\n")
	}
	p.m.raw("</main>\n")
}

func (p *runPage) suite(i int) {
	s := &p.r.suites[i]
	p.m.raw(`<section class="suite" id="suite-` + strconv.Itoa(i+1) + `">` + "\n<div class=\"suite-head\"><h3>")
	p.m.text(s.name)
	p.m.raw(`</h3><span class="path">`)
	p.m.text(strings.TrimPrefix(s.path, p.root))
	p.m.raw(`</span><span class="counts">`)
	var n [3]int
	for j := range s.cases {
		n[statusOf(s.cases[j].outcome)]++
	}
	for st, count := range n {
		if count > 0 {
			p.m.raw(`<span class="chip ` + status(st).String() + `">` + strconv.Itoa(count) + " " + status(st).String() + "</span>")
		}
	}
	p.m.raw("</span></div>\n<div class=\"cases\">\n")
	for j := range s.cases {
		p.caseBlock(i, j)
	}
	if len(s.cases) == 0 {
		p.m.raw("<p class=\"note empty\">No case of this suite ran.</p>\n")
	}
	p.m.raw("</div>\n</section>\n")
}

// commonDir is the directory every suite file is in, with its final
// slash, when there are several files under one ("" otherwise).
func commonDir(suites []suiteDoc) string {
	if len(suites) < 2 {
		return ""
	}
	dir := path.Dir(suites[0].path)
	for _, s := range suites[1:] {
		for dir != "." && dir != "/" && !strings.HasPrefix(s.path, dir+"/") {
			dir = path.Dir(dir)
		}
	}
	if dir == "." || dir == "/" {
		return ""
	}
	return dir + "/"
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
