package rangereview

import (
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/report"
)

// The markdown review is written for a pull request: a comment (GitHub
// takes at most 65,536 characters) or a job's step summary
// ($GITHUB_STEP_SUMMARY, at most 1 MiB per step). It is bounded in bytes,
// so in characters too: what does not fit is left out and counted.

// DefaultMarkdownBytes is the bound of review --format markdown: under a
// pull request comment's 65,536 characters.
const DefaultMarkdownBytes = 65000

// MinMarkdownBytes is the smallest bound: the header and the closing
// line of what was left out always fit.
const MinMarkdownBytes = 2048

// WriteMarkdown writes the review as GitHub-flavoured markdown, at most
// maxBytes bytes: a header with the range and the tally, then one
// collapsed <details> block per case (the cases that add a secret or
// carry a warning first), each change with why it changed and what
// changed in it. Cases that do not fit whole are listed one line each
// while those fit, and the rest are counted on the last line. Everything
// taken from the recordings or the suites is escaped: it renders as the
// text it is, never as markdown, HTML or a mention.
func (d *Document) WriteMarkdown(w io.Writer, maxBytes int) error {
	maxBytes = max(maxBytes, MinMarkdownBytes)
	var b strings.Builder
	b.WriteString(d.markdownHeader())
	groups := d.markdownGroups()
	total := 0
	for _, g := range groups {
		total += len(g.changes)
	}
	reserve := len(omittedLine(len(groups), total, maxBytes)) + 1
	i := 0
	for ; i < len(groups); i++ {
		block := groups[i].markdown()
		if b.Len()+len(block)+reserve > maxBytes {
			break
		}
		b.WriteString(block)
	}
	compact := i
	for ; i < len(groups); i++ {
		line := groups[i].compactLine()
		if b.Len()+len(line)+reserve > maxBytes {
			break
		}
		b.WriteString(line)
	}
	if compact < len(groups) {
		b.WriteString("\n")
	}
	if i < len(groups) {
		left := 0
		for _, g := range groups[i:] {
			left += len(g.changes)
		}
		b.WriteString(omittedLine(len(groups)-i, left, maxBytes))
	} else if compact < len(groups) {
		fmt.Fprintf(&b, "_%s shown on one line only, to stay under %d bytes: `dryfire-tui review --base …` on a checkout shows them whole._\n", count(len(groups)-compact, "case"), maxBytes)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// omittedLine says how much was left out.
func omittedLine(cases, recordings, maxBytes int) string {
	return fmt.Sprintf("_%d more %s (%s) left out to stay under %d bytes: `dryfire-tui review --base …` on a checkout lists every one._\n",
		cases, report.Plural(cases, "case"), count(recordings, "recording"), maxBytes)
}

// maxProblems bounds the problems the header lists.
const maxProblems = 10

func (d *Document) markdownHeader() string {
	var b strings.Builder
	fmt.Fprintf(&b, "### Recordings changed: %s → %s\n\n", mdText(d.Base.String()), mdText(d.Head.String()))
	if len(d.Changes) == 0 {
		b.WriteString("No recording changed.\n")
	} else {
		fmt.Fprintf(&b, "**%s.** Each case below opens on why its recordings changed and what changed in them; secrets are masked.\n", mdText(d.Tally()))
	}
	if rs := d.Reasons(); len(rs) > 0 {
		b.WriteString("\nWhy:\n\n")
		for i, r := range rs {
			if i == maxReasons {
				fmt.Fprintf(&b, "- and %d more %s\n", len(rs)-maxReasons, report.Plural(len(rs)-maxReasons, "reason"))
				break
			}
			fmt.Fprintf(&b, "- %s (%s)\n", mdText(cutRunes(r.Line, maxLine)), count(r.Recordings, "recording"))
		}
	}
	for i, p := range d.Problems {
		if i == maxProblems {
			fmt.Fprintf(&b, "- and %d more %s\n", len(d.Problems)-maxProblems, report.Plural(len(d.Problems)-maxProblems, "problem"))
			break
		}
		if i == 0 {
			b.WriteString("\nCould not be read:\n\n")
		}
		fmt.Fprintf(&b, "- %s\n", mdText(cutRunes(p, maxLine)))
	}
	b.WriteString("\n")
	return b.String()
}

// maxReasons bounds the reasons the header lists.
const maxReasons = 10

// mdGroup is one case's changes (or the tapes', or the other files').
type mdGroup struct {
	title   string
	dir     string
	changes []Change
	why     []string
	// removed are the re-recordings whose old recording the range removed.
	removed map[string]bool
}

// markdownGroups groups the changes by case, in the document's order,
// then tapes and other files; the groups that add a secret or carry a
// warning come first.
func (d *Document) markdownGroups() []mdGroup {
	var groups []mdGroup
	index := map[string]int{}
	for _, c := range d.Shown() {
		key, title := "other", "other files"
		switch {
		case c.Format.String() == "tape":
			key, title = "tapes", "tapes"
		case c.Suite != "" || c.Case != "":
			key, title = path.Dir(c.Path), c.Suite+" › "+c.Case
		}
		i, ok := index[key]
		if !ok {
			i = len(groups)
			index[key] = i
			groups = append(groups, mdGroup{title: title, removed: map[string]bool{}})
			if key != "other" && key != "tapes" {
				groups[i].dir = key + "/"
			}
		}
		groups[i].changes = append(groups[i].changes, c)
		groups[i].removed[c.Path] = d.replacedBy(c.Path) != nil
		if c.Why != nil {
			for _, l := range c.Why.Lines {
				if !slices.Contains(groups[i].why, l) {
					groups[i].why = append(groups[i].why, l)
				}
			}
		}
	}
	var urgent, rest []mdGroup
	for _, g := range groups {
		if g.secrets() > 0 || g.warnings() > 0 {
			urgent = append(urgent, g)
		} else {
			rest = append(rest, g)
		}
	}
	return append(urgent, rest...)
}

func (g mdGroup) secrets() int {
	n := 0
	for _, c := range g.changes {
		n += len(c.Secrets)
	}
	return n
}

func (g mdGroup) warnings() int {
	n := 0
	for _, c := range g.changes {
		if c.Why != nil && c.Why.Warning != "" {
			n++
		}
	}
	return n
}

// counts says what the group's changes are: "2 re-recorded, 1 removed".
func (g mdGroup) counts() string { return changeCounts(g.changes) }

// flags are the marks of a group's summary line.
func (g mdGroup) flags() string {
	var f []string
	if n := g.secrets(); n > 0 {
		f = append(f, "⚠ adds "+count(n, "secret"))
	}
	if n := g.warnings(); n > 0 {
		f = append(f, "⚠ "+count(n, "warning"))
	}
	return strings.Join(f, " · ")
}

// headline is the group's first reason, and how many more there are.
func (g mdGroup) headline() string {
	if len(g.why) == 0 {
		return ""
	}
	h := g.why[0]
	if n := len(g.why) - 1; n > 0 {
		h += fmt.Sprintf(" (and %d more)", n)
	}
	return h
}

// markdown is the group's collapsed block.
func (g mdGroup) markdown() string {
	var b strings.Builder
	b.WriteString("<details><summary>")
	if f := g.flags(); f != "" {
		b.WriteString(htmlText(f) + " · ")
	}
	fmt.Fprintf(&b, "<b>%s</b> · %s", htmlText(g.title), htmlText(g.counts()))
	if h := g.headline(); h != "" {
		b.WriteString(" · " + htmlText(cutRunes(h, 200)))
	}
	b.WriteString("</summary>\n\n")
	if g.dir != "" {
		fmt.Fprintf(&b, "In %s\n\n", codeSpan(g.dir))
	}
	for _, c := range g.changes {
		g.writeChange(&b, c)
	}
	b.WriteString("\n</details>\n\n")
	return b.String()
}

// maxLine bounds one line taken from a recording.
const maxLine = 300

func (g mdGroup) writeChange(b *strings.Builder, c Change) {
	name := c.Path
	if g.dir != "" {
		name = strings.TrimPrefix(c.Path, g.dir)
	}
	verb := c.Kind
	if c.Replaces != "" && c.Kind == "added" {
		verb = "re-recorded"
	}
	fmt.Fprintf(b, "- **%s** %s", verb, codeSpan(name))
	if c.Turn != nil {
		fmt.Fprintf(b, " · turn %02d", *c.Turn)
	}
	switch {
	case c.Replaces != "" && g.removed[c.Path]:
		fmt.Fprintf(b, " · replaces %s (removed)", codeSpan(path.Base(c.Replaces)))
	case c.Replaces != "":
		fmt.Fprintf(b, " · re-records %s", codeSpan(path.Base(c.Replaces)))
	case c.OldPath != "":
		fmt.Fprintf(b, " · from %s", codeSpan(c.OldPath))
	}
	b.WriteString("\n")
	if c.Why != nil {
		for _, l := range c.Why.Lines {
			fmt.Fprintf(b, "  - **why:** %s\n", mdText(cutRunes(l, maxLine)))
		}
		if c.Why.Warning != "" {
			fmt.Fprintf(b, "  - ⚠ **warning:** %s\n", mdText(cutRunes(c.Why.Warning, maxLine)))
		}
	}
	for _, s := range c.Summary {
		if verb == "re-recorded" && strings.HasSuffix(s, " re-recorded under a new key") {
			continue // the verb says it
		}
		fmt.Fprintf(b, "  - %s\n", mdText(cutRunes(s, maxLine)))
	}
	for _, d := range c.Details {
		if d.Old == d.New || d.Label != "text" || quotedWhole(c.Summary, d) {
			continue
		}
		if d.Old != "" {
			fmt.Fprintf(b, "  - was: %s\n", mdText(cutRunes(d.Old, maxLine)))
		}
		if d.New != "" {
			fmt.Fprintf(b, "  - now: %s\n", mdText(cutRunes(d.New, maxLine)))
		}
	}
}

// quotedWhole reports whether a summary line already quotes both texts
// of d whole (a short answer): the was / now lines would repeat it.
func quotedWhole(summary []string, d report.Detail) bool {
	for _, s := range summary {
		if strings.Contains(s, `"`+d.Old+`"`) && strings.Contains(s, `"`+d.New+`"`) {
			return true
		}
	}
	return false
}

// compactLine is the group on one line, when its block does not fit.
func (g mdGroup) compactLine() string {
	line := "- "
	if f := g.flags(); f != "" {
		line += mdText(f) + " · "
	}
	line += "**" + mdText(g.title) + "** · " + mdText(g.counts())
	if h := g.headline(); h != "" {
		line += " · " + mdText(cutRunes(h, 200))
	}
	return line + "\n"
}

// cutRunes shortens s to n runes, ending with "…", on one line.
func cutRunes(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// mentionBreak follows an "@" or a "#" taken from a recording, so that
// GitHub never reads it as a mention of a person or a team, or a
// reference to an issue (U+2060 WORD JOINER: invisible, and no character
// of a name).
const mentionBreak = "\u2060"

// mdText is s as markdown text that renders as s, on one line: each
// character that could start something in GitHub's markdown
// backslash-escaped (emphasis, code, links, images, HTML, entities, table
// cells, strikethrough, math, emoji codes), and each "@" or "#" followed
// by a word joiner, so that no mention or issue reference is read into a
// recording's text.
func mdText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\\x%02x`, r)
		case r == '@' || r == '#':
			b.WriteByte('\\')
			b.WriteRune(r)
			b.WriteString(mentionBreak)
		case strings.ContainsRune("\\`*_{}[]()!|<>&~$^=:", r):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// htmlText is s as text inside an HTML element (the <summary> line, whose
// content GitHub does not read as markdown): &, <, > and quotes as
// entities, each "@" followed by a word joiner, control characters as
// \xNN.
func htmlText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&#39;")
		case r == '@' || r == '#':
			b.WriteRune(r)
			b.WriteString(mentionBreak)
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// codeSpan is s as an inline code span, on one line: delimited by one
// more backtick than the longest run inside it, padded when it begins or
// ends with one.
func codeSpan(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}
