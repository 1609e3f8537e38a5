package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/workspace"
	"github.com/spf13/pflag"
)

const diffUsage = `dryfire-tui diff [PATH] [REF] [--json]

Explains every replay miss of the project around PATH (default .): which
recording went stale and exactly what changed in the request, field by
field, against the request the case sends now. REF (a path or a key prefix)
explains only the miss whose recording or current key matches.

Change paths address dryfire's hashed request: system, model,
params.temperature, tools[2].description,
messages[3].tool_results[0].content.total. Differences the fingerprint
ignores (key order, NFC, provider call ids) are never reported.

Examples:
  dryfire-tui diff
  dryfire-tui diff . 3d3d4517
  dryfire-tui diff --json`

type diffCmd struct {
	json bool
}

func (c *diffCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
}

func (c *diffCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 2 {
		return usageErrorf("run 'dryfire-tui help diff'", "too many arguments")
	}
	w, err := openScan(ctx, e, "diff", args[:min(len(args), 1)], 1)
	if err != nil {
		return err
	}
	printProblems(e.Stderr, w)
	if w.Project == nil {
		return usageErrorf("run it inside a dryfire project, or pass its directory",
			"no dryfire.yaml found at or above %s: diff needs the suites to know what they send now", w.Path)
	}
	stale := w.Stale
	if len(args) == 2 {
		stale = matchStale(stale, args[1])
		if len(stale) == 0 {
			return usageErrorf("run 'dryfire-tui diff' to see every stale recording", "no stale recording matches %q", args[1])
		}
	}
	if c.json {
		return writeDiffJSON(e.Stdout, stale)
	}
	writeDiffText(e.Stdout, stale)
	return nil
}

// matchStale keeps the explanations whose recording path, recorded key or
// current key matches ref.
func matchStale(all []*workspace.Explanation, ref string) []*workspace.Explanation {
	var out []*workspace.Explanation
	for _, x := range all {
		path := ""
		if x.Recording != nil {
			path = x.Recording.Path
		}
		if strings.HasPrefix(x.CurrentKey, ref) || (x.RecordedKey != "" && strings.HasPrefix(x.RecordedKey, ref)) ||
			(path != "" && (path == ref || strings.HasSuffix(path, "/"+strings.TrimPrefix(ref, "./")))) {
			out = append(out, x)
		}
	}
	return out
}

func writeDiffText(out io.Writer, stale []*workspace.Explanation) {
	if len(stale) == 0 {
		fmt.Fprintln(out, "nothing is stale: every case replays from its recordings")
		return
	}
	for i, x := range stale {
		if i > 0 {
			fmt.Fprintln(out)
		}
		fmt.Fprintf(out, "%s › %s › turn %d", x.Suite, x.Case, x.Turn)
		if x.RepeatIndex > 0 {
			fmt.Fprintf(out, " › repetition #%d", x.RepeatIndex)
		}
		fmt.Fprintf(out, "\n  now asks for %s\n", x.CurrentKey)
		switch {
		case x.Recording == nil:
			fmt.Fprintln(out, "  no recording to compare with: record this case")
			continue
		case x.Result.Closest:
			fmt.Fprintf(out, "  closest recording (not the same turn): %s\n", x.Recording.Path)
		default:
			fmt.Fprintf(out, "  recorded as %s\n", x.Recording.Path)
		}
		if x.Note != "" {
			fmt.Fprintf(out, "  %s\n", x.Note)
		}
		for _, s := range x.Result.Summary {
			fmt.Fprintf(out, "  • %s\n", s)
		}
		for _, ch := range x.Result.Changes {
			fmt.Fprintf(out, "    %s %s\n", ch.Kind, ch.Path)
		}
		if x.Result.Unified() != "" {
			fmt.Fprintln(out)
			for _, l := range strings.SplitAfter(strings.TrimSuffix(x.Result.Unified(), "\n"), "\n") {
				fmt.Fprintf(out, "  %s", l)
			}
			fmt.Fprintln(out)
		}
	}
}

type diffChangeJSON struct {
	Path   string          `json:"path"`
	Kind   string          `json:"kind"`
	Before json.RawMessage `json:"before"`
	After  json.RawMessage `json:"after"`
}

type diffStaleJSON struct {
	Path        string           `json:"path"`
	Suite       string           `json:"suite"`
	Case        string           `json:"case"`
	RepeatIndex int              `json:"repeat_index"`
	Turn        int              `json:"turn"`
	RecordedKey string           `json:"recorded_key"`
	CurrentKey  string           `json:"current_key"`
	Summary     []string         `json:"summary"`
	Changes     []diffChangeJSON `json:"changes"`
	Unified     string           `json:"unified"`
	Closest     bool             `json:"closest"`
	Incomplete  bool             `json:"incomplete"`
	Note        string           `json:"note,omitempty"`
}

func writeDiffJSON(out io.Writer, stale []*workspace.Explanation) error {
	doc := struct {
		Stale []diffStaleJSON `json:"stale"`
	}{Stale: []diffStaleJSON{}}
	for _, x := range stale {
		s := diffStaleJSON{Suite: x.Suite, Case: x.Case, RepeatIndex: x.RepeatIndex, Turn: x.Turn,
			RecordedKey: x.RecordedKey, CurrentKey: x.CurrentKey, Summary: append([]string{}, x.Result.Summary...),
			Changes: []diffChangeJSON{}, Unified: x.Result.Unified(), Closest: x.Result.Closest,
			Incomplete: x.Result.Incomplete, Note: x.Note}
		if x.Recording != nil {
			s.Path = x.Recording.Path
		}
		for _, ch := range x.Result.Changes {
			s.Changes = append(s.Changes, diffChangeJSON{Path: ch.Path, Kind: ch.Kind.String(),
				Before: valueJSON(ch.Before), After: valueJSON(ch.After)})
		}
		doc.Stale = append(doc.Stale, s)
	}
	return encodeJSONDoc(out, doc)
}
