package gitreview

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// A range review reads each revision's suites and recordings through git,
// never by checking the revision out: the files a scan reads (dryfire.yaml,
// the suites and the files their $refs name, the cassettes and tapes: the
// YAML and JSON files of the project) are written, from `git cat-file
// --batch`, to a directory of their own, where scan reads them as it reads
// a working tree. The working tree, the index and HEAD are never touched.

// tree is the files of one side of a range review.
type tree struct {
	rev Revision
	// top is where the side's files are: the directory they were written
	// to (in the layout of the repository), or the work tree's top.
	top string
	// skipped are the top-relative paths the export left out, and why
	// (over the size limit, a symbolic link).
	skipped map[string]error
	// dirs lists the exported files by directory (top-relative paths).
	dirs map[string][]string
	// files counts the files written.
	files int
	// objects are the exported blobs by path, and git the repository they
	// are in: once the export is removed (top ""), a file is read from git.
	objects map[string]string
	git     *Git
}

// read returns the bytes of the top-relative path p on this side; ok is
// false when the side has no such file.
func (t *tree) read(ctx context.Context, p string) (data []byte, stamp safefile.Stamp, ok bool, err error) {
	if err := t.skipped[p]; err != nil {
		return nil, stamp, false, fmt.Errorf("%s:%s: %w", t.rev.Short(), p, err)
	}
	if t.top == "" {
		object, ok := t.objects[p]
		if !ok {
			return nil, stamp, false, nil
		}
		data, err := t.git.run(ctx, "cat-file", "blob", object)
		return data, stamp, err == nil, err
	}
	data, stamp, err = safefile.ReadInto(filepath.Join(t.top, filepath.FromSlash(p)), nil)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, stamp, false, nil
	case err != nil && !t.rev.WorkTree():
		return nil, stamp, false, fmt.Errorf("%s:%s: %w", t.rev.Short(), p, unwrapPath(err))
	case err != nil:
		return nil, stamp, false, err
	}
	return data, stamp, true, nil
}

// unwrapPath is err without the path of a *fs.PathError: the caller names
// the file as the revision holds it, never as the export wrote it.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// exported reports whether the file at the top-relative path p is one an
// export writes: the YAML and JSON files a scan may read.
func exported(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".json", ".yaml", ".yml":
		return true
	}
	return false
}

// treeEntry is one line of `git ls-tree -r -l -z`.
type treeEntry struct {
	mode, kind, object string
	size               int64
	path               string
}

// lsTree lists the files of commit under the top-relative prefixes ("" is
// the whole tree).
func (g *Git) lsTree(ctx context.Context, commit string, prefixes []string) ([]treeEntry, error) {
	args := []string{"ls-tree", "-r", "-l", "-z", "--full-tree", commit}
	whole := false
	for _, p := range prefixes {
		whole = whole || p == "" || p == "."
	}
	if !whole && len(prefixes) > 0 {
		args = append(args, "--")
		args = append(args, prefixes...)
	}
	out, err := g.run(ctx, args...)
	if err != nil {
		return nil, err
	}
	var entries []treeEntry
	for _, line := range strings.Split(string(out), "\x00") {
		meta, p, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		f := strings.Fields(meta)
		if len(f) != 4 {
			return nil, fmt.Errorf("git ls-tree: unexpected %q", line)
		}
		size, _ := strconv.ParseInt(f[3], 10, 64) // "-" for a submodule
		entries = append(entries, treeEntry{mode: f[0], kind: f[1], object: f[2], size: size, path: p})
	}
	return entries, nil
}

// safeTreePath reports whether a path from a tree can be written below a
// directory: relative, and no component empty, ".", ".." or ".git". Git
// refuses such trees; a crafted one must not write outside the export.
func safeTreePath(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.ContainsRune(p, '\\') {
		return false
	}
	for _, c := range strings.Split(p, "/") {
		if c == "" || c == "." || c == ".." || strings.EqualFold(c, ".git") {
			return false
		}
	}
	return true
}

// export writes the files a scan reads of commit rev, under the
// top-relative prefixes, to dst, as the repository lays them out. Files
// over the size limit and symbolic links are left out, each with its
// reason in the tree's skipped.
func (g *Git) export(ctx context.Context, rev Revision, prefixes []string, dst string) (*tree, error) {
	entries, err := g.lsTree(ctx, rev.Commit, prefixes)
	if err != nil {
		return nil, err
	}
	t := &tree{rev: rev, top: dst, skipped: map[string]error{}, dirs: map[string][]string{}, objects: map[string]string{}}
	var want []treeEntry
	for _, e := range entries {
		switch {
		case e.kind != "blob" || !exported(e.path):
			continue
		case !safeTreePath(e.path):
			t.skipped[e.path] = errors.New("a path git would not check out")
		case e.mode == "120000":
			t.skipped[e.path] = errors.New("a symbolic link (not followed)")
		case e.size > safefile.MaxSize():
			t.skipped[e.path] = &safefile.TooLargeError{Size: e.size, Limit: safefile.MaxSize()}
		default:
			want = append(want, e)
		}
	}
	for _, e := range want {
		t.objects[e.path] = e.object
	}
	if err := g.catFiles(ctx, want, func(e treeEntry, data []byte) error { return t.write(e.path, data) }); err != nil {
		return nil, err
	}
	return t, nil
}

// write writes one exported file.
func (t *tree) write(p string, data []byte) error {
	abs := filepath.Join(t.top, filepath.FromSlash(p))
	dir := path.Dir(p)
	if _, ok := t.dirs[dir]; !ok {
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			return err
		}
	}
	if err := safefile.WriteNew(abs, data); err != nil {
		return err
	}
	t.dirs[dir] = append(t.dirs[dir], p)
	t.files++
	return nil
}

// catFiles streams the blobs of entries, in order, through one `git
// cat-file --batch`, handing each to use.
func (g *Git) catFiles(ctx context.Context, entries []treeEntry, use func(treeEntry, []byte) error) error {
	if len(entries) == 0 {
		return nil
	}
	cmd := exec.CommandContext(ctx, "git", "cat-file", "--batch")
	cmd.Dir = g.Top
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() {
		w := bufio.NewWriter(stdin)
		for _, e := range entries {
			if _, err := w.WriteString(e.object + "\n"); err != nil {
				break
			}
		}
		_ = w.Flush()
		_ = stdin.Close()
	}()
	rerr := readBatch(bufio.NewReaderSize(stdout, 1<<16), entries, use)
	if rerr != nil {
		_ = cmd.Process.Kill()
	}
	_, _ = io.Copy(io.Discard, stdout)
	werr := cmd.Wait()
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("git cat-file interrupted: %w", ctx.Err())
	case rerr != nil:
		return rerr
	case werr != nil:
		return fmt.Errorf("git cat-file: %s", oneLine(stderr.String()+" "+werr.Error()))
	}
	return nil
}

// readBatch reads `git cat-file --batch` output for entries.
func readBatch(r *bufio.Reader, entries []treeEntry, use func(treeEntry, []byte) error) error {
	var buf []byte
	for _, e := range entries {
		header, err := r.ReadString('\n')
		if err != nil {
			return fmt.Errorf("git cat-file: %s: %w", e.path, err)
		}
		f := strings.Fields(header)
		if len(f) != 3 {
			return fmt.Errorf("git cat-file: %s: %s", e.path, strings.TrimSpace(header))
		}
		size, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || size < 0 || size > safefile.MaxSize() {
			return fmt.Errorf("git cat-file: %s: unexpected size %q", e.path, f[2])
		}
		if int64(cap(buf)) < size+1 {
			buf = make([]byte, size+1)
		}
		buf = buf[:size+1]
		if _, err := io.ReadFull(r, buf); err != nil {
			return fmt.Errorf("git cat-file: %s: %w", e.path, err)
		}
		if err := use(e, buf[:size]); err != nil {
			return err
		}
	}
	return nil
}
