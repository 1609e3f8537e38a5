package diff

import (
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

func TestInline(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		before, after string
		a, b          []Span
		ok            bool
	}{
		"one word inside a long string": {
			`"Retrieve order details by order ID."`, `"Retrieve order details by order id."`,
			[]Span{{`"Retrieve order details by order `, false}, {"ID", true}, {`."`, false}},
			[]Span{{`"Retrieve order details by order `, false}, {"id", true}, {`."`, false}},
			true,
		},
		"a word added": {
			`"content": "refunds are disabled",`, `"content": "refunds are disabled for maintenance",`,
			[]Span{{`"content": "refunds are disabled",`, false}},
			[]Span{{`"content": "refunds are disabled`, false}, {" for maintenance", true}, {`",`, false}},
			true,
		},
		"a number": {
			`"temperature": 0.3`, `"temperature": 0.35`,
			[]Span{{`"temperature": 0.3`, false}},
			[]Span{{`"temperature": 0.3`, false}, {"5", true}},
			true,
		},
		"nothing in common":    {"abcdef", "uvwxyz", nil, nil, false},
		"equal":                {"same", "same", nil, nil, false},
		"too little in common": {`"a": "the quick brown fox"`, `"b": "jumps over the lazy dog"`, nil, nil, false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			a, b, ok := Inline(tc.before, tc.after)
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v (a %v, b %v)", ok, tc.ok, a, b)
			}
			if !slices.Equal(a, tc.a) {
				t.Errorf("before side %+v, want %+v", a, tc.a)
			}
			if !slices.Equal(b, tc.b) {
				t.Errorf("after side %+v, want %+v", b, tc.b)
			}
			if ok && (joined(a) != tc.before || joined(b) != tc.after) {
				t.Errorf("spans do not put the lines back together: %q %q", joined(a), joined(b))
			}
		})
	}
}

func joined(spans []Span) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(s.Text)
	}
	return b.String()
}

// TestUnifiedLinesMarkTheChangedWord: project-B's one-character edit of a
// tool description ('ID.' → 'id.'), explained on the golden recording,
// marks exactly that word inside the long description line.
func TestUnifiedLinesMarkTheChangedWord(t *testing.T) {
	t.Parallel()
	recorded := digest(t, "project-B-tool-description", "refund_agent/parallel_lookups/00-6e943a4a4125d90d.json")
	current := recorded.Clone()
	for i, tool := range current.Field("tools").Items {
		if tool.Field("name").Str() == "lookup_order" {
			d := strings.Replace(tool.Field("description").Str(), "ID.", "id.", 1)
			current = set(t, current, "tools["+itoa(i)+"].description", jsonv.StringValue(d))
		}
	}
	lines := Explain(recorded, current).UnifiedLines()
	var changed []Line
	for _, l := range lines {
		if l.Kind == LineRemoved || l.Kind == LineAdded {
			changed = append(changed, l)
		}
	}
	if len(changed) != 2 {
		t.Fatalf("%d changed lines, want the description before and after:\n%v", len(changed), lines)
	}
	for i, want := range []string{"ID", "id"} {
		var marked []string
		for _, s := range changed[i].Spans {
			if s.Changed {
				marked = append(marked, s.Text)
			}
		}
		if len(marked) != 1 || marked[0] != want {
			t.Errorf("%s line marks %q, want only %q", changed[i].Kind, marked, want)
		}
		if joined(changed[i].Spans) != changed[i].Text[1:] {
			t.Errorf("spans %q are not the line %q", joined(changed[i].Spans), changed[i].Text)
		}
	}
	if lines[0].Kind != LineHeader || lines[1].Kind != LineHeader || lines[2].Kind != LineHunk {
		t.Errorf("first lines: %v %v %v", lines[0].Kind, lines[1].Kind, lines[2].Kind)
	}
}

func itoa(i int) string { return string(rune('0' + i)) }
