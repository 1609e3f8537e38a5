package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// TestFlowFollowsTheTree runs the app on the real core with its watcher
// over a git checkout of the demo, and changes the files under it as
// another terminal would: a recording written (a re-record), then a git
// checkout of the branch without it. Each shows up on the screen with no
// key pressed, the filter typed before kept; the test waits on the screen,
// never on a clock.
func TestFlowFollowsTheTree(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := demoRoot(t)
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	git("init", "-q", "-b", "main")
	git("-c", "user.email=t@example.com", "-c", "user.name=t", "add", "-A")
	git("-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "demo")

	tm, scr := startCoreFlow(t, Options{Path: root, Watcher: backend.Core{}}, 120, 35)
	scr.waitFor(t, tm, "dryfire-demo · ", "need attention", "● live")
	tm.Type("/zz_live")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	scr.waitFor(t, tm, `filter "zz_live"`)

	// A recording of a new case, written as dryfire writes one: a
	// temporary file renamed into place.
	data := uitest.Recording("incident_triage", "zz_live_case", 0, "89c21da58e7c1b1e", "Paged the on-call.", 40)
	dst := filepath.Join(root, ".dryfire/cassettes/incident_triage/zz_live_case/00-89c21da58e7c1b1e.json")
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst+".tmp", data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dst+".tmp", dst); err != nil {
		t.Fatal(err)
	}
	scr.waitFor(t, tm, "zz_live_case", "00 89c21d", `filter "zz_live" · 3 rows`)

	// The recording committed on a branch, and main checked out again:
	// git removes it.
	git("checkout", "-q", "-b", "pr")
	git("-c", "user.email=t@example.com", "-c", "user.name=t", "add", "-A")
	git("-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false", "commit", "-q", "-m", "new case")
	git("checkout", "-q", "main")
	scr.waitUntil(t, tm, "zz_live_case gone", func(screen string) bool {
		return !strings.Contains(screen, "zz_live_case") && strings.Contains(screen, `filter "zz_live"`)
	})
	if fm := quit(t, tm); !strings.Contains(screenText(fm), `filter "zz_live"`) {
		t.Errorf("the filter is gone:\n%s", screenText(fm))
	}
}

// waitUntil waits until the emulated screen satisfies ok.
func (s *screenWatcher) waitUntil(t *testing.T, tm *teatest.TestModel, what string, ok func(screen string) bool) {
	t.Helper()
	s.seen = 0
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		_, _ = s.emu.Write([]byte(strings.ReplaceAll(string(b[s.seen:]), "\n", "\r\n")))
		s.seen = len(b)
		s.last = s.emu.String()
		return ok(s.last)
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	if t.Failed() {
		t.Logf("waiting for %s", what)
	}
}
