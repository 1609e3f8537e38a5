package tape

import (
	"path"
	"strings"
)

// DefaultDir is where tapes live when [Open] is given no directory and
// where [OpenTest] puts them: testdata/tapes, relative to the working
// directory, which for a Go test is the directory of the package under
// test. The go tool ignores testdata directories, so tapes committed there
// are not part of any build. (The JavaScript package and the Python port
// default to .tapes, beside their own working directory.)
const DefaultDir = "testdata/tapes"

// TestingT is what [OpenTest] needs of a test: *testing.T, *testing.B,
// *testing.F and testing.TB have these methods.
type TestingT interface {
	Helper()
	Name() string
	Cleanup(f func())
	Failed() bool
	Skipped() bool
	Fatalf(format string, args ...any)
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

// OpenTest opens the tape of the running test, testdata/tapes/<test
// name>.json in the package directory, and saves it when the test and its
// subtests end. A subtest's tape is in a directory named after its parent:
// TestChat/french is testdata/tapes/TestChat/french.json. Characters that
// are not portable in file names (\ : * ? " < > | and control characters)
// become "_".
//
// The mode is decided as [Open] decides it: CASSETTE_FN_MODE when set, else
// o.Mode, else auto (replay when the tape exists, record otherwise). A tape
// that cannot be opened fails the test at once. In record mode the tape is
// written only when the test passed: the calls of a failed or skipped run
// never replace a tape, and a save that fails fails the test.
func OpenTest(t TestingT, o Options) *Tape {
	t.Helper()
	tp, err := Open(DefaultDir, tapeName(t.Name()), o)
	if err != nil {
		t.Fatalf("%v", err)
		return nil
	}
	t.Cleanup(func() {
		if tp.Mode() != Record {
			return
		}
		switch {
		case t.Failed():
			t.Logf("tape %s not saved: the test failed", tp.Path())
		case t.Skipped():
			t.Logf("tape %s not saved: the test was skipped", tp.Path())
		default:
			if err := tp.Save(); err != nil {
				t.Errorf("%v", err)
			}
		}
	})
	return tp
}

// tapeName returns the tape name of the test called name (what t.Name()
// returns): the name itself, with each "/"-separated part made a portable
// file name. It keeps "/" on every system, so that the tape's "name" is
// the same everywhere; [Open] makes the path.
func tapeName(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = portableName(p)
	}
	return path.Join(parts...)
}

// portableName replaces the characters that some file systems refuse in a
// file name, and a name that would move out of its directory.
func portableName(p string) string {
	if p == "" || p == "." || p == ".." {
		return "_"
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(`\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, p)
}
