package watch

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/scan"
)

// kind is what the files of a directory can be to the scan, and so which
// of their changes count.
type kind uint8

const (
	// recordings: cassettes and tapes (*.json) and the directories that
	// hold them.
	recordings kind = 1 << iota
	// suites: suite files and the files they $ref (*.yaml, *.yml,
	// *.json).
	suites
	// config: dryfire.yaml.
	config
	// single: the one file PATH names.
	single
)

// root is a directory to watch: alone, or with every directory below it
// (deep).
type root struct {
	dir  string
	deep bool
	kind kind
}

// scope is what a layout's scan reads: the directories to watch and the
// files in them whose changes count.
type scope struct {
	roots []root
	// configName is the project's config file name ("" without one);
	// file is PATH when it names one file.
	configName, file string
}

// scopeOf is what the scan of l reads: the cassette root and the tape
// directories with everything below them, the directory of dryfire.yaml,
// and the directories the suites are found in (with those below them when
// a suites: glob reaches down, as "evals/**/*.eval.yaml" does).
func scopeOf(l *scan.Layout) scope {
	var s scope
	if l.CassetteRoot != "" {
		s.roots = append(s.roots, root{dir: l.CassetteRoot, deep: true, kind: recordings})
	}
	for _, d := range l.TapeDirs {
		s.roots = append(s.roots, root{dir: d, deep: true, kind: recordings})
	}
	if l.IsFile {
		s.file = l.Path
		s.roots = append(s.roots, root{dir: filepath.Dir(l.Path), kind: single})
	}
	if p := l.Project; p != nil {
		if p.ConfigPath != "" {
			s.configName = filepath.Base(p.ConfigPath)
			s.roots = append(s.roots, root{dir: filepath.Dir(p.ConfigPath), kind: config})
		}
		for _, f := range l.SuiteFiles {
			s.roots = append(s.roots, root{dir: filepath.Dir(abs(l.Root, f)), kind: suites})
		}
		if l.SuiteFiles == nil {
			for _, pattern := range p.Config.Suites {
				dir, deep := globBase(l.Root, pattern)
				s.roots = append(s.roots, root{dir: dir, deep: deep, kind: suites})
			}
		}
	}
	return s
}

// equal reports whether two scopes watch the same.
func (s scope) equal(o scope) bool {
	return s.configName == o.configName && s.file == o.file && slices.Equal(s.roots, o.roots)
}

// abs is the slash path p relative to dir, or p when it is absolute.
func abs(dir, p string) string {
	p = filepath.FromSlash(p)
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// globBase is the directory a suites: glob (relative to root) searches
// from: the components before the first with a wildcard. deep is set when
// the glob reaches into directories below it ("**", or a wildcard before
// the last component); a glob without a wildcard names one file, in the
// directory returned.
func globBase(root, pattern string) (dir string, deep bool) {
	parts := strings.Split(filepath.ToSlash(pattern), "/")
	for i, part := range parts {
		if strings.ContainsAny(part, "*?[") {
			return abs(root, strings.Join(parts[:i], "/")), i < len(parts)-1
		}
	}
	return filepath.Dir(abs(root, pattern)), false
}

// counts reports whether a change to the file called name, in a directory
// whose files are of kinds k, can change what the scan finds. p is its
// path.
func (s scope) counts(k kind, p, name string) bool {
	switch {
	case k&single != 0 && p == s.file:
		return true
	case k&config != 0 && name == s.configName:
		return true
	case strings.HasPrefix(name, ".#"): // an editor's lock file
		return false
	case k&recordings != 0 && strings.HasSuffix(name, ".json"):
		return true
	}
	if k&suites == 0 {
		return false
	}
	switch filepath.Ext(name) {
	case ".yaml", ".yml", ".json":
		return true
	}
	return false
}

// ignored reports whether a directory is never watched: git's own.
func ignored(name string) bool { return name == ".git" }
