package tape

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// What a Go test that records and replays calls meets: the counters it
// asserts on and the error a miss hands it.

// Stats: a recorded call is recorded, not missed, so a test can assert
// Misses == 0 in every mode.
func TestTapeStats(t *testing.T) {
	t.Setenv(ModeEnv, "")
	dir := t.TempDir()
	echo := func(s string) (string, error) { return s, nil }
	failing := func(string) (string, error) { return "", errors.New("overloaded") }

	rec := mustOpen(t, dir, "stats", Options{})
	for _, s := range []string{"a", "b", "a"} {
		if _, err := Wrap(rec, echo)(s); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Wrap(rec, failing)("c"); err == nil {
		t.Fatal("the recorded failure was not returned")
	}
	// A result the tape cannot hold is an error for the caller, and is
	// neither recorded nor a miss.
	if _, err := Call(rec, []any{"d"}, func() (int64, error) { return 1 << 60, nil }); !errors.Is(err, ErrUnsafeInteger) {
		t.Fatalf("unsafe integer: %v", err)
	}
	if got, want := rec.Stats(), (Stats{Recorded: 4, Mode: Record}); got != want {
		t.Errorf("record: stats %+v, want %+v", got, want)
	}
	if err := rec.Save(); err != nil {
		t.Fatal(err)
	}

	rep := mustOpen(t, dir, "stats", Options{})
	f := Wrap(rep, neverCalled[string, string](t))
	for _, s := range []string{"a", "a", "a", "b", "c", "new"} {
		f(s)
	}
	if got, want := rep.Stats(), (Stats{Hits: 5, Misses: 1, Mode: Replay}); got != want {
		t.Errorf("replay: stats %+v, want %+v", got, want)
	}
}

// A miss names the tape, not a "cassette", and says how to record the
// call; following the hint records it.
func TestTapeMissError(t *testing.T) {
	t.Setenv(ModeEnv, "")
	dir := t.TempDir()
	echo := func(s string) (string, error) { return s, nil }
	rec := mustOpen(t, dir, "chat", Options{})
	if _, err := Wrap(rec, echo)("hello"); err != nil {
		t.Fatal(err)
	}
	if err := rec.Save(); err != nil {
		t.Fatal(err)
	}

	rep := mustOpen(t, dir, "chat", Options{})
	_, err := Wrap(rep, echo)("bonjour")
	var miss *MissError
	if !errors.As(err, &miss) || !errors.Is(err, ErrMiss) {
		t.Fatalf("err = %v, want a *MissError", err)
	}
	path := filepath.Join(dir, "chat.json")
	want := `no recording found for key "` + miss.Key + `" in tape ` + path +
		`: no recorded call has these arguments; to record it, run again with CASSETTE_FN_MODE=record, which rewrites the tape from that run's calls`
	if err.Error() != want {
		t.Errorf("miss:\n%s\nwant:\n%s", err, want)
	}
	if miss.Path != path || strings.Contains(err.Error(), "cassette ") {
		t.Errorf("miss %+v: %v", miss, err)
	}

	// The hint is true: with CASSETTE_FN_MODE=record the same run records
	// the call, and replays it afterwards.
	t.Setenv(ModeEnv, "record")
	again := mustOpen(t, dir, "chat", Options{Mode: Replay})
	for _, s := range []string{"hello", "bonjour"} {
		if _, err := Wrap(again, echo)(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := again.Save(); err != nil {
		t.Fatal(err)
	}
	t.Setenv(ModeEnv, "")
	replayed := mustOpen(t, dir, "chat", Options{Mode: Replay})
	if got, err := Wrap(replayed, neverCalled[string, string](t))("bonjour"); err != nil || got != "bonjour" {
		t.Errorf("after recording: %q, %v", got, err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
}

// The tapes of a Go test are in testdata/tapes of the package directory,
// the working directory of `go test`.
func TestTapeDefaultDir(t *testing.T) {
	t.Setenv(ModeEnv, "")
	t.Chdir(t.TempDir())
	tp := mustOpen(t, "", "chat", Options{})
	if want := filepath.Join("testdata", "tapes", "chat.json"); tp.Path() != want {
		t.Errorf("path %s, want %s", tp.Path(), want)
	}
	if _, err := Wrap(tp, func(s string) (string, error) { return s, nil })("hi"); err != nil {
		t.Fatal(err)
	}
	if err := tp.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join("testdata", "tapes", "chat.json")); err != nil {
		t.Error(err)
	}
}

// fakeT is a test as OpenTest sees it, whose outcome the test chooses.
type fakeT struct {
	name             string
	failed, skipped  bool
	cleanups         []func()
	fatal, errs, log []string
}

func (f *fakeT) Helper()                        {}
func (f *fakeT) Name() string                   { return f.name }
func (f *fakeT) Cleanup(fn func())              { f.cleanups = append(f.cleanups, fn) }
func (f *fakeT) Failed() bool                   { return f.failed }
func (f *fakeT) Skipped() bool                  { return f.skipped }
func (f *fakeT) Fatalf(format string, a ...any) { f.fatal = append(f.fatal, fmt.Sprintf(format, a...)) }
func (f *fakeT) Errorf(format string, a ...any) { f.errs = append(f.errs, fmt.Sprintf(format, a...)) }
func (f *fakeT) Logf(format string, a ...any)   { f.log = append(f.log, fmt.Sprintf(format, a...)) }

func (f *fakeT) end() {
	for i := len(f.cleanups) - 1; i >= 0; i-- {
		f.cleanups[i]()
	}
}

// OpenTest names the tape after the test, saves it when the test passed,
// and never lets a failed or skipped run replace a tape.
func TestOpenTest(t *testing.T) {
	t.Setenv(ModeEnv, "")
	t.Chdir(t.TempDir())
	echo := func(s string) (string, error) { return s, nil }
	run := func(ft *fakeT, arg string) *Tape {
		t.Helper()
		tp := OpenTest(ft, Options{})
		if len(ft.fatal) > 0 {
			t.Fatalf("OpenTest: %v", ft.fatal)
		}
		if _, err := Wrap(tp, echo)(arg); err != nil && tp.Mode() == Record {
			t.Fatal(err)
		}
		ft.end()
		return tp
	}

	passed := run(&fakeT{name: "TestChat/french"}, "bonjour")
	path := filepath.Join("testdata", "tapes", "TestChat", "french.json")
	if passed.Path() != path || passed.Mode() != Record {
		t.Fatalf("tape %s in %s mode, want %s in record mode", passed.Path(), passed.Mode(), path)
	}
	saved, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("a passing test's tape was not saved: %v", err)
	}
	if replayed := run(&fakeT{name: "TestChat/french"}, "bonjour"); replayed.Mode() != Replay || replayed.Stats().Hits != 1 {
		t.Errorf("second run: %s mode, stats %+v", replayed.Mode(), replayed.Stats())
	}

	t.Setenv(ModeEnv, "record")
	for _, ft := range []*fakeT{{name: "TestChat/french", failed: true}, {name: "TestChat/french", skipped: true}} {
		run(ft, "salut")
		if after, _ := os.ReadFile(path); string(after) != string(saved) {
			t.Errorf("failed %v, skipped %v: the tape was replaced", ft.failed, ft.skipped)
		}
		if len(ft.log) != 1 || !strings.Contains(ft.log[0], "not saved") || len(ft.errs) != 0 {
			t.Errorf("failed %v, skipped %v: log %q, errors %q", ft.failed, ft.skipped, ft.log, ft.errs)
		}
	}

	// A tape that cannot be opened fails the test at once.
	t.Setenv(ModeEnv, "replay")
	ft := &fakeT{name: "TestNeverRecorded"}
	if OpenTest(ft, Options{}) != nil || len(ft.fatal) != 1 || !strings.Contains(ft.fatal[0], "TestNeverRecorded.json") ||
		!strings.Contains(ft.fatal[0], "record it by running with CASSETTE_FN_MODE=record") {
		t.Errorf("missing tape in replay mode: fatal %q", ft.fatal)
	}
}

func TestTapeNameOfTest(t *testing.T) {
	tests := map[string]string{
		"TestChat":                  "TestChat",
		"TestChat/french":           "TestChat/french",
		"TestChat/a:b*c?\"<>|\\d":   "TestChat/a_b_c______d",
		"TestChat/..":               "TestChat/_",
		"TestChat//x":               "TestChat/_/x",
		"TestChat/hello_world#01":   "TestChat/hello_world#01",
		"TestChat/日本語":              "TestChat/日本語",
		"TestChat/tab\there":        "TestChat/tab_here",
		"TestChat/../../etc/passwd": "TestChat/_/_/etc/passwd",
	}
	for name, want := range tests {
		if got := filepath.ToSlash(tapeName(name)); got != want {
			t.Errorf("tapeName(%q) = %q, want %q", name, got, want)
		}
	}
}

// A Go client takes a context first. WrapContext passes it through and
// keeps it out of the key; given as an argument, it is refused before the
// wrapped function runs, since its contents change from run to run.
func TestTapeContext(t *testing.T) {
	t.Setenv(ModeEnv, "")
	dir := t.TempDir()
	type request struct {
		Prompt string `json:"prompt"`
	}
	type ctxKey struct{}
	var got []any
	complete := func(ctx context.Context, r request) (string, error) {
		got = append(got, ctx.Value(ctxKey{}))
		return "re: " + r.Prompt, nil
	}
	rec := mustOpen(t, dir, "ctx", Options{})
	recCtx := context.WithValue(t.Context(), ctxKey{}, "recording")
	if r, err := WrapContext(rec, complete)(recCtx, request{"hi"}); err != nil || r != "re: hi" {
		t.Fatalf("record: %q, %v", r, err)
	}
	if len(got) != 1 || got[0] != "recording" {
		t.Errorf("the wrapped function got context values %v", got)
	}
	key, err := Key(mustMarshal(t, []any{request{"hi"}}), Value{}, JS)
	if err != nil {
		t.Fatal(err)
	}
	if keys := rec.Keys(); len(keys) != 1 || keys[0] != key {
		t.Errorf("keys %v, want [%s], the key of the request alone", keys, key)
	}
	if err := rec.Save(); err != nil {
		t.Fatal(err)
	}

	rep := mustOpen(t, dir, "ctx", Options{})
	ctx, cancel := context.WithTimeout(context.WithValue(context.Background(), ctxKey{}, "replaying"), time.Hour)
	defer cancel()
	replay := WrapContext(rep, func(context.Context, request) (string, error) {
		t.Error("wrapped function called in replay mode")
		return "", nil
	})
	if r, err := replay(ctx, request{"hi"}); err != nil || r != "re: hi" {
		t.Errorf("replay with another context: %q, %v", r, err)
	}

	two := mustOpen(t, dir, "ctx2", Options{Mode: Record})
	called := false
	_, err = Wrap2(two, func(context.Context, request) (string, error) { called = true; return "", nil })(t.Context(), request{"hi"})
	if err == nil || !strings.Contains(err.Error(), "WrapContext") || called {
		t.Errorf("a context as an argument: called %v, err %v", called, err)
	}
	r2, err := WrapContext2(two, func(_ context.Context, a, b string) (string, error) { return a + b, nil })(t.Context(), "a", "b")
	if err != nil || r2 != "ab" {
		t.Errorf("WrapContext2: %q, %v", r2, err)
	}
}

func mustMarshal(t *testing.T, x any) Value {
	t.Helper()
	v, err := Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Every kind of Go test can open its tape.
var (
	_ TestingT = (*testing.T)(nil)
	_ TestingT = (*testing.B)(nil)
	_ TestingT = (*testing.F)(nil)
	_ TestingT = testing.TB(nil)
)
