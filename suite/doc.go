// Package suite loads a dryfire project: dryfire.yaml, its suites and
// everything they reference, read exactly as dryfire's loader reads them.
//
// # Projects
//
// [FindProject] walks up from a path to the first dryfire.yaml, as dryfire
// does. [LoadProject] reads the config and every suite its globs match
// ([Project]: the [Config], the cassette root, the [Suite]s in dryfire's
// order); [LoadConfig] reads the config alone (or [DefaultProject] stands
// for none), and [Project.LoadSuiteFiles] the suite files a command line
// names, as dryfire's validate and run read them ([Project.Valid] is
// validate's answer). A
// problem is a [SpecError] with file, line and column, never a panic: a
// suite that fails keeps its errors in [Suite.Errors] and the others
// still load, which is what dryfire's prune safety rule needs to know.
// Each error also says where in the document it is, as dryfire names it
// ([SpecError.Loc]: cases[0].expect[0].calls_tolo), and whether its
// position is the nearest node dryfire found around it
// ([SpecError.Enclosing]); an error of dryfire.yaml keeps pydantic's
// wording ([PydanticError]), which dryfire prints.
//
// # Suites and cases
//
// A [Suite] holds its system prompt, [Tool]s, [ToolMocks] (each tool's
// [MockRule]s: when/return/error, sequences of [MockStep]s, impl) and
// [Case]s. [MergeMocks] gives the rules a case resolves against (the
// case's list replaces the suite's, tool by tool); [Resolve] gives a case's
// effective provider, model, temperature, repeat and limits from case,
// suite, config defaults and a command-line model ([Resolved]).
//
// What dryfire checks of a case only when it builds and runs it (each
// expect entry against its assertion kind, a list input's messages, a
// mock's tool result) is package suite/casemodel's: [Case.Assertions] are
// its assertions, and the checks here report what it finds at load time
// ([Case.InputCrash], [MockRule.Crash]).
//
// Each also keeps where it is written ([Pos]): the system prompt, every
// tool and its description and schema, each setting (Settings.Pos), a
// case's input and mocks, each mock rule; what a $ref brought in names the
// file it came from. The browser opens the editor there.
//
// # YAML
//
// [ParseYAML] reads YAML into [YAMLNode]s with positions, typing scalars as
// dryfire's loader (ruamel.yaml, round trip, YAML 1.2) types them; the
// nodes are built by internal/yamlnode, and YAMLNode, YAMLMember and
// LoadError are its types under suite's names. Here ${VAR} is
// interpolated from the environment and $ref pulls JSON or YAML files
// relative to the suite, as dryfire does, but only from inside the
// project root (the directory of dryfire.yaml) and never from /proc, /sys
// or /dev, symbolic links followed: a $ref elsewhere is a spec error at
// the $ref, where dryfire reads whatever file it names. An error in a
// $ref'd file gives its position and the keys it is about, never a line
// or a value of that file ([SpecError.Ref]); the YAML limits hold for a
// suite and the files it $refs together. Values become the ordered
// [jsonv.Value]s that requests are hashed from.
package suite
