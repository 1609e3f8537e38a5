package confine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// tree makes dir/project (the root) with a file, and beside it a file
// outside; links are made as given (path relative to dir: target).
func tree(t *testing.T, links map[string]string) (dir string) {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"project/sub/f.json", "outside.json", "x/y/a/b/f.json"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	return dir
}

// TestResolve: what a name comes to from the root's sub directory.
func TestResolve(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		links map[string]string
		path  string // resolved from DIR/project/sub; DIR is the tree
		fate  Fate
		found string // the path found, relative to DIR
		inSys string
	}{
		{name: "beside", path: "f.json", fate: Found, found: "project/sub/f.json"},
		{name: "up and down", path: "../sub/./f.json", fate: Found, found: "project/sub/f.json"},
		{name: "absolute", path: "DIR/project/sub/f.json", fate: Found, found: "project/sub/f.json"},
		{name: "above and back", path: "../../project/sub/f.json", fate: Found, found: "project/sub/f.json"},
		{name: "missing", path: "g.json", fate: Missing},
		{name: "a file is no directory", path: "f.json/g", fate: Missing},
		{name: "out by dot-dot", path: "../../outside.json", fate: Outside},
		{name: "out, missing", path: "../../nothing.json", fate: Outside},
		{name: "out by an absolute path", path: "DIR/outside.json", fate: Outside},
		{name: "the root's parent", path: "../..", fate: Outside},
		{name: "proc", path: "/proc/self/environ", fate: InSystem, inSys: "/proc"},
		{name: "link inside", links: map[string]string{"project/sub/l": "f.json"}, path: "l", fate: Found, found: "project/sub/f.json"},
		{name: "link out", links: map[string]string{"project/sub/l": "../../outside.json"}, path: "l", fate: Outside},
		{name: "link to dev", links: map[string]string{"project/sub/l": "/dev/zero"}, path: "l", fate: InSystem, inSys: "/dev"},
		{name: "dot-dot after a link", links: map[string]string{"project/sub/l": "DIR/x/y"}, path: "l/../a/b/f.json", fate: Outside},
		{name: "loop", links: map[string]string{"project/sub/l": "m", "project/sub/m": "l"}, path: "l", fate: Missing},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			links := map[string]string{}
			dir := tree(t, nil)
			for l, target := range tc.links {
				links[l] = expand(target, dir)
			}
			for l, target := range links {
				if err := os.Symlink(target, filepath.Join(dir, l)); err != nil {
					t.Skip(err)
				}
			}
			r := New(filepath.Join(dir, "project"))
			got := r.Resolve(r.Dir(filepath.Join(dir, "project", "sub")), expand(tc.path, dir))
			if got.Fate != tc.fate || got.System != tc.inSys || (tc.found != "" && got.Path != filepath.Join(dir, tc.found)) {
				t.Errorf("got %+v, want %v %q %q", got, tc.fate, tc.found, tc.inSys)
			}
			if (got.Fate == Outside || got.Fate == InSystem) && got.Linked != (len(tc.links) > 0) {
				t.Errorf("linked %v", got.Linked)
			}
		})
	}
}

// TestResolveUnderALinkedAncestor: a root whose path goes through a link
// (DIR/a -> DIR/x/y, the root DIR/a/b) is reached by either spelling, and
// a ".." above it is the system's (the parent of the real DIR/x/y), not
// the spelling's: DIR/a/../a/b/f.json opens DIR/x/a/b/f.json, outside,
// which a walk that dropped "a/.." would take for the root's own file.
func TestResolveUnderALinkedAncestor(t *testing.T) {
	t.Parallel()
	dir := tree(t, map[string]string{"a": "x/y"})
	for _, f := range []string{"x/y/b/f.json"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := New(filepath.Join(dir, "a", "b"))
	from := r.Dir(r.Path())
	for name, fate := range map[string]Fate{
		"f.json":                   Found,
		dir + "/a/b/f.json":        Found,
		dir + "/x/y/b/f.json":      Found,
		dir + "/a/../a/b/f.json":   Outside,
		"../../a/b/f.json":         Outside,
		"../b/f.json":              Found,
		dir + "/x/y/../y/b/f.json": Found,
	} {
		if got := r.Resolve(from, name); got.Fate != fate {
			t.Errorf("%s: %+v, want %v", name, got, fate)
		}
	}
}

// expand writes DIR as dir.
func expand(s, dir string) string {
	if len(s) >= 3 && s[:3] == "DIR" {
		return dir + s[3:]
	}
	return s
}

// TestFiles: a directory's regular files, and the links among them that
// lead to one inside the root; not a directory, a loop, or a link out.
func TestFiles(t *testing.T) {
	t.Parallel()
	dir := tree(t, map[string]string{
		"project/sub/in":   "f.json",
		"project/sub/out":  "../../outside.json",
		"project/sub/loop": "loop",
		"project/sub/d":    ".",
	})
	if err := os.Mkdir(filepath.Join(dir, "project", "sub", "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := New(filepath.Join(dir, "project"))
	got := r.Files(r.Dir(filepath.Join(dir, "project", "sub")))
	if want := []string{"f.json", "in"}; !slices.Equal(got, want) {
		t.Errorf("files %q, want %q", got, want)
	}
}
