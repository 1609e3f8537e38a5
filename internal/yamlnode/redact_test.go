package yamlnode

import (
	"errors"
	"strings"
	"testing"
)

// TestRedactedLeavesTheDocumentOut: the errors that quote the document (a
// tag, an alias's or a tag handle's name, a scalar Python cannot build)
// say it in Message, as ruamel and Python do, and write it '…' in
// Redacted; the others' Redacted is their Message.
func TestRedactedLeavesTheDocumentOut(t *testing.T) {
	t.Parallel()
	const secret = "s3cr3t"
	for _, tc := range []struct{ doc, redacted string }{
		{"x: *" + secret + "\n", "found undefined alias '…'"},
		{"x: !" + secret + "!y z\n", "while parsing a node: found undefined tag handle '…'"},
		{"%TAG !" + secret + "! tag:a,2000:\n%TAG !" + secret + "! tag:b,2000:\n--- x\n", "duplicate tag handle '…'"},
		{"x: !" + secret + " {a: !!int b}\n", "could not determine a constructor for the tag '…'"},
		{"x: !!int 0b2" + secret + "\n", "ValueError: invalid literal for int() with base 2: '…'"},
		{"%YAML 1.1\n---\nx: !!int 1:" + secret + "\n", "ValueError: invalid literal for int() with base 10: '…'"},
		{"x: !!float " + secret + "\n", "ValueError: could not convert string to float: '…'"},
		{"x: !!bool " + secret + "\n", "KeyError: '…' is not a boolean"},
		{"x: !!timestamp 2024-02-" + "31\n", "ValueError: day is out of range for month"},
		{"x: [\n", "while parsing a flow node: expected the node content, but found '<stream end>'"},
	} {
		_, err := Parse([]byte(tc.doc))
		var le *LoadError
		if !errors.As(err, &le) {
			t.Errorf("%q: %v, want a load error", tc.doc, err)
			continue
		}
		if le.Redacted != tc.redacted {
			t.Errorf("%q: redacted %q, want %q (message %q)", tc.doc, le.Redacted, tc.redacted, le.Message)
		}
		if strings.Contains(tc.redacted, "…") && !strings.Contains(le.Message, secret) {
			t.Errorf("%q: the message %q does not say what it is about", tc.doc, le.Message)
		}
		if strings.Contains(le.Redacted, secret) {
			t.Errorf("%q: redacted %q", tc.doc, le.Redacted)
		}
	}
}
