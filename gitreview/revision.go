package gitreview

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Revision is one side of a range review: a commit, or the working tree.
type Revision struct {
	// Name is the revision as it was given ("origin/main", "v1.4",
	// "origin/main...HEAD"); "" for the working tree.
	Name string
	// Commit is the full commit id; "" for the working tree.
	Commit string
}

// WorkTree reports whether the revision is the working tree.
func (r Revision) WorkTree() bool { return r.Commit == "" }

// Short is the commit id cut to 12 characters ("" for the working tree).
func (r Revision) Short() string { return r.Commit[:min(len(r.Commit), 12)] }

// String is "origin/main (3f2a…)", or "the working tree".
func (r Revision) String() string {
	switch {
	case r.WorkTree():
		return "the working tree"
	case r.Name == "" || strings.HasPrefix(r.Commit, r.Name):
		return r.Short()
	}
	return r.Name + " (" + r.Short() + ")"
}

// At is the revision after a verb: "at origin/main (3f2a…)", "in the
// working tree".
func (r Revision) At() string {
	if r.WorkTree() {
		return "in the working tree"
	}
	return "at " + r.String()
}

// ErrNoRevision is what a [*MissingRevisionError] is.
var ErrNoRevision = errors.New("no such revision in this repository")

// MissingRevisionError says that a revision is not in the repository: a
// name nothing resolves, or a commit a shallow clone did not fetch.
type MissingRevisionError struct {
	// Rev is the revision as given.
	Rev string
	// Shallow is set when the repository is a shallow clone.
	Shallow bool
	// Fetch is the command that brings it, when one can be named.
	Fetch string
	// MergeBase is set when Rev is A...B and both resolve but their merge
	// base is not in the history this clone holds.
	MergeBase bool
}

func (e *MissingRevisionError) Error() string {
	switch {
	case e.MergeBase:
		return fmt.Sprintf("%s: the merge base is not in this repository's history", e.Rev)
	case e.Shallow:
		return fmt.Sprintf("%s: %s (it is a shallow clone)", e.Rev, ErrNoRevision)
	}
	return fmt.Sprintf("%s: %s", e.Rev, ErrNoRevision)
}

// Is reports whether target is ErrNoRevision.
func (e *MissingRevisionError) Is(target error) bool { return target == ErrNoRevision }

// Hint says how to bring the revision in.
func (e *MissingRevisionError) Hint() string {
	switch {
	case e.MergeBase && e.Shallow:
		return "fetch more history (git fetch --deepen=100, or git fetch --unshallow), or give the base itself: --base " + strings.SplitN(e.Rev, "...", 2)[0]
	case e.MergeBase:
		return "the two have no common history; give the base itself: --base " + strings.SplitN(e.Rev, "...", 2)[0]
	case e.Fetch != "":
		return "fetch it: " + e.Fetch
	}
	return "check the name (git log --oneline --all shows what there is)"
}

// ResolveRevision resolves a revision as --base and --head take it: a
// branch, a tag, a commit, or git's merge-base form A...B (the commit A
// and B last had in common, as git diff A...B starts from; B defaults to
// HEAD). A revision that is not there is a *MissingRevisionError naming
// the command that fetches it.
func (g *Git) ResolveRevision(ctx context.Context, rev string) (Revision, error) {
	switch {
	case rev == "":
		return Revision{}, errors.New("a revision is empty")
	case strings.HasPrefix(rev, "-"):
		return Revision{}, fmt.Errorf("%s: a revision does not begin with '-'", rev)
	case strings.Contains(rev, "..") && !strings.Contains(rev, "..."):
		return Revision{}, fmt.Errorf("%s: give one revision (A...B for the merge base of A and B; for two sides, --base A --head B)", rev)
	}
	if a, b, ok := strings.Cut(rev, "..."); ok {
		return g.mergeBase(ctx, rev, a, b)
	}
	commit, err := g.commit(ctx, rev)
	if err != nil {
		return Revision{}, err
	}
	return Revision{Name: rev, Commit: commit}, nil
}

// commit is the full id of the commit rev names.
func (g *Git) commit(ctx context.Context, rev string) (string, error) {
	out, err := g.run(ctx, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil || len(strings.TrimSpace(string(out))) == 0 {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", g.missing(ctx, rev)
	}
	return strings.TrimSpace(string(out)), nil
}

// mergeBase resolves A...B.
func (g *Git) mergeBase(ctx context.Context, rev, a, b string) (Revision, error) {
	if a == "" {
		a = "HEAD"
	}
	if b == "" {
		b = "HEAD"
	}
	ca, err := g.commit(ctx, a)
	if err != nil {
		return Revision{}, err
	}
	cb, err := g.commit(ctx, b)
	if err != nil {
		return Revision{}, err
	}
	out, err := g.run(ctx, "merge-base", ca, cb)
	if err != nil || len(strings.TrimSpace(string(out))) == 0 {
		if ctx.Err() != nil {
			return Revision{}, ctx.Err()
		}
		return Revision{}, &MissingRevisionError{Rev: rev, MergeBase: true, Shallow: g.shallow(ctx)}
	}
	return Revision{Name: rev, Commit: strings.TrimSpace(string(out))}, nil
}

// shallow reports whether the repository is a shallow clone.
func (g *Git) shallow(ctx context.Context) bool {
	out, err := g.run(ctx, "rev-parse", "--is-shallow-repository")
	return err == nil && strings.TrimSpace(string(out)) == "true"
}

// commitID is a full or abbreviated commit id.
var commitID = regexp.MustCompile(`^[0-9a-f]{7,64}$`)

// missing says that rev is not there, and which fetch brings it: a
// remote-tracking branch from its remote (into its remote-tracking ref,
// which a single-branch clone's refspec would not update), a commit by
// its id, a branch or a tag by name (then FETCH_HEAD), from origin or
// the only remote.
func (g *Git) missing(ctx context.Context, rev string) error {
	e := &MissingRevisionError{Rev: rev, Shallow: g.shallow(ctx)}
	remotes := g.remotes(ctx)
	for _, r := range remotes {
		branch, ok := strings.CutPrefix(strings.TrimPrefix(rev, "refs/remotes/"), r+"/")
		if ok && branch != "" && plainWord.MatchString(branch) {
			e.Fetch = fmt.Sprintf("git fetch --depth=1 %s +refs/heads/%s:refs/remotes/%s/%s", r, branch, r, branch)
			return e
		}
	}
	origin := ""
	switch {
	case len(remotes) == 1:
		origin = remotes[0]
	case slices.Contains(remotes, "origin"):
		origin = "origin"
	}
	switch {
	case origin == "":
	case commitID.MatchString(rev) && len(rev) == 40:
		e.Fetch = fmt.Sprintf("git fetch --depth=1 %s %s", origin, rev)
	case !commitID.MatchString(rev) && plainWord.MatchString(rev):
		// A branch or a tag of the remote: FETCH_HEAD names it either way.
		e.Fetch = fmt.Sprintf("git fetch --depth=1 %s %s, then give FETCH_HEAD", origin, rev)
	}
	return e
}

// remotes are the names of the repository's remotes.
func (g *Git) remotes(ctx context.Context) []string {
	out, err := g.run(ctx, "remote")
	if err != nil {
		return nil
	}
	return strings.Fields(string(out))
}

// plainWord is a branch name a shell reads as it is.
var plainWord = regexp.MustCompile(`^[A-Za-z0-9._/+-]+$`)
