package secrets

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// Report is what [ScanPath] found.
type Report struct {
	// Root is the directory finding paths are relative to: the project root
	// (the directory of dryfire.yaml), or PATH (its directory for a file)
	// outside a project.
	Root string
	// Findings are sorted by path, then document order.
	Findings []Finding
	// Files is the number of recordings scanned.
	Files int
	// Problems are files that could not be read or decoded.
	Problems []error
}

// ScanPath scans the recordings at path: a project directory (or one below
// it), a cassette directory, a tapes directory or a single file. In a
// project it reads the cassette root of dryfire.yaml and the .tapes and
// tapes directories, keeping what lies under path.
func ScanPath(ctx context.Context, path string) (*Report, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	r := &Report{}
	var mu sync.Mutex
	add := func(fs []Finding) {
		mu.Lock()
		r.Findings = append(r.Findings, fs...)
		r.Files++
		mu.Unlock()
	}
	var dirs []string // store roots and tape directories to read
	cfg, perr := suite.FindProject(abs)
	switch {
	case perr == nil:
		r.Root = filepath.Dir(cfg)
		p, err := suite.LoadConfig(cfg)
		if err != nil {
			return nil, err
		}
		dirs = []string{p.CassetteRoot, filepath.Join(r.Root, ".tapes"), filepath.Join(r.Root, "tapes")}
		// A directory that holds none of these, nor lies in one, is read
		// as it is (a fixtures directory of tapes, say).
		if !slices.ContainsFunc(dirs, func(d string) bool { return within(abs, d) || within(d, abs) }) {
			dirs = append(dirs, abs)
		}
	case errors.Is(perr, suite.ErrNoProject):
		r.Root = abs
		if !fi.IsDir() {
			r.Root = filepath.Dir(abs)
		}
		dirs = []string{abs}
	default:
		return nil, perr
	}
	rel := func(p string) string {
		x, err := filepath.Rel(r.Root, p)
		if err != nil {
			return filepath.ToSlash(p)
		}
		return filepath.ToSlash(x)
	}
	if !fi.IsDir() {
		data, err := os.ReadFile(abs)
		if err != nil {
			return nil, err
		}
		fs, err := scanBytes(rel(abs), data)
		if err != nil {
			r.Problems = append(r.Problems, jsonv.WithPath(abs, err))
		} else {
			add(fs)
		}
		return r, nil
	}
	seen := map[string]bool{}
	onFile := func(f *cassette.StoreFile, c *cassette.Cassette, data []byte) {
		if !within(f.Path, abs) {
			return
		}
		mu.Lock()
		dup := seen[f.Path]
		seen[f.Path] = true
		mu.Unlock()
		if dup {
			return
		}
		// A tape is an object with entries and no fingerprint; one with
		// Python's bare NaN tokens does not decode strictly, so c is nil.
		isTape := c != nil && c.Body.Has("entries") && !c.Body.Has("fingerprint")
		if c == nil && !isTape {
			isTape = tape.Detect(data)
			if !isTape {
				return // StoreFile.Err says why; doctor reports it
			}
		}
		if isTape {
			t, err := tape.Decode(data)
			if err != nil {
				mu.Lock()
				r.Problems = append(r.Problems, jsonv.WithPath(f.Path, err))
				mu.Unlock()
				return
			}
			add(ScanTape(rel(f.Path), t))
			return
		}
		if isCassetteBody(c.Body) {
			add(ScanCassette(rel(f.Path), c))
		}
	}
	for _, d := range dirs {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			continue
		}
		if !within(d, abs) && !within(abs, d) {
			continue
		}
		s, err := cassette.LoadStore(ctx, d, cassette.LoadOptions{OnFile: onFile})
		if err != nil {
			return nil, err
		}
		r.Problems = append(r.Problems, s.Problems...)
	}
	slices.SortStableFunc(r.Findings, func(a, b Finding) int { return strings.Compare(a.Path, b.Path) })
	return r, ctx.Err()
}

// scanBytes scans one file's bytes as a tape or a dryfire cassette.
func scanBytes(rel string, data []byte) ([]Finding, error) {
	if tape.Detect(data) {
		t, err := tape.Decode(data)
		if err != nil {
			return nil, err
		}
		return ScanTape(rel, t), nil
	}
	c, err := cassette.Decode(data)
	if err != nil {
		return nil, err
	}
	if !isCassetteBody(c.Body) {
		return nil, ErrNotRecording
	}
	return ScanCassette(rel, c), nil
}

// isCassetteBody reports whether a JSON object looks like a dryfire cassette.
func isCassetteBody(b jsonv.Value) bool {
	return b.Has("response") || b.Has("request_digest") || b.Has("fingerprint")
}

func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
