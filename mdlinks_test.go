package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestMarkdownLinks: every relative link of the repository's Markdown
// files (README.md, docs/, ARCHITECTURE.md, ui/ARCHITECTURE.md, the
// testdata READMEs) names a file or directory of the repository, and every
// #anchor a heading of the page it points to (as GitHub makes anchors of
// headings). Links with a scheme (https:, mailto:) are not followed.
func TestMarkdownLinks(t *testing.T) {
	docs := markdownFiles(t)
	anchors := map[string][]string{}
	anchorsOf := func(p string) []string {
		if a, ok := anchors[p]; ok {
			return a
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		anchors[p] = headingAnchors(string(data))
		return anchors[p]
	}
	n := 0
	for _, md := range docs {
		data, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range markdownLinks(string(data)) {
			n++
			if why := checkMarkdownLink(md, l.target, anchorsOf); why != "" {
				t.Errorf("%s:%d: (%s) %s", md, l.line, l.target, why)
			}
		}
	}
	if n < 50 {
		t.Fatalf("found %d links in %d Markdown files: the test checked too little", n, len(docs))
	}
}

// TestCommentsNameFilesThatExist: a Markdown file named in a comment of
// the module's Go code, or in the text of a Markdown file, is in the
// repository: a path relative to the file or to the repository's root, or
// the end of the path of one (each project's MUTATION.md, the example
// project's evals/README.md).
// A comment that points a reader at a page that is not there (a design
// note kept elsewhere) leaves them nothing to read.
func TestCommentsNameFilesThatExist(t *testing.T) {
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	mds := markdownFiles(t)
	somewhere := func(name string) bool {
		return slices.ContainsFunc(mds, func(md string) bool { return md == name || strings.HasSuffix(md, "/"+name) })
	}
	check := func(file string, line int, text string) {
		for _, m := range mdName.FindAllString(text, -1) {
			switch {
			case exists(filepath.Join(filepath.Dir(file), m)), exists(m), somewhere(strings.TrimPrefix(m, "./")):
			default:
				t.Errorf("%s:%d: names %s, which is not in the repository", file, line, m)
			}
		}
	}
	fset := token.NewFileSet()
	n := 0
	for _, file := range goFiles(t) {
		f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				n++
				check(file, fset.Position(c.Pos()).Line, c.Text)
			}
		}
	}
	for _, md := range mds {
		data, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			check(md, i+1, line)
		}
	}
	if n < 1000 {
		t.Fatalf("read %d comments: the test checked too little", n)
	}
}

// mdName is a Markdown file's name in a text.
var mdName = regexp.MustCompile(`[A-Za-z0-9_.][A-Za-z0-9_./-]*\.md\b`)

// markdownFiles are the repository's Markdown files, relative to its root.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	out := repoFiles(t, func(p string) bool { return strings.HasSuffix(p, ".md") })
	for _, must := range []string{"README.md", "docs/commands.md", "ui/ARCHITECTURE.md"} {
		if !slices.Contains(out, must) {
			t.Fatalf("found no %s among %d Markdown files", must, len(out))
		}
	}
	return out
}

// goFiles are the module's Go files, relative to its root.
func goFiles(t *testing.T) []string {
	t.Helper()
	return repoFiles(t, func(p string) bool { return strings.HasSuffix(p, ".go") && !strings.Contains(p, "testdata/") })
}

// repoFiles walks the repository for the files keep takes, leaving out
// hidden directories (.git, a project's .dryfire).
func repoFiles(t *testing.T, keep func(string) bool) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != "." && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if p = filepath.ToSlash(p); !d.IsDir() && keep(p) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// mdLink is a link of a Markdown file: its target and its line.
type mdLink struct {
	target string
	line   int
}

var (
	inlineLink = regexp.MustCompile(`!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLink    = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$`)
	fence      = regexp.MustCompile("^\\s{0,3}(```|~~~)")
)

// markdownLinks are the links of a Markdown text, outside code blocks and
// code spans.
func markdownLinks(text string) []mdLink {
	var out []mdLink
	inFence := ""
	for i, line := range strings.Split(text, "\n") {
		if m := fence.FindStringSubmatch(line); m != nil {
			switch inFence {
			case "":
				inFence = m[1]
			case m[1]:
				inFence = ""
			}
			continue
		}
		if inFence != "" || strings.HasPrefix(line, "    ") && !strings.HasPrefix(strings.TrimSpace(line), "-") {
			continue
		}
		line = withoutCodeSpans(line)
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			out = append(out, mdLink{m[1], i + 1})
		}
		if m := refLink.FindStringSubmatch(line); m != nil {
			out = append(out, mdLink{m[1], i + 1})
		}
	}
	return out
}

// withoutCodeSpans is a line with its code spans left out (a run of
// backticks to the next run of as many).
func withoutCodeSpans(line string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(line, '`')
		if i < 0 {
			return b.String() + line
		}
		b.WriteString(line[:i])
		n := len(line[i:]) - len(strings.TrimLeft(line[i:], "`"))
		rest := line[i+n:]
		end := strings.Index(rest, strings.Repeat("`", n))
		if end < 0 {
			return b.String() + line[i:]
		}
		line = rest[end+n:]
	}
}

// scheme is the start of a link that leaves the repository.
var scheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)

// checkMarkdownLink says what is wrong with a link of the file md, ""
// when it resolves.
func checkMarkdownLink(md, target string, anchorsOf func(string) []string) string {
	if scheme.MatchString(target) {
		return ""
	}
	p, anchor, _ := strings.Cut(target, "#")
	p, err := url.PathUnescape(p)
	if err != nil {
		return "not a path: " + err.Error()
	}
	dest := md
	switch {
	case p == "":
	case strings.HasPrefix(p, "/"):
		dest = strings.TrimPrefix(p, "/")
	default:
		dest = path.Join(path.Dir(md), p)
	}
	if strings.HasPrefix(dest, "../") {
		return "leaves the repository"
	}
	info, err := os.Stat(dest)
	if err != nil {
		return "names " + dest + ", which is not in the repository"
	}
	if anchor == "" || info.IsDir() || !strings.HasSuffix(dest, ".md") {
		return ""
	}
	if !slices.Contains(anchorsOf(dest), anchor) {
		return fmt.Sprintf("#%s is no heading of %s", anchor, dest)
	}
	return ""
}

var (
	atxHeading = regexp.MustCompile(`^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$`)
	htmlAnchor = regexp.MustCompile(`<a\s+(?:name|id)="([^"]+)"`)
	mdLinkText = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	htmlTag    = regexp.MustCompile(`<[^>]+>`)
)

// headingAnchors are the anchors of a Markdown text: GitHub's, one per
// heading (and its explicit <a id> and <a name> anchors).
func headingAnchors(text string) []string {
	var out []string
	seen := map[string]int{}
	inFence := ""
	for line := range strings.SplitSeq(text, "\n") {
		if m := fence.FindStringSubmatch(line); m != nil {
			switch inFence {
			case "":
				inFence = m[1]
			case m[1]:
				inFence = ""
			}
			continue
		}
		if inFence != "" {
			continue
		}
		for _, m := range htmlAnchor.FindAllStringSubmatch(line, -1) {
			out = append(out, m[1])
		}
		m := atxHeading.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		slug := headingSlug(m[1])
		if n := seen[slug]; n > 0 {
			out = append(out, slug+"-"+strconv.Itoa(n))
		} else {
			out = append(out, slug)
		}
		seen[slug]++
	}
	return out
}

// headingSlug is GitHub's anchor of a heading: its text as shown,
// lowercased, without punctuation but - and _, spaces made -.
func headingSlug(h string) string {
	h = mdLinkText.ReplaceAllString(h, "$1")
	h = htmlTag.ReplaceAllString(h, "")
	h = strings.NewReplacer("`", "", "**", "", "*", "").Replace(h)
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
