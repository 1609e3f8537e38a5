package yamlrt

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt/chars"
)

// TestScalarValuesAreNotTheText: a loaded suite keeps its values, so a
// value that were a substring of the text read would keep the whole file
// alive; each is a string of its own, and a short one met twice in a
// document is one string.
func TestScalarValuesAreNotTheText(t *testing.T) {
	t.Parallel()
	doc := "name: \"suite\"\ninput: 'a question that is longer than a short value is'\n" +
		"schema: {type: object, properties: {q: {type: string}, n: {type: string}}}\n" +
		"plain: some plain words\nblock: |\n  kept as written\n  on two lines\n" +
		"folded: >\n  folded\n  text\nescaped: \"tab\\there\"\nempty: ''\n"
	r, err := chars.New([]byte(doc), new(chars.Buffers))
	if err != nil {
		t.Fatal(err)
	}
	c := &composer{p: newParser(newScanner(r, &Session{}, new(buffers))), anchors: map[string]*Node{}, chunks: &chunks{}}
	root := c.single()
	text := r.Text()
	lo := uintptr(unsafe.Pointer(unsafe.StringData(text)))
	hi := lo + uintptr(len(text))
	var scalars []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.Kind == ScalarNode {
			scalars = append(scalars, n)
		}
		for _, x := range append(n.Items, n.Pairs...) {
			walk(x)
		}
	}
	walk(root)
	if len(scalars) < 20 {
		t.Fatalf("%d scalars", len(scalars))
	}
	shared := map[string]*byte{}
	for _, n := range scalars {
		if n.Value == "" {
			continue
		}
		p := unsafe.StringData(n.Value)
		if at := uintptr(unsafe.Pointer(p)); at >= lo && at < hi {
			t.Errorf("%q is a substring of the text", n.Value)
		}
		if len(n.Value) > maxShared {
			continue
		}
		if q, ok := shared[n.Value]; ok && q != p {
			t.Errorf("%q is two strings", n.Value)
		}
		shared[n.Value] = p
	}
	if !strings.Contains(text, "kept as written") {
		t.Fatal("not the text read")
	}
}
