package tape

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// The public API as a Go user reads it (go doc, pkg.go.dev): what it shows
// must be enough to use the package from another module, which cannot
// import this module's internal packages.

// parseFile parses a Go file of this package with its comments.
func parseFile(t *testing.T, name string) *ast.File {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// typeDoc returns the doc comment of the type called name in f.
func typeDoc(f *ast.File, name string) string {
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, s := range g.Specs {
			if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.Name == name {
				return g.Doc.Text()
			}
		}
	}
	return ""
}

// funcNames returns the names of the package-level functions of f whose
// result is one Value.
func valueFuncs(f *ast.File) []string {
	var names []string
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !fd.Name.IsExported() || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
			continue
		}
		if id, ok := fd.Type.Results.List[0].Type.(*ast.Ident); ok && id.Name == "Value" {
			names = append(names, fd.Name.Name)
		}
	}
	return names
}

// Value is an alias of a type in an internal package, so go doc lists none
// of its methods under tape: its doc comment must name every one.
func TestValueDocNamesEveryMethod(t *testing.T) {
	doc := typeDoc(parseFile(t, "value.go"), "Value")
	methods := reflect.TypeFor[*jsonv.Value]()
	for i := range methods.NumMethod() {
		if m := methods.Method(i).Name; !strings.Contains(doc, "v."+m+"(") {
			t.Errorf("the doc of tape.Value does not describe its method %s", m)
		}
	}
	for _, field := range reflect.VisibleFields(reflect.TypeFor[jsonv.Value]()) {
		if !strings.Contains(doc, "  - "+field.Name+" ") {
			t.Errorf("the doc of tape.Value does not describe its field %s", field.Name)
		}
	}
}

// A Normalize function builds Values and tests their kind: every
// constructor of Value (but the M shorthand) exists in tape too.
func TestValueConstructorsArePublic(t *testing.T) {
	public := strings.Join(valueFuncs(parseFile(t, "value.go")), " ") + " "
	for _, name := range valueFuncs(parseFile(t, "../internal/jsonv/value.go")) {
		if name != "M" && !strings.Contains(public, name+" ") {
			t.Errorf("tape has no %s: a Normalize function cannot build that Value", name)
		}
	}
	for _, k := range []Kind{Null, Bool, Number, String, Array, Object} {
		if v := (Value{Kind: k}); v.Kind.String() != []string{"null", "bool", "number", "string", "array", "object"}[k] {
			t.Errorf("kind %d is %s", k, v.Kind)
		}
	}
}

// The program docs/tape.md points to imports only what a user's module
// can import.
func TestExampleImportsOnlyPublicPackages(t *testing.T) {
	for _, imp := range parseFile(t, "example_test.go").Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if strings.Contains(p, "/internal/") || strings.HasSuffix(p, "/internal") {
			t.Errorf("example_test.go imports %s, which a user's module cannot import", p)
		}
	}
}

var goBlock = regexp.MustCompile("(?s)```go\n(.*?)```")

// Every Go block of docs/tape.md is quoted from example_test.go, which
// `go test` compiles and runs, so the doc cannot drift from the API.
func TestDocSnippetsAreQuotedFromTheExample(t *testing.T) {
	doc, err := os.ReadFile("../docs/tape.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	example := "\n" + trimLines(string(src)) + "\n"
	blocks := goBlock.FindAllStringSubmatch(string(doc), -1)
	if len(blocks) == 0 {
		t.Fatal("docs/tape.md has no Go block")
	}
	for _, b := range blocks {
		if !strings.Contains(example, "\n"+trimLines(b[1])+"\n") {
			t.Errorf("this block of docs/tape.md is not in example_test.go:\n%s", b[1])
		}
	}
}

// trimLines drops each line's indentation and the blank lines at both ends.
func trimLines(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, " \t")
	}
	return strings.Join(lines, "\n")
}
