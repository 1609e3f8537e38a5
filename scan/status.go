package scan

import "strconv"

// Status is what a recording is for, decided by [Open]. The zero value,
// Pending, is a recording that has been loaded but not yet classified.
type Status int

// The statuses. docs/statuses.md defines them; [Status.String] gives their
// names.
const (
	Pending Status = iota
	Live
	Stale
	// Unrecorded is not a file: a turn replay asks for that no file
	// answers (a new case, or a turn past the last one recorded).
	// [Workspace.Unrecorded] lists them.
	Unrecorded
	Superseded
	OrphanedCase
	OrphanedSuite
	StaleSchema
	InUse
	Protected
	Invalid
	Unknown
	// Tape statuses: an entry is TapeOK, KeyMismatch or ErrorEntry; a tape
	// saved with no entries is one Empty recording.
	TapeOK
	KeyMismatch
	ErrorEntry
	Empty
)

var statusNames = [...]string{
	Pending:       "pending",
	Live:          "live",
	Stale:         "stale",
	Unrecorded:    "unrecorded",
	Superseded:    "superseded",
	OrphanedCase:  "orphaned case",
	OrphanedSuite: "orphaned suite",
	StaleSchema:   "stale schema_version",
	InUse:         "in use",
	Protected:     "protected",
	Invalid:       "invalid",
	Unknown:       "unknown",
	TapeOK:        "ok",
	KeyMismatch:   "key mismatch",
	ErrorEntry:    "error entry",
	Empty:         "empty",
}

// String returns the status as docs/statuses.md and the JSON output spell
// it.
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "status(" + strconv.Itoa(int(s)) + ")"
}

// ParseStatus returns the status with the given name.
func ParseStatus(name string) (Status, bool) {
	for s, n := range statusNames {
		if n == name {
			return Status(s), true
		}
	}
	return 0, false
}

// Statuses returns every status name, in order.
func Statuses() []string { return statusNames[:] }

// prunable reports whether prune may remove a recording of this status:
// dryfire's orphans and stale schema versions, and superseded recordings.
// [Recording.Prunable] is the whole rule.
func (s Status) prunable() bool {
	switch s { //nolint:exhaustive // the other cases need nothing here
	case OrphanedCase, OrphanedSuite, StaleSchema, Superseded:
		return true
	}
	return false
}
