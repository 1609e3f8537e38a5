package jsonv

import (
	"os"
	"path/filepath"
	"testing"
)

// projectACassettes are real cassettes, as dryfire wrote them.
const projectACassettes = "../../testdata/golden/dryfire/project-A/.dryfire/cassettes"

// cassettes reads every cassette of project-A.
func cassettes(b *testing.B) (datas [][]byte, size int64) {
	b.Helper()
	files, _ := filepath.Glob(filepath.Join(projectACassettes, "*/*/*.json"))
	if len(files) == 0 {
		b.Fatal("no cassettes")
	}
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		datas = append(datas, data)
		size += int64(len(data))
	}
	return datas, size
}

// BenchmarkDecode decodes project-A's cassettes whole, as show, doctor and
// secrets do.
func BenchmarkDecode(b *testing.B) {
	datas, size := cassettes(b)
	b.ReportAllocs()
	b.SetBytes(size / int64(len(datas)))
	for i := 0; b.Loop(); i++ {
		if _, err := Decode(datas[i%len(datas)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeSummaryFunc decodes them as a store load does: bodies
// left out, containers in scratch space.
func BenchmarkDecodeSummaryFunc(b *testing.B) {
	datas, size := cassettes(b)
	b.ReportAllocs()
	b.SetBytes(size / int64(len(datas)))
	for i := 0; b.Loop(); i++ {
		if err := DecodeSummaryFunc(datas[i%len(datas)], true, func(Value) {}); err != nil {
			b.Fatal(err)
		}
	}
}
