// Command gen writes a generated dryfire project for benchmarks and manual
// testing:
//
//	go run ./tools/gen/cmd/gen -out /tmp/big -recordings 20000 -seed 1
//
// It prints the manifest (planted counts) as JSON on stdout.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/dryfire-tui/dryfire-tui/tools/gen"
)

func main() {
	out := flag.String("out", "", "directory to write the project into (must not exist or be empty)")
	n := flag.Int("recordings", 2000, "number of dryfire cassette files")
	seed := flag.Uint64("seed", 1, "seed")
	stale := flag.Float64("stale", -1, "fraction of stale recordings (default 0.05)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gen: -out is required")
		os.Exit(2)
	}
	if entries, err := os.ReadDir(*out); err == nil && len(entries) > 0 {
		fmt.Fprintf(os.Stderr, "gen: %s is not empty\n", *out)
		os.Exit(2)
	}
	cfg := gen.Default(*n, *seed)
	if *stale >= 0 {
		cfg.Stale = *stale
	}
	m, err := gen.Generate(*out, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	m.Misses = nil
	if err := enc.Encode(m); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
