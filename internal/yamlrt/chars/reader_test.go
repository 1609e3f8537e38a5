package chars

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// vectorFiles are the loader's golden vectors (testdata/loaderdiff at the
// root of the module) that hold files dryfire refused for their bytes.
var vectorFiles = []string{"encoding.jsonl", filepath.Join("named", "cases.jsonl")}

// TestFaultsAgreeWithDryfire reads every golden document dryfire refused
// for a byte that is not UTF-8 or a forbidden character, to its end, and
// checks that the Reader meets the fault dryfire met: the same message,
// and for a character the same position (ruamel's "position N", in
// characters).
func TestFaultsAgreeWithDryfire(t *testing.T) {
	t.Parallel()
	n := 0
	for _, f := range vectorFiles {
		for _, v := range readFaults(t, filepath.Join("..", "..", "..", "testdata", "loaderdiff", f)) {
			n++
			err := readAll(v.data)
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("%s: read %v, want dryfire's %q", v.name, err, v.message)
				continue
			}
			msg, pos, hasPos := strings.Cut(v.message, "\n")
			if e.Problem != msg {
				t.Errorf("%s: %q, want dryfire's %q", v.name, e.Problem, msg)
			}
			if hasPos {
				_, at, _ := strings.Cut(pos, "position ")
				if want, _ := strconv.Atoi(at); e.Mark.Index != want {
					t.Errorf("%s: at character %d, want dryfire's %d", v.name, e.Mark.Index, want)
				}
			}
		}
	}
	if n < 8 {
		t.Fatalf("only %d golden documents with a fault", n)
	}
}

// TestDecodeErrorsAgreeWithDryfire reads files that are not UTF-8 in each
// way Python's decoder words differently (testdata/decode-errors.json,
// made by testdata/make-decode-errors.py with the real dryfire) and checks
// that the Reader's message is dryfire's, positions counted from the start
// of the 8 KiB chunk Python was decoding.
func TestDecodeErrorsAgreeWithDryfire(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile(filepath.Join("testdata", "decode-errors.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vectors []struct{ Name, File, Dryfire string }
	if err := json.Unmarshal(raw, &vectors); err != nil {
		t.Fatal(err)
	}
	if len(vectors) < 16 {
		t.Fatalf("only %d vectors", len(vectors))
	}
	for _, v := range vectors {
		data, err := base64.StdEncoding.DecodeString(v.File)
		if err != nil {
			t.Fatal(err)
		}
		var e *Error
		if err := readAll(data); !errors.As(err, &e) || e.Problem != v.Dryfire {
			t.Errorf("%s: read %v, want dryfire's %q", v.Name, err, v.Dryfire)
		}
	}
}

// TestReadsText: a file without a fault reads as Python's text mode reads
// it, CR LF and a lone CR as LF, and positions count as ruamel counts them.
func TestReadsText(t *testing.T) {
	t.Parallel()
	r, err := New([]byte("\ufeffa\r\nb\rc\u2028d"), &Buffers{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Prefix(8), "\ufeffa\nb\nc\u2028d"; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
	r.Forward(7)
	if got, want := r.Mark(), (Mark{Index: 7, Line: 2, Column: 2}); got != want {
		t.Errorf("after 7 characters at %+v, want %+v", got, want)
	}
	if c := r.Peek(1); c != 0 {
		t.Errorf("past the end: %q, want NUL", c)
	}
}

type fault struct {
	name, message string
	data          []byte
}

// readFaults returns the documents of a vector file whose suite dryfire
// refused for its bytes.
func readFaults(t *testing.T, path string) []fault {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []fault
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var v struct {
			Name string `json:"name"`
			Doc  struct {
				Files map[string]json.RawMessage `json:"files"`
			} `json:"doc"`
			Dryfire struct {
				Load struct{ Kind, Message, File string } `json:"load"`
			} `json:"dryfire"`
		}
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		load := v.Dryfire.Load
		if load.Kind != "decode" && load.Kind != "reader" {
			continue
		}
		out = append(out, fault{name: v.Name, message: load.Message, data: fileData(t, v.Doc.Files[load.File])})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// fileData is a vector's file: its text, or {"base64": ...} when it is not
// UTF-8.
func fileData(t *testing.T, raw json.RawMessage) []byte {
	t.Helper()
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []byte(s)
	}
	var b struct{ Base64 string }
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatalf("file %s: %v", raw, err)
	}
	data, err := base64.StdEncoding.DecodeString(b.Base64)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// readAll reads data to its end, returning the error New returns or the
// one a read panics with.
func readAll(data []byte) (err error) {
	r, err := New(data, &Buffers{})
	if err != nil {
		return err
	}
	defer func() {
		if v := recover(); v != nil {
			e, ok := v.(*Error)
			if !ok {
				panic(v)
			}
			err = e
		}
	}()
	for range len(data) + 1 { // no more characters than bytes
		r.Forward(1)
	}
	return nil
}
