package htmlreport

import (
	"html"
	"regexp"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// markup builds a page. Its own markup is written with raw; every text
// that comes from a document goes through text or block, which escape it
// for HTML and make what a browser would hide or act on visible.
type markup struct {
	b strings.Builder
}

// raw writes the page's own markup, never a document's text.
func (m *markup) raw(s string) { m.b.WriteString(s) }

// text writes a one-line text of the document (a name, a label): every
// control character, newline included, bidi control, invisible character
// and invalid byte as a marked escape (\x1b, \u202e, \n), so that a name
// can neither reorder nor hide what follows it.
func (m *markup) text(s string) { m.escaped(s, false) }

// block writes a text of several lines (a response, a message, a value)
// for a <pre>: as text, but newlines and tabs are kept.
func (m *markup) block(s string) { m.escaped(s, true) }

func (m *markup) escaped(s string, keepLines bool) {
	visible.Parts(s, keepLines, func(part string, escaped bool) {
		if escaped {
			m.b.WriteString(`<span class="esc" title="a character shown escaped: a control, a bidi control or an invisible character">`)
			m.b.WriteString(html.EscapeString(part))
			m.b.WriteString(`</span>`)
			return
		}
		m.masks(part)
	})
}

// maskPattern finds the masks a masked text holds: a key's
// ([$ANTHROPIC_API_KEY]) and a recorded secret's
// ([openai-api-key sk-proj-Ab…xY sha256:9f86d081884c]).
var maskPattern = regexp.MustCompile(`\[\$[A-Za-z0-9_]+\]|\[[^\s\[\]]+ [^\s\[\]]* sha256:[0-9a-f]{12}\]`)

// masks writes s escaped, with each mask set apart.
func (m *markup) masks(s string) {
	if !strings.Contains(s, "[") {
		m.b.WriteString(html.EscapeString(s))
		return
	}
	last := 0
	for _, loc := range maskPattern.FindAllStringIndex(s, -1) {
		m.b.WriteString(html.EscapeString(s[last:loc[0]]))
		m.b.WriteString(`<span class="mask" title="masked: a key or a recorded secret">`)
		m.b.WriteString(html.EscapeString(s[loc[0]:loc[1]]))
		m.b.WriteString(`</span>`)
		last = loc[1]
	}
	m.b.WriteString(html.EscapeString(s[last:]))
}

// open writes <tag class="class"> (no class when it is empty). Classes
// are the page's own, never a document's text.
func (m *markup) open(tag, class string) {
	m.b.WriteString("<" + tag)
	if class != "" {
		m.b.WriteString(` class="` + class + `"`)
	}
	m.b.WriteString(">")
}

func (m *markup) close(tag string) { m.b.WriteString("</" + tag + ">") }

// pre writes a block of text in a <pre> of the class.
func (m *markup) pre(class, s string) {
	m.open("pre", class)
	m.block(s)
	m.close("pre")
}

func (m *markup) String() string { return m.b.String() }
