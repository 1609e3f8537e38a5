package htmlreport

import (
	"io"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The checks of a page, with golang.org/x/net/html: its tokens one by
// one (a strict check of what the page may hold) and its tree (what it
// shows).

// allowedTags are the elements a page may have: no script, no link, no
// image, no frame, no form, no base.
var allowedTags = map[atom.Atom]bool{
	atom.Html: true, atom.Head: true, atom.Meta: true, atom.Title: true, atom.Style: true, atom.Body: true,
	atom.Div: true, atom.Span: true, atom.P: true, atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true,
	atom.Header: true, atom.Main: true, atom.Footer: true, atom.Section: true, atom.Nav: true,
	atom.Ul: true, atom.Ol: true, atom.Li: true, atom.Dl: true, atom.Dt: true, atom.Dd: true,
	atom.Details: true, atom.Summary: true, atom.Pre: true, atom.Strong: true, atom.Small: true, atom.A: true,
	atom.Input: true, atom.Label: true, atom.Table: true, atom.Thead: true, atom.Tbody: true, atom.Tfoot: true,
	atom.Tr: true, atom.Th: true, atom.Td: true,
}

// voidTags have no end tag.
var voidTags = map[atom.Atom]bool{atom.Meta: true, atom.Input: true}

// styleAttr is the only inline style a page writes: a share, from numbers.
var styleAttr = regexp.MustCompile(`^(flex:[0-9]+|width:[0-9.]+%|left:[0-9.]+%)$`)

// checkSelfContained fails unless the page is well formed (every element
// closed in order), holds only the allowed elements, loads nothing (no
// attribute that names a resource, links only to its own fragments, no
// URL in its style) and carries the content security policy.
func checkSelfContained(t *testing.T, page string) {
	t.Helper()
	if !strings.HasPrefix(page, "<!doctype html>\n") {
		t.Fatalf("the page does not begin with its doctype: %.40q", page)
	}
	z := html.NewTokenizer(strings.NewReader(page))
	var stack []atom.Atom
	policy := false
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if z.Err() != io.EOF {
				t.Fatalf("tokenizer: %v", z.Err())
			}
			if len(stack) > 0 {
				t.Fatalf("elements left open at the end: %v", stack)
			}
			if !policy {
				t.Fatal("the page has no content security policy")
			}
			return
		case html.CommentToken:
			t.Fatalf("the page has a comment: %q", z.Token().Data)
		case html.SelfClosingTagToken, html.StartTagToken:
			tok := z.Token()
			checkTag(t, tok)
			policy = policy || isPolicy(tok)
			if tt == html.StartTagToken && !voidTags[tok.DataAtom] {
				stack = append(stack, tok.DataAtom)
			}
			if tok.DataAtom == atom.Style {
				checkStyle(t, z)
				stack = stack[:len(stack)-1]
			}
		case html.EndTagToken:
			tok := z.Token()
			if len(stack) == 0 || stack[len(stack)-1] != tok.DataAtom {
				t.Fatalf("</%s> closes %v", tok.Data, stack)
			}
			stack = stack[:len(stack)-1]
		case html.TextToken, html.DoctypeToken:
		}
	}
}

// checkTag fails on an element or an attribute a page may not have.
func checkTag(t *testing.T, tok html.Token) {
	t.Helper()
	if !allowedTags[tok.DataAtom] {
		t.Fatalf("the page has a <%s> element", tok.Data)
	}
	for _, a := range tok.Attr {
		switch a.Key {
		case "class", "id", "lang", "charset", "name", "open", "title", "role", "aria-label", "aria-hidden",
			"type", "for", "scope", "colspan":
		case "content", "http-equiv":
			if tok.DataAtom != atom.Meta {
				t.Fatalf("<%s %s>", tok.Data, a.Key)
			}
		case "href":
			if !strings.HasPrefix(a.Val, "#") {
				t.Fatalf("a link out of the page: href=%q", a.Val)
			}
		case "style":
			if !styleAttr.MatchString(a.Val) {
				t.Fatalf("an inline style the page does not write: %q", a.Val)
			}
		default:
			t.Fatalf("<%s> has the attribute %s=%q", tok.Data, a.Key, a.Val)
		}
	}
}

func isPolicy(tok html.Token) bool {
	if tok.DataAtom != atom.Meta {
		return false
	}
	equiv, content := "", ""
	for _, a := range tok.Attr {
		switch a.Key {
		case "http-equiv":
			equiv = a.Val
		case "content":
			content = a.Val
		}
	}
	return equiv == "Content-Security-Policy" && strings.HasPrefix(content, "default-src 'none';")
}

// checkStyle reads the stylesheet and its end tag: no URL, no import.
func checkStyle(t *testing.T, z *html.Tokenizer) {
	t.Helper()
	if z.Next() != html.TextToken {
		t.Fatal("an empty <style>")
	}
	css := strings.ToLower(string(z.Text()))
	for _, bad := range []string{"url(", "@import", "http:", "https:", "//", "@font-face", "expression("} {
		if strings.Contains(css, bad) {
			t.Fatalf("the stylesheet has %q", bad)
		}
	}
	if z.Next() != html.EndTagToken || z.Token().DataAtom != atom.Style {
		t.Fatal("the stylesheet is not closed where it ends")
	}
}

// parse parses a page into its tree.
func parse(t *testing.T, page string) *html.Node {
	t.Helper()
	root, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// find returns the elements below n (n included) with the tag and class
// ("" for any).
func find(n *html.Node, tag atom.Atom, class string) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (tag == 0 || n.DataAtom == tag) && (class == "" || hasClass(n, class)) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func hasClass(n *html.Node, class string) bool {
	for _, a := range n.Attr {
		if a.Key == "class" {
			for _, c := range strings.Fields(a.Val) {
				if c == class {
					return true
				}
			}
		}
	}
	return false
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// text is what an element shows: its text, without what only a screen
// reader gets (.sr).
func text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		if n.Type == html.ElementNode && hasClass(n, "sr") {
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// one returns the single element with the tag and class below n.
func one(t *testing.T, n *html.Node, tag atom.Atom, class string) *html.Node {
	t.Helper()
	found := find(n, tag, class)
	if len(found) != 1 {
		t.Fatalf("%d <%s class=%q>, want 1", len(found), tag, class)
	}
	return found[0]
}
