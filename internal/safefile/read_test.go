//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func TestReadIntoRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "00-fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	link := filepath.Join(dir, "01-zero.json")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "dir.json")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	tests := map[string]struct {
		path, kind string
	}{
		"a named pipe, which would block an open for reading": {fifo, "named pipe (FIFO)"},
		"a link to /dev/zero, which never ends":               {link, "character device"},
		"a directory":                                         {sub, "directory"},
	}
	for name, tc := range tests {
		for reader, read := range readers {
			t.Run(reader+"/"+name, func(t *testing.T) {
				data, _, err := read(tc.path, nil)
				if data != nil || !errors.Is(err, ErrNotRegular) {
					t.Fatalf("%s = %q, %v; want ErrNotRegular", reader, data, err)
				}
				var pe *fs.PathError
				if !errors.As(err, &pe) || pe.Path != tc.path {
					t.Errorf("error %v does not name %s", err, tc.path)
				}
				if !strings.Contains(err.Error(), tc.kind) {
					t.Errorf("error %q does not say %q", err, tc.kind)
				}
			})
		}
	}
}

// readers are the two ways to read a file whole: every refusal holds for
// both.
var readers = map[string]func(string, []byte) ([]byte, Stamp, error){
	"ReadInto":       ReadInto,
	"ReadListedInto": ReadListedInto,
}

// TestReadListedIntoReadsAsReadInto: a regular file, a link to one (which
// a listing would not have reported as a regular file, read through
// ReadInto) and a missing file give what ReadInto gives.
func TestReadListedIntoReadsAsReadInto(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "00-0123456789abcdef.json")
	if err := os.WriteFile(file, []byte(`{"schema_version": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "01-0123456789abcdef.json")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{file, link} {
		want, wantStamp, err := ReadInto(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, stamp, err := ReadListedInto(p, make([]byte, 0, 4))
		if err != nil || string(got) != string(want) || stamp != wantStamp {
			t.Errorf("ReadListedInto(%s) = %q, %+v, %v; want %q, %+v", p, got, stamp, err, want, wantStamp)
		}
	}
	missing := filepath.Join(dir, "02-gone.json")
	_, _, err := ReadListedInto(missing, nil)
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe.Path != missing || pe.Op != "open" {
		t.Errorf("ReadListedInto of a missing file = %v; want an open error naming it", err)
	}
}

func TestReadIntoSizeLimit(t *testing.T) {
	dir := t.TempDir()
	SetMaxSize(100)
	t.Cleanup(func() { SetMaxSize(0) })
	tests := map[string]struct {
		size int
		ok   bool
	}{
		"empty":                 {0, true},
		"at the limit":          {100, true},
		"one byte over":         {101, false},
		"far over (never read)": {1 << 20, false},
	}
	for name, tc := range tests {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, make([]byte, tc.size), 0o644); err != nil {
			t.Fatal(err)
		}
		for reader, read := range readers {
			t.Run(reader+"/"+name, func(t *testing.T) {
				data, st, err := read(p, nil)
				if tc.ok {
					if err != nil || len(data) != tc.size || st.Size != int64(tc.size) {
						t.Fatalf("%s = %d bytes, %+v, %v", reader, len(data), st, err)
					}
					return
				}
				if !errors.Is(err, ErrTooLarge) {
					t.Fatalf("%s = %d bytes, %v; want ErrTooLarge", reader, len(data), err)
				}
				for _, want := range []string{p, "100 B", MaxSizeEnv} {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("error %q does not say %q", err, want)
					}
				}
			})
		}
	}
}

// TestReadAllStopsAtTheLimit reads from a pipe that holds more than the
// limit, as a file that grows while it is read: the read stops one byte
// past the limit instead of following it.
func TestReadAllStopsAtTheLimit(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := w.Write(make([]byte, 4096)); err != nil {
		t.Fatal(err)
	}
	w.Close()
	rf, err := openRaw("/dev/fd/" + strconv.Itoa(int(r.Fd())))
	if err != nil {
		t.Skipf("no /dev/fd here: %v", err)
	}
	defer rf.close()
	_, err = readAll(rf, nil, 10, 1000)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "grew while being read") {
		t.Fatalf("readAll = %v; want a file that grew past the limit", err)
	}
}

// TestOpenRawDoesNotBlockOnAPipe opens a named pipe that no one writes to,
// as a file swapped for a pipe between the stat and the open would be: the
// open and the read return at once.
func TestOpenRawDoesNotBlockOnAPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "p")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	f, err := openRaw(fifo)
	if err != nil {
		t.Fatal(err)
	}
	defer f.close()
	data, err := readAll(f, nil, 0, 100)
	if err != nil || len(data) != 0 {
		t.Fatalf("readAll = %q, %v; want nothing, at once", data, err)
	}
}

func TestParseAndFormatSize(t *testing.T) {
	tests := map[string]struct {
		in   string
		want int64
		ok   bool
	}{
		"bytes":       {"1000", 1000, true},
		"kibibytes":   {"16K", 16 << 10, true},
		"MiB spelled": {"64MiB", 64 << 20, true},
		"MB":          {"2MB", 2 << 20, true},
		"gibibytes":   {"1g", 1 << 30, true},
		"zero":        {"0", 0, false},
		"negative":    {"-5", 0, false},
		"words":       {"lots", 0, false},
		"overflow":    {"99999999999G", 0, false},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			got, err := ParseSize(tc.in)
			if (err == nil) != tc.ok || got != tc.want {
				t.Fatalf("ParseSize(%q) = %d, %v; want %d (ok %v)", tc.in, got, err, tc.want, tc.ok)
			}
		})
	}
	for n, want := range map[int64]string{0: "0 B", 512: "512 B", 64 << 20: "64 MiB", 3 << 29: "1.5 GiB"} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestReadAllWhenTheFileChangedSinceTheStat: the size from the stat is a
// hint; a file that grew or shrank since is still read whole.
func TestReadAllWhenTheFileChangedSinceTheStat(t *testing.T) {
	p := filepath.Join(t.TempDir(), "00-0123456789abcdef.json")
	want := strings.Repeat("0123456789", 10)
	if err := os.WriteFile(p, []byte(want), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, size := range []int64{0, 10, 99, 100, 101, 4096} {
		f, err := openRaw(p)
		if err != nil {
			t.Fatal(err)
		}
		// Room for exactly the size and one byte, as a reused buffer of
		// that size gives: a file that grew fills it and must read on.
		data, err := readAll(f, make([]byte, 0, size+1), size, 1000)
		f.close()
		if err != nil || string(data) != want {
			t.Errorf("size hint %d: readAll = %d bytes, %v; want all 100", size, len(data), err)
		}
	}
}
