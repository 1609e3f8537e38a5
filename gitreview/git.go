package gitreview

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// Errors of the git layer.
var (
	// ErrNoGit: the git command is not installed or not on PATH.
	ErrNoGit = errors.New("git is not installed or not on PATH")
	// ErrNotRepo: the path is not inside a git work tree.
	ErrNotRepo = errors.New("not inside a git repository")
)

// Git runs the git command line in one work tree. Review reads and changes
// the index and the work tree only through it, so what it does is what a
// person would do by hand.
type Git struct {
	// Top is the absolute path of the work tree's top directory.
	Top string
	// HasHead is false in a repository without commits.
	HasHead bool
}

// OpenGit finds the work tree that contains dir.
func OpenGit(ctx context.Context, dir string) (*Git, error) {
	if _, err := exec.LookPath("git"); err != nil {
		return nil, ErrNoGit
	}
	out, err := gitOutput(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, ErrNotRepo)
	}
	g := &Git{Top: strings.TrimSpace(string(out))}
	if _, err := gitOutput(ctx, g.Top, "rev-parse", "--verify", "--quiet", "HEAD"); err == nil {
		g.HasHead = true
	}
	return g, nil
}

// gitOutput runs git in dir. Every path git is given is a literal path,
// never a pattern: a file named "*.json" (names come from the tree, and so
// from pull requests) must not stage or restore the files it would match.
func gitOutput(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"--literal-pathspecs"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return out, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return out, nil
}

func (g *Git) run(ctx context.Context, args ...string) ([]byte, error) {
	return gitOutput(ctx, g.Top, args...)
}

// ChangeKind says how a file differs from HEAD.
type ChangeKind int

// The kinds of change review knows.
const (
	Added ChangeKind = iota
	Modified
	Deleted
	Renamed
)

// String returns added, modified, deleted or renamed.
func (k ChangeKind) String() string {
	switch k {
	case Added:
		return "added"
	case Modified:
		return "modified"
	case Deleted:
		return "deleted"
	case Renamed:
		return "renamed"
	}
	return fmt.Sprintf("ChangeKind(%d)", int(k))
}

// FileChange is one path that differs from HEAD, staged, unstaged or
// untracked. Paths are slash-separated and relative to the work tree top.
type FileChange struct {
	Path      string
	OldPath   string // the HEAD path of a rename
	Kind      ChangeKind
	Staged    bool
	Unstaged  bool
	Untracked bool
}

// Changes lists the files under the pathspecs (absolute or relative to the
// top) that differ from HEAD, from `git status --porcelain -z`. Renames are
// detected as git does.
func (g *Git) Changes(ctx context.Context, paths ...string) ([]FileChange, error) {
	args := []string{"status", "--porcelain=v1", "-z", "--untracked-files=all", "--"}
	for _, p := range paths {
		args = append(args, g.rel(p))
	}
	out, err := g.run(ctx, args...)
	if err != nil {
		return nil, err
	}
	return parsePorcelain(out), nil
}

// parsePorcelain reads `git status --porcelain=v1 -z` output.
func parsePorcelain(out []byte) []FileChange {
	var changes []FileChange
	fields := strings.Split(string(out), "\x00")
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if len(f) < 4 {
			continue
		}
		x, y, path := f[0], f[1], f[3:]
		c := FileChange{Path: path, Staged: x != ' ' && x != '?', Unstaged: y != ' ' && y != '?', Untracked: x == '?'}
		switch {
		case x == '?':
			c.Kind = Added
		case x == 'R' || x == 'C':
			c.Kind = Renamed
			if i+1 < len(fields) {
				c.OldPath = fields[i+1]
				i++
			}
			if x == 'C' {
				c.Kind, c.OldPath = Added, ""
			}
		case x == 'A' && y == 'D':
			continue // added then deleted again: nothing differs from HEAD
		case x == 'A':
			c.Kind = Added
		case x == 'D' || y == 'D':
			c.Kind = Deleted
		default:
			c.Kind = Modified
		}
		changes = append(changes, c)
	}
	return changes
}

// rel turns p into a path relative to the top, slash-separated.
func (g *Git) rel(p string) string {
	if !filepath.IsAbs(p) {
		return filepath.ToSlash(p)
	}
	r, err := filepath.Rel(g.Top, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// Abs returns the absolute path of a top-relative path.
func (g *Git) Abs(rel string) string { return filepath.Join(g.Top, filepath.FromSlash(rel)) }

// Head returns the bytes of path at HEAD; ok is false when HEAD has no such
// file (or there is no HEAD).
func (g *Git) Head(ctx context.Context, rel string) (data []byte, ok bool, err error) {
	if !g.HasHead {
		return nil, false, nil
	}
	out, err := g.run(ctx, "cat-file", "-s", "HEAD:"+rel)
	if err != nil {
		return nil, false, nil
	}
	// The committed version obeys the size limit of every read.
	if size, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64); err == nil && size > safefile.MaxSize() {
		return nil, false, &fs.PathError{Op: "read", Path: "HEAD:" + rel, Err: &safefile.TooLargeError{Size: size, Limit: safefile.MaxSize()}}
	}
	data, err = g.run(ctx, "show", "HEAD:"+rel)
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}

// HeadFiles lists the files under dir (top-relative) at HEAD.
func (g *Git) HeadFiles(ctx context.Context, dir string) ([]string, error) {
	if !g.HasHead {
		return nil, nil
	}
	out, err := g.run(ctx, "ls-tree", "-r", "-z", "--name-only", "HEAD", "--", g.rel(dir))
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	return files, nil
}

// Stage records the current state of the paths in the index (`git add -A`),
// deletions included. Paths in neither the work tree nor the index (the old
// path of a rename already staged) are left out: git refuses a pathspec
// that matches nothing.
func (g *Git) Stage(ctx context.Context, rels ...string) error {
	var keep []string
	for _, rel := range rels {
		if _, err := os.Lstat(g.Abs(rel)); err != nil {
			if e, err := g.indexEntry(ctx, rel); err == nil && !e.present {
				continue
			}
		}
		keep = append(keep, rel)
	}
	if len(keep) == 0 {
		return nil
	}
	_, err := g.run(ctx, append([]string{"add", "-A", "--"}, keep...)...)
	return err
}

// indexEntry is one path's entry in the index, for undo.
type indexEntry struct {
	present bool
	mode    string
	object  string
}

func (g *Git) indexEntry(ctx context.Context, rel string) (indexEntry, error) {
	out, err := g.run(ctx, "ls-files", "-s", "-z", "--", rel)
	if err != nil {
		return indexEntry{}, err
	}
	line := strings.TrimRight(string(out), "\x00")
	if line == "" {
		return indexEntry{}, nil
	}
	meta, _, _ := strings.Cut(line, "\t")
	parts := strings.Fields(meta)
	if len(parts) < 2 {
		return indexEntry{}, fmt.Errorf("git ls-files: unexpected %q", line)
	}
	return indexEntry{present: true, mode: parts[0], object: parts[1]}, nil
}

func (g *Git) setIndexEntry(ctx context.Context, rel string, e indexEntry) error {
	if !e.present {
		_, err := g.run(ctx, "update-index", "--force-remove", "--", rel)
		return err
	}
	_, err := g.run(ctx, "update-index", "--add", "--cacheinfo", e.mode+","+e.object+","+rel)
	return err
}

// RestoreHead puts the HEAD version of path back in the index and the work
// tree (`git restore --source=HEAD --staged --worktree`).
func (g *Git) RestoreHead(ctx context.Context, rel string) error {
	_, err := g.run(ctx, "restore", "--source=HEAD", "--staged", "--worktree", "--", rel)
	return err
}

// Unstage removes path from the index, keeping the work tree file.
func (g *Git) Unstage(ctx context.Context, rel string) error {
	_, err := g.run(ctx, "rm", "--cached", "--quiet", "--ignore-unmatch", "--", rel)
	return err
}
