package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const modulePath = "github.com/dryfire-tui/dryfire-tui"

// layers is the dependency order of DESIGN.md ("Architecture"), top to
// bottom: a package may import packages of lower layers only, never one of
// its own layer or above, except where sameLayer allows it. Every package of
// the module must appear here: a new package is placed on purpose.
var layers = [][]string{
	{""}, // main.go
	{"internal/cli"},
	// The test-project generator, the loader's differential test and the
	// planted secrets of the no-leak tests: core only, imported by nobody
	// but tests.
	{"tools/gen", "tools/gen/cmd/gen", "tools/loaderdiff", "tools/loaderdiff/cmd/loaderdiff", "secrets/secrettest"},
	{"ui"}, // the root model, which routes between the pages
	// The pages, which never import each other, and what their tests
	// share (a fake backend, the review's git fixture, the checks of a
	// screen; imported by tests only).
	{"ui/browse", "ui/review", "ui/internal/uitest"},
	// What the pages share: the app's port to the core and its
	// implementation (Core, plain Go over the core in the components'
	// types: tree.Item, detail.Data), and what every page is made of (the
	// screen, the shared keys, the messages that cross pages).
	{"ui/backend", "ui/page"},
	// The UI's components.
	{"ui/*"},
	{"ui/frame"}, // leaves every component may use: layout and text fitting,
	{"ui/theme"}, // and every style
	// The command tier: one function per command (check, doctor, secrets,
	// prune, replay, run, review, …), over the git review session and the
	// scan.
	{"command"},
	{"gitreview"},
	{"scan"},
	{"report"},
	{"report/runreport"}, // a run's three reports, as dryfire writes them
	// A project's run in a cassette mode (gateways, estimate, recording),
	// and the Python process of passthrough mocks: both over engine.
	{"engine/runplan", "engine/passthrough"},
	{"engine", "diff", "secrets"},
	// What a case sends and the key it is filed under: dryfire's
	// messages, the request of one call, its canonical hash turn after
	// turn. Below the loop that builds conversations.
	{"engine/conversation"},
	{"engine/internal/pydantic"}, // pydantic's error texts for the models engine validates; reads suite's final_json fields
	{"provider", "suite", "cassette"},
	{"tape"},
	{"internal/format", "provider/providertest"}, // providertest: a fake model provider for tests
	// YAML as dryfire's loader constructs it (ruamel's round-trip
	// constructor over internal/yamlrt): typed nodes with positions.
	// Only suite imports it; suite's API names its node types by aliases.
	{"internal/yamlnode"},
	// ruamel's scanner, parser and composer, over its reader
	// (internal/yamlrt/chars, a leaf: the bytes decoded into characters,
	// Python's reads replayed).
	{"internal/yamlrt"},
	// Leaves: they import nothing of the module. secrets/internal/detect is
	// the rules of package secrets (a string in, matches out).
	{"internal/jsonv", "internal/pathlib", "internal/safefile", "internal/pyregex", "internal/visible", "internal/yamlrt/chars", "internal/confine", "secrets/internal/detect", "examples"},
}

// sameLayer are the imports allowed inside a layer.
var sameLayer = map[string][]string{
	"tools/gen/cmd/gen":               {"tools/gen"},
	"tools/loaderdiff/cmd/loaderdiff": {"tools/loaderdiff"},
	"provider":                        {"cassette"}, // a provider answers with the cassette's response type
}

// coreLayers are the layers below the UI: they never import the UI or a
// charm library, and never write to the process's stdout or stderr.
const firstCoreLayer = 9

// TestLayering enforces the dependency rule of DESIGN.md on the imports of
// every package (tests aside), as `go list` reports them.
func TestLayering(t *testing.T) {
	pkgs := listPackages(t)
	layerOf := func(rel string) (int, bool) {
		// A package named on a layer is there; a pattern ("ui/*") takes the
		// packages below it that are named nowhere.
		for _, exact := range []bool{true, false} {
			for i, l := range layers {
				for _, p := range l {
					if exact && p == rel || !exact && strings.HasSuffix(p, "/*") && strings.HasPrefix(rel, strings.TrimSuffix(p, "*")) {
						return i, true
					}
				}
			}
		}
		return 0, false
	}
	for rel, imports := range pkgs {
		li, ok := layerOf(rel)
		if !ok {
			t.Errorf("package %q is on no layer of the dependency rule: place it in layering_test.go", rel)
			continue
		}
		for _, imp := range imports {
			if !strings.HasPrefix(imp, modulePath) {
				if li >= firstCoreLayer && isUIDependency(imp) {
					t.Errorf("core package %q imports %s", rel, imp)
				}
				continue
			}
			irel := strings.TrimPrefix(strings.TrimPrefix(imp, modulePath), "/")
			lj, ok := layerOf(irel)
			if !ok {
				continue // reported above
			}
			allowed := lj > li || contains(sameLayer[rel], irel)
			if !allowed {
				t.Errorf("%q imports %q: against the dependency order (layer %d may import only layers below it)", rel, irel, li)
			}
		}
	}
}

// TestCoreDoesNotPrint: core packages return values and errors; only the
// command layer and the UI write to the terminal.
func TestCoreDoesNotPrint(t *testing.T) {
	for rel := range listPackages(t) {
		if rel == "" || strings.HasPrefix(rel, "internal/cli") || strings.HasPrefix(rel, "tools/gen") || rel == "tools/loaderdiff/cmd/loaderdiff" || rel == "ui" || strings.HasPrefix(rel, "ui/") {
			continue
		}
		files, err := filepath.Glob(filepath.Join(filepath.FromSlash(rel), "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, bad := range []string{"os.Stdout", "os.Stderr", "os.Exit(", "fmt.Print", "log.Print", "log.Fatal"} {
				if bytes.Contains(data, []byte(bad)) {
					t.Errorf("%s: core code uses %s", f, bad)
				}
			}
		}
	}
}

// listPackages returns every package of the module with its imports, by
// path relative to the module ("" for the root). It fails the test when go
// list fails or lists too little: a layering test that checks nothing must
// not pass.
func listPackages(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	pkgs := map[string][]string{}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || !strings.HasPrefix(f[0], modulePath) {
			t.Fatalf("go list printed %q", line)
		}
		pkgs[strings.TrimPrefix(strings.TrimPrefix(f[0], modulePath), "/")] = f[1:]
	}
	for _, must := range []string{"", "internal/cli", "ui", "scan", "engine", "cassette", "tape", "internal/jsonv"} {
		if _, ok := pkgs[must]; !ok {
			t.Fatalf("go list did not list %q: listed %d packages", must, len(pkgs))
		}
	}
	return pkgs
}

func isUIDependency(imp string) bool {
	return strings.HasPrefix(imp, "charm.land/") || strings.HasPrefix(imp, "github.com/charmbracelet/")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
