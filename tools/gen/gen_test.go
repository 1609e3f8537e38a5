package gen

import (
	"context"
	"crypto/sha256"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/scan"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

func generate(t testing.TB, cfg Config) (string, *Manifest) {
	t.Helper()
	dir := t.TempDir()
	m, err := Generate(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return dir, m
}

func treeHash(t *testing.T, dir string) [32]byte {
	t.Helper()
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		h.Write([]byte(rel))
		h.Write(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum
}

func TestGenerateIsDeterministic(t *testing.T) {
	cfg := Default(400, 7)
	cfg.Workers = 2
	a, ma := generate(t, cfg)
	cfg.Workers = 1
	b, mb := generate(t, cfg)
	if treeHash(t, a) != treeHash(t, b) {
		t.Error("same seed, different trees")
	}
	if ma.Recordings != 400 || mb.Recordings != 400 {
		t.Errorf("recordings = %d, %d; want 400", ma.Recordings, mb.Recordings)
	}
	cfg.Seed = 8
	c, _ := generate(t, cfg)
	if treeHash(t, a) == treeHash(t, c) {
		t.Error("different seeds, same tree")
	}
}

// TestCassettesAreWhatDryfireWrites: every valid generated file decodes,
// re-encodes to the same bytes, carries the key of its file name, and its
// request digest hashes to that key.
func TestCassettesAreWhatDryfireWrites(t *testing.T) {
	dir, m := generate(t, Default(600, 3))
	var sizes []int
	for rel, status := range m.Files {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		if status == Invalid {
			continue
		}
		sizes = append(sizes, len(data))
		c, err := cassette.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		out, err := c.Encode()
		if err != nil || string(out) != string(data) {
			t.Fatalf("%s: does not re-encode to the same bytes (%v)", rel, err)
		}
		turn, key, ok := cassette.ParseName(filepath.Base(rel))
		if !ok || key != c.Fingerprint || turn != c.Turn {
			t.Fatalf("%s: name says turn %d key %s, body turn %d key %s", rel, turn, key, c.Turn, c.Fingerprint)
		}
		fp, rep, err := cassette.ParseStorageKey(key)
		if err != nil {
			t.Fatal(err)
		}
		got, err := cassette.FingerprintRequest(c.RequestDigest)
		if err != nil {
			t.Fatal(err)
		}
		if got != fp {
			t.Fatalf("%s: request digest hashes to %s (repetition %d)", rel, got, rep)
		}
		if _, err := cassette.ParseResponse(c.Response); err != nil {
			t.Fatalf("%s: response: %v", rel, err)
		}
	}
	sort.Ints(sizes)
	p := func(q float64) int { return sizes[int(q*float64(len(sizes)-1))] }
	if p(0) < 2048 || p(0.95) > 8192 {
		t.Errorf("body sizes: min %d, p95 %d; want 2–8 KB", p(0), p(0.95))
	}
}

type missKey struct {
	suite, cas string
	rep, turn  int
	key        string
}

// TestReplayHitsEveryTurn replays a generated project with the replay
// engine: every turn of every current case hits, except the planted stale
// cases, which miss exactly where and with the key the generator computed.
func TestReplayHitsEveryTurn(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"clean", Config{Seed: 11, Recordings: 800}},
		{"planted", func() Config { c := Default(1500, 12); c.InUse = 0.02; return c }()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, m := generate(t, tc.cfg)
			p, err := suite.LoadProject(dir, func(string) (string, bool) { return "", false })
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Errors) > 0 {
				e := p.Errors[0]
				t.Fatalf("%d spec errors, first %s:%d:%d: %s", len(p.Errors), e.File, e.Line, e.Column, e.Message)
			}
			s, err := cassette.LoadStore(context.Background(), p.CassetteRoot, jsonFiles(p.CassetteRoot), cassette.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			res := engine.Replay(context.Background(), p, s, engine.Options{})
			if len(res.Cases) != m.CaseRuns {
				t.Errorf("replayed %d case runs, generated %d", len(res.Cases), m.CaseRuns)
			}
			hits := 0
			var misses []missKey
			for _, c := range res.Cases {
				for _, v := range c.Visits {
					if v.Hit {
						hits++
					}
				}
				switch c.Outcome {
				case engine.OutcomeHit:
				case engine.OutcomeMiss:
					v, _ := c.Miss()
					misses = append(misses, missKey{c.Suite, c.Case, c.RepeatIndex, v.Turn, v.Key})
				default:
					t.Errorf("%s::%s #%d: %s (%s)", c.Suite, c.Case, c.RepeatIndex, c.Outcome, c.Message)
				}
			}
			if hits != m.Hits {
				t.Errorf("hits = %d, want %d", hits, m.Hits)
			}
			var want []missKey
			for _, x := range m.Misses {
				want = append(want, missKey{x.Suite, x.Case, x.RepeatIndex, x.Turn, x.Key})
			}
			sortMisses(misses)
			sortMisses(want)
			if len(misses) != len(want) {
				t.Fatalf("%d misses, want %d", len(misses), len(want))
			}
			for i := range want {
				if misses[i] != want[i] {
					t.Errorf("miss %d = %+v, want %+v", i, misses[i], want[i])
				}
			}
			if tc.name == "clean" && res.ExitCode != 0 {
				t.Errorf("exit code %d, want 0", res.ExitCode)
			}
		})
	}
}

func sortMisses(ms []missKey) {
	sort.Slice(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.suite != b.suite {
			return a.suite < b.suite
		}
		if a.cas != b.cas {
			return a.cas < b.cas
		}
		return a.rep < b.rep
	})
}

// TestPlantedFractions opens a generated project with the scanner: every
// file gets the status the generator planted, and the counts are the
// fractions asked for.
func TestPlantedFractions(t *testing.T) {
	cfg := Default(3000, 21)
	cfg.InUse = 0.01
	cfg.Secrets = 0.02
	dir, m := generate(t, cfg)
	w, err := scan.Open(context.Background(), dir, scan.Options{Secrets: true})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	secretFiles := 0
	tapeEntries := 0
	wrong := 0
	for _, r := range w.Recordings {
		if r.Format == format.Tape {
			if r.Entry >= 0 {
				tapeEntries++
			}
			if r.Secrets > 0 && wrong < 10 {
				wrong++
				t.Errorf("%s: %d secrets found in a tape, none planted", r.Path, r.Secrets)
			}
			continue
		}
		st := r.Status.String()
		got[st]++
		if want := m.Files[r.Path]; want != st && wrong < 10 {
			wrong++
			t.Errorf("%s: status %q (%s), planted %q", r.Path, st, r.Reason, want)
		}
		if r.Secrets > 0 {
			secretFiles++
			planted, ok := m.SecretPaths[r.Path]
			if !ok && wrong < 10 {
				wrong++
				t.Errorf("%s: %d secrets found, none planted", r.Path, r.Secrets)
			}
			for _, f := range r.Findings {
				if ok && f.Rule != plantedRules[planted] && wrong < 10 {
					wrong++
					t.Errorf("%s: %s found at %s, planted %s", r.Path, f.Rule, f.JSONPath, planted)
				}
			}
		}
	}
	if m.SecretRules[OAuthHexRule] == 0 {
		t.Errorf("no %s planted: %v", OAuthHexRule, m.SecretRules)
	}
	if n := filesHolding(t, dir, `"trace_id"`); n.cassettes == 0 || n.tapes == 0 {
		t.Errorf("look-alikes in %d cassettes and %d tapes, want some in both", n.cassettes, n.tapes)
	}
	for st, n := range m.Status {
		if got[st] != n {
			t.Errorf("status %q: %d recordings, planted %d", st, got[st], n)
		}
	}
	if secretFiles != m.SecretFiles {
		t.Errorf("%d files with secrets, planted %d", secretFiles, m.SecretFiles)
	}
	if tapeEntries != m.TapeEntries {
		t.Errorf("%d tape entries, generated %d", tapeEntries, m.TapeEntries)
	}
	n := float64(m.Recordings)
	for _, f := range []struct {
		name  string
		asked float64
		got   int
	}{
		{"stale", cfg.Stale, m.Status[Stale]},
		{"superseded", cfg.Superseded, m.Status[Superseded]},
		{"orphaned", cfg.Orphaned, m.Status[OrphanedCase] + m.Status[OrphanedSuite]},
		{"invalid", cfg.Invalid, m.Status[Invalid]},
		{"in use", cfg.InUse, m.Status[InUse]},
		{"secrets", cfg.Secrets, m.SecretFiles},
	} {
		frac := float64(f.got) / n
		if math.Abs(frac-f.asked) > 0.25*f.asked+0.002 {
			t.Errorf("%s: %.4f of recordings, asked %.4f", f.name, frac, f.asked)
		}
	}
}

// plantedRules are the rules that must find each kind of planted secret.
var plantedRules = map[string]string{
	"anthropic": "anthropic-api-key", "github": "github-token", "aws": "aws-access-key-id",
	"huggingface": "huggingface-token", OAuthHexRule: "generic-secret",
}

type holding struct{ cassettes, tapes int }

// filesHolding counts the cassettes and tapes under dir whose bytes hold s.
func filesHolding(t *testing.T, dir, s string) holding {
	t.Helper()
	var n holding
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".json" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(data), s) {
			return err
		}
		if strings.Contains(filepath.ToSlash(p), "/"+TapeDir+"/") {
			n.tapes++
		} else {
			n.cassettes++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
