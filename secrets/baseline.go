package secrets

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// DefaultBaselineFile is the baseline read automatically from the project
// root when no other is named.
const DefaultBaselineFile = ".dryfire-tui-secrets.json"

// Baseline is a set of accepted findings: known fakes, test credentials,
// revoked keys a team decided to keep. A finding is accepted by its rule and
// the SHA-256 of the secret, so the acceptance survives re-recording, line
// shifts and renamed files; an entry with a Path accepts it only in that file
// or below that directory.
//
// On disk it is JSON:
//
//	{
//	  "version": 2,
//	  "findings": [
//	    {"rule": "openai-api-key", "hash": "9f86d0…", "redacted": "sk-proj-Ab…xY",
//	     "path": "tapes/", "seen_in": ["tapes/chat.json#entries.3f…[0].kwargs.api_key"]}
//	  ]
//	}
//
// "redacted" and "seen_in" are for people reading the file; only "rule",
// "hash", "path" and "legacy" decide.
//
// Version 2 hashes the whole secret as it appears in the decoded value; a
// webhook URL now includes its scheme, and rules were added that now name
// secrets version 1 reported as generic-secret. Files of version 1 are still
// read: their entries are marked legacy, and a legacy entry accepts a
// finding by hash alone (whatever rule finds it now) or by the hash of the
// span version 1 hashed. Writing the file keeps the mark, so an entry keeps
// its meaning until the secret is accepted again.
type Baseline struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`

	// byHash indexes Findings by lowercase hash, so that accepting each of
	// many findings costs one look-up, not a pass over every entry; it is
	// used while it covers every entry (indexed == len(Findings)), which
	// holds for baselines made by this package.
	byHash  map[string][]int
	indexed int
}

// BaselineEntry accepts one secret.
type BaselineEntry struct {
	Rule     string   `json:"rule"`
	Hash     string   `json:"hash"`
	Redacted string   `json:"redacted,omitempty"`
	Path     string   `json:"path,omitempty"`
	SeenIn   []string `json:"seen_in,omitempty"`
	// Legacy marks an entry written by version 1 of the format.
	Legacy bool `json:"legacy,omitempty"`
}

// BaselineVersion is the version of the baseline format this package writes.
const BaselineVersion = 2

// NewBaseline accepts every finding given, scoped to scope (a file or a
// directory relative to the project root; "" for anywhere).
func NewBaseline(findings []Finding, scope string) *Baseline {
	b := &Baseline{Version: BaselineVersion, Findings: []BaselineEntry{}}
	index := map[[2]string]int{}
	seen := map[seenIn]bool{}
	for _, f := range findings {
		if f.Unscanned() {
			continue
		}
		k := [2]string{f.Rule, f.Hash}
		i, ok := index[k]
		if !ok {
			i = len(b.Findings)
			index[k] = i
			b.Findings = append(b.Findings, BaselineEntry{Rule: f.Rule, Hash: f.Hash, Redacted: f.Redacted, Path: scope})
		}
		// The places are for people reading the file: a secret in a name
		// is written as its mask, like everywhere else.
		at := MaskPath(f.Path) + "#" + f.JSONPath
		if !seen[seenIn{i, at}] {
			seen[seenIn{i, at}] = true
			b.Findings[i].SeenIn = append(b.Findings[i].SeenIn, at)
		}
	}
	slices.SortStableFunc(b.Findings, func(x, y BaselineEntry) int {
		return compareJoined(x.Rule, x.Hash, y.Rule, y.Hash)
	})
	b.reindex()
	return b
}

// seenIn is one place an entry was seen, while a baseline is made.
type seenIn struct {
	entry int
	at    string
}

// compareJoined compares a1+a2 with b1+b2 without joining them: the
// order baselines have always been written in.
func compareJoined(a1, a2, b1, b2 string) int {
	for i := 0; ; i++ {
		ca, oka := byteAt(a1, a2, i)
		cb, okb := byteAt(b1, b2, i)
		switch {
		case !oka || !okb:
			return cmp.Compare(len(a1)+len(a2), len(b1)+len(b2))
		case ca != cb:
			return cmp.Compare(ca, cb)
		}
	}
}

func byteAt(s1, s2 string, i int) (byte, bool) {
	if i < len(s1) {
		return s1[i], true
	}
	if i -= len(s1); i < len(s2) {
		return s2[i], true
	}
	return 0, false
}

// reindex indexes every entry by hash.
func (b *Baseline) reindex() {
	b.byHash = make(map[string][]int, len(b.Findings))
	b.indexed = 0
	for range b.Findings {
		b.indexNext()
	}
}

// indexNext indexes the first entry not yet indexed.
func (b *Baseline) indexNext() {
	h := strings.ToLower(b.Findings[b.indexed].Hash)
	b.byHash[h] = append(b.byHash[h], b.indexed)
	b.indexed++
}

// entriesOf calls yield with each entry that may hold hash (every entry of
// a baseline that is not indexed) until it returns true, and reports
// whether one did.
func (b *Baseline) entriesOf(hash string, yield func(BaselineEntry) bool) bool {
	if b.byHash == nil || b.indexed != len(b.Findings) {
		return slices.ContainsFunc(b.Findings, yield)
	}
	for _, i := range b.byHash[strings.ToLower(hash)] {
		if yield(b.Findings[i]) {
			return true
		}
	}
	return false
}

// ReadBaseline reads a baseline file.
func ReadBaseline(path string) (*Baseline, error) {
	data, err := safefile.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var b Baseline
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	if b.Version != 1 && b.Version != BaselineVersion {
		return nil, fmt.Errorf("baseline %s: unsupported version %d (want 1 or %d)", path, b.Version, BaselineVersion)
	}
	for i, e := range b.Findings {
		if e.Rule == "" || len(e.Hash) != 64 {
			return nil, fmt.Errorf("baseline %s: findings[%d] needs a rule and a 64-hex hash", path, i)
		}
		if b.Version == 1 {
			b.Findings[i].Legacy = true
		}
	}
	b.Version = BaselineVersion
	b.reindex()
	return &b, nil
}

// WriteBaseline writes b to path atomically, indented, with a final newline.
func WriteBaseline(path string, b *Baseline) error {
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	return safefile.WriteAtomic(path, append(data, '\n'), 0o644)
}

// Accepts reports whether the baseline accepts a secret found by rule with
// the given hash in the file at path (relative to the project root). A
// legacy entry accepts the hash whatever the rule.
func (b *Baseline) Accepts(rule, hash, path string) bool {
	if b == nil || rule == RuleNotScanned || rule == RuleNotDecoded || len(hash) != 64 {
		return false
	}
	return b.entriesOf(hash, func(e BaselineEntry) bool {
		return (e.Rule == rule || e.Legacy) && strings.EqualFold(e.Hash, hash) && inScope(path, e.Path)
	})
}

// AcceptsFinding reports whether the baseline accepts f, under its hash or,
// for a legacy entry, the hash version 1 gave the same secret. A finding of a
// file that was not scanned is never accepted.
func (b *Baseline) AcceptsFinding(f Finding) bool {
	if f.Unscanned() {
		return false
	}
	return b.Accepts(f.Rule, f.Hash, f.Path) || f.legacy != "" && b.acceptsLegacy(f.legacy, f.Path)
}

func (b *Baseline) acceptsLegacy(hash, path string) bool {
	if b == nil {
		return false
	}
	return b.entriesOf(hash, func(e BaselineEntry) bool {
		return e.Legacy && strings.EqualFold(e.Hash, hash) && inScope(path, e.Path)
	})
}

// Add accepts more findings, scoped to scope as [NewBaseline] does, keeping
// the entries already there. It returns how many secrets were new.
func (b *Baseline) Add(findings []Finding, scope string) int {
	more := NewBaseline(findings, scope)
	if b.byHash == nil || b.indexed != len(b.Findings) {
		b.reindex()
	}
	n := 0
	for _, e := range more.Findings {
		i := slices.IndexFunc(b.byHash[strings.ToLower(e.Hash)], func(i int) bool {
			x := b.Findings[i]
			return x.Rule == e.Rule && x.Path == e.Path && !x.Legacy
		})
		if i < 0 {
			b.Findings = append(b.Findings, e)
			b.indexNext()
			n++
			continue
		}
		x := &b.Findings[b.byHash[strings.ToLower(e.Hash)][i]]
		have := make(map[string]bool, len(x.SeenIn))
		for _, s := range x.SeenIn {
			have[s] = true
		}
		for _, s := range e.SeenIn {
			if !have[s] {
				have[s] = true
				x.SeenIn = append(x.SeenIn, s)
			}
		}
	}
	b.Version = BaselineVersion
	return n
}

// Apply marks the accepted findings Suppressed and returns how many it marked.
func (b *Baseline) Apply(findings []Finding) int {
	n := 0
	for i := range findings {
		if b.AcceptsFinding(findings[i]) {
			findings[i].Suppressed = true
			n++
		}
	}
	return n
}

// inScope reports whether path is scope, or lies below it.
func inScope(path, scope string) bool {
	scope = strings.TrimSuffix(strings.TrimPrefix(scope, "./"), "/")
	if scope == "" || scope == "." {
		return true
	}
	return path == scope || strings.HasPrefix(path, scope+"/")
}
