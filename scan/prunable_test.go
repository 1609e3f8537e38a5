package scan

import (
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
)

// TestRecordingPrunable is the one rule every prune asks: a dryfire
// cassette named like one, with a status of dryfire's prune verdicts or
// superseded, that no replay reads.
func TestRecordingPrunable(t *testing.T) {
	t.Parallel()
	named := &cassette.StoreFile{NameOK: true}
	tests := map[string]struct {
		r    *Recording
		want bool
	}{
		"orphaned case":        {&Recording{Format: format.Dryfire, File: named, Status: OrphanedCase}, true},
		"orphaned suite":       {&Recording{Format: format.Dryfire, File: named, Status: OrphanedSuite}, true},
		"stale schema_version": {&Recording{Format: format.Dryfire, File: named, Status: StaleSchema}, true},
		"superseded":           {&Recording{Format: format.Dryfire, File: named, Status: Superseded}, true},
		"read by a replay":     {&Recording{Format: format.Dryfire, File: named, Status: Superseded, ReadBy: []string{"s::c"}}, false},
		"not named like one":   {&Recording{Format: format.Dryfire, File: &cassette.StoreFile{}, Status: OrphanedCase}, false},
		"a tape entry":         {&Recording{Format: format.Tape, Status: OrphanedCase}, false},
		"no file":              {&Recording{Format: format.Dryfire, Status: OrphanedCase}, false},
		"live":                 {&Recording{Format: format.Dryfire, File: named, Status: Live}, false},
		"in use":               {&Recording{Format: format.Dryfire, File: named, Status: InUse}, false},
		"protected":            {&Recording{Format: format.Dryfire, File: named, Status: Protected}, false},
		"stale":                {&Recording{Format: format.Dryfire, File: named, Status: Stale}, false},
		"invalid":              {&Recording{Format: format.Dryfire, File: named, Status: Invalid}, false},
		"unknown":              {&Recording{Format: format.Dryfire, File: named, Status: Unknown}, false},
		"pending":              {&Recording{Format: format.Dryfire, File: named}, false},
		"nil":                  {nil, false},
	}
	for name, tc := range tests {
		if got := tc.r.Prunable(); got != tc.want {
			t.Errorf("%s: Prunable() = %v, want %v", name, got, tc.want)
		}
	}
}
