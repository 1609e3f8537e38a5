//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSecretsUnreadableFile: a recording that cannot be read (a named pipe
// where a cassette should be, a file without read permission) is listed as
// not scanned and makes secrets and check exit 1.
func TestSecretsUnreadableFile(t *testing.T) {
	dir := copyProject(t, "project-A")
	rel := ".dryfire/cassettes/travel_booking/no_flights_found/01-1111111111111111.json"
	path := filepath.Join(dir, filepath.FromSlash(rel))
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	out, errOut, code := runCmd(t, "secrets", dir)
	if code != 1 || !strings.Contains(out, rel+"\n  (whole file)  not-scanned\n      not scanned: ") || !strings.Contains(out, "1 file not scanned") {
		t.Fatalf("pipe: exit %d\n%s%s", code, out, errOut)
	}
	out, _, code = runCmd(t, "check", dir, "--skip", "replay,doctor,prune")
	if code != 1 || !strings.Contains(out, rel+"  (whole file)  not-scanned") {
		t.Fatalf("check: exit %d\n%s", code, out)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}

	if os.Geteuid() == 0 {
		return // root reads any file: permissions cannot make one unreadable
	}
	if err := os.Chmod(filepath.Join(dir, filepath.FromSlash(plantedCassette)), 0); err != nil {
		t.Fatal(err)
	}
	out, _, code = runCmd(t, "secrets", dir)
	if code != 1 || !strings.Contains(out, "not scanned: permission denied") {
		t.Fatalf("permission: exit %d\n%s", code, out)
	}
}
