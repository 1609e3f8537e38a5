package casemodel

import "github.com/dryfire-tui/dryfire-tui/internal/yamlnode"

// YAMLNode is a node of a suite's YAML as dryfire's loader constructs it,
// with its position (internal/yamlnode's Node; package suite names it the
// same).
type YAMLNode = yamlnode.Node

// YAMLMember is one entry of a mapping node.
type YAMLMember = yamlnode.Member

// Fatal is an exception dryfire's loader raises on an entry instead of
// reporting it as a spec error: the command stops there, before any case
// runs. Package suite makes it the spec error of the file, at the entry.
type Fatal struct {
	// Kind is FatalValue or FatalLimit.
	Kind          string
	Message, Hint string
}

// The kinds of Fatal, as suite.SpecError.Fatal names them.
const (
	// FatalValue: an exception dryfire's loader raises (Python's
	// OverflowError on a pattern's repeat count).
	FatalValue = yamlnode.FatalValue
	// FatalLimit: past one of dryfire-tui's limits (the nesting of a
	// pattern's groups), where dryfire fails with an internal error.
	FatalLimit = yamlnode.FatalLimit
)
