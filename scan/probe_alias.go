package scan

import "github.com/dryfire-tui/dryfire-tui/scan/probe"

// ErrNoRecordings is matched (errors.Is) by the [*NoRecordingsError] that
// [Resolve] returns for a PATH that has nothing to do with recordings.
var ErrNoRecordings = probe.ErrNoRecordings

// NoRecordingsError is why [Resolve] refuses a PATH before anything is
// read (see [probe.NoRecordingsError]).
type NoRecordingsError = probe.NoRecordingsError
