package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// readStamp reads a file written by a test and returns its stamp.
func readStamp(t *testing.T, path string) Stamp {
	t.Helper()
	_, s, err := ReadInto(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// setHook installs testOnlyBeforeCheck for one test.
func setHook(t *testing.T, f func(string)) {
	t.Helper()
	testOnlyBeforeCheck = f
	t.Cleanup(func() { testOnlyBeforeCheck = nil })
}

// changes are edits made between a read and the act on the file, each with
// what the check must say changed.
var changes = map[string]struct {
	edit func(t *testing.T, path string)
	want string
}{
	"same size, same modification time, other bytes": {func(t *testing.T, p string) {
		fi, _ := os.Stat(p)
		if err := os.WriteFile(p, []byte(`{"b": 2}`), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, fi.ModTime(), fi.ModTime()); err != nil {
			t.Fatal(err)
		}
	}, "content"},
	"replaced by rename": {func(t *testing.T, p string) {
		if err := os.WriteFile(p+".new", []byte(`{"a": 1}`), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(p+".new", p); err != nil {
			t.Fatal(err)
		}
	}, "replaced by another file"},
	"appended": {func(t *testing.T, p string) {
		f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("\n")
		f.Close()
	}, "size"},
	"touched": {func(t *testing.T, p string) {
		later := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
		if err := os.Chtimes(p, later, later); err != nil {
			t.Fatal(err)
		}
	}, "modification time"},
	"removed": {func(t *testing.T, p string) {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}, "removed"},
}

func TestRemoveSkipsAFileChangedAfterItsRead(t *testing.T) {
	for name, tc := range changes {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "00-a.json")
			if err := os.WriteFile(p, []byte(`{"a": 1}`), 0o644); err != nil {
				t.Fatal(err)
			}
			s := readStamp(t, p)
			setHook(t, func(string) { tc.edit(t, p) })
			err := Remove(p, s)
			var ce *ChangedError
			if !errors.As(err, &ce) || !slices.Contains(ce.What, tc.want) {
				t.Fatalf("Remove = %v; want a change of %s", err, tc.want)
			}
			if tc.want != "removed" {
				if _, err := os.Stat(p); err != nil {
					t.Errorf("the changed file is gone: %v", err)
				}
			}
		})
	}
}

func TestRemoveAnUnchangedFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "00-a.json")
	if err := os.WriteFile(p, []byte(`{"a": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Remove(p, readStamp(t, p)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(p); !os.IsNotExist(err) {
		t.Fatalf("still there: %v", err)
	}
}

func TestRewriteLeavesAFileChangedAfterItsRead(t *testing.T) {
	for name, tc := range changes {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "00-a.json")
			if err := os.WriteFile(p, []byte(`{"a": 1}`), 0o644); err != nil {
				t.Fatal(err)
			}
			s := readStamp(t, p)
			var edited []byte
			setHook(t, func(string) {
				tc.edit(t, p)
				edited, _ = os.ReadFile(p)
			})
			_, err := Rewrite(p, []byte("new"), s)
			if !errors.Is(err, ErrChanged) {
				t.Fatalf("Rewrite = %v; want ErrChanged", err)
			}
			if now, _ := os.ReadFile(p); string(now) != string(edited) {
				t.Errorf("file is %q, want the edit %q kept", now, edited)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if _, ok := IsTempName(e.Name()); ok {
					t.Errorf("temporary file %s left behind", e.Name())
				}
			}
		})
	}
}

func TestRewrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "00-a.json")
	if err := os.WriteFile(p, []byte(`{"a": 1}`), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Rewrite(p, []byte(`{"a": 2}`), readStamp(t, p))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != `{"a": 2}` {
		t.Errorf("file is %q", got)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", fi.Mode().Perm())
	}
	if err := Check(p, s); err != nil {
		t.Errorf("the returned stamp does not describe the new file: %v", err)
	}
}

func TestRewriteRefusesASymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.json")
	if err := os.WriteFile(target, []byte(`{"secret": "x"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "00-a.json")
	if err := os.Symlink("target.json", link); err != nil {
		t.Skip(err)
	}
	_, err := Rewrite(link, []byte(`{}`), readStamp(t, link))
	if !errors.Is(err, ErrSymlink) {
		t.Fatalf("Rewrite = %v; want ErrSymlink", err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if got, _ := os.ReadFile(target); string(got) != `{"secret": "x"}` {
		t.Errorf("target is %q", got)
	}
}

func TestIsTempName(t *testing.T) {
	tests := map[string]struct {
		name, target string
	}{
		"ours":                   {"00-0123456789abcdef.json.a1b2c3d4e5f6.tmp", "00-0123456789abcdef.json"},
		"dryfire's (tempfile)":   {"01-0123456789abcdef.json.k_3x9a2z.tmp", "01-0123456789abcdef.json"},
		"a tape":                 {"chat.json.0a0b0c0d0e0f.tmp", "chat.json"},
		"not of a json file":     {"notes.txt.a1b2c3d4e5f6.tmp", ""},
		"a plain .tmp file":      {"scratch.tmp", ""},
		"random part too short":  {"a.json.abc.tmp", ""},
		"upper case is not ours": {"a.json.ABCDEFGH.tmp", ""},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, ok := IsTempName(tc.name)
			if got != tc.target || ok != (tc.target != "") {
				t.Errorf("IsTempName(%q) = %q, %v; want %q", tc.name, got, ok, tc.target)
			}
		})
	}
}

func TestRewriteRefusesWhatNoReadWouldRead(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "00-a.json")
	if err := os.WriteFile(p, []byte(`{"a": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	SetMaxSize(100)
	t.Cleanup(func() { SetMaxSize(0) })
	_, err := Rewrite(p, make([]byte, 101), readStamp(t, p))
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Rewrite of 101 bytes under a limit of 100 = %v; want ErrTooLarge", err)
	}
	for _, want := range []string{p, "would be 101 B", "100 B", MaxSizeEnv, "not written"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if got, _ := os.ReadFile(p); string(got) != `{"a": 1}` {
		t.Errorf("file is %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("entries %v; want the file alone", entries)
	}
}

func TestRewriteVerifiedPutsBackWhatDoesNotVerify(t *testing.T) {
	p := filepath.Join(t.TempDir(), "00-a.json")
	if err := os.WriteFile(p, []byte(`{"a": 1}`), 0o600); err != nil {
		t.Fatal(err)
	}
	var checked string
	refuse := func(data []byte) error {
		checked = string(data)
		return errors.New("not a cassette")
	}
	_, err := RewriteVerified(p, []byte(`[1]`), readStamp(t, p), refuse)
	var rb *NotReadBackError
	if !errors.Is(err, ErrNotReadBack) || !errors.As(err, &rb) || !rb.Restored || !strings.Contains(err.Error(), "not a cassette") {
		t.Fatalf("RewriteVerified = %v; want the check's error and the file put back", err)
	}
	if checked != `[1]` {
		t.Errorf("the check read %q, want what was written", checked)
	}
	if got, _ := os.ReadFile(p); string(got) != `{"a": 1}` {
		t.Errorf("file is %q, want its previous bytes", got)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", fi.Mode().Perm())
	}
}

func TestRewriteLeavesWhatSomethingElseWroteAfterIt(t *testing.T) {
	p := filepath.Join(t.TempDir(), "00-a.json")
	if err := os.WriteFile(p, []byte(`{"a": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	testOnlyAfterRename = func(path string) {
		if err := os.WriteFile(path, []byte(`{"theirs": true}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { testOnlyAfterRename = nil })
	_, err := Rewrite(p, []byte(`{"a": 2}`), readStamp(t, p))
	var rb *NotReadBackError
	if !errors.As(err, &rb) || rb.Restored || rb.Restore != nil || !strings.Contains(err.Error(), "left as it is") {
		t.Fatalf("Rewrite = %v; want other bytes reported and left", err)
	}
	if got, _ := os.ReadFile(p); string(got) != `{"theirs": true}` {
		t.Errorf("file is %q, want the later write kept", got)
	}
}
