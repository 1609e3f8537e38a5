package main

import (
	"os/exec"
	"strings"
	"testing"
)

const modulePath = "github.com/dryfire-tui/dryfire-tui"

// TestCoreStaysHeadless enforces the dependency rule of DESIGN.md: the core
// packages never depend on the UI or on any charm library.
func TestCoreStaysHeadless(t *testing.T) {
	core := []string{"./cassette"}
	for _, p := range []string{"./workspace", "./gitreview", "./diff", "./secrets"} {
		if err := exec.Command("go", "list", p).Run(); err == nil {
			core = append(core, p)
		}
	}
	out, err := exec.Command("go", append([]string{"list", "-deps"}, core...)...).Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 5 {
		t.Fatalf("go list -deps returned too little: %q", deps)
	}
	for _, dep := range deps {
		if strings.HasPrefix(dep, "charm.land/") || strings.HasPrefix(dep, "github.com/charmbracelet/") ||
			dep == modulePath+"/ui" || strings.HasPrefix(dep, modulePath+"/ui/") {
			t.Errorf("core package depends on %s", dep)
		}
	}
}
