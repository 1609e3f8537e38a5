package htmlreport

import (
	"io"
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/engine/runplan"
	"github.com/dryfire-tui/dryfire-tui/report/runreport"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// WriteCompare writes the page of a comparison once it has run: a card
// per column (its pass rate, cost, mean latency and turns, or why it
// failed), then the matrix, a row per case (runplan's rows: those of the
// first column that ran) and a column per model or prompt, each cell ✓, ✗
// or ·, the rows where the columns disagree marked ~, and the columns'
// figures below it, every figure runplan's as the terminal matrix prints
// it. Every column is shown (the terminal matrix stops at eight). Labels,
// case names and errors are masked as a run page's texts are (the keys
// always, the secrets the rules find unless o.Reveal).
func WriteCompare(w io.Writer, c *runplan.Comparison, o Options) error {
	mask := pageMask{keys: runreport.Mask{Keys: o.Keys}}
	if !o.Reveal {
		mask.secrets.Secrets = &secrets.Masker{}
	}
	p := &comparePage{c: c, rows: c.Rows(), o: o, mask: mask}
	p.write()
	_, err := io.WriteString(w, p.m.String())
	return err
}

// comparePage is a compare being laid out.
type comparePage struct {
	m    markup
	c    *runplan.Comparison
	rows []string
	o    Options
	mask pageMask
}

func (p *comparePage) text(s string) { p.m.text(p.mask.text(s)) }

func (p *comparePage) write() {
	axis := p.c.Axis.String()
	title := "Compare by " + axis + ": " + plural(len(p.c.Columns), axis, axis+"s") + " × " + plural(len(p.rows), "case", "cases")
	head(&p.m, title)
	p.m.raw("<body>\n<div class=\"wrap\">\n<header>\n<p class=\"eyebrow\">dryfire-tui · compare report</p>\n<h1>")
	p.m.raw(title)
	p.m.raw("</h1>\n<p class=\"meta\">")
	if p.o.Source != "" {
		p.m.raw("<span>")
		p.text(p.o.Source)
		p.m.raw("</span>")
	}
	disagree := 0
	for _, r := range p.rows {
		if _, d := runreport.CompareCells(p.c.Columns, r); d {
			disagree++
		}
	}
	p.m.raw("<span>" + plural(disagree, "case", "cases") + " where the " + axis + "s disagree</span></p>\n</header>\n")
	p.cards()
	p.matrix()
	p.m.raw(`<p class="legend">✓ passed · ✗ did not pass · · no verdict (the column failed, or has no such case) · ~ the ` + axis + "s disagree</p>\n")
	footer(&p.m, p.o)
}

// cards writes a card per column.
func (p *comparePage) cards() {
	p.m.raw("<section class=\"columns\" aria-label=\"Columns\">\n")
	for _, col := range p.c.Columns {
		class := "column"
		if col.Metrics == nil {
			class += " failedcol"
		}
		p.m.raw(`<div class="` + class + `"><h3>`)
		p.text(col.Label)
		p.m.raw(`</h3><div class="rate">` + runreport.PassRateText(col) + "</div>")
		if col.Metrics == nil {
			p.m.raw(`<div class="error-box"><strong>` + failedWhy(col) + `</strong>`)
			if col.Err != nil {
				p.m.pre("", p.mask.text(col.Err.Error()))
			}
			p.m.raw("</div>")
		} else {
			p.m.raw(`<p class="note">` + plural(col.Metrics.Cases, "case", "cases") + " · cost " + runreport.CostText(col) +
				" · mean latency " + runreport.LatencyText(col) + " · " + strconv.FormatFloat(col.Metrics.MeanTurns, 'f', 1, 64) + " turns</p>")
		}
		p.m.raw("</div>\n")
	}
	p.m.raw("</section>\n")
}

// matrix writes the table: cases down, columns across, figures below.
func (p *comparePage) matrix() {
	p.m.raw("<div class=\"matrix-wrap\"><table class=\"matrix\">\n<thead><tr><th scope=\"col\">case</th>")
	for _, col := range p.c.Columns {
		p.m.raw(`<th scope="col">`)
		p.text(col.Label)
		p.m.raw("</th>")
	}
	p.m.raw("</tr></thead>\n<tbody>\n")
	for _, r := range p.rows {
		p.row(r)
	}
	if len(p.rows) == 0 {
		p.m.raw(`<tr><td colspan="` + strconv.Itoa(len(p.c.Columns)+1) + `" class="note">No column ran a case.</td></tr>` + "\n")
	}
	p.m.raw("</tbody>\n<tfoot>\n")
	p.figures("pass rate", runreport.PassRateText)
	p.figures("cost", runreport.CostText)
	p.figures("mean latency", runreport.LatencyText)
	p.m.raw("</tfoot>\n</table></div>\n")
}

// cellWords say a cell's verdict to a screen reader.
var cellWords = map[runreport.Cell]string{runreport.CellPass: "passed", runreport.CellFail: "did not pass", runreport.CellNone: "no verdict"}

func (p *comparePage) row(name string) {
	cells, disagree := runreport.CompareCells(p.c.Columns, name)
	if disagree {
		p.m.raw(`<tr class="disagree"><th scope="row"><span class="tilde" title="the columns disagree">~</span>`)
	} else {
		p.m.raw(`<tr><th scope="row">`)
	}
	p.text(name)
	p.m.raw("</th>")
	for _, c := range cells {
		p.m.raw(`<td class="` + c.String() + `"><span aria-hidden="true">` + c.Glyph() + `</span><span class="sr">` + cellWords[c] + "</span></td>")
	}
	p.m.raw("</tr>\n")
}

// figures writes one row of the columns' figures.
func (p *comparePage) figures(label string, text func(*runplan.Column) string) {
	p.m.raw(`<tr><th scope="row">` + label + "</th>")
	for _, col := range p.c.Columns {
		if col.Metrics == nil {
			p.m.raw(`<td class="failedcol">`)
		} else {
			p.m.raw("<td>")
		}
		p.m.raw(text(col) + "</td>")
	}
	p.m.raw("</tr>\n")
}

// failedWhy says why a column has no figures: it could not be prepared
// (Err says why), or the comparison stopped before it ran.
func failedWhy(col *runplan.Column) string {
	if col.Err != nil {
		return "The column could not run"
	}
	return "The column did not run: the comparison stopped before it"
}
