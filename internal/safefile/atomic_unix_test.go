//go:build unix

package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The write failures are real ones: the writes run in a child process (this
// test binary again) whose file size limit (ulimit -f, RLIMIT_FSIZE) is far
// below what it writes, so the kernel fails the write of the temporary file
// half way, as a full disk does (Go ignores the SIGXFSZ that comes with it).

// childWriteEnv names the write the child makes: "atomic", "stream"
// (WriteAtomicFunc, in pieces), "rewrite".
const childWriteEnv = "SAFEFILE_TEST_CHILD_WRITE"

// TestChildWrite is the child: it makes one write of 1 MiB into the file
// named by SAFEFILE_TEST_CHILD_FILE and prints its error.
func TestChildWrite(t *testing.T) {
	what := os.Getenv(childWriteEnv)
	if what == "" {
		t.Skip("run by TestWriteFailuresLeaveNoTemporaryFile")
	}
	path := os.Getenv("SAFEFILE_TEST_CHILD_FILE")
	data := bytes.Repeat([]byte("x"), 1<<20)
	var err error
	switch what {
	case "atomic":
		err = WriteAtomic(path, data, 0o644)
	case "stream":
		err = WriteAtomicFunc(path, 0o644, func(w io.Writer) error {
			for i := 0; i < len(data); i += 4096 {
				if _, err := w.Write(data[i : i+4096]); err != nil {
					return err
				}
			}
			return nil
		})
	case "rewrite":
		var s Stamp
		if _, s, err = ReadInto(path, nil); err == nil {
			_, err = Rewrite(path, data, s)
		}
	}
	fmt.Printf("error: %v\n", err)
}

func TestWriteFailuresLeaveNoTemporaryFile(t *testing.T) {
	for _, what := range []string{"atomic", "stream", "rewrite"} {
		for _, existing := range []bool{false, true} {
			if what == "rewrite" && !existing {
				continue
			}
			t.Run(fmt.Sprintf("%s/existing=%v", what, existing), func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "00-0123456789abcdef.json")
				const old = `{"old": true}`
				if existing {
					if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				// 64 blocks of 512 bytes: the 1 MiB write fails past 32 KiB.
				cmd := exec.Command("/bin/sh", "-c", `ulimit -f 64 && exec "$0" -test.run '^TestChildWrite$' -test.v`, os.Args[0])
				cmd.Env = append(os.Environ(), childWriteEnv+"="+what, "SAFEFILE_TEST_CHILD_FILE="+path)
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("child: %v\n%s", err, out)
				}
				if !strings.Contains(string(out), "error: write "+path+": ") || !strings.Contains(string(out), "file too large") {
					t.Fatalf("the write did not fail as a full disk does:\n%s", out)
				}
				entries, _ := os.ReadDir(dir)
				for _, e := range entries {
					if e.Name() != filepath.Base(path) {
						t.Errorf("%s left behind", e.Name())
					}
				}
				got, err := os.ReadFile(path)
				switch {
				case existing && string(got) != old:
					t.Errorf("the file is %d bytes, %v; want it as it was", len(got), err)
				case !existing && !os.IsNotExist(err):
					t.Errorf("the file exists after a failed write: %v", err)
				}
			})
		}
	}
}

// TestWriteAtomicRenameFailureLeavesNoTemporaryFile: the temporary file
// is written, but cannot be renamed over the target (a directory).
func TestWriteAtomicRenameFailureLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "00-0123456789abcdef.json")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(target, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(target, []byte("{}"), 0o644); err == nil || !strings.Contains(err.Error(), target) {
		t.Fatalf("WriteAtomic over a directory = %v; want an error naming it", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("entries %v; want the directory alone", entries)
	}
}

// TestWriteAtomicFuncFailureKeepsTheFile: when the content's writer fails
// part way, or panics, the file is as it was, nothing else is left, and
// the error names the file.
func TestWriteAtomicFuncFailureKeepsTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.json")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	bad := errors.New("the document cannot be encoded")
	err := WriteAtomicFunc(path, 0o644, func(w io.Writer) error {
		_, _ = w.Write(bytes.Repeat([]byte("x"), 3*atomicBuffer))
		return bad
	})
	if !errors.Is(err, bad) || !strings.Contains(err.Error(), path) {
		t.Errorf("error %v; want the writer's, naming the file", err)
	}
	func() {
		defer func() { _ = recover() }()
		_ = WriteAtomicFunc(path, 0o644, func(w io.Writer) error {
			_, _ = w.Write(bytes.Repeat([]byte("y"), 3*atomicBuffer))
			panic("a bug in the encoder")
		})
	}()
	if got, err := os.ReadFile(path); string(got) != "old" || err != nil {
		t.Errorf("the file holds %d bytes (%v); want it as it was", len(got), err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("entries %v; want the file alone", entries)
	}
	if err := WriteAtomicFunc(path, 0o644, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("after a good write: %v, mode %v; want the file's own 0600", err, fi.Mode())
	}
}
