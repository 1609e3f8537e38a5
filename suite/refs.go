package suite

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/confine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// resolveRefs is dryfire's $ref pass: every mapping holding the key $ref
// (at any depth, its other keys discarded) is replaced by the document of
// the file it names, relative to dir, read as is (its own $refs are not
// followed). A missing file is a spec error and the mapping becomes {};
// a file that cannot be read or parsed stops the load, as it stops
// dryfire's. Unlike dryfire, a $ref reads only inside the project root
// (see refpath.go): one that leads elsewhere is a spec error as a
// missing file is.
//
// v.refLoc is the location of n, kept as a stack.
func (v *validator) resolveRefs(n *YAMLNode, dir string) *YAMLNode {
	if v.fatal != nil {
		return n
	}
	switch n.Kind { //nolint:exhaustive // the other kinds need nothing here
	case jsonv.Object:
		if m, ok := n.Entry("$ref"); ok {
			return v.loadRef(n, m, dir, v.refLoc)
		}
		for i := range n.Members {
			if !isCollection(n.Members[i].Value) {
				continue
			}
			v.refLoc = append(v.refLoc, rawKeySeg(n.Members[i]))
			n.Members[i].Value = v.resolveRefs(n.Members[i].Value, dir)
			v.refLoc = v.refLoc[:len(v.refLoc)-1]
		}
	case jsonv.Array:
		for i := range n.Items {
			if !isCollection(n.Items[i]) {
				continue
			}
			v.refLoc = append(v.refLoc, indexSeg(i))
			n.Items[i] = v.resolveRefs(n.Items[i], dir)
			v.refLoc = v.refLoc[:len(v.refLoc)-1]
		}
	}
	return n
}

// isCollection reports whether n is a mapping or a list: only there can
// a $ref be.
func isCollection(n *YAMLNode) bool { return n.Kind == jsonv.Object || n.Kind == jsonv.Array }

func (v *validator) loadRef(n *YAMLNode, m YAMLMember, dir string, loc []locSeg) *YAMLNode {
	ref := yamlnode.PyStr(m.Value)
	target := ref
	if !filepath.IsAbs(ref) {
		target = filepath.Join(dir, ref)
	}
	r := v.resolve(dir, ref)
	switch r.Fate { //nolint:exhaustive // a file found is read below
	case confine.Missing:
		return v.refError(n, m, loc, "$ref target not found: "+ref, v.suggest(dir, ref, target))
	case confine.Outside, confine.InSystem:
		_, rootName := v.refs.get()
		msg, hint := refusal(r, ref, rootName)
		return v.refError(n, m, loc, msg, hint)
	}
	data, err := safefile.ReadFile(r.Path)
	if err != nil {
		v.fatal = &SpecError{File: v.file, Line: m.KeyNode.Line, Column: m.KeyNode.Column, Fatal: FatalValue,
			Message: "cannot read $ref target " + ref + ": " + err.Error()}
		return n
	}
	// The target is named as the suite is named (relative to the project
	// root), not as the $ref spells it.
	display := filepath.ToSlash(ref)
	if !filepath.IsAbs(ref) {
		display = path.Join(path.Dir(v.file), display)
	}
	loaded, err := v.arena.ParseIn(data, v.session)
	if err != nil {
		v.fatal = v.refLoadError(display, ref, m, err)
		return n
	}
	if msg := refOverBudget(v.arena); msg != "" {
		v.fatal = &SpecError{File: v.file, Line: m.KeyNode.Line, Column: m.KeyNode.Column, Fatal: FatalLimit,
			Message: "$ref target " + jsonv.PyRepr(ref) + " " + msg}
		return n
	}
	markFrom(loaded, target)
	if v.refNames == nil {
		v.refNames = map[string]string{}
	}
	v.refNames[target] = display
	loaded.Line, loaded.Column, loaded.From = n.Line, n.Column, ""
	return loaded
}

// refError is a $ref that brings nothing in: a spec error at its key, the
// mapping read as {} and the errors below it not reported (they would
// all follow from this one), as dryfire does for a missing target.
func (v *validator) refError(n *YAMLNode, m YAMLMember, loc []locSeg, msg, hint string) *YAMLNode {
	p := v.keyPos(n, m)
	if p.broken {
		v.crash(p, msg)
		return n
	}
	v.errs = append(v.errs, SpecError{File: v.file, Line: p.line, Column: p.col, Message: msg, Hint: hint,
		Loc: rawLoc(loc, fieldSeg("$ref"))})
	v.poisoned = append(v.poisoned, append([]locSeg(nil), loc...))
	return &YAMLNode{Kind: jsonv.Object}
}

// resolve resolves a $ref of the suite, whose directory is dir.
func (v *validator) resolve(dir, ref string) confine.Result {
	root, _ := v.refs.get()
	if v.realDir == "" {
		v.realDir = root.Dir(dir)
	}
	return v.refs.resolve(v.realDir, ref)
}

// suggest is dryfire's did-you-mean for a missing target, when the
// directory it would be in is one a $ref may read.
func (v *validator) suggest(dir, ref, target string) string {
	parent := "."
	if i := strings.LastIndex(filepath.ToSlash(ref), "/"); i > 0 {
		parent = ref[:i]
	} else if i == 0 {
		parent = ref[:1]
	}
	if r := v.resolve(dir, parent); r.Fate == confine.Found {
		return v.suggestIn(r.Path, filepath.Base(filepath.Dir(target)), filepath.Base(target))
	}
	return ""
}

// suggestIn is dryfire's did-you-mean: a file of dir (a real path,
// named parent) close to name.
func (v *validator) suggestIn(dir, parent, name string) string {
	root, _ := v.refs.get()
	if best := closeMatch(name, root.Files(dir), 0.5); best != "" {
		return "did you mean ./" + parent + "/" + best + "?"
	}
	return ""
}

// refLoadError is the error of a $ref target the YAML loader refuses:
// named and placed in the target as dryfire places it, but with none of
// the target's text (neither its line nor what the message would quote
// of it), and saying which $ref read it.
func (v *validator) refLoadError(display, ref string, m YAMLMember, err error) *SpecError {
	e := &SpecError{File: display, Ref: display, Fatal: FatalYAML, Message: err.Error()}
	if le, ok := err.(*LoadError); ok {
		e.Line, e.Column, e.Fatal, e.Message = le.Line, le.Column, le.Fatal, le.Redacted
	}
	e.Message = fmt.Sprintf("in $ref target %s: %s (read by the $ref at %s:%d:%d)",
		ref, e.Message, v.file, m.KeyNode.Line, m.KeyNode.Column)
	return e
}

// refOverBudget says how a $ref target just parsed through the arena takes
// the suite and its targets past the YAML limits, which bound them
// together as they bound one document ("" when it does not).
func refOverBudget(a *yamlnode.Arena) string {
	nodes, aliases := a.Counts()
	switch {
	case nodes > yamlrt.MaxNodes:
		return fmt.Sprintf("brings the suite and the files it $refs to more than %s nodes (the limit on nodes per document holds for them together)",
			groupThousands(yamlrt.MaxNodes))
	case aliases > yamlrt.MaxAliasNodes:
		return fmt.Sprintf("brings the aliases of the suite and the files it $refs to more than %s nodes repeated (the limit on alias expansion holds for them together)",
			groupThousands(yamlrt.MaxAliasNodes))
	}
	return ""
}

// keyPos is where dryfire places an error about the key of m in n: the key
// itself; nowhere for a merged key of a mapping made only of merged keys;
// and a failure (broken) for a merged key next to keys of its own.
func (v *validator) keyPos(n *YAMLNode, m YAMLMember) pos {
	switch {
	case !m.Merged:
		return nodePos(m.KeyNode)
	case n.HasOwnKeys():
		return pos{line: m.KeyNode.Line, col: m.KeyNode.Column, broken: true}
	}
	return pos{}
}

// valuePos is keyPos for the value of m.
func (v *validator) valuePos(n *YAMLNode, m YAMLMember) pos {
	p := v.keyPos(n, m)
	if !m.Merged {
		return nodePos(m.Value)
	}
	return p
}

var envRe = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// interpolate is dryfire's env pass: ${NAME} is replaced in every string
// value (not in keys), in place of the value (an aliased string is
// interpolated where each alias is).
//
// v.refLoc is the location of n, kept as a stack.
func (v *validator) interpolate(n *YAMLNode, lookupEnv func(string) (string, bool)) {
	switch n.Kind { //nolint:exhaustive // scalars are below
	case jsonv.Object:
		for i, m := range n.Members {
			if v.fatal != nil {
				return
			}
			v.refLoc = append(v.refLoc, rawKeySeg(m))
			if !m.Value.IsStr() {
				v.interpolate(m.Value, lookupEnv)
				v.refLoc = v.refLoc[:len(v.refLoc)-1]
				continue
			}
			p := v.valuePos(n, m)
			if p.broken {
				// dryfire asks for the position of every string value.
				v.crash(p, "a string value merged with a merge key (<<)")
				return
			}
			n.Members[i].Value = v.interp(m.Value, p, lookupEnv)
			v.refLoc = v.refLoc[:len(v.refLoc)-1]
		}
	case jsonv.Array:
		for i, it := range n.Items {
			if v.fatal != nil {
				return
			}
			v.refLoc = append(v.refLoc, indexSeg(i))
			if !it.IsStr() {
				v.interpolate(it, lookupEnv)
			} else {
				n.Items[i] = v.interp(it, nodePos(it), lookupEnv)
			}
			v.refLoc = v.refLoc[:len(v.refLoc)-1]
		}
	}
}

func (v *validator) interp(x *YAMLNode, p pos, lookupEnv func(string) (string, bool)) *YAMLNode {
	if !strings.Contains(x.Scalar.Text, "${") {
		return x
	}
	text := envRe.ReplaceAllStringFunc(x.Scalar.Text, func(m string) string {
		name := m[2 : len(m)-1]
		if lookupEnv != nil {
			if val, ok := lookupEnv(name); ok {
				return val
			}
		}
		e := v.errorAt(p, "environment variable ${"+name+"} is not set")
		e.Loc = rawLoc(v.refLoc)
		v.errs = append(v.errs, e)
		return ""
	})
	out := *x
	out.Scalar = jsonv.StringValue(text)
	return &out
}
