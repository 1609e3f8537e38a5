package pathlib

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"
)

// Compare orders slash-separated relative paths as Python's pathlib
// sorts paths: component by component, each compared by code point (bytes
// that are not UTF-8 count as the surrogates Python decodes them to).
func Compare(a, b string) int {
	for {
		ac, arest, amore := strings.Cut(a, "/")
		bc, brest, bmore := strings.Cut(b, "/")
		if c := comparePyStr(ac, bc); c != 0 {
			return c
		}
		switch {
		case !amore && !bmore:
			return 0
		case !amore:
			return -1
		case !bmore:
			return 1
		}
		a, b = arest, brest
	}
}

func comparePyStr(a, b string) int {
	if utf8.ValidString(a) && utf8.ValidString(b) {
		return strings.Compare(a, b)
	}
	for a != "" && b != "" {
		ra, na := pyRune(a)
		rb, nb := pyRune(b)
		if ra != rb {
			if ra < rb {
				return -1
			}
			return 1
		}
		a, b = a[na:], b[nb:]
	}
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -1
	}
	return 1
}

// pyRune decodes one code point as Python's surrogateescape file system
// decoding does.
func pyRune(s string) (rune, int) {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n <= 1 {
		return 0xDC00 + rune(s[0]), 1
	}
	return r, n
}

// Glob evaluates a glob relative to root as Python's pathlib does
// (Path.glob, then sorted): "**" matches zero or more directories, "*", "?"
// and "[...]" match within one name (hidden names included), results are
// sorted component by component. Matches are slash paths relative to root.
func Glob(root, pattern string) ([]string, error) {
	if pattern == "" {
		return nil, errors.New("unacceptable pattern: ''")
	}
	if strings.HasPrefix(pattern, "/") {
		return nil, errors.New("non-relative patterns are unsupported: " + pattern)
	}
	var parts []string
	for _, p := range strings.Split(pattern, "/") {
		if p != "" && p != "." {
			parts = append(parts, p)
		}
	}
	seen := map[string]bool{}
	var out []string
	var walk func(rel string, parts []string)
	walk = func(rel string, parts []string) {
		if len(parts) == 0 {
			if rel != "" && !seen[rel] {
				seen[rel] = true
				out = append(out, rel)
			}
			return
		}
		dir := filepath.Join(root, filepath.FromSlash(rel))
		part := parts[0]
		switch {
		case part == "**":
			walk(rel, parts[1:])
			for _, e := range readDirs(dir) {
				walk(path.Join(rel, e), parts)
			}
		case !strings.ContainsAny(part, "*?["):
			next := path.Join(rel, part)
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(next))); err == nil {
				walk(next, parts[1:])
			}
		default:
			entries, _ := os.ReadDir(dir)
			pat := strings.ReplaceAll(part, "[!", "[^")
			for _, e := range entries {
				if ok, _ := path.Match(pat, e.Name()); !ok {
					continue
				}
				if len(parts) > 1 && !isDirEntry(dir, e) {
					continue
				}
				walk(path.Join(rel, e.Name()), parts[1:])
			}
		}
	}
	walk("", parts)
	Sort(out)
	return out, nil
}

func readDirs(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if isDirEntry(dir, e) {
			names = append(names, e.Name())
		}
	}
	return names
}

func isDirEntry(dir string, e fs.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	if e.Type()&fs.ModeSymlink != 0 {
		fi, err := os.Stat(filepath.Join(dir, e.Name()))
		return err == nil && fi.IsDir()
	}
	return false
}

// SortStrings sorts strings as Python sorts str: by code point, bytes that
// are not UTF-8 as the surrogates Python decodes them to (dryfire sorts
// the suite paths of its command line so: sorted(paths, key=str)).
func SortStrings(s []string) {
	sort.SliceStable(s, func(i, j int) bool { return comparePyStr(s[i], s[j]) < 0 })
}

// Sort sorts slash paths as Python sorts pathlib paths: component by
// component, each compared by code point.
func Sort(paths []string) {
	sort.SliceStable(paths, func(i, j int) bool { return Compare(paths[i], paths[j]) < 0 })
}
