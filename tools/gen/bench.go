package gen

import (
	"os"
	"path/filepath"
	"strconv"
)

// BenchProject is the project the benchmarks of the commands and the
// browser run on: the directory DRYFIRE_BENCH_PROJECT names (a project
// generated beforehand with cmd/gen), else one generated in a new
// temporary directory whose name starts with prefix, of
// DRYFIRE_BENCH_RECORDINGS recordings (2,000 by default) and seed 1.
func BenchProject(prefix string) (string, error) {
	if dir := os.Getenv("DRYFIRE_BENCH_PROJECT"); dir != "" {
		return dir, nil
	}
	n := 2000
	if v, err := strconv.Atoi(os.Getenv("DRYFIRE_BENCH_RECORDINGS")); err == nil && v > 0 {
		n = v
	}
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return "", err
	}
	dir = filepath.Join(dir, "project")
	_, err = Generate(dir, Default(n, 1))
	return dir, err
}
