// Package source says where a change of a recorded request comes from in
// a project's files: the line of the suite (or of the file a $ref brought
// it from, or of dryfire.yaml) that writes the field the change is at, so
// that a person knows what to edit, or what to look at before
// re-recording. It reads the parsed suites only; package scan gives it
// the changes of each miss.
package source

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Source is where a change of a stale recording's request comes from in
// the project's files: the line to edit, or to look at before
// re-recording.
type Source struct {
	// Change is the change's path in the hashed request
	// (tools[0].description); Kind its kind.
	Change string
	Kind   diff.ChangeKind
	// File is relative to the project root, slash-separated; Line and
	// Column are 1-based.
	File         string
	Line, Column int
	// What names what is written there: "tool lookup_order: description",
	// "system prompt", "mock of issue_refund", "input of case
	// parallel_lookups", "model".
	What string
}

// String is "file:line (what)".
func (s Source) String() string {
	return fmt.Sprintf("%s:%d (%s)", s.File, s.Line, s.What)
}

// Case is one case of a project and the request it sends now, whose
// changes are located.
type Case struct {
	// Root is the project root the files are named relative to.
	Root    string
	Project *suite.Project
	Suite   *suite.Suite
	Case    *suite.Case
	// Request is the hashed request the case sends now.
	Request jsonv.Value
}

// Locate says where each change comes from in the suites and
// dryfire.yaml, in the order of the changes, one entry per place: a
// tool's description or schema, the system prompt, the case's input, the
// mock that answers a tool call, the setting that gives the model or the
// temperature. A change with no place of its own (a message replayed from
// an earlier recording, the changes of a judge's transcript) points at the
// case, and so do no changes at all.
func Locate(c Case, changes []diff.Change, judge bool) []Source {
	l := locator{root: c.Root, project: c.Project, s: c.Suite, c: c.Case, request: c.Request}
	var out []Source
	seen := map[string]bool{}
	for _, ch := range changes {
		src := l.source(ch, judge)
		src.Change, src.Kind = ch.Path, ch.Kind
		if at := fmt.Sprint(src.File, ":", src.Line); !seen[at] {
			seen[at] = true
			out = append(out, src)
		}
	}
	if len(out) == 0 {
		out = append(out, l.atCase())
	}
	return out
}

// locator maps the changes of one case's request to places in its files.
type locator struct {
	root    string
	project *suite.Project
	s       *suite.Suite
	c       *suite.Case
	request jsonv.Value
}

func (l locator) source(ch diff.Change, judge bool) Source {
	head, index, rest := splitChangePath(ch.Path)
	switch {
	case judge:
		return l.atCase()
	case head == "system":
		return l.at(l.s.SystemPos, "system prompt")
	case head == "tools":
		return l.tool(index, rest, ch.Kind)
	case head == "model":
		return l.setting("model", "model")
	case head == "params" && strings.HasPrefix(rest, "temperature"):
		return l.setting("temperature", "temperature")
	case head == "messages":
		return l.message(index, rest)
	}
	return l.atCase()
}

// changePath is a change's path: a head, an optional index, the rest.
var changePath = regexp.MustCompile(`^([A-Za-z_]+)(?:\[(\d+)\])?\.?(.*)$`)

// splitChangePath splits "tools[2].description" into "tools", 2 and
// "description" (index -1 when there is none).
func splitChangePath(p string) (head string, index int, rest string) {
	m := changePath.FindStringSubmatch(p)
	if m == nil {
		return p, -1, ""
	}
	index = -1
	if n, err := strconv.Atoi(m[2]); err == nil {
		index = n
	}
	return m[1], index, m[3]
}

func (l locator) tool(i int, rest string, kind diff.ChangeKind) Source {
	if kind == diff.Removed || i < 0 || i >= len(l.s.Tools) {
		return l.at(l.s.ToolsPos, "tools")
	}
	t := l.s.Tools[i]
	switch {
	case strings.HasPrefix(rest, "description") && t.DescriptionPos.Line > 0:
		return l.at(t.DescriptionPos, "tool "+t.Name+": description")
	case strings.HasPrefix(rest, "input_schema") && t.SchemaPos.Line > 0:
		return l.at(t.SchemaPos, "tool "+t.Name+": input_schema")
	}
	return l.at(t.Pos, "tool "+t.Name)
}

// setting is where a setting's value comes from: the case, else the
// suite, else dryfire.yaml's defaults (dryfire's precedence).
func (l locator) setting(key, what string) Source {
	if p, ok := l.c.Settings.Pos[key]; ok {
		return l.at(p, what+" of case "+l.c.Name)
	}
	if p, ok := l.s.Settings.Pos[key]; ok {
		return l.at(p, what+" of suite "+l.s.Name)
	}
	if p, ok := l.project.Config.Defaults.Pos[key]; ok {
		return Source{File: suite.ConfigFileName, Line: p.Line, Column: p.Column, What: what + " default"}
	}
	return l.atCase()
}

// message is where message i of the request comes from: the case's input
// for the messages it seeds, the mock of the tool whose result changed,
// else (a reply replayed from an earlier recording) the case.
func (l locator) message(i int, rest string) Source {
	inputs := 1
	if l.c.Input.Kind == jsonv.Array {
		inputs = len(l.c.Input.Items)
	}
	if i >= 0 && i < inputs && l.c.InputPos.Line > 0 {
		return l.at(l.c.InputPos, "input of case "+l.c.Name)
	}
	if !strings.HasPrefix(rest, "tool_results[") {
		return l.atCase()
	}
	j := -1
	if _, err := fmt.Sscanf(rest, "tool_results[%d]", &j); err != nil {
		return l.atCase()
	}
	name := l.toolOfResult(i, j)
	if name == "" {
		return l.atCase()
	}
	for _, mocks := range [][]suite.ToolMocks{l.c.Mocks, l.s.Mocks} {
		for _, tm := range mocks {
			if tm.Tool == name && len(tm.Rules) > 0 {
				r := tm.Rules[0]
				return l.at(suite.Pos{File: r.From, Line: r.Line, Column: r.Column}, "mock of "+name)
			}
		}
	}
	return l.at(l.c.MocksPos, "mocks of case "+l.c.Name+" (no mock for "+name+")")
}

// toolOfResult is the name of the tool whose result is tool_results[j] of
// message i: the call with that id in an earlier assistant message.
func (l locator) toolOfResult(i, j int) string {
	msgs := l.request.Field("messages")
	if i < 0 || i >= msgs.Len() {
		return ""
	}
	results := msgs.Items[i].Field("tool_results")
	if j < 0 || j >= results.Len() {
		return ""
	}
	id := results.Items[j].Field("call_id").Str()
	for k := i - 1; k >= 0; k-- {
		for _, call := range msgs.Items[k].Field("tool_calls").Items {
			if call.Field("id").Str() == id {
				return call.Field("name").Str()
			}
		}
	}
	return ""
}

func (l locator) atCase() Source {
	return Source{File: l.s.Path, Line: l.c.Line, Column: l.c.Column, What: "case " + l.c.Name}
}

// at is a place in the suite's file, or in the file a $ref brought it
// from; an unknown place is the case.
func (l locator) at(p suite.Pos, what string) Source {
	if p.Line <= 0 {
		return l.atCase()
	}
	file := l.s.Path
	if p.File != "" {
		if rel, err := filepath.Rel(l.root, p.File); err == nil {
			file = filepath.ToSlash(rel)
		}
	}
	return Source{File: file, Line: p.Line, Column: p.Column, What: what}
}
