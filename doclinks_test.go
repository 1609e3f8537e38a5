package main

import (
	"go/ast"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestDocLinks: every doc link (a name in square brackets: Name,
// Type.Method, pkg.Name, pkg.Type.Field or pkg) in a doc comment of the
// module names something that exists: a declaration of the package itself, or of a package it
// imports. go doc and go vet say nothing of a link that names nothing: the
// text is shown as it is and the reader is left with a dead name.
//
// The doc comments are those of the package, of every declaration
// (exported or not: an editor's hover shows them all), of struct fields
// and of interface methods, in every file of the package, tests included
// (a package's tests are checked with it, an external _test package on
// its own). A bracketed name whose package the package does not import is
// broken too (go doc would not link it), and so is a bracketed import path
// that is not a package (go doc would link it). Prose in brackets is left
// alone, as go doc leaves it: a lowercase word in brackets (key, i), and a
// name in capitals (REDACTED) that names nothing.
func TestDocLinks(t *testing.T) {
	srcs := listSources(t)
	fset := token.NewFileSet()
	tables := map[string]symtab{} // import path → its declarations
	declsOf := func(path string) symtab {
		if s, ok := tables[path]; ok {
			return s
		}
		var s symtab
		if src, ok := srcs[path]; ok {
			if files, err := parseFiles(fset, src.dir, src.files); err == nil {
				s = symbols(files)
			}
		}
		tables[path] = s
		return s
	}
	var broken []string
	checked := 0
	for path, src := range srcs {
		if !strings.HasPrefix(path, modulePath) {
			continue
		}
		for _, unit := range [][]string{slices.Concat(src.files, src.tests), src.xtests} {
			if len(unit) == 0 {
				continue
			}
			files, err := parseFiles(fset, src.dir, unit)
			if err != nil {
				t.Error(err)
				continue
			}
			p := newPkgScope(files, srcs, path)
			for _, cg := range docComments(files) {
				text := cg.Text()
				for _, l := range docLinks(p, text) {
					checked++
					if why := l.check(p, declsOf); why != "" {
						broken = append(broken, linkPos(fset, cg, text, l)+": ["+l.text()+"] "+why)
					}
				}
			}
		}
	}
	sort.Strings(broken)
	for _, b := range broken {
		t.Error(b)
	}
	if checked < 500 {
		t.Fatalf("found %d doc links in the module: the test checked too little", checked)
	}
}

// symtab is what a package declares at top level, as doc links name it:
// Name, and Type.Method, Type.Field, Interface.Method.
type symtab map[string]bool

func (s symtab) has(recv, name string) bool {
	if recv != "" {
		return s[recv+"."+name]
	}
	return s[name]
}

// symbols are the declarations of a package's files.
func symbols(files []*ast.File) symtab {
	s := symtab{}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil && len(d.Recv.List) == 1 {
					s[recvName(d.Recv.List[0].Type)+"."+d.Name.Name] = true
				} else {
					s[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					specSymbols(s, spec)
				}
			}
		}
	}
	return s
}

func specSymbols(s symtab, spec ast.Spec) {
	switch spec := spec.(type) {
	case *ast.ValueSpec:
		for _, n := range spec.Names {
			s[n.Name] = true
		}
	case *ast.TypeSpec:
		s[spec.Name.Name] = true
		var fields *ast.FieldList
		switch t := spec.Type.(type) {
		case *ast.StructType:
			fields = t.Fields
		case *ast.InterfaceType:
			fields = t.Methods
		}
		if fields == nil {
			return
		}
		for _, f := range fields.List {
			for _, n := range f.Names {
				s[spec.Name.Name+"."+n.Name] = true
			}
		}
	}
}

// recvName is the type of a method's receiver: T of *T, T[K].
func recvName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// pkgScope is what a link in a package's comments can name: its own
// declarations and the packages its files import, by the name each is
// imported as.
type pkgScope struct {
	name    string
	decls   symtab
	imports map[string]string // name → import path; "" when two imports share a name
}

func newPkgScope(files []*ast.File, srcs map[string]source, path string) *pkgScope {
	p := &pkgScope{name: files[0].Name.Name, decls: symbols(files), imports: map[string]string{}}
	for _, f := range files {
		for _, imp := range f.Imports {
			ipath := strings.Trim(imp.Path.Value, `"`)
			name := srcs[ipath].name
			if imp.Name != nil {
				name = imp.Name.Name
			}
			if name == "" || name == "_" || name == "." {
				continue
			}
			if prev, ok := p.imports[name]; ok && prev != ipath {
				ipath = ""
			}
			p.imports[name] = ipath
		}
	}
	if strings.HasSuffix(p.name, "_test") {
		p.imports[strings.TrimSuffix(p.name, "_test")] = path
	}
	return p
}

// lookupPackage is go doc's: an import of the package, or the package
// itself (""), or a package of the standard library with a one-element
// path.
func (p *pkgScope) lookupPackage(name string) (string, bool) {
	if path, ok := p.imports[name]; ok {
		return path, path != ""
	}
	if name == p.name {
		return "", true
	}
	return comment.DefaultLookupPackage(name)
}

// unknownPkg marks, in a link, a package name no import of the package
// gives.
const unknownPkg = "\x00"

// link is one doc link of a comment, as a permissive parse finds it.
type link struct{ pkg, path, recv, name string }

func (l link) text() string {
	s := l.pkg
	for _, part := range []string{l.recv, l.name} {
		if part != "" && s != "" {
			s += "."
		}
		s += part
	}
	return s
}

// check says what is wrong with the link, "" when it names something.
func (l link) check(p *pkgScope, declsOf func(string) symtab) string {
	switch {
	case strings.HasPrefix(l.path, unknownPkg):
		return "names package " + l.pkg + ", which the package does not import"
	case l.path == "":
		if !p.decls.has(l.recv, l.name) {
			return "names nothing declared in the package"
		}
	default:
		decls := declsOf(l.path)
		if decls == nil {
			return "names package " + l.path + ", which is not a package the module builds with"
		}
		if l.name != "" && !decls.has(l.recv, l.name) {
			return "names nothing declared in " + l.path
		}
	}
	return ""
}

// docLinks parses a comment the way go doc does, but taking every
// bracketed name as a link (go doc leaves a name that resolves to nothing
// as plain text), and returns the links with where they point.
func docLinks(p *pkgScope, text string) []link {
	parser := &comment.Parser{
		LookupSym: func(recv, name string) bool {
			return p.decls.has(recv, name) || strings.ToUpper(name) != name
		},
		LookupPackage: func(name string) (string, bool) {
			if path, ok := p.lookupPackage(name); ok {
				return path, true
			}
			if token.IsIdentifier(name) {
				return unknownPkg + name, true
			}
			return "", false
		},
	}
	var out []link
	var inline func([]comment.Text)
	inline = func(ts []comment.Text) {
		for _, t := range ts {
			switch t := t.(type) {
			case *comment.DocLink:
				if l, ok := newLink(p, t); ok {
					out = append(out, l)
				}
			case *comment.Link:
				inline(t.Text)
			case *comment.Italic, comment.Plain:
			}
		}
	}
	var blocks func([]comment.Block)
	blocks = func(bs []comment.Block) {
		for _, b := range bs {
			switch b := b.(type) {
			case *comment.Paragraph:
				inline(b.Text)
			case *comment.Heading:
				inline(b.Text)
			case *comment.List:
				for _, it := range b.Items {
					blocks(it.Content)
				}
			case *comment.Code:
			}
		}
	}
	blocks(parser.Parse(text).Content)
	return out
}

// newLink is a doc link with the package name it was written with; false
// for [word], a lowercase word in brackets that names no package: prose.
func newLink(p *pkgScope, t *comment.DocLink) (link, bool) {
	l := link{path: t.ImportPath, recv: t.Recv, name: t.Name}
	switch {
	case strings.HasPrefix(l.path, unknownPkg):
		l.pkg = strings.TrimPrefix(l.path, unknownPkg)
		return l, l.name != ""
	case l.path != "":
		l.pkg = l.path // written as its import path, unless imported by name
		for name, path := range p.imports {
			if path == l.path {
				l.pkg = name
			}
		}
	}
	return l, true
}

// docComments are the doc comments of a package's files: the package's,
// each declaration's and spec's, each field's.
func docComments(files []*ast.File) []*ast.CommentGroup {
	var out []*ast.CommentGroup
	seen := map[*ast.CommentGroup]bool{}
	add := func(cg *ast.CommentGroup) {
		if cg != nil && !seen[cg] {
			seen[cg] = true
			out = append(out, cg)
		}
	}
	for _, f := range files {
		add(f.Doc)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				add(n.Doc)
			case *ast.FuncDecl:
				add(n.Doc)
				return false // no doc comments inside a body
			case *ast.TypeSpec:
				add(n.Doc)
			case *ast.ValueSpec:
				add(n.Doc)
			case *ast.Field:
				add(n.Doc)
			}
			return true
		})
	}
	return out
}

// linkPos is where a link is: its line in the comment when it is found
// there as written, else the comment's start, the file relative to the
// module.
func linkPos(fset *token.FileSet, cg *ast.CommentGroup, text string, l link) string {
	pos := fset.Position(cg.Pos())
	if i := strings.Index(text, "["+l.text()+"]"); i >= 0 {
		pos.Line, pos.Column = pos.Line+strings.Count(text[:i], "\n"), 0
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, pos.Filename); err == nil {
			pos.Filename = filepath.ToSlash(rel)
		}
	}
	return pos.String()
}

// source is a package as go list gives it: its name, its directory and
// its files (the tests of the package, and those of its _test package).
type source struct {
	name, dir            string
	files, tests, xtests []string
}

// listSources lists every package of the module and every package its
// packages and their tests build with, the standard library's included.
func listSources(t *testing.T) map[string]source {
	t.Helper()
	const format = "{{.ImportPath}}\t{{.Name}}\t{{.Dir}}\t{{join .GoFiles \" \"}}\t{{join .TestGoFiles \" \"}}\t{{join .XTestGoFiles \" \"}}"
	out := goList(t, "-deps", "-test", "-f", format, "./...")
	srcs := map[string]source{}
	for line := range strings.SplitSeq(strings.TrimRight(string(out), "\n"), "\n") {
		f := strings.Split(line, "\t")
		if strings.Contains(f[0], " ") || strings.HasSuffix(f[0], ".test") {
			continue // a package built for its tests, and its test binary
		}
		if len(f) != 6 {
			t.Fatalf("go list printed %q", line)
		}
		srcs[f[0]] = source{name: f[1], dir: f[2], files: strings.Fields(f[3]), tests: strings.Fields(f[4]), xtests: strings.Fields(f[5])}
	}
	if _, ok := srcs[modulePath+"/scan"]; !ok {
		t.Fatalf("go list did not list scan: %d packages", len(srcs))
	}
	return srcs
}

// parseFiles parses files of dir with their comments.
func parseFiles(fset *token.FileSet, dir string, names []string) ([]*ast.File, error) {
	files := make([]*ast.File, 0, len(names))
	for _, name := range names {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}
