package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/workspace"
)

const reviewUsage = `dryfire-tui review [PATH] [--json]
  dryfire-tui review --accept FILE... | --reject FILE... [--yes]

Lists the recordings changed since git HEAD (added, modified, deleted,
renamed; staged, unstaged and untracked) under the project around PATH and
says what each change means: turns added or removed, response text, tool
calls and their arguments, stop reason, token usage, model, new secrets; for
tapes, entries added, removed or changed per key. On a terminal it opens the
review browser (a accept = stage, x reject = restore, s skip, A / X all,
u undo). --accept stages the named files; --reject restores their committed
version, and removes a file git has no copy of only with --yes.

Examples:
  dryfire-tui review
  dryfire-tui review --json | jq '.changes[].summary'
  dryfire-tui review --accept .dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json
  dryfire-tui review --reject --yes .dryfire/cassettes/travel_booking/new_case/00-6666666666666666.json`

type reviewCmd struct {
	json   bool
	accept bool
	reject bool
	yes    bool
}

func (c *reviewCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print the changes as one JSON document")
	fs.BoolVar(&c.accept, "accept", false, "stage the FILEs given as arguments")
	fs.BoolVar(&c.reject, "reject", false, "restore the committed version of the FILEs given as arguments")
	fs.BoolVar(&c.yes, "yes", false, "with --reject: also remove added files git has no copy of")
}

func (c *reviewCmd) run(ctx context.Context, e Env, args []string) error {
	if c.accept && c.reject {
		return usageErrorf("use one of them per run", "--accept and --reject exclude each other")
	}
	if c.accept || c.reject {
		if len(args) == 0 {
			return usageErrorf("name the files as 'review --json' lists them", "--accept and --reject need at least one FILE")
		}
		return c.act(ctx, e, args)
	}
	if len(args) > 1 {
		return usageErrorf("give one PATH", "review takes at most one PATH, got %d", len(args))
	}
	path := "."
	if len(args) == 1 {
		path = args[0]
	}
	r, err := openReview(ctx, path)
	if err != nil {
		return err
	}
	if c.json {
		return writeReviewJSON(e.Stdout, r)
	}
	if e.IsTerminal {
		return runReviewUI(ctx, e, r)
	}
	writeReviewText(e.Stdout, r)
	return nil
}

// openReview opens the workspace around path and the review of its
// recording directories.
func openReview(ctx context.Context, path string) (*gitreview.Review, error) {
	w, err := workspace.Open(ctx, path, workspace.Options{})
	if err != nil {
		if errors.Is(err, workspace.ErrNotFound) {
			return nil, usageErrorf("pass a project directory", "%v", err)
		}
		return nil, &exitError{code: exitUsage, err: err}
	}
	r, err := gitreview.OpenReview(ctx, w.Root, w.Dirs())
	switch {
	case errors.Is(err, gitreview.ErrNoGit):
		return nil, &exitError{code: exitUsage, err: err, hint: "review compares with git HEAD; install git"}
	case errors.Is(err, gitreview.ErrNotRepo):
		return nil, &exitError{code: exitUsage, err: err, hint: "review compares with git HEAD; run it inside the repository that holds the recordings"}
	case err != nil:
		return nil, err
	}
	return r, nil
}

// act accepts or rejects the named files.
func (c *reviewCmd) act(ctx context.Context, e Env, files []string) error {
	start := filepath.Dir(files[0])
	if fi, err := os.Stat(files[0]); err == nil && fi.IsDir() {
		start = files[0]
	}
	for ; ; start = filepath.Dir(start) {
		if _, err := os.Stat(start); err == nil {
			break
		}
		if start == filepath.Dir(start) {
			break
		}
	}
	r, err := openReview(ctx, start)
	if err != nil {
		return err
	}
	failed := 0
	for _, f := range files {
		it, ok := findReviewItem(r, f)
		if !ok {
			fmt.Fprintf(e.Stderr, "dryfire-tui: error: %s: not among the changed recordings\n", f)
			failed++
			continue
		}
		verb := "accepted"
		if c.accept {
			err = r.Accept(ctx, it.Path)
		} else {
			verb = "rejected"
			err = r.Reject(ctx, it.Path, c.yes)
		}
		if errors.Is(err, gitreview.ErrNeedsConfirm) {
			fmt.Fprintf(e.Stderr, "dryfire-tui: error: %s is %s and git has no copy of it: rejecting removes it\n", it.Path, it.Kind)
			fmt.Fprintln(e.Stderr, "dryfire-tui: hint: add --yes to remove it")
			failed++
			continue
		}
		if err != nil {
			fmt.Fprintf(e.Stderr, "dryfire-tui: error: %s: %v\n", it.Path, err)
			failed++
			continue
		}
		fmt.Fprintf(e.Stdout, "%s %s (%s)\n", verb, it.Path, it.Kind)
	}
	if failed > 0 {
		return exitWith(exitFindings)
	}
	return nil
}

// findReviewItem matches a FILE argument: a path relative to the current
// directory, an absolute path, or a path as review lists it.
func findReviewItem(r *gitreview.Review, f string) (*gitreview.ReviewItem, bool) {
	if abs, err := filepath.Abs(f); err == nil {
		if rel, err := filepath.Rel(r.Root, abs); err == nil {
			if it, ok := r.Item(filepath.ToSlash(rel)); ok {
				return it, true
			}
		}
	}
	return r.Item(filepath.ToSlash(f))
}

type reviewJSON struct {
	Root    string           `json:"root"`
	Changes []reviewItemJSON `json:"changes"`
	Cases   []reviewCaseJSON `json:"cases"`
}

type reviewItemJSON struct {
	Path      string       `json:"path"`
	OldPath   string       `json:"old_path,omitempty"`
	Kind      string       `json:"kind"`
	Format    string       `json:"format"`
	Suite     string       `json:"suite,omitempty"`
	Case      string       `json:"case,omitempty"`
	Turn      *int         `json:"turn,omitempty"`
	Key       string       `json:"key,omitempty"`
	Staged    bool         `json:"staged"`
	Unstaged  bool         `json:"unstaged"`
	Untracked bool         `json:"untracked"`
	Summary   []string     `json:"summary"`
	Details   []scanDetail `json:"details"`
}

type scanDetail struct {
	Label string `json:"label"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

type reviewCaseJSON struct {
	Suite   string   `json:"suite"`
	Case    string   `json:"case"`
	Paths   []string `json:"paths"`
	Summary []string `json:"summary"`
}

func writeReviewJSON(w io.Writer, r *gitreview.Review) error {
	out := reviewJSON{Root: r.Root, Changes: []reviewItemJSON{}, Cases: []reviewCaseJSON{}}
	for _, it := range r.Items {
		j := reviewItemJSON{
			Path: it.Path, OldPath: it.OldPath, Kind: it.Kind.String(), Format: it.Format,
			Suite: it.Suite, Case: it.Case, Key: it.Key,
			Staged: it.Staged, Unstaged: it.Unstaged, Untracked: it.Untracked,
			Summary: it.Summary, Details: []scanDetail{},
		}
		if it.Format == "dryfire" && it.Key != "" {
			turn := it.Turn
			j.Turn = &turn
		}
		if j.Summary == nil {
			j.Summary = []string{}
		}
		for _, d := range it.Details {
			j.Details = append(j.Details, scanDetail{d.Label, d.Old, d.New})
		}
		out.Changes = append(out.Changes, j)
	}
	for _, c := range r.Cases {
		j := reviewCaseJSON{Suite: c.Suite, Case: c.Case, Summary: c.Summary}
		for _, it := range c.Items {
			j.Paths = append(j.Paths, it.Path)
		}
		out.Cases = append(out.Cases, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func writeReviewText(w io.Writer, r *gitreview.Review) {
	if len(r.Items) == 0 {
		fmt.Fprintln(w, "no recording changed since HEAD")
		return
	}
	for _, it := range r.Items {
		where := []string{}
		if it.Staged {
			where = append(where, "staged")
		}
		if it.Unstaged {
			where = append(where, "unstaged")
		}
		if it.Untracked {
			where = append(where, "untracked")
		}
		fmt.Fprintf(w, "%-8s %s (%s)\n", it.Kind, it.Path, strings.Join(where, ", "))
		for _, s := range it.Summary {
			fmt.Fprintf(w, "         %s\n", s)
		}
	}
	fmt.Fprintf(w, "\n%d recording(s) changed since HEAD. Accept with 'dryfire-tui review --accept FILE…', reject with --reject.\n", len(r.Items))
}
