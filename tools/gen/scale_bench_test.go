package gen

// Scale benchmarks (issue 7). They generate projects of 2,000, 20,000 and
// (when asked) 100,000 recordings once per run and time the core functions
// behind ls, replay, secrets and check on them, plus the real binary:
//
//	go test -run '^$' -bench . -benchtime 3x -cpu 2 ./tools/gen
//	DRYFIRE_BENCH_SIZES=2000,20000,100000 go test -run '^$' -bench . -benchtime 1x -cpu 2 -timeout 1h ./tools/gen
//
// DRYFIRE_BENCH_DIR reuses generated projects across runs (they are written
// once per size and seed into that directory).

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/cputime"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

var (
	benchRoot     string
	benchRootOnce sync.Once
	benchMu       sync.Mutex
	benchProjects = map[int]*benchProject{}
)

type benchProject struct {
	dir string
	m   *Manifest
}

func TestMain(m *testing.M) {
	code := m.Run()
	if benchRoot != "" && os.Getenv("DRYFIRE_BENCH_DIR") == "" {
		os.RemoveAll(benchRoot)
	}
	os.Exit(code)
}

func benchSizes(b *testing.B) []int {
	spec := os.Getenv("DRYFIRE_BENCH_SIZES")
	if spec == "" {
		spec = "2000,20000"
	}
	var sizes []int
	for _, f := range strings.Split(spec, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			b.Fatalf("DRYFIRE_BENCH_SIZES: %v", err)
		}
		sizes = append(sizes, n)
	}
	return sizes
}

// project returns a generated project of n recordings, written once.
func project(b *testing.B, n int) *benchProject {
	b.Helper()
	benchMu.Lock()
	defer benchMu.Unlock()
	if p, ok := benchProjects[n]; ok {
		return p
	}
	benchRootOnce.Do(func() {
		benchRoot = os.Getenv("DRYFIRE_BENCH_DIR")
		if benchRoot == "" {
			var err error
			if benchRoot, err = os.MkdirTemp("", "dryfire-bench-"); err != nil {
				b.Fatal(err)
			}
		}
	})
	dir := filepath.Join(benchRoot, fmt.Sprintf("n%d-seed1", n))
	cfg := Default(n, 1)
	var m *Manifest
	var err error
	if _, statErr := os.Stat(filepath.Join(dir, "dryfire.yaml")); statErr == nil {
		m = &Manifest{Recordings: n, Bytes: diskBytes(b, dir)} // reused: recount the bytes
	} else {
		os.RemoveAll(dir)
		if m, err = Generate(dir, cfg); err != nil {
			b.Fatal(err)
		}
	}
	p := &benchProject{dir: dir, m: m}
	benchProjects[n] = p
	return p
}

func diskBytes(b *testing.B, dir string) int64 {
	var n int64
	err := filepath.Walk(dir, func(_ string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			n += fi.Size()
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return n
}

func eachSize(b *testing.B, f func(b *testing.B, p *benchProject)) {
	for _, n := range benchSizes(b) {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			p := project(b, n)
			b.ReportAllocs()
			cpu0 := cputime.UsedWithChildren()
			b.ResetTimer()
			f(b, p)
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/recording")
			// CPU seconds per op (user + system of this process, and of the
			// commands it ran): the VM the figures come from is shared, and
			// wall clock alone says more about the neighbours than about us.
			b.ReportMetric((cputime.UsedWithChildren()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}

// BenchmarkScan is the core of ls: load, replay and classify everything.
func BenchmarkScan(b *testing.B) {
	eachSize(b, func(b *testing.B, p *benchProject) {
		for b.Loop() {
			w, err := scan.Open(context.Background(), p.dir, scan.Options{})
			if err != nil {
				b.Fatal(err)
			}
			if len(w.Recordings) < p.m.Recordings {
				b.Fatalf("%d recordings, want %d", len(w.Recordings), p.m.Recordings)
			}
		}
	})
}

// BenchmarkReplay is the core of replay: load the project and the store,
// simulate every case.
func BenchmarkReplay(b *testing.B) {
	eachSize(b, func(b *testing.B, p *benchProject) {
		for b.Loop() {
			pr, err := suite.LoadProject(p.dir, func(string) (string, bool) { return "", false })
			if err != nil {
				b.Fatal(err)
			}
			s, err := cassette.LoadStore(context.Background(), pr.CassetteRoot, jsonFiles(pr.CassetteRoot), cassette.LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			res := engine.Replay(context.Background(), pr, s, engine.Options{})
			if len(res.Cases) == 0 {
				b.Fatal("no cases")
			}
		}
	})
}

// BenchmarkLoadStore is the parallel load of the cassette tree alone.
func BenchmarkLoadStore(b *testing.B) {
	eachSize(b, func(b *testing.B, p *benchProject) {
		root := filepath.Join(p.dir, CassetteDir)
		for b.Loop() {
			s, err := cassette.LoadStore(context.Background(), root, jsonFiles(root), cassette.LoadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if len(s.Files) != p.m.Recordings {
				b.Fatalf("%d files, want %d", len(s.Files), p.m.Recordings)
			}
		}
	})
}

// BenchmarkSecrets scans every recording for secrets while the store loads.
func BenchmarkSecrets(b *testing.B) {
	eachSize(b, func(b *testing.B, p *benchProject) {
		root := filepath.Join(p.dir, CassetteDir)
		for b.Loop() {
			var mu sync.Mutex
			found := 0
			_, err := cassette.LoadStore(context.Background(), root, jsonFiles(root), cassette.LoadOptions{
				OnFile: func(f *cassette.StoreFile, c *cassette.Cassette, _ []byte) {
					if c == nil {
						return
					}
					n := len(secrets.ScanCassette(f.Rel, c))
					mu.Lock()
					found += n
					mu.Unlock()
				},
			})
			if err != nil {
				b.Fatal(err)
			}
			if found == 0 {
				b.Fatal("no secrets found")
			}
		}
	})
}

// The real binary, built once.
var (
	binOnce sync.Once
	binPath string
	binErr  error
)

func binary(b *testing.B) string {
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "dryfire-bin-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "dryfire-tui")
		out, err := exec.Command("go", "build", "-o", binPath, "github.com/dryfire-tui/dryfire-tui").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		b.Fatal(binErr)
	}
	return binPath
}

// BenchmarkCommand runs the real binary (GOMAXPROCS as -cpu sets it) and
// reports its peak resident memory next to the bytes on disk.
func BenchmarkCommand(b *testing.B) {
	for _, args := range [][]string{
		{"ls", "--json"},
		{"replay", "--json"},
		{"run", "--cassette-mode", "replay"},
		{"secrets", "--json"},
		{"check", "--json"},
		{"prune", "--json"},
	} {
		b.Run(args[0], func(b *testing.B) {
			bin := binary(b)
			eachSize(b, func(b *testing.B, p *benchProject) {
				// Peak RSS comes from /usr/bin/time: a child's own rusage
				// would include the memory of this (forking) test process.
				timeBin, timeErr := exec.LookPath("/usr/bin/time")
				rssFile := filepath.Join(b.TempDir(), "rss")
				var peak int64
				for b.Loop() {
					cmd := exec.Command(bin, append(args, p.dir)...)
					if timeErr == nil {
						cmd = exec.Command(timeBin, append([]string{"-f", "%M", "-o", rssFile, bin}, append(args, p.dir)...)...)
					}
					cmd.Env = append(os.Environ(), "GOMAXPROCS="+strconv.Itoa(runtime.GOMAXPROCS(0)))
					var out, stderr bytes.Buffer
					cmd.Stdout, cmd.Stderr = &out, &stderr
					err := cmd.Run()
					if code := cmd.ProcessState.ExitCode(); err != nil && code != 1 && code != 3 {
						b.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, stderr.String())
					}
					if data, err := os.ReadFile(rssFile); err == nil {
						lines := strings.Fields(string(data))
						if kb, err := strconv.ParseInt(lines[len(lines)-1], 10, 64); err == nil {
							peak = max(peak, kb*1024)
						}
					}
				}
				b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MB")
				b.ReportMetric(float64(p.m.Bytes)/(1<<20), "disk-MB")
			})
		})
	}
}

// BenchmarkDecodeCassette decodes generated cassette bodies (CPU only).
func BenchmarkDecodeCassette(b *testing.B) {
	p := project(b, 2000)
	var bodies [][]byte
	var total int64
	err := filepath.WalkDir(filepath.Join(p.dir, CassetteDir), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || len(bodies) == 500 {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if _, err := cassette.Decode(data); err == nil {
			bodies = append(bodies, data)
			total += int64(len(data))
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(total / int64(len(bodies)))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := cassette.Decode(bodies[i%len(bodies)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
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
