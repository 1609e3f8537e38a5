package safefile

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkReadInto reads one 8 KiB file (a typical cassette) over and
// over into a reused buffer: the per-file cost of loading a store, checks
// (stat, size limit) and stamp (content hash) included.
func BenchmarkReadInto(b *testing.B) {
	p := filepath.Join(b.TempDir(), "00-0123456789abcdef.json")
	if err := os.WriteFile(p, make([]byte, 8<<10), 0o644); err != nil {
		b.Fatal(err)
	}
	var buf []byte
	b.ReportAllocs()
	b.SetBytes(8 << 10)
	for b.Loop() {
		data, _, err := ReadInto(p, buf)
		if err != nil {
			b.Fatal(err)
		}
		buf = data[:0]
	}
}

// BenchmarkOSReadFile is the same read with os.ReadFile, for comparison.
func BenchmarkOSReadFile(b *testing.B) {
	p := filepath.Join(b.TempDir(), "00-0123456789abcdef.json")
	if err := os.WriteFile(p, make([]byte, 8<<10), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(8 << 10)
	for b.Loop() {
		if _, err := os.ReadFile(p); err != nil {
			b.Fatal(err)
		}
	}
}
