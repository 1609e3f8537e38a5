package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/ui"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
)

const browseUsage = `dryfire-tui browse [PATH] [--demo]

Opens the interactive browser on PATH (default: the current directory): a
project directory or any directory below one, a cassette directory, a tapes
directory or one tape file. Press ? inside for the keys.

` + suitePaths + `

Examples:
  dryfire-tui                       # browse the project around the current directory
  dryfire-tui browse evals/../.dryfire/cassettes
  dryfire-tui --demo                # browse a temporary copy of the bundled demo project`

// browseCmd is the browse subcommand.
type browseCmd struct {
	demo bool
}

func (c *browseCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.demo, "demo", false, "browse a temporary copy of the bundled demo project")
}

func (c *browseCmd) run(ctx context.Context, e Env, args []string) error {
	// A terminal that goes away (its window closed, tmux kill-session)
	// sends SIGHUP, whose default kills the process before anything
	// deferred runs: end the browser as ctrl+c does instead, so that the
	// demo's copy, with its planted secret, is removed.
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGHUP)
	defer stop()
	path, err := pathArg("browse", args)
	if err != nil {
		return err
	}
	if c.demo {
		if len(args) == 1 {
			return argsErrorf("drop PATH or --demo", "--demo browses the bundled demo; it takes no PATH, got %s", quoted(args))
		}
		tmp, err := os.MkdirTemp("", "dryfire-tui-demo-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		if path, err = materializeDemo(tmp); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		if err := demoRepository(ctx, path); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	} else if _, err := scan.Resolve(scan.Request{Dir: e.Dir, Args: args, Want: scan.Project}); err != nil {
		return ended(command.UsageError, err) // refused before the screen opens
	}
	if path == "" {
		path = "."
	}
	if !e.IsTerminal {
		return &exitError{code: exitUsage, err: errors.New("browse needs a terminal"),
			hint: "use 'dryfire-tui ls " + path + "' for a plain listing"}
	}
	editor := e.getenv("VISUAL")
	if editor == "" {
		editor = e.getenv("EDITOR")
	}
	rec := backend.CoreRecorder{Env: e.lookup, Provider: provider.Options{MaxRetries: provider.DefaultMaxRetries}}
	if c.demo {
		if rec, err = demoRecorder(path); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	core := backend.Core{Env: e.core(), Files: &cassette.Reuse{}}
	m := ui.New(ui.Options{Page: ui.PageBrowse, Context: ctx, Path: path, Backend: core, Watcher: core, Recorder: rec,
		Editor: editor, Pager: e.getenv("PAGER"), IsDark: true})
	_, err = tea.NewProgram(m, tea.WithContext(ctx)).Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}
