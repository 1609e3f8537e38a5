package suite

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlnode"
)

// resolveRefs is dryfire's $ref pass: every mapping holding the key $ref
// (at any depth, its other keys discarded) is replaced by the document of
// the file it names, relative to dir, read as is (its own $refs are not
// followed). A missing file is a spec error and the mapping becomes {};
// a file that cannot be read or parsed stops the load, as it stops
// dryfire's.
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
			v.refLoc = append(v.refLoc, n.Members[i].Key)
			n.Members[i].Value = v.resolveRefs(n.Members[i].Value, dir)
			v.refLoc = v.refLoc[:len(v.refLoc)-1]
		}
	case jsonv.Array:
		for i := range n.Items {
			if !isCollection(n.Items[i]) {
				continue
			}
			v.refLoc = append(v.refLoc, strconv.Itoa(i))
			n.Items[i] = v.resolveRefs(n.Items[i], dir)
			v.refLoc = v.refLoc[:len(v.refLoc)-1]
		}
	}
	return n
}

// isCollection reports whether n is a mapping or a list: only there can
// a $ref be.
func isCollection(n *YAMLNode) bool { return n.Kind == jsonv.Object || n.Kind == jsonv.Array }

func (v *validator) loadRef(n *YAMLNode, m YAMLMember, dir string, loc []string) *YAMLNode {
	ref := yamlnode.PyStr(m.Value)
	target := ref
	if !filepath.IsAbs(ref) {
		target = filepath.Join(dir, ref)
	}
	if _, err := os.Stat(target); err != nil {
		p := v.keyPos(n, m)
		if p.broken {
			v.crash(p, "$ref target not found: "+ref)
			return n
		}
		v.errs = append(v.errs, SpecError{File: v.file, Line: p.line, Column: p.col,
			Message: "$ref target not found: " + ref, Hint: suggestFile(target)})
		v.poisoned = append(v.poisoned, append([]string(nil), loc...))
		return &YAMLNode{Kind: jsonv.Object}
	}
	data, err := safefile.ReadFile(target)
	if err != nil {
		v.fatal = &SpecError{File: v.file, Line: m.KeyNode.Line, Column: m.KeyNode.Column, Fatal: FatalValue,
			Message: "cannot read $ref target " + ref + ": " + err.Error()}
		return n
	}
	loaded, err := v.arena.ParseIn(data, v.session)
	if err != nil {
		// The error is in the target: name it as the suite is named
		// (relative to the project root), not as the $ref spells it.
		display := filepath.ToSlash(ref)
		if !filepath.IsAbs(ref) {
			display = path.Join(path.Dir(v.file), display)
		}
		e := yamlSpecError(display, data, err)
		e.Message = "in $ref target " + ref + ": " + e.Message
		v.fatal = &e
		return n
	}
	markFrom(loaded, target)
	loaded.Line, loaded.Column, loaded.From = n.Line, n.Column, ""
	return loaded
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
func (v *validator) interpolate(n *YAMLNode, lookupEnv func(string) (string, bool)) {
	switch n.Kind { //nolint:exhaustive // scalars are below
	case jsonv.Object:
		for i, m := range n.Members {
			if v.fatal != nil {
				return
			}
			if !m.Value.IsStr() {
				v.interpolate(m.Value, lookupEnv)
				continue
			}
			p := v.valuePos(n, m)
			if p.broken {
				// dryfire asks for the position of every string value.
				v.crash(p, "a string value merged with a merge key (<<)")
				return
			}
			n.Members[i].Value = v.interp(m.Value, p, lookupEnv)
		}
	case jsonv.Array:
		for i, it := range n.Items {
			if v.fatal != nil {
				return
			}
			if !it.IsStr() {
				v.interpolate(it, lookupEnv)
				continue
			}
			n.Items[i] = v.interp(it, nodePos(it), lookupEnv)
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
		v.errs = append(v.errs, SpecError{File: v.file, Line: p.line, Column: p.col,
			Message: "environment variable ${" + name + "} is not set"})
		return ""
	})
	out := *x
	out.Scalar = jsonv.StringValue(text)
	return &out
}
