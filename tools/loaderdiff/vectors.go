package loaderdiff

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"unicode/utf8"
)

// Vector is a golden vector: a document and dryfire's observation of it,
// as the oracle script wrote it.
type Vector struct {
	// Name is class/part/id: the class of the document and the part on
	// which the two loaders disagreed when the vector was recorded
	// ("agree" for a sample that agreed).
	Name    string          `json:"name"`
	Doc     Doc             `json:"doc"`
	Dryfire json.RawMessage `json:"dryfire"`
}

// fileJSON is a file's content in a vector or a document stream: the text
// itself when it is UTF-8, else {"base64": ...}.
type fileJSON struct {
	data []byte
}

func (f fileJSON) MarshalJSON() ([]byte, error) {
	if utf8.Valid(f.data) {
		return json.Marshal(string(f.data))
	}
	return json.Marshal(map[string]string{"base64": base64.StdEncoding.EncodeToString(f.data)})
}

func (f *fileJSON) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		f.data = []byte(s)
		return nil
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	data, err := base64.StdEncoding.DecodeString(m["base64"])
	f.data = data
	return err
}

type docJSON struct {
	ID    string              `json:"id"`
	Class string              `json:"class"`
	Files map[string]fileJSON `json:"files"`
	Env   map[string]string   `json:"env,omitempty"`
	Calls []Call              `json:"calls,omitempty"`
}

// MarshalJSON writes the files as text when they are UTF-8, so that a
// vector can be read.
func (d Doc) MarshalJSON() ([]byte, error) {
	j := docJSON{ID: d.ID, Class: d.Class, Files: map[string]fileJSON{}, Env: d.Env, Calls: d.Calls}
	for k, v := range d.Files {
		j.Files[k] = fileJSON{v}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(j); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// UnmarshalJSON reads what MarshalJSON writes.
func (d *Doc) UnmarshalJSON(b []byte) error {
	var j docJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*d = Doc{ID: j.ID, Class: j.Class, Files: map[string][]byte{}, Env: j.Env, Calls: j.Calls}
	for k, v := range j.Files {
		d.Files[k] = v.data
	}
	return nil
}

// ReadVectors reads every *.jsonl file of dir.
func ReadVectors(dir string) ([]Vector, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []Vector
	for _, f := range files {
		vs, err := ReadVectorFile(f)
		if err != nil {
			return nil, err
		}
		out = append(out, vs...)
	}
	return out, nil
}

// ReadVectorFile reads one file of vectors, one JSON object a line.
func ReadVectorFile(f string) ([]Vector, error) {
	data, err := os.ReadFile(f)
	if err != nil {
		return nil, err
	}
	var out []Vector
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var v Vector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", f, line, err)
		}
		out = append(out, v)
	}
	return out, sc.Err()
}

// AppendVectors adds vectors to dir, one file per class, leaving out the
// names already there.
func AppendVectors(dir string, vs []Vector) error {
	have, err := ReadVectors(dir)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, v := range have {
		seen[v.Name] = true
	}
	byClass := map[string][]Vector{}
	for _, v := range vs {
		if !seen[v.Name] {
			seen[v.Name] = true
			byClass[v.Doc.Class] = append(byClass[v.Doc.Class], v)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for class, list := range byClass {
		f, err := os.OpenFile(filepath.Join(dir, class+".jsonl"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		w := bufio.NewWriter(f)
		for _, v := range list {
			b, err := json.Marshal(v)
			if err != nil {
				f.Close()
				return err
			}
			_, _ = w.Write(append(b, '\n')) // bufio keeps the first error for Flush
		}
		if err := w.Flush(); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
}

// WriteVectors writes vs to the file path, replacing it.
func WriteVectors(path string, vs []Vector) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	var b bytes.Buffer
	for _, v := range vs {
		line, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}
