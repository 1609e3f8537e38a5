package tape

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
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
