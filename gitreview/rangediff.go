package gitreview

import (
	"context"
	"fmt"
	"path"
	"strings"
)

// rangeChanges lists the files under the top-relative paths that differ
// between base and head: `git diff --name-status` of the two commits, or
// of base and the working tree, whose untracked files (not ignored) count
// as added. A file is moved when one of the same name was removed from
// another directory (see pairMoves).
func (g *Git) rangeChanges(ctx context.Context, base, head Revision, paths []string) ([]FileChange, error) {
	args := []string{"diff", "--no-ext-diff", "--no-textconv", "--no-renames", "--name-status", "-z", base.Commit}
	if !head.WorkTree() {
		args = append(args, head.Commit)
	}
	args = append(append(args, "--"), paths...)
	out, err := g.run(ctx, args...)
	if err != nil {
		return nil, err
	}
	changes, err := parseNameStatus(out)
	if err != nil {
		return nil, err
	}
	if !head.WorkTree() {
		return pairMoves(changes), nil
	}
	out, err = g.run(ctx, append([]string{"ls-files", "-z", "--others", "--exclude-standard", "--"}, paths...)...)
	if err != nil {
		return nil, err
	}
	for _, p := range strings.Split(string(out), "\x00") {
		if p != "" {
			changes = append(changes, FileChange{Path: p, Kind: Added, Untracked: true})
		}
	}
	return pairMoves(changes), nil
}

// parseNameStatus reads `git diff --name-status -z` output: a status
// (A, M, D, T, U, R<score>, C<score>), then its path, or for a rename or
// a copy the old path and the new one.
func parseNameStatus(out []byte) ([]FileChange, error) {
	var changes []FileChange
	fields := strings.Split(string(out), "\x00")
	for i := 0; i < len(fields); i++ {
		status := fields[i]
		if status == "" {
			continue
		}
		if i+1 >= len(fields) {
			return nil, fmt.Errorf("git diff: status %q without a path", status)
		}
		c := FileChange{Path: fields[i+1]}
		i++
		switch status[0] {
		case 'A':
			c.Kind = Added
		case 'D':
			c.Kind = Deleted
		case 'R', 'C':
			if i+1 >= len(fields) {
				return nil, fmt.Errorf("git diff: %s without its new path", status)
			}
			c.OldPath, c.Path = c.Path, fields[i+1]
			i++
			c.Kind = Renamed
			if status[0] == 'C' {
				c.Kind, c.OldPath = Added, ""
			}
		default: // M, T (type changed), U (unmerged), X
			c.Kind = Modified
		}
		changes = append(changes, c)
	}
	return changes, nil
}

// pairMoves makes a move of each file added under the name (its last
// path element) of exactly one file removed from another directory: a
// recording keeps its name, its turn and its key, when its case is
// renamed. Git's own rename detection is not used: two recordings of
// different turns or cases are as alike as JSON files go, and it would
// pair them.
func pairMoves(changes []FileChange) []FileChange {
	removed := map[string][]int{}
	for i, c := range changes {
		if c.Kind == Deleted {
			removed[path.Base(c.Path)] = append(removed[path.Base(c.Path)], i)
		}
	}
	added := map[string]int{}
	for _, c := range changes {
		if c.Kind == Added {
			added[path.Base(c.Path)]++
		}
	}
	gone := map[int]bool{}
	for i, c := range changes {
		name := path.Base(c.Path)
		if c.Kind != Added || added[name] != 1 || len(removed[name]) != 1 {
			continue
		}
		j := removed[name][0]
		if path.Dir(changes[j].Path) == path.Dir(c.Path) {
			continue
		}
		changes[i].Kind, changes[i].OldPath = Renamed, changes[j].Path
		gone[j] = true
	}
	out := changes[:0]
	for i, c := range changes {
		if !gone[i] {
			out = append(out, c)
		}
	}
	return out
}
