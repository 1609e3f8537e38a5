package htmlreport

import (
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// caseBlock writes one case: a line that opens on its detail, open when
// the case did not pass.
func (p *runPage) caseBlock(si, ci int) {
	c := &p.r.suites[si].cases[ci]
	st := statusOf(c.outcome)
	class := "case is-" + st.String()
	if c.mixed() {
		class += " is-mixed"
	}
	p.m.raw(`<details class="` + class + `" id="` + caseID(si, ci) + `"`)
	if st != statusPassed {
		p.m.raw(" open")
	}
	p.m.raw("><summary>")
	p.caseLine(c, st)
	p.m.raw("</summary>\n<div class=\"body\">\n")
	if c.repeated && len(c.reps) > 0 {
		// The case reports one of its repetitions: each is shown whole.
		p.repetitions(c)
	} else {
		p.outcomeBody(c.outcome, true)
	}
	p.m.raw("</div>\n</details>\n")
}

// glyphs are the marks of the statuses, as the terminal report has them.
var glyphs = [...]string{statusPassed: "✓", statusFailed: "✗", statusErrored: "!"}

// caseLine is a case's summary line: its mark, its name and its figures.
func (p *runPage) caseLine(c *caseDoc, st status) {
	g := glyphs[st]
	if c.mixed() {
		g = "~"
	}
	p.m.raw(`<span class="mark" aria-hidden="true">` + g + `</span><span class="case-name"><span class="sr">` + st.String() + ": </span>")
	p.m.text(c.name)
	p.m.raw(`</span><span class="facts">`)
	if c.repeated {
		class := "chip " + st.String()
		if c.mixed() {
			class = "chip mixed"
		}
		p.m.raw(`<span class="` + class + `">` + strconv.Itoa(c.passes()) + "/" + strconv.Itoa(len(c.reps)) + " passed</span>")
	}
	t := c.trace
	if t == nil {
		p.m.raw(`<span class="chip errored">no trace</span></span>`)
		return
	}
	if t.termination != "end_turn" {
		p.m.raw(`<span class="chip ` + endingClass(t.termination) + `">`)
		p.m.text(t.termination)
		p.m.raw("</span>")
	}
	if n := t.cacheHits(); n > 0 {
		p.m.raw(`<span class="chip" title="turns served from cassettes">⚡` + strconv.Itoa(n) + " cached</span>")
	}
	p.m.raw(`<span class="num w-turns">` + plural(len(t.turns), "turn", "turns") + `</span><span class="num w-tok">` + thousands(t.usage.total()) + " tok</span>")
	p.m.raw(`<span class="num w-cost">` + optDollars(t.cost) + `</span><span class="num w-time">` + seconds(t.durationMS) + "</span>")
	p.m.raw("</span>")
}

// endingClass is the chip of a trace's ending: an error for the endings
// JUnit reports as errors, a warning for the others.
func endingClass(termination string) string {
	if termination == "provider_error" || termination == "unmocked_tool" {
		return "errored"
	}
	return "mixed"
}

// outcomeBody writes what a case (or one repetition) did: its error, its
// assertions, its judges and, when withTrace, its trace.
func (p *runPage) outcomeBody(o outcome, withTrace bool) {
	if o.err != nil && *o.err != "" {
		p.errorBox("Error", *o.err)
	}
	if t := o.trace; t != nil && t.err != nil && *t.err != "" && (o.err == nil || *o.err != *t.err) {
		p.errorBox("The run stopped: "+t.termination, *t.err)
	}
	if o.trace == nil && (o.err == nil || *o.err == "") {
		p.m.raw("<p class=\"note\">The case errored before it produced a trace.</p>\n")
	}
	p.assertions(o.assertions)
	if o.trace != nil {
		p.judges(o.trace)
		if withTrace {
			p.traceBlock(o.trace)
		}
	}
}

// errorBox writes an error: a title of the page's own and the text.
func (p *runPage) errorBox(title, text string) {
	p.m.raw(`<div class="error-box" role="alert"><strong>`)
	p.m.text(title)
	p.m.raw("</strong>")
	p.m.pre("", text)
	p.m.raw("</div>\n")
}

func (p *runPage) assertions(as []assertion) {
	if len(as) == 0 {
		return
	}
	p.m.raw("<section><h4>Assertions</h4>\n<ul class=\"assertions\">\n")
	for _, a := range as {
		p.assertionItem(a)
	}
	p.m.raw("</ul></section>\n")
}

func (p *runPage) assertionItem(a assertion) {
	if a.passed {
		p.m.raw(`<li class="assertion ok"><div class="line"><span class="glyph" aria-hidden="true">✓</span><span class="desc"><span class="sr">held: </span>`)
	} else {
		p.m.raw(`<li class="assertion bad"><div class="line"><span class="glyph" aria-hidden="true">✗</span><span class="desc"><span class="sr">failed: </span>`)
	}
	p.m.text(a.description)
	p.m.raw(`</span><span class="chip">`)
	p.m.text(a.kind)
	p.m.raw("</span></div>")
	if !a.passed {
		p.m.raw(`<dl class="ea"><dt>expected</dt><dd>`)
		p.value(a.expected)
		p.m.raw(`</dd><dt>actual</dt><dd>`)
		p.value(a.actual)
		p.m.raw("</dd>")
		if a.message != "" {
			p.m.raw("<dt>why</dt><dd>")
			p.m.pre("msg", a.message)
			p.m.raw("</dd>")
		}
		p.m.raw("</dl>")
	}
	p.m.raw("</li>\n")
}

// value writes an expected or actual value: its text, or a dash for none.
func (p *runPage) value(v jsonv.Value) {
	if v.Kind == jsonv.Null {
		p.m.raw(`<span class="note">none</span>`)
		return
	}
	p.m.pre("", jsonBlock(v))
}

// repetitions writes a repeated case's pass rate and every repetition,
// the one the case reports open when it did not pass.
func (p *runPage) repetitions(c *caseDoc) {
	p.m.raw("<section><h4>Repetitions</h4>\n<p class=\"note\">")
	p.m.raw(strconv.Itoa(c.passes()) + " of " + plural(len(c.reps), "repetition", "repetitions") + " passed")
	if c.passRate != nil {
		p.m.raw(" (" + percent(*c.passRate) + ")")
	}
	if c.requirePassRate != nil {
		p.m.raw("; the case needs " + percent(*c.requirePassRate) + " to pass")
	}
	p.m.raw(".</p>\n<ol class=\"reps\">")
	for i, r := range c.reps {
		st := statusOf(r)
		p.m.raw(`<li class="` + st.String() + `">#` + strconv.Itoa(i+1) + " " + glyphs[st] + "</li>")
	}
	p.m.raw("</ol>\n")
	reported := c.reported()
	for i, r := range c.reps {
		st := statusOf(r)
		p.m.raw(`<details class="rep"`)
		if i == reported && st != statusPassed {
			p.m.raw(" open")
		}
		p.m.raw("><summary>" + glyphs[st] + " repetition " + strconv.Itoa(i+1) + " " + st.String())
		if i == reported {
			p.m.raw(` <span class="chip">reported</span>`)
		}
		p.m.raw("</summary>\n<div class=\"body\">\n")
		p.outcomeBody(r, true)
		p.m.raw("</div></details>\n")
	}
	p.m.raw("</section>\n")
}
