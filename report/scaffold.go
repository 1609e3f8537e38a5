package report

import (
	"io"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/examples/scaffold"
)

// Scaffold is the init document: the example project written.
type Scaffold struct {
	// Dir is the directory as given; Here says it is the working
	// directory.
	Dir  string `json:"dir"`
	Here bool   `json:"here"`
	// Written are the files written, in order, relative to Dir; Replaced
	// those of them that were there before (--force).
	Written  []string `json:"written"`
	Replaced []string `json:"replaced"`
}

// NewScaffold is the document of what scaffold.Write wrote.
func NewScaffold(res *scaffold.Result) *Scaffold {
	return &Scaffold{Dir: res.Dir, Here: res.Here, Written: res.Written, Replaced: res.Replaced}
}

// WriteText writes what init prints once the example project is written,
// as dryfire's init prints it: each file, then where they went and the
// one command to run next ("dryfire-tui run", after a cd when the project
// is not the working directory), and that dryfire itself runs the project
// too. A file that was there before (--force) is "replaced", not
// "created".
func (res *Scaffold) WriteText(w io.Writer) error {
	t := newText(w)
	for _, rel := range res.Written {
		verb := "created"
		if slices.Contains(res.Replaced, rel) {
			verb = "replaced"
		}
		t.printf("  %s %s\n", verb, rel)
	}
	dir := pathlibString(res.Dir)
	where, next := dir, "dryfire-tui run"
	if dir == "." {
		where = "the current directory"
	}
	if !res.Here {
		next = "cd " + ShellQuote(dir) + " && " + next
	}
	t.printf("\nScaffolded %d files into %s. No API key needed for the example. Next:\n\n    %s\n", len(res.Written), where, next)
	t.printf("\nThe files are in dryfire's format: `dryfire run` runs them too.\n")
	return t.err
}

// pathlibString is a path as Python's pathlib spells it: no "." part,
// no empty part, no trailing slash; "." for none.
func pathlibString(p string) string {
	var kept []string
	for _, s := range strings.Split(p, "/") {
		if s != "" && s != "." {
			kept = append(kept, s)
		}
	}
	out := strings.Join(kept, "/")
	switch {
	case strings.HasPrefix(p, "/"):
		return "/" + out
	case out == "":
		return "."
	}
	return out
}

// ShellQuote is s as a POSIX shell reads it back: as it is when it holds
// only characters no shell treats specially, else in single quotes.
func ShellQuote(s string) string {
	safe := s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_./-+=:,@%", r))
	}) < 0
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
