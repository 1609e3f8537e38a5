package cli

import "github.com/dryfire-tui/dryfire-tui/examples"

// materializeDemo copies the demo project into a new directory under dir
// and fills in the fake secret (examples.Materialize).
func materializeDemo(dir string) (string, error) { return examples.Materialize(dir) }
