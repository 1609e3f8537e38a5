package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// matrixPage is what a compare page shows of the matrix: the column
// labels, a row per case (its name, a glyph per column, whether it is
// marked as a disagreement), and each row of figures (its label, then a
// value per column).
type matrixPage struct {
	labels  []string
	rows    []matrixRow
	figures [][]string
}

type matrixRow struct {
	name, glyphs string
	disagree     bool
}

// comparePageMatrix reads the matrix of the page in dir/file: dryfire's
// page (cells are <td class="cell pass|fail|warn">) or ours (the case is
// the row's <th>, after a ~ when marked; each cell's glyph is its
// aria-hidden span).
func comparePageMatrix(t *testing.T, path string) matrixPage {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(strings.NewReader(string(data)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	table := firstNode(doc, atom.Table)
	if table == nil {
		t.Fatalf("%s: no table", path)
	}
	var m matrixPage
	for _, th := range nodesOf(firstNode(table, atom.Thead), atom.Th)[1:] {
		m.labels = append(m.labels, nodeText(th))
	}
	for _, tr := range nodesOf(firstNode(table, atom.Tbody), atom.Tr) {
		cells := childCells(tr)
		r := matrixRow{name: strings.TrimPrefix(nodeText(cells[0]), "~"), disagree: classOf(tr) == "disagree"}
		for _, td := range cells[1:] {
			r.glyphs += glyphOf(td)
		}
		m.rows = append(m.rows, r)
	}
	for _, tr := range nodesOf(firstNode(table, atom.Tfoot), atom.Tr) {
		var values []string
		for _, c := range childCells(tr) {
			values = append(values, nodeText(c))
		}
		m.figures = append(m.figures, values)
	}
	return m
}

// glyphOf is a cell's glyph: its aria-hidden span's text (ours), or its
// text (dryfire's).
func glyphOf(td *html.Node) string {
	for _, sp := range nodesOf(td, atom.Span) {
		for _, a := range sp.Attr {
			if a.Key == "aria-hidden" && a.Val == "true" {
				return nodeText(sp)
			}
		}
	}
	return nodeText(td)
}

func firstNode(n *html.Node, a atom.Atom) *html.Node {
	if found := nodesOf(n, a); len(found) > 0 {
		return found[0]
	}
	return nil
}

// nodesOf are the elements a under n, in document order.
func nodesOf(n *html.Node, a atom.Atom) []*html.Node {
	var out []*html.Node
	if n == nil {
		return nil
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == a {
			out = append(out, c)
		}
		out = append(out, nodesOf(c, a)...)
	}
	return out
}

// childCells are the th and td children of a row.
func childCells(tr *html.Node) []*html.Node {
	var out []*html.Node
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (c.DataAtom == atom.Td || c.DataAtom == atom.Th) {
			out = append(out, c)
		}
	}
	return out
}

func classOf(n *html.Node) string {
	for _, a := range n.Attr {
		if a.Key == "class" {
			return a.Val
		}
	}
	return ""
}

// nodeText is the text under n, but for what is said to screen readers
// only (class sr).
func nodeText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && classOf(c) == "sr" {
				continue
			}
			walk(c)
		}
	}
	walk(n)
	return strings.TrimSpace(b.String())
}

// checkComparePage compares the page compare --html-out wrote in dir with
// dryfire's of the same comparison, field by field: the labels, each
// row's case, glyphs and ~, and the pass rate, cost and mean latency of
// every column. The pages themselves differ (this tool's is its own
// design, docs/report.md); what they say of the matrix may not.
func checkComparePage(t *testing.T, golden, dir string) {
	t.Helper()
	page, err := filepath.Glob(filepath.Join(golden, "*.html"))
	if err != nil || len(page) == 0 {
		return
	}
	for _, p := range page {
		want := comparePageMatrix(t, p)
		got := comparePageMatrix(t, filepath.Join(dir, filepath.Base(p)))
		if !slices.Equal(got.labels, want.labels) {
			t.Errorf("page labels %q, dryfire's %q", got.labels, want.labels)
		}
		if !slices.Equal(got.rows, want.rows) {
			t.Errorf("page rows %+v\ndryfire's %+v", got.rows, want.rows)
		}
		if len(got.figures) != len(want.figures) {
			t.Fatalf("page figures %q, dryfire's %q", got.figures, want.figures)
		}
		for i := range want.figures {
			if !slices.Equal(got.figures[i], want.figures[i]) {
				t.Errorf("page figures %q, dryfire's %q", got.figures[i], want.figures[i])
			}
		}
		if len(want.rows) == 0 {
			t.Errorf("%s: dryfire's page has no row: the comparison shows nothing", p)
		}
	}
}
