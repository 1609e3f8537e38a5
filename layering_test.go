package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const modulePath = "github.com/dryfire-tui/dryfire-tui"

// tier is a floor of the dependency rule: its layers, top to bottom. A
// package may import packages of lower layers only, never one of its own
// layer or above (but for sameLayer).
type tier struct {
	name   string
	layers [][]string
	// core is set below the UI: no charm library, no printing.
	core bool
}

// tiers are the floors of the dependency rule, top to bottom, as
// ARCHITECTURE.md draws them (TestArchitectureMap holds the two together):
//
//	main → internal/cli → (tools) → ui → command → {gitreview, scan} →
//	{report, engine, diff, secrets} → {provider, suite, cassette} → tape →
//	internal/…
//
// with the layers each floor needs inside it. Every package of the module
// is on one: a new package is placed on purpose.
var tiers = []tier{
	{name: "main", layers: [][]string{{""}}},
	{name: "command line", layers: [][]string{{"internal/cli"}}},
	// Tools: the project generator and the loader's differential fuzzer,
	// with their commands. Imported by nobody but tests, never linked into
	// the binary (TestToolsStayOutOfTheBinary).
	{name: "tools", layers: [][]string{{"tools/gen/cmd/gen", "tools/loaderdiff/cmd/loaderdiff"}, {"tools/gen", "tools/loaderdiff"}}},
	{name: "ui", layers: [][]string{
		{"ui"}, // the root model, which routes between the pages
		// The pages, which never import each other, and what their tests
		// share (a fake backend, the review's git fixture, the checks of a
		// screen; imported by tests only).
		{"ui/browse", "ui/review", "ui/internal/uitest"},
		// The browser's following of the files (over the port's Watcher),
		// and what it calls a problem: the kinds, the walk, the summary.
		{"ui/live", "ui/problems"},
		// What the pages share: the app's port to the core and its
		// implementation over the command tier (plain Go: it imports no
		// charm library itself, though its types are the components'), and
		// what every page is made of (the screen, the shared keys, the
		// messages that cross pages).
		{"ui/backend", "ui/page"},
		{"ui/*"},     // the components
		{"ui/frame"}, // leaves every component may use: layout and text fitting,
		{"ui/theme"}, // and every style
	}},
	// The command tier: one function per command, for the command line and
	// the browser's palette alike.
	// dryfire's own commands (run, trace, compare, report, validate, init)
	// and fingerprint, over the shape of every command.
	{name: "command", core: true, layers: [][]string{{"command/dryfire", "command/fingerprint"}, {"command"}}},
	// The front door: the git review session (over where scan finds the
	// recordings) and the watcher of the files scan reads (which says when
	// they changed), then scan (PATHs → project, the one walk, statuses,
	// explanations).
	{name: "scan", core: true, layers: [][]string{{"gitreview", "scan/watch"},
		// The git command line of one work tree, under the review session.
		{"gitreview/gitrepo"},
		{"scan"},
		// Where a stale recording's change is written in the suites; the
		// git repositories of recordings the review's tests work on.
		{"scan/source", "gitreview/reviewtest"},
		// Whether a PATH outside any project holds recordings at all.
		{"scan/probe"}}},
	{name: "analysis", core: true, layers: [][]string{
		// The review document of a range (review --base), over the
		// documents' shared parts (a change's details, its findings); the
		// documents of dryfire's own commands, over what a run recorded.
		{"report/rangereview", "report/dryfiredoc"},
		{"report"},
		// The HTML pages of a run document and of a compare (report,
		// compare --html-out), over the run's reports and their masks;
		// the spec errors of a load as dryfire prints them.
		{"report/htmlreport", "report/specerrors"},
		// A run's reports as dryfire writes them (the terminal report, the
		// run document, JUnit, trace's turns, compare's matrix), over the
		// plans they report on:
		{"report/runreport"},
		// a project's run in a cassette mode (gateways, estimate,
		// recording, a comparison's columns); the Python process of
		// passthrough mocks.
		{"engine/runplan", "engine/passthrough"},
		// The engine, the explanation of differences, the secrets analyzer
		// and its planted secrets for the no-leak tests (imported by tests
		// only).
		{"engine", "diff", "secrets", "secrets/secrettest"},
		// What a case sends and the key it is filed under: dryfire's
		// messages, the request of one call, its canonical hash turn after
		// turn. Below the loop that builds conversations. The cost of a
		// call's usage, dryfire's bundled prices.
		{"engine/conversation", "engine/pricing"},
		// pydantic's error texts for the models engine validates (reads
		// suite's final_json fields); Python's json.loads of a final text
		// or a judge's answer, and float(), str() and bool() of it.
		{"engine/internal/pydantic", "engine/internal/pyjson"},
		// The demo's model provider: answers Anthropic calls from the
		// demo's recordings, over the gateway that builds them.
		{"examples/standin"},
	}},
	// The formats: provider wire adapters (and their fake for tests,
	// imported by tests only) and suites; below provider, the redaction of
	// credentials and key values in what a provider is sent and answers;
	// below it, the dryfire cassette, whose response type both use; beside
	// it, below suite, what dryfire's models make of a case's input, expect
	// entries and tool results.
	{name: "formats", core: true, layers: [][]string{{"provider", "provider/providertest", "suite"}, {"provider/redact"}, {"cassette", "suite/casemodel"}}},
	{name: "tape", core: true, layers: [][]string{{"tape"}}},
	// The ground floor: Python- and JavaScript-compatible parsers and
	// encoders, safe file reading, output safety, the format kind, path
	// confinement, and the bundled demo's files.
	{name: "ground", core: true, layers: [][]string{
		{"internal/format"},
		// YAML as dryfire's loader constructs it (ruamel's round-trip
		// constructor over internal/yamlrt): typed nodes with positions.
		// Only suite imports it; suite's API names its node types by aliases.
		{"internal/yamlnode"},
		// ruamel's scanner, parser and composer, over its reader
		// (internal/yamlrt/chars, a leaf: the bytes decoded into characters,
		// Python's reads replayed).
		{"internal/yamlrt"},
		// The example project init writes (embedded), and its writer.
		{"examples/scaffold"},
		// Questions about a JSON document's bytes, answered without
		// decoding it (is it in dryfire's format, its compact form); and
		// Python's equality of decoded values.
		{"internal/jsonbytes", "internal/pyvalue"},
		// Leaves: they import nothing of the module. secrets/internal/detect is
		// the rules of package secrets (a string in, matches out).
		{"internal/jsonv", "internal/pathlib", "internal/safefile", "internal/pyregex", "internal/pystr", "internal/visible", "internal/yamlrt/chars", "internal/confine", "secrets/internal/detect", "examples", "internal/cputime"},
	}},
}

// sameLayer are the imports allowed inside a layer, as exceptions: none
// (provider, which answers with the cassette's response type, is on a
// layer above cassette).
var sameLayer = map[string][]string{}

// testOnly are the packages nothing but tests imports: test fakes beside
// what they fake, and the tools.
var testOnly = []string{"provider/providertest", "secrets/secrettest", "gitreview/reviewtest", "ui/internal/uitest", "tools/"}

// placed is where each package is: its tier and its layer, counted from
// the top over every tier.
type placed struct {
	tier  *tier
	layer int
}

// place finds the tier and layer of a package: a package named on a
// layer is there; a pattern ("ui/*") takes the packages below it that are
// named nowhere.
func place(rel string) (placed, bool) {
	for _, exact := range []bool{true, false} {
		n := 0
		for ti := range tiers {
			for _, l := range tiers[ti].layers {
				for _, p := range l {
					if exact && p == rel || !exact && strings.HasSuffix(p, "/*") && strings.HasPrefix(rel, strings.TrimSuffix(p, "*")) {
						return placed{&tiers[ti], n}, true
					}
				}
				n++
			}
		}
	}
	return placed{}, false
}

// TestLayering enforces the dependency rule on the imports of every
// package (tests aside), as `go list` reports them: each imports only
// packages of lower layers, and a core package never imports a charm
// library.
func TestLayering(t *testing.T) {
	for rel, imports := range listPackages(t) {
		p, ok := place(rel)
		if !ok {
			t.Errorf("package %q is on no layer of the dependency rule: place it in layering_test.go", rel)
			continue
		}
		for _, imp := range imports {
			if !strings.HasPrefix(imp, modulePath) {
				if p.tier.core && isUIDependency(imp) {
					t.Errorf("core package %q imports %s", rel, imp)
				}
				continue
			}
			irel := moduleRel(imp)
			q, ok := place(irel)
			if !ok {
				continue // reported above
			}
			if q.layer <= p.layer && !slices.Contains(sameLayer[rel], irel) {
				t.Errorf("%q (%s) imports %q (%s): against the dependency order (a layer may import only layers below it)",
					rel, p.tier.name, irel, q.tier.name)
			}
		}
	}
}

// TestBackendImportsNoCharm: ui/backend is plain Go over the core; the
// components whose types it speaks (tree.Item, detail.Data) draw with charm,
// it does not.
func TestBackendImportsNoCharm(t *testing.T) {
	for _, imp := range listPackages(t)["ui/backend"] {
		if isUIDependency(imp) {
			t.Errorf("ui/backend imports %s", imp)
		}
	}
}

// TestInternalIsTheGroundFloor: internal/ holds the ground floor and the
// command line, nothing else (test fakes live beside what they fake, the
// tools in tools/).
func TestInternalIsTheGroundFloor(t *testing.T) {
	for rel := range listPackages(t) {
		if !strings.HasPrefix(rel, "internal/") || rel == "internal/cli" {
			continue
		}
		if p, _ := place(rel); p.tier == nil || p.tier.name != "ground" {
			t.Errorf("%s is in internal/ but not on the ground floor", rel)
		}
	}
}

// TestToolsStayOutOfTheBinary: the tools and the test fakes are imported
// by no package but tests (and one another), and none of them is linked
// into dryfire-tui.
func TestToolsStayOutOfTheBinary(t *testing.T) {
	isTestOnly := func(rel string) bool {
		return slices.ContainsFunc(testOnly, func(p string) bool { return rel == p || strings.HasSuffix(p, "/") && strings.HasPrefix(rel, p) })
	}
	for rel, imports := range listPackages(t) {
		for _, imp := range imports {
			if irel := moduleRel(imp); strings.HasPrefix(imp, modulePath) && isTestOnly(irel) && !isTestOnly(rel) {
				t.Errorf("%q imports %q, which only tests may import", rel, irel)
			}
		}
	}
	out := goList(t, "-deps", ".")
	n := 0
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		if !strings.HasPrefix(line, modulePath) {
			continue
		}
		n++
		if rel := moduleRel(line); isTestOnly(rel) {
			t.Errorf("the binary links %s", rel)
		}
	}
	if n < 20 {
		t.Fatalf("go list -deps . listed %d packages of the module", n)
	}
}

// TestCoreDoesNotPrint: core packages return values and errors; only the
// command line, the UI and the tools write to the terminal.
func TestCoreDoesNotPrint(t *testing.T) {
	for rel := range listPackages(t) {
		if p, ok := place(rel); !ok || !p.tier.core {
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
	out := goList(t, "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...")
	pkgs := map[string][]string{}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || !strings.HasPrefix(f[0], modulePath) {
			t.Fatalf("go list printed %q", line)
		}
		pkgs[moduleRel(f[0])] = f[1:]
	}
	for _, must := range []string{"", "internal/cli", "ui", "command", "scan", "engine", "cassette", "tape", "internal/jsonv", "tools/gen"} {
		if _, ok := pkgs[must]; !ok {
			t.Fatalf("go list did not list %q: listed %d packages", must, len(pkgs))
		}
	}
	return pkgs
}

// TestArchitectureMap holds ARCHITECTURE.md to this file: its section "The
// floors" has a heading for each tier, in the order of tiers, and under
// each a line for each of the tier's packages ("- `pkg`: what it holds",
// "." for the root), in the order of their layers; every package of the
// module is there once, and nothing else is.
func TestArchitectureMap(t *testing.T) {
	data, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	floors, err := mapFloors(string(data))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range floors {
		names = append(names, f.tier)
	}
	var want []string
	for _, tr := range tiers {
		want = append(want, tr.name)
	}
	if !slices.Equal(names, want) {
		t.Errorf("ARCHITECTURE.md's floors are %q; layering_test.go's tiers are %q", names, want)
	}
	pkgs := listPackages(t)
	listed := map[string]bool{}
	last := -1
	for _, f := range floors {
		for _, rel := range f.packages {
			show := cmp.Or(rel, ".")
			if _, ok := pkgs[rel]; !ok {
				t.Errorf("ARCHITECTURE.md lists %s under %q: no such package in the module", show, f.tier)
				continue
			}
			if listed[rel] {
				t.Errorf("ARCHITECTURE.md lists %s twice", show)
			}
			listed[rel] = true
			p, ok := place(rel)
			switch {
			case !ok:
				// TestLayering reports it.
			case p.tier.name != f.tier:
				t.Errorf("ARCHITECTURE.md lists %s under %q; layering_test.go puts it on %q", show, f.tier, p.tier.name)
			case p.layer < last:
				t.Errorf("ARCHITECTURE.md lists %s after a package of a lower layer: list a floor's packages in the order of its layers", show)
			default:
				last = p.layer
			}
		}
	}
	for rel := range pkgs {
		if !listed[rel] {
			t.Errorf("ARCHITECTURE.md does not list package %s: add a line under its floor", cmp.Or(rel, "."))
		}
	}
}

// mapFloor is a floor of ARCHITECTURE.md: its heading and the packages
// listed under it.
type mapFloor struct {
	tier     string
	packages []string
}

// mapFloors reads the section "The floors" of ARCHITECTURE.md.
func mapFloors(doc string) ([]mapFloor, error) {
	_, section, ok := strings.Cut(doc, "\n## The floors\n")
	if !ok {
		return nil, errors.New(`ARCHITECTURE.md has no section "## The floors"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var floors []mapFloor
	for line := range strings.SplitSeq(section, "\n") {
		if name, ok := strings.CutPrefix(line, "### "); ok {
			floors = append(floors, mapFloor{tier: strings.TrimSpace(name)})
			continue
		}
		item, ok := strings.CutPrefix(line, "- `")
		if !ok {
			continue
		}
		rel, _, ok := strings.Cut(item, "`:")
		if !ok {
			return nil, fmt.Errorf("ARCHITECTURE.md: %q is not \"- `package`: what it holds\"", line)
		}
		if len(floors) == 0 {
			return nil, fmt.Errorf("ARCHITECTURE.md lists %s before the first floor's heading", rel)
		}
		if rel == "." {
			rel = ""
		}
		floors[len(floors)-1].packages = append(floors[len(floors)-1].packages, rel)
	}
	if len(floors) == 0 {
		return nil, errors.New(`ARCHITECTURE.md's section "The floors" has no floor`)
	}
	return floors, nil
}

func goList(t *testing.T, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	return out
}

// moduleRel is an import path relative to the module.
func moduleRel(imp string) string {
	return strings.TrimPrefix(strings.TrimPrefix(imp, modulePath), "/")
}

func isUIDependency(imp string) bool {
	return strings.HasPrefix(imp, "charm.land/") || strings.HasPrefix(imp, "github.com/charmbracelet/")
}
