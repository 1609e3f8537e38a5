package htmlreport

import (
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/visible"
)

// Options tune a page.
type Options struct {
	// Keys are the API keys the tool may read: masked wherever the
	// document holds them, with or without Reveal, never written.
	Keys *visible.Keys
	// Reveal shows the secrets recorded in cassettes as they are, instead
	// of their masks (secrets show's masks).
	Reveal bool
	// Now is when the page is made, said in its footer (zero: not said).
	Now time.Time
	// Source names the document the page was made from, in its header ("":
	// not named).
	Source string
}

// csp is the page's content security policy: nothing may be loaded, from
// anywhere, and nothing may run. The page has no script and no resource;
// the policy makes sure that a text of the document that got past the
// escaping could not load or run one either.
const csp = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

// head writes the page up to its body: the policy, the viewport, both
// colour schemes and the stylesheet. title is the page's own text.
func head(m *markup, title string) {
	m.raw("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	m.raw(`<meta http-equiv="Content-Security-Policy" content="` + csp + "\">\n")
	m.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	m.raw("<meta name=\"color-scheme\" content=\"light dark\">\n")
	m.raw("<meta name=\"referrer\" content=\"no-referrer\">\n")
	m.raw("<title>")
	m.text(title)
	m.raw("</title>\n<style>")
	m.raw(stylesheet)
	m.raw("</style>\n</head>\n")
}

// footer writes the closing lines of the page.
func footer(m *markup, o Options) {
	m.raw("<footer>Made by dryfire-tui")
	if !o.Now.IsZero() {
		m.raw(" on ")
		m.text(o.Now.UTC().Format("2006-01-02 15:04:05Z"))
	}
	m.raw(". One file with nothing to load: it reads the same offline, and prints.")
	if o.Reveal {
		m.raw(" Recorded secrets are shown as they are (--reveal); API keys are masked.")
	} else {
		m.raw(" Recorded secrets and API keys are masked.")
	}
	m.raw("</footer>\n</div>\n</body>\n</html>\n")
}
