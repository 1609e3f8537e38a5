package tape

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
