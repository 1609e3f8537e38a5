package diff

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// group collects the changes that one summary line describes.
type group struct {
	key    string
	render func(g *group) string
	fields []string // tool fields that changed, in order
	moves  []string // "get_weather moved 3 → 0"
}

// summarise describes the changes in the user's terms, one line per tool,
// message item, parameter or prompt, in the order of the changes.
func summarise(changes []Change, a, b jsonv.Value) []string {
	s := summariser{a: a, b: b, groups: map[string]*group{}}
	for _, c := range changes {
		s.change(c)
	}
	lines := make([]string, 0, len(s.order))
	for _, g := range s.order {
		lines = append(lines, g.render(g))
	}
	return lines
}

type summariser struct {
	a, b   jsonv.Value
	groups map[string]*group
	order  []*group
}

func (s *summariser) group(key string, render func(*group) string) *group {
	g, ok := s.groups[key]
	if !ok {
		g = &group{key: key, render: render}
		s.groups[key] = g
		s.order = append(s.order, g)
	}
	return g
}

func (s *summariser) line(key, text string) {
	s.group(key, func(*group) string { return text })
}

func (s *summariser) change(c Change) {
	head, rest := splitPath(c.Path)
	switch head {
	case "system":
		s.line("system", textSummary("system prompt", s.a.Field("system"), s.b.Field("system")))
	case "params":
		s.param(c, rest)
	case "tools":
		s.tool(c, rest)
	case "messages":
		s.message(c, rest)
	default:
		s.line(head, scalarSummary(c.Path, c))
	}
}

func (s *summariser) param(c Change, rest string) {
	name := strings.TrimPrefix(rest, ".")
	if name == "" {
		s.line("params", "params changed")
		return
	}
	top, _ := splitPath(name)
	s.line("params."+top, scalarSummary(top, Change{Path: name, Kind: c.Kind,
		Before: s.a.Field("params").Field(top), After: s.b.Field("params").Field(top)}))
}

func (s *summariser) tool(c Change, rest string) {
	i, sub := leadingIndex(rest)
	if i < 0 {
		s.line("tools", "tools changed")
		return
	}
	side := s.b
	if c.Kind == Removed && sub == "" {
		side = s.a
	}
	name := toolName(side.Field("tools"), i)
	switch {
	case sub == "" && c.Kind == Reordered:
		g := s.group("tools/order", func(g *group) string {
			return "tools reordered: " + strings.Join(g.moves, ", ")
		})
		g.moves = append(g.moves, fmt.Sprintf("%s moved %s → %s", name, c.Before.Text, c.After.Text))
	case sub == "" && c.Kind == Added:
		s.line("tools/+"+name, "tool "+name+" added")
	case sub == "" && c.Kind == Removed:
		s.line("tools/-"+name, "tool "+name+" removed")
	case sub == "":
		s.line("tools/"+name, "tool "+name+" changed")
	default:
		field, _ := splitPath(strings.TrimPrefix(sub, "."))
		g := s.group("tools/"+name, func(g *group) string {
			return "tool " + name + ": " + joinAnd(g.fields) + " changed"
		})
		if !contains(g.fields, field) {
			g.fields = append(g.fields, field)
		}
	}
}

func (s *summariser) message(c Change, rest string) {
	i, sub := leadingIndex(rest)
	if i < 0 {
		s.line("messages", "messages changed")
		return
	}
	side := s.b
	if c.Kind == Removed && sub == "" {
		side = s.a
	}
	msgs := side.Field("messages")
	turn := fmt.Sprintf("turn %d: ", turnOf(msgs, i))
	role := msgs.Items[i].Field("role").Str()
	if role == "" {
		role = "message"
	} else {
		role += " message"
	}
	key := "messages[" + strconv.Itoa(i) + "]"
	if sub == "" {
		switch c.Kind {
		case Added:
			s.line(key+"+", turn+role+" added")
		case Removed:
			s.line(key+"-", turn+role+" removed")
		case Reordered:
			s.line(key, fmt.Sprintf("%s%s moved %s → %s", turn, role, c.Before.Text, c.After.Text))
		default:
			s.line(key, turn+role+" changed")
		}
		return
	}
	field, more := splitPath(strings.TrimPrefix(sub, "."))
	switch field {
	case "tool_results", "tool_calls":
		s.messageItem(c, key, turn, i, field, more)
	case "content":
		s.line(key+".content", textSummary(turn+role, itemField(s.a, i, "content"), itemField(s.b, i, "content")))
	default:
		s.line(key+"."+field, turn+role+": "+field+" changed")
	}
}

func (s *summariser) messageItem(c Change, key, turn string, i int, field, rest string) {
	k, sub := leadingIndex(rest)
	what := "call to "
	if field == "tool_results" {
		what = "result of "
	}
	if k < 0 {
		s.line(key+"."+field, turn+strings.ReplaceAll(field, "_", " ")+" changed")
		return
	}
	side := s.b
	if c.Kind == Removed && sub == "" {
		side = s.a
	}
	item := side.Field("messages").Items[i].Field(field).Items
	name := "a tool"
	if k < len(item) {
		if field == "tool_calls" {
			name = orDefault(item[k].Field("name").Str(), name)
		} else {
			name = resultName(side.Field("messages"), i, item[k])
		}
	}
	gkey := key + "." + field + "[" + strconv.Itoa(k) + "]"
	verb := "changed"
	switch {
	case sub == "" && c.Kind == Added:
		verb = "added"
	case sub == "" && c.Kind == Removed:
		verb = "removed"
	case sub == "" && c.Kind == Reordered:
		verb = fmt.Sprintf("moved %s → %s", c.Before.Text, c.After.Text)
	case sub == ".is_error" && c.After.Kind == jsonv.Bool:
		verb = "changed (now an error)"
		if !c.After.Bool {
			verb = "changed (no longer an error)"
		}
	}
	s.line(gkey, turn+what+name+" "+verb)
}

// resultName finds the tool a result answers: the latest earlier tool call
// with the result's call id.
func resultName(msgs jsonv.Value, i int, result jsonv.Value) string {
	id := result.Field("call_id").Str()
	for j := i; j >= 0; j-- {
		for _, tc := range msgs.Items[j].Field("tool_calls").Items {
			if id != "" && tc.Field("id").Str() == id {
				return orDefault(tc.Field("name").Str(), "a tool")
			}
		}
	}
	return orDefault(id, "a tool")
}

// turnOf is the model turn whose request first carries message i: the
// number of assistant messages up to and including it.
func turnOf(msgs jsonv.Value, i int) int {
	n := 0
	for j := 0; j <= i && j < len(msgs.Items); j++ {
		if msgs.Items[j].Field("role").Str() == "assistant" {
			n++
		}
	}
	return n
}

func toolName(tools jsonv.Value, i int) string {
	if i < len(tools.Items) {
		if n := tools.Items[i].Field("name").Str(); n != "" {
			return n
		}
	}
	return "#" + strconv.Itoa(i)
}

// textSummary describes a change to a text such as the system prompt:
// "system prompt changed (+2 −1 lines)".
func textSummary(what string, before, after jsonv.Value) string {
	switch {
	case before.Kind == jsonv.Null && after.Kind != jsonv.Null:
		return what + " added"
	case before.Kind != jsonv.Null && after.Kind == jsonv.Null:
		return what + " removed"
	case before.Kind == jsonv.String && after.Kind == jsonv.String:
		plus, minus := lineStats(before.Text, after.Text)
		return fmt.Sprintf("%s changed (+%d −%d lines)", what, plus, minus)
	}
	return what + " changed"
}

// scalarSummary describes a changed value by name: "temperature 0.3 → 0.35".
func scalarSummary(name string, c Change) string {
	switch c.Kind { //nolint:exhaustive // the other cases need nothing here
	case Added:
		return name + " added (" + short(c.After) + ")"
	case Removed:
		return name + " removed (was " + short(c.Before) + ")"
	}
	if isScalar(c.Before) && isScalar(c.After) {
		return name + " " + short(c.Before) + " → " + short(c.After)
	}
	return name + " changed"
}

func isScalar(v jsonv.Value) bool { return v.Kind != jsonv.Array && v.Kind != jsonv.Object }

// short renders a value for a summary line, at most 40 characters.
func short(v jsonv.Value) string {
	var s string
	switch v.Kind {
	case jsonv.String:
		s = v.Text
		if s == "" || strings.ContainsAny(s, " \t\n\"") {
			s = strconv.Quote(s)
		}
	default:
		b, err := jsonv.Encode(v, jsonv.EncodeOptions{AllowNonFinite: true})
		if err != nil {
			return v.Kind.String()
		}
		s = string(b)
	}
	if utf8.RuneCountInString(s) > 40 {
		r := []rune(s)
		s = string(r[:39]) + "…"
	}
	return s
}

// splitPath splits "a.b[0].c" into "a" and ".b[0].c", "a[1].b" into "a"
// and "[1].b".
func splitPath(p string) (head, rest string) {
	if strings.HasPrefix(p, "[") {
		return "", p
	}
	end := strings.IndexAny(p, ".[")
	if end < 0 {
		return p, ""
	}
	return p[:end], p[end:]
}

// leadingIndex parses "[3].x" into 3 and ".x"; -1 when rest has no index.
func leadingIndex(rest string) (int, string) {
	if !strings.HasPrefix(rest, "[") {
		return -1, rest
	}
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return -1, rest
	}
	n, err := strconv.Atoi(rest[1:end])
	if err != nil {
		return -1, rest
	}
	return n, rest[end+1:]
}

func joinAnd(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

func contains(items []string, s string) bool {
	for _, it := range items {
		if it == s {
			return true
		}
	}
	return false
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// itemField returns messages[i].field of a request, or null.
func itemField(req jsonv.Value, i int, field string) jsonv.Value {
	msgs := req.Field("messages")
	if i < 0 || i >= len(msgs.Items) {
		return jsonv.NullValue()
	}
	return msgs.Items[i].Field(field)
}
