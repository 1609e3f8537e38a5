package cassette

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/cputime"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// BenchmarkFingerprintProjectA hashes every request project-A's replay
// sends (hashable request, canonical JSON, SHA-256), over and over.
func BenchmarkFingerprintProjectA(b *testing.B) {
	var args []jsonv.Value
	for _, line := range readJSONLines(b, filepath.Join(goldenDir, "project-A", "requests.jsonl")) {
		args = append(args, line.Field("hash_args"))
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Used().Seconds()
	for i := 0; b.Loop(); i++ {
		if _, err := Fingerprint(args[i%len(args)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "keys/s")
	if used := cputime.Used().Seconds() - cpu; used > 0 {
		b.ReportMetric(float64(b.N)/used, "keys/cpu-s")
	}
}

// BenchmarkLoadStore20k loads a generated cassette tree of 20,000 files
// (project-A's cassettes, re-keyed, 200 suites × 10 cases × 10 turns).
func BenchmarkLoadStore20k(b *testing.B) {
	root := generateStore(b, 20000)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Used().Seconds()
	for b.Loop() {
		s, err := LoadStore(context.Background(), root, jsonFiles(root), LoadOptions{})
		if err != nil || len(s.Files) != 20000 {
			b.Fatalf("%v, %d files", err, len(s.Files))
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/load")
	if used := cputime.Used().Seconds() - cpu; used > 0 {
		b.ReportMetric(used/float64(b.N), "cpu-s/load")
	}
}

func generateStore(b *testing.B, n int) string {
	b.Helper()
	files, _ := filepath.Glob(filepath.Join(projectACassettes, "*/*/*.json"))
	var templates [][]byte
	var keys []string
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		_, key, ok := ParseName(filepath.Base(p))
		if !ok {
			continue
		}
		templates = append(templates, data)
		keys = append(keys, `"`+key+`"`)
	}
	root := b.TempDir()
	for i := range n {
		t := i % len(templates)
		key := fmt.Sprintf("%016x", i)
		dir := filepath.Join(root, fmt.Sprintf("suite_%03d", i/100), fmt.Sprintf("case_%02d", i/10%10))
		if i%10 == 0 {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				b.Fatal(err)
			}
		}
		data := bytes.Replace(templates[t], []byte(keys[t]), []byte(`"`+key+`"`), 1)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%02d-%s.json", i%10, key)), data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return root
}

// jsonFiles yields the *.json files under root, as the workspace's walk
// hands them to LoadStore.
func jsonFiles(root string) iter.Seq[string] {
	return func(yield func(string) bool) {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
				return nil
			}
			if !yield(p) {
				return fs.SkipAll
			}
			return nil
		})
	}
}

// BenchmarkSummariseProjectA summarises project-A's cassettes from memory
// as a store load does (bodies left out), without the file reads.
func BenchmarkSummariseProjectA(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(projectACassettes, "*/*/*.json"))
	var datas [][]byte
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		datas = append(datas, data)
	}
	var scratch Cassette
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		f := &StoreFile{Path: files[i%len(files)]}
		summariseScoped(f, datas[i%len(datas)], &scratch, true, nil)
		if f.Err != nil || f.Served == nil {
			b.Fatalf("%s: %v, %v", f.Path, f.Err, f.ResponseErr)
		}
	}
}
