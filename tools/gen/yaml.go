package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

const projectYAML = `# Generated project (seeded); see tools/gen.
version: 1
defaults:
  provider: anthropic
  model: claude-sonnet-4-6
  max_turns: %d
  temperature: 0
  on_unmocked: error
suites:
  - "evals/**/*.eval.yaml"
cassettes:
  dir: .dryfire/cassettes
  mode: replay
`

func (w *writer) project() error {
	if err := os.MkdirAll(w.root, 0o755); err != nil {
		return err
	}
	data := fmt.Appendf(nil, projectYAML, 10)
	w.bytes += int64(len(data))
	return os.WriteFile(filepath.Join(w.root, "dryfire.yaml"), data, 0o644)
}

// quote writes a YAML double-quoted scalar (JSON escapes are valid there).
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// flow writes a value as a YAML flow node (JSON with spaces after , and :).
func flow(b *strings.Builder, v jsonv.Value) {
	switch v.Kind {
	case jsonv.Null:
		b.WriteString("null")
	case jsonv.Bool:
		if v.Bool {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case jsonv.Number:
		b.WriteString(v.Text)
	case jsonv.String:
		b.WriteString(quote(v.Text))
	case jsonv.Array:
		b.WriteByte('[')
		for i, x := range v.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			flow(b, x)
		}
		b.WriteByte(']')
	case jsonv.Object:
		b.WriteByte('{')
		for i, m := range v.Members {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quote(m.Key))
			b.WriteString(": ")
			flow(b, m.Value)
		}
		b.WriteByte('}')
	}
}

func flowString(v jsonv.Value) string {
	var b strings.Builder
	flow(&b, v)
	return b.String()
}

func writeRules(b *strings.Builder, indent string, mocks map[string][]rule) {
	names := make([]string, 0, len(mocks))
	for n := range mocks {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(b, "%s%s:\n", indent, n)
		for _, r := range mocks[n] {
			lead := indent + "  - "
			if r.when.Kind != jsonv.Null {
				fmt.Fprintf(b, "%swhen: %s\n", lead, flowString(r.when))
				lead = indent + "    "
			}
			if r.seq {
				fmt.Fprintf(b, "%ssequence:\n", lead)
				for _, st := range r.steps {
					writeOutcome(b, indent+"      - ", st)
				}
				continue
			}
			writeOutcome(b, lead, r.steps[0])
		}
	}
}

func writeOutcome(b *strings.Builder, lead string, o outcome) {
	if o.isErr {
		fmt.Fprintf(b, "%serror: %s\n", lead, flowString(o.content))
		return
	}
	fmt.Fprintf(b, "%sreturn: %s\n", lead, flowString(o.content))
}

// suiteYAML writes the suite as it is now (after the edits that made some
// recordings stale).
func suiteYAML(s *suiteSpec) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "name: %s\n", quote(s.name))
	fmt.Fprintf(&b, "description: %s\n", quote("Generated suite "+s.name+"."))
	b.WriteString("tags: [generated]\n")
	if s.provider != "anthropic" {
		fmt.Fprintf(&b, "provider: %s\n", s.provider)
	}
	if s.model != "" {
		fmt.Fprintf(&b, "model: %s\n", s.model)
	}
	if s.temp != "" {
		fmt.Fprintf(&b, "temperature: %s\n", s.temp)
	}
	b.WriteString("system: |\n")
	for _, line := range strings.Split(strings.TrimSuffix(s.system, "\n"), "\n") {
		fmt.Fprintf(&b, "  %s\n", line)
	}
	b.WriteString("tools:\n")
	for i, t := range s.tools {
		fmt.Fprintf(&b, "  - name: %s\n", t.tmpl.name)
		desc := t.desc
		if i == 0 && s.plan.staleTool {
			desc = editedDesc(desc)
		}
		if desc.Kind == jsonv.String {
			fmt.Fprintf(&b, "    description: %s\n", quote(desc.Text))
		}
		fmt.Fprintf(&b, "    input_schema: %s\n", flowString(schemaValue(t.tmpl)))
	}
	mocks := map[string][]rule{}
	for _, t := range s.tools {
		if t.rules != nil {
			mocks[t.tmpl.name] = t.rules
		}
	}
	b.WriteString("mocks:\n")
	writeRules(&b, "  ", mocks)
	b.WriteString("cases:\n")
	for _, c := range s.cases {
		fmt.Fprintf(&b, "  - name: %s\n", quote(c.name))
		if c.listInput {
			fmt.Fprintf(&b, "    input:\n      - role: user\n        content: %s\n", quote(currentInput(c)))
		} else {
			fmt.Fprintf(&b, "    input: %s\n", quote(currentInput(c)))
		}
		b.WriteString("    expect: []\n")
		if c.model != "" {
			fmt.Fprintf(&b, "    model: %s\n", c.model)
		}
		if c.temp != "" {
			fmt.Fprintf(&b, "    temperature: %s\n", c.temp)
		}
		if c.maxTurns > 0 {
			fmt.Fprintf(&b, "    max_turns: %d\n", c.maxTurns)
		}
		if c.unmockNull {
			b.WriteString("    on_unmocked: \"null\"\n")
		}
		if c.plan.reps > 1 {
			fmt.Fprintf(&b, "    repeat: %d\n", c.plan.reps)
		}
		over := c.override
		if c.plan.stale == staleMock {
			over = map[string][]rule{c.overTool: {{steps: []outcome{{content: staleOverride(c)}}}}}
		}
		if len(over) > 0 {
			b.WriteString("    mocks:\n")
			writeRules(&b, "      ", over)
		}
	}
	return []byte(b.String())
}
