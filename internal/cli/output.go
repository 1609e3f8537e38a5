package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/provider"
)

// The output policy of every command (docs/reliability.md, "Nothing
// printed can act on the terminal"): stdout and stderr are each a
// visible.Stream. Stdout's content is escaped where it is a terminal and
// written as it is to a pipe or a file, so that a pipe carries the bytes
// dryfire writes; stderr's is escaped wherever it goes; the values of API
// keys are masked on both, terminal or pipe; lines a CI runner would act
// on are neutralised on both; colour is the stream's own, added after the
// escaping.

// outputFlags are the flags every command takes: how its output is
// written.
type outputFlags struct {
	color  string
	escape bool
}

func (o *outputFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&o.color, "color", "auto", "colour the output: `WHEN` is auto (on a terminal, unless NO_COLOR is set), always or never")
	fs.BoolVar(&o.escape, "escape", false, "escape control characters of stdout as on a terminal when it is a pipe or a file (for a pager such as less -R)")
}

// outputFlagUsages are the usage lines of the output flags.
func outputFlagUsages() string {
	fs := pflag.NewFlagSet("output", pflag.ContinueOnError)
	(&outputFlags{}).register(fs)
	return flagUsages(fs)
}

// newStreams wraps the command's standard output and error, both masking
// the keys of the environment. Standard output escapes when it is a
// terminal: a pipe or a file gets the bytes programs read, dryfire's.
// Standard error is for people (diagnostics, progress, the question before
// a provider is called) and escapes wherever it goes, as GNU tools quote a
// file name in a diagnostic: a log of it is as safe to print as the
// terminal it would have reached.
func newStreams(e Env) (out, errOut *visible.Stream) {
	keys := visible.NewKeys(envKeys(e, nil)...)
	out = stream(e.Stdout, visible.Options{Escape: e.IsTerminal, Keys: keys})
	errOut = stream(e.Stderr, visible.Options{Escape: true, Keys: keys})
	return out, errOut
}

// stream is w as a Stream with the options o (w itself when it is one).
func stream(w io.Writer, o visible.Options) *visible.Stream {
	if s, ok := w.(*visible.Stream); ok {
		return s
	}
	return visible.NewStream(w, o)
}

// apply sets what the flags and the environment say of colour and
// escaping. A --color that is none of auto, always, never is a usage
// error.
func (o *outputFlags) apply(e Env, out, errOut *visible.Stream) error {
	var color func(terminal bool) bool
	switch o.color {
	case "always":
		color = func(bool) bool { return true }
	case "never":
		color = func(bool) bool { return false }
	case "auto", "":
		// NO_COLOR as no-color.org says: set and not empty. A dumb
		// terminal gets no colour either, as git gives it.
		plain := e.getenv("NO_COLOR") != "" || e.getenv("TERM") == "dumb"
		color = func(terminal bool) bool { return terminal && !plain }
	default:
		return usageErrorf("--color is auto, always or never", "unknown --color %q", o.color)
	}
	opts := out.Options()
	opts.Escape, opts.Color = e.IsTerminal || o.escape, color(e.IsTerminal)
	out.SetOptions(opts)
	opts = errOut.Options()
	opts.Color = color(e.ErrIsTerminal)
	errOut.SetOptions(opts)
	return nil
}

// addProjectKeys adds to the streams' keys those of the providers: entries
// of the dryfire.yaml around path, whose api_key_env may be any name. A
// path with no project adds nothing; the command itself reports a config
// that does not load.
func addProjectKeys(e Env, path string, streams ...*visible.Stream) {
	if e.Dir != "" && !filepath.IsAbs(path) {
		path = filepath.Join(e.Dir, path)
	}
	custom := command.ProjectProviders(path)
	if custom == nil {
		return
	}
	keys := envKeys(e, custom)
	for _, s := range streams {
		if k := s.Options().Keys; k != nil {
			k.Add(keys...)
		}
	}
}

// envKeys are the keys the tool may read (command.Env.Keys), from the
// process's environment and the one the command was given.
func envKeys(e Env, custom map[string]provider.Custom) []visible.Key {
	environ := os.Environ()
	if e.Environ != nil {
		environ = slices.Concat(environ, e.Environ())
	}
	return e.core().Keys(environ, custom)
}

// pathOf is the PATH a command's arguments name, for addProjectKeys: the
// first argument, or "." (show and diff take a REF after PATH; a REF
// alone finds the project around the working directory all the same).
func pathOf(args []string) string {
	if len(args) > 0 {
		return args[0]
	}
	return "."
}

// flushStreams writes what the streams hold back; a failed write is said
// on stderr when stderr still takes it.
func flushStreams(out, errOut *visible.Stream) {
	if err := out.Flush(); err != nil {
		fmt.Fprintf(errOut, "dryfire-tui: error: write stdout: %s\n", visible.Line(err.Error()))
	}
	_ = errOut.Flush()
}

// keysOf is the set of keys the command's streams mask.
func keysOf(e Env) *visible.Keys {
	if s, ok := e.Stdout.(*visible.Stream); ok {
		return s.Options().Keys
	}
	return nil
}
