// Package gen writes large, realistic dryfire projects for tests and
// benchmarks: suites with tools, mocks and cases, and one cassette file per
// model turn whose key is the real fingerprint of the request the suite sends
// (so an offline replay hits every turn), plus chosen fractions of stale,
// superseded, orphaned, invalid and secret-bearing recordings and a few
// cassette-fn tapes.
//
// Everything is derived from Config.Seed: the same configuration writes the
// same bytes. [Generate] returns a [Manifest] that says what was planted,
// file by file, so tests can compare it with what the scanner, the replay
// engine and the secrets scanner find.
//
// The generator builds each turn's hash args itself, the way dryfire's loop
// (run_case) does: the initial user message, then per tool_use
// turn an assistant message with the tool calls and one tool message with the
// mock results in call order. It therefore cross-checks the replay engine
// rather than reusing it.
package gen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"
)

// Config chooses the size and the mix of a generated project.
type Config struct {
	// Seed makes the output deterministic.
	Seed uint64
	// Recordings is the exact number of dryfire cassette files to write.
	Recordings int
	// CasesPerSuite is the number of cases per suite (M); 0 means 10.
	CasesPerSuite int
	// MaxTurns is the most model turns a case takes (T); 0 means 5.
	MaxTurns int
	// Fractions of Recordings planted with each status. Stale recordings sit
	// in cases that now miss (input edited, a mock result changed, a tool
	// description edited); superseded ones are older recordings or
	// repetitions beyond repeat in cases that replay fully; orphaned ones sit
	// in case or suite directories no suite has; invalid ones are truncated
	// JSON or carry a fingerprint that disagrees with their file name; in-use
	// ones belong to a renamed case that still reads its old directory.
	Stale, Superseded, Orphaned, Invalid, InUse float64
	// Secrets is the fraction of recordings that carry one fake secret
	// (generated from the seed, never a real key).
	Secrets float64
	// Tapes is the number of cassette-fn tape files; -1 means none, 0 means
	// one per 1,000 recordings (at least one).
	Tapes int
	// Workers writes suites in parallel; 0 means GOMAXPROCS.
	Workers int
}

// Default returns the mix the benchmarks use: n recordings, 5% stale,
// 3% superseded, 3% orphaned, 1% invalid, 1% with a secret.
func Default(n int, seed uint64) Config {
	return Config{
		Seed: seed, Recordings: n,
		Stale: 0.05, Superseded: 0.03, Orphaned: 0.03, Invalid: 0.01, Secrets: 0.01,
	}
}

// Status names, as docs/statuses.md spells them.
const (
	Live          = "live"
	Stale         = "stale"
	Superseded    = "superseded"
	OrphanedCase  = "orphaned case"
	OrphanedSuite = "orphaned suite"
	InUse         = "in use"
	Invalid       = "invalid"
)

// Manifest is what a generated project contains.
type Manifest struct {
	Seed       uint64 `json:"seed"`
	Suites     int    `json:"suites"`
	Cases      int    `json:"cases"`
	Recordings int    `json:"recordings"` // dryfire cassette files
	Bytes      int64  `json:"bytes"`      // bytes of every file written (suites, cassettes, tapes)
	// Status counts dryfire cassette files by the status they should get.
	Status map[string]int `json:"status"`
	// Files maps each cassette file (path relative to the project root) to
	// its status.
	Files map[string]string `json:"-"`
	// Replay: case repetitions simulated, model turns that hit, and the
	// expected misses.
	CaseRuns int    `json:"case_runs"`
	Hits     int    `json:"hits"`
	Misses   []Miss `json:"misses"`
	// Secrets: files carrying a planted secret, and every planted value's
	// occurrences (a secret in a final answer sits in text and in raw).
	SecretFiles       int               `json:"secret_files"`
	SecretOccurrences int               `json:"secret_occurrences"`
	SecretRules       map[string]int    `json:"secret_rules"`
	SecretPaths       map[string]string `json:"-"` // file → rule
	// Tapes.
	TapeFiles   int `json:"tape_files"`
	TapeKeys    int `json:"tape_keys"`
	TapeEntries int `json:"tape_entries"`
}

// Miss is one case repetition that replay should report as a miss.
type Miss struct {
	Suite       string `json:"suite"`
	Case        string `json:"case"`
	RepeatIndex int    `json:"repeat_index"`
	Turn        int    `json:"turn"`
	Key         string `json:"key"`
}

// Final turn shapes of a case.
const (
	endTurn = iota
	endMaxTokens
	endUnmocked // the last turn calls a tool no rule answers (on_unmocked: error)
	endMaxTurns // every turn calls tools; max_turns stops the loop
)

// Kinds of stale case.
const (
	notStale   = iota
	staleInput // the case input was edited: misses at turn 0
	staleMock  // a case mock now returns something else: misses at turn 1
	staleTool  // the suite's tool description was edited: every case misses at turn 0
)

type casePlan struct {
	index   int
	name    string
	dirName string // the directory its recordings live in (differs when renamed)
	reps    int
	turns   []int // recorded turns per repetition
	end     int
	stale   int
	renamed bool
	// extras planted in this case's directory (only when it replays fully)
	superseded, invalid int
}

func (c *casePlan) files() int {
	n := 0
	for _, t := range c.turns {
		n += t
	}
	return n
}

type suitePlan struct {
	index     int
	name      string
	staleTool bool
	cases     []*casePlan
	// orphan cases: file counts of case directories no case has
	orphanCases []int
	// an orphan suite is generated but not written to any suite file
	orphan bool
}

// plan decides the shape of every suite and case from the seed, so the
// content of each suite can be generated in parallel from its own stream.
func plan(cfg Config) []*suitePlan {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x9e3779b97f4a7c15))
	m := cfg.CasesPerSuite
	if m <= 0 {
		m = 10
	}
	maxT := cfg.MaxTurns
	if maxT <= 0 {
		maxT = 5
	}
	n := cfg.Recordings
	extras := int(math.Round(float64(n) * (cfg.Superseded + cfg.Orphaned + cfg.Invalid)))
	if extras > n {
		extras = n
	}
	budget := n - extras // files in current cases (live, stale, in use)
	var suites []*suitePlan
	files, staleFiles, inUseFiles := 0, 0, 0
	for files < budget {
		sp := &suitePlan{index: len(suites), name: suiteName(len(suites))}
		for ci := 0; ci < m && files < budget; ci++ {
			c := planCase(rng, ci, maxT)
			if left := budget - files; c.files() > left {
				shrinkCase(c, left)
			}
			files += c.files()
			sp.cases = append(sp.cases, c)
		}
		suiteFiles := 0
		for _, c := range sp.cases {
			suiteFiles += c.files()
		}
		// A whole suite goes stale when its tool description changes; do that
		// for some suites while there is room under the target.
		if want := cfg.Stale * float64(files); float64(staleFiles+suiteFiles) <= want && rng.IntN(3) == 0 {
			sp.staleTool = true
			for _, c := range sp.cases {
				c.stale = staleTool
			}
			staleFiles += suiteFiles
		} else {
			acc := files - suiteFiles
			for _, c := range sp.cases {
				acc += c.files()
				if float64(staleFiles) < cfg.Stale*float64(acc) {
					if c.end != endMaxTurns && minTurns(c) >= 2 && rng.IntN(2) == 0 {
						c.stale = staleMock
						staleFiles += c.files() - c.reps // turn 0 of each repetition still hits
					} else {
						c.stale = staleInput
						staleFiles += c.files()
					}
				} else if float64(inUseFiles) < cfg.InUse*float64(acc) {
					c.renamed = true
					c.dirName = c.name
					c.name = c.name + "_renamed"
					inUseFiles += c.files()
				}
			}
		}
		suites = append(suites, sp)
	}

	// Extras: superseded and invalid files in cases that replay fully,
	// orphaned case directories in current suites, orphaned suites.
	rest := n - files
	tot := cfg.Superseded + cfg.Orphaned + cfg.Invalid
	sup, inv, orph := 0, 0, 0
	if tot > 0 && rest > 0 {
		sup = int(math.Round(float64(rest) * cfg.Superseded / tot))
		inv = int(math.Round(float64(rest) * cfg.Invalid / tot))
		orph = rest - sup - inv
	}
	var live []*casePlan
	for _, sp := range suites {
		for _, c := range sp.cases {
			if c.stale == notStale && !c.renamed {
				live = append(live, c)
			}
		}
	}
	if len(live) == 0 && sup+inv > 0 {
		orph += sup + inv
		sup, inv = 0, 0
	}
	for i := 0; i < sup; i++ {
		live[rng.IntN(len(live))].superseded++
	}
	for i := 0; i < inv; i++ {
		live[rng.IntN(len(live))].invalid++
	}
	orphCase := orph / 2
	if len(suites) == 0 {
		orphCase = 0
	}
	for orphCase > 0 {
		k := min(1+rng.IntN(3), orphCase)
		sp := suites[rng.IntN(len(suites))]
		sp.orphanCases = append(sp.orphanCases, k)
		orphCase -= k
	}
	orphSuite := orph - orph/2
	if len(suites) == 0 {
		orphSuite = orph
	}
	for orphSuite > 0 {
		sp := &suitePlan{index: len(suites), name: "retired_" + suiteName(len(suites)), orphan: true}
		for ci := 0; ci < m && orphSuite > 0; ci++ {
			c := planCase(rng, ci, maxT)
			c.reps, c.turns = 1, c.turns[:1]
			if c.turns[0] > orphSuite {
				c.turns[0] = orphSuite
			}
			if c.end == endMaxTurns {
				c.end = endTurn
			}
			orphSuite -= c.turns[0]
			sp.cases = append(sp.cases, c)
		}
		suites = append(suites, sp)
	}
	return suites
}

func suiteName(i int) string {
	// One suite in 25 has a name dryfire must sanitise.
	if i%25 == 7 {
		return fmt.Sprintf("Support flow %d/v2", i)
	}
	return fmt.Sprintf("suite_%04d", i)
}

func planCase(rng *rand.Rand, ci, maxT int) *casePlan {
	c := &casePlan{index: ci, reps: 1}
	c.name = fmt.Sprintf("case_%03d", ci)
	if ci%17 == 5 {
		c.name = fmt.Sprintf("handles refund #%d (EU)", ci)
	}
	c.dirName = c.name
	switch r := rng.IntN(100); {
	case r < 8:
		c.reps = 2
	case r < 11:
		c.reps = 3
	}
	switch r := rng.IntN(100); {
	case r < 80:
		c.end = endTurn
	case r < 86:
		c.end = endMaxTokens
	case r < 93:
		c.end = endUnmocked
	default:
		c.end = endMaxTurns
	}
	base := 1 + rng.IntN(maxT)
	if c.end == endMaxTurns && base < 2 {
		base = 2
	}
	for r := 0; r < c.reps; r++ {
		t := base
		if c.end != endMaxTurns && r > 0 && rng.IntN(3) == 0 {
			t = 1 + rng.IntN(maxT) // a later repetition took another path
		}
		c.turns = append(c.turns, t)
	}
	return c
}

// shrinkCase fits a case into the last few files of the budget.
func shrinkCase(c *casePlan, left int) {
	c.reps = 1
	c.turns = []int{min(c.turns[0], left)}
	if c.end == endMaxTurns && c.turns[0] < 2 {
		c.end = endTurn
	}
}

func minTurns(c *casePlan) int {
	m := c.turns[0]
	for _, t := range c.turns {
		m = min(m, t)
	}
	return m
}

// Generate writes a project into dir (which should be empty or missing) and
// returns its manifest.
func Generate(dir string, cfg Config) (*Manifest, error) {
	if cfg.Recordings < 0 {
		return nil, fmt.Errorf("recordings must not be negative")
	}
	suites := plan(cfg)
	w := &writer{root: dir}
	if err := w.project(); err != nil {
		return nil, err
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	results := make([]*suiteResult, len(suites))
	errs := make([]error, len(suites))
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], errs[i] = w.suite(cfg, suites[i])
			}
		}()
	}
	for i := range suites {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	m := &Manifest{
		Seed: cfg.Seed, Status: map[string]int{}, Files: map[string]string{},
		SecretRules: map[string]int{}, SecretPaths: map[string]string{},
		Bytes: w.bytes,
	}
	for i, r := range results {
		if !suites[i].orphan {
			m.Suites++
			m.Cases += len(suites[i].cases)
		}
		m.Bytes += r.bytes
		for _, f := range r.files {
			m.Files[f.rel] = f.status
			m.Status[f.status]++
			m.Recordings++
			if f.secretRule != "" {
				m.SecretFiles++
				m.SecretOccurrences += f.secretCount
				m.SecretRules[f.secretRule]++
				m.SecretPaths[f.rel] = f.secretRule
			}
		}
		m.CaseRuns += r.caseRuns
		m.Hits += r.hits
		m.Misses = append(m.Misses, r.misses...)
	}
	sort.Slice(m.Misses, func(i, j int) bool {
		a, b := m.Misses[i], m.Misses[j]
		if a.Suite != b.Suite {
			return a.Suite < b.Suite
		}
		if a.Case != b.Case {
			return a.Case < b.Case
		}
		return a.RepeatIndex < b.RepeatIndex
	})
	tapes := cfg.Tapes
	if tapes == 0 {
		tapes = max(1, cfg.Recordings/1000)
	}
	if tapes > 0 {
		if err := w.tapes(cfg, tapes, m); err != nil {
			return nil, err
		}
	}
	return m, nil
}
