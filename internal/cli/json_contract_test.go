package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// jsonContractTargets are the directories whose --json documents were
// captured in testdata/json-contract before the packages were reorganised,
// by name of the capture directory. The paths are given from the
// repository root, as they were when the documents were captured, because
// some documents echo the path they were given.
var jsonContractTargets = map[string]string{
	"project-A":                       "testdata/golden/dryfire/project-A",
	"project-B-tool-description":      "testdata/golden/dryfire/project-B-tool-description",
	"project-C-tools-reordered":       "testdata/golden/dryfire/project-C-tools-reordered",
	"project-F-case-renamed":          "testdata/golden/dryfire/project-F-case-renamed",
	"project-H-suite-deleted":         "testdata/golden/dryfire/project-H-suite-deleted",
	"project-K-schema-version-bumped": "testdata/golden/dryfire/project-K-schema-version-bumped",
	"project-L-fingerprint-mismatch":  "testdata/golden/dryfire/project-L-fingerprint-mismatch",
	"project-S-case-mock-override":    "testdata/golden/dryfire/project-S-case-mock-override",
	"demo":                            "examples/demo",
	"tapes":                           "testdata/golden/tapes/tapes",
}

// TestJSONContract holds every --json document byte for byte to what the
// commands wrote before the code moved: the machine-readable output is a
// contract, and a reorganisation must not change a byte of it. A document
// changes here only with a deliberate, documented change of behaviour.
func TestJSONContract(t *testing.T) {
	for name, target := range jsonContractTargets {
		for _, cmd := range []string{"ls", "replay", "prune", "diff", "secrets", "doctor", "check"} {
			t.Run(name+"/"+cmd, func(t *testing.T) {
				dir := filepath.Join("testdata", "json-contract", name)
				want, err := os.ReadFile(filepath.Join(dir, cmd+".json"))
				if err != nil {
					t.Fatal(err)
				}
				codeText, err := os.ReadFile(filepath.Join(dir, cmd+".exit"))
				if err != nil {
					t.Fatal(err)
				}
				wantCode, err := strconv.Atoi(strings.TrimSpace(string(codeText)))
				if err != nil {
					t.Fatal(err)
				}
				out, errOut, code := runCmd(t, cmd, target, "--json")
				if code != wantCode {
					t.Errorf("exit %d, want %d\nstderr: %s", code, wantCode, errOut)
				}
				if !bytes.Equal([]byte(out), want) {
					t.Errorf("%s %s --json differs from the contract at byte %d\ngot:\n%s", cmd, target, firstDiff([]byte(out), want), out)
				}
			})
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
