// Package yamlnode reads a YAML document into typed nodes with positions,
// as dryfire's loader (ruamel.yaml, round trip, YAML 1.2) constructs
// Python objects from it. It is the last stage of the loader:
// internal/yamlrt scans, parses and composes; this package constructs.
//
// [Parse] (or [ParseIn], in the session of a command that loads several
// files) gives the root [Node]. A scalar is typed by its resolved tag as
// ruamel types it: yes/no/on are strings, 017 is 17, 780.00 is a float,
// an anchored true is the int 1, a date is a date ([Node.PyType] names a
// Python type that has no JSON form). A mapping keeps its own keys as
// written, then the entries its merge key brings in ([Member.Merged]);
// keys are compared as a Python dict compares them ([KeyEqual]: 1, 1.0
// and true are one key), so a duplicate is refused as ruamel refuses it.
// An alias shares the node it names.
//
// A caller that reads many documents and keeps nothing of their trees but
// the values it takes out parses through an [Arena], whose Release hands
// the Nodes back to be reused for the next documents.
//
// A document ruamel refuses, or on which its constructor raises, is a
// *[LoadError] with a kind ([FatalYAML], [FatalEncoding], [FatalValue],
// [FatalLimit]) and a 1-based line and column; never a panic. Its
// Redacted message leaves out the text of the document the message would
// quote, for a caller that must not show it. An [Arena] counts the nodes
// of the documents parsed through it ([Arena.Counts]), so that a caller
// holding them together can bound them together.
//
// [Node.ToValue] gives the ordered [jsonv.Value] dryfire hashes, with the
// exception Python's JSON encoder would raise on it; [Node.MatchValue]
// gives the value as dryfire's deep-subset match compares it. [PyStr],
// [PyRepr] and [ParseFloat] are Python's str(), repr() and float() where
// dryfire's messages and validation use them.
//
// The package knows YAML and Python's view of it, nothing of dryfire's
// files: what a suite or dryfire.yaml means, $ref and ${VAR} are package
// suite's. It was split out of suite along that line: suite validates
// the tree, this package builds it.
package yamlnode
