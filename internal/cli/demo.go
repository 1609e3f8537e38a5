package cli

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/examples"
	"github.com/dryfire-tui/dryfire-tui/examples/standin"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
)

// materializeDemo copies the demo project into a new directory under dir
// and fills in the fake secret (examples.Materialize).
func materializeDemo(dir string) (string, error) { return examples.Materialize(dir) }

// demoRecorder is the browser's recorder on the demo's copy at root: its
// calls are answered by the demo's stand-in (package standin), from the
// demo's own recordings as they ship, so that w can be tried with no key
// and nothing sent anywhere. The environment of the process is not read:
// no key of the person's own is used, no base URL of theirs followed.
func demoRecorder(root string) (backend.CoreRecorder, error) {
	t, err := standin.New(filepath.Join(root, ".dryfire", "cassettes"))
	if err != nil {
		return backend.CoreRecorder{}, err
	}
	env := func(name string) (string, bool) {
		if name == standin.KeyEnv {
			return standin.Key, true
		}
		return "", false
	}
	return backend.CoreRecorder{Env: env, StandIn: standin.Name,
		Provider: provider.Options{MaxRetries: provider.DefaultMaxRetries, Client: &http.Client{Transport: t}}}, nil
}

// demoRepository makes the demo's copy a git repository with the demo as
// it ships committed, so that the review of a re-recording (and review
// itself) has something to compare with. Without git it does nothing: the
// browser then says there is no review. No hook, template or signing of
// the person's own configuration runs.
func demoRepository(ctx context.Context, root string) error {
	if _, err := exec.LookPath("git"); err != nil {
		return nil
	}
	for _, args := range [][]string{
		{"init", "-q", "--template=", "-b", "main"},
		{"add", "-A"},
		{"-c", "user.name=dryfire-tui demo", "-c", "user.email=demo@dryfire-tui.invalid", "-c", "commit.gpgsign=false",
			"-c", "core.hooksPath=" + os.DevNull, "commit", "-q", "--no-verify", "-m", "the demo as it ships"},
	} {
		cmd := exec.CommandContext(ctx, "git", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %w: %s", args[0], err, out)
		}
	}
	return nil
}
