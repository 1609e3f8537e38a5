package suite

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRefTargetErrorsQuoteNothingOfIt: an error in a file a $ref brought
// in (one its YAML parser meets, or one of the suite's check in what it
// brought) gives its position, dryfire's way, and the key names it is
// about, but no line of the file and no value of it: not the line the
// parser stopped at, not a tag, an alias, a scalar, a pattern or a type
// the message would quote.
func TestRefTargetErrorsQuoteNothingOfIt(t *testing.T) {
	t.Parallel()
	const c = refCanary
	for _, tc := range []struct {
		name, target string
		// suite replaces the tool {$ref} of refSuite when set: a suite
		// that $refs ../schemas/t.yaml elsewhere.
		suite string
		// want is the error: file, position, message (the $ref of refSuite
		// is at evals/s.eval.yaml:6:5).
		file         string
		line, column int
		message      string
		// source is the line shown: none for a position in the target;
		// the suite's for one there (where the $ref is).
		source string
	}{
		{
			name: "syntax", target: "name: t\nkey: " + c + "\n  bad: [\n",
			file: "schemas/t.yaml", line: 3, column: 6,
			message: "in $ref target ../schemas/t.yaml: mapping values are not allowed here (read by the $ref at evals/s.eval.yaml:6:5)",
		},
		{
			name: "tag", target: "name: !" + c + " {a: !!int x}\n",
			file: "schemas/t.yaml", line: 1, column: 7,
			message: "in $ref target ../schemas/t.yaml: could not determine a constructor for the tag '…' (read by the $ref at evals/s.eval.yaml:6:5)",
		},
		{
			name: "alias", target: "name: *" + c + "\n",
			file: "schemas/t.yaml", line: 1, column: 7,
			message: "in $ref target ../schemas/t.yaml: found undefined alias '…' (read by the $ref at evals/s.eval.yaml:6:5)",
		},
		{
			name: "tag handle", target: "name: !" + c + "!x y\n",
			file: "schemas/t.yaml", line: 1, column: 7,
			message: "in $ref target ../schemas/t.yaml: while parsing a node: found undefined tag handle '…' (read by the $ref at evals/s.eval.yaml:6:5)",
		},
		{
			name: "timestamp", target: "name: 2024-02-31\n",
			file: "schemas/t.yaml", line: 1, column: 7,
			message: "in $ref target ../schemas/t.yaml: ValueError: day is out of range for month (read by the $ref at evals/s.eval.yaml:6:5)",
		},
		{
			name: "a field's value", target: "name: t\ndescription: [" + c + "]\ninput_schema: {}\n",
			file: "evals/s.eval.yaml", line: 2, column: 1,
			message: "expected a string",
		},
		{
			name: "a pattern", target: "'(" + c + "'\n",
			suite: "name: s\ncases:\n  - name: c\n    input: hi\n    expect: [{final_matches: {$ref: ../schemas/t.yaml}}]\n",
			file:  "evals/s.eval.yaml", line: 5, column: 30, source: "    expect: [{final_matches: {$ref: ../schemas/t.yaml}}]",
			message: "invalid arguments for 'final_matches': <args>: Value error, invalid regex '…' at position 0 (a pattern from a $ref'd file is not shown)",
		},
		{
			name: "a field type", target: "fields: {a: " + c + ", b: str}\n",
			suite: "name: s\ncases:\n  - name: c\n    input: hi\n    expect: [{final_json: {$ref: ../schemas/t.yaml}}]\n",
			file:  "evals/s.eval.yaml", line: 5, column: 27, source: "    expect: [{final_json: {$ref: ../schemas/t.yaml}}]",
			message: "invalid arguments for 'final_json': fields: Value error, unknown field type(s) ['…']; expected one of ['any', 'array', 'bool', 'float', 'int', 'number', 'object', 'str']",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			project, _ := refProject(t)
			writeFile(t, filepath.Join(project, "schemas", "t.yaml"), tc.target)
			s := tc.suite
			if s == "" {
				s = refSuite("../schemas/t.yaml")
			}
			writeFile(t, filepath.Join(project, "evals", "s.eval.yaml"), s)
			pr, err := LoadProject(project, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(pr.Errors) != 1 {
				t.Fatalf("want one error, got %v", pr.Errors)
			}
			e := pr.Errors[0]
			if e.File != tc.file || e.Line != tc.line || e.Column != tc.column || e.Message != tc.message {
				t.Errorf("got  %s\nwant %s:%d:%d: %s", e.Error(), tc.file, tc.line, tc.column, tc.message)
			}
			if e.Source != tc.source {
				t.Errorf("the error shows the line %q, want %q", e.Source, tc.source)
			}
			if strings.Contains(e.Error()+e.Hint, c) {
				t.Errorf("the error quotes the file: %s (hint %q)", e.Error(), e.Hint)
			}
		})
	}
}

// TestRefTargetErrorsNameTheTarget: an error placed in a file a $ref
// brought in says which file (Ref), so that no reader looks for that
// position, or shows a line, in the suite; an error in the suite itself
// has no Ref and its line.
func TestRefTargetErrorsNameTheTarget(t *testing.T) {
	t.Parallel()
	project, _ := refProject(t)
	writeFile(t, filepath.Join(project, "schemas", "t.yaml"), "name: t\ndescription: [x]\ninput_schema: {}\n")
	writeFile(t, filepath.Join(project, "schemas", "bad.yaml"), "a: [\n")
	writeFile(t, filepath.Join(project, "evals", "s.eval.yaml"), strings.Replace(refSuite("../schemas/t.yaml"), "description: d", "description: [d]", 1))
	writeFile(t, filepath.Join(project, "evals", "b.eval.yaml"), strings.Replace(refSuite("../schemas/bad.yaml"), "name: s", "name: b", 1))
	pr, err := LoadProject(project, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]SpecError{}
	for _, e := range pr.Errors {
		got[e.Error()] = e
	}
	for msg, want := range map[string]struct{ ref, source string }{
		"evals/s.eval.yaml:2:1: expected a string": {ref: "schemas/t.yaml"},
		"evals/s.eval.yaml:4:5: expected a string": {source: "    description: [d]"},
		"schemas/bad.yaml:2:1: in $ref target ../schemas/bad.yaml: while parsing a flow node: expected the node content, but found '<stream end>' (read by the $ref at evals/b.eval.yaml:6:5)": {ref: "schemas/bad.yaml"},
	} {
		e, ok := got[msg]
		if !ok {
			t.Errorf("no error %q in %v", msg, pr.Errors)
			continue
		}
		if e.Ref != want.ref || e.Source != want.source {
			t.Errorf("%s: ref %q, source %q; want %q, %q", msg, e.Ref, e.Source, want.ref, want.source)
		}
	}
}
