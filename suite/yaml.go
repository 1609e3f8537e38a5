package suite

import "github.com/dryfire-tui/dryfire-tui/internal/yamlnode"

// YAMLNode is one node of a YAML document with its position, typed as
// dryfire's loader types it (see [yamlnode.Node]): what [ReadSuiteTree]
// returns and [casemodel.ParseAssertion] reads.
type YAMLNode = yamlnode.Node

// YAMLMember is one mapping entry of a [YAMLNode].
type YAMLMember = yamlnode.Member

// PyViews is a loaded value as each of dryfire's surfaces shows it: its
// repr(), json.dumps and pydantic's JSON mode (see yamlnode.Views).
type PyViews = yamlnode.Views

// LoadError is a document dryfire's loader refuses with an exception
// rather than a spec error (see [SpecError.Fatal]); its Fatal is one of
// the same kinds.
type LoadError = yamlnode.LoadError

// ParseYAML parses one YAML document into positioned nodes as dryfire's
// loader does. A document ruamel refuses is a *[LoadError] with its
// position; an empty document is a null node.
func ParseYAML(data []byte) (*YAMLNode, error) { return yamlnode.Parse(data) }
