// Package runplan prepares and executes a run of a whole project as
// `dryfire run` does, in any cassette mode: it decides the mode, gives the
// engine its gateways, says beforehand what the run will call and cost,
// and writes what record and auto record, after a secrets scan. Package
// engine runs the cases; package scan finds the project and reads
// its cassettes, then package command calls [Prepare] and [Plan.Load]
// (command.PrepareRun).
//
// # Preparing
//
// [Prepare] takes a project whose suites are loaded; [Plan.Load] then
// takes the cassette store the caller read (everything it needs is given
// to it: it calls nothing back). As with dryfire, nothing runs when a
// suite or dryfire.yaml has an error (the project holds them: exit code
// 2); the mode is resolved only when some case will run (Options.Mode,
// else dryfire.yaml's cassettes.mode, else off; a mode dryfire does not
// know is a [*ModeError]); the impl target of every passthrough mock is
// imported first through Options.Invoker, which [Plan.Close] stops. In
// the modes that call providers (record, auto, off) Load resolves the gateway of every provider the
// planned cases use (dryfire.yaml's providers: included; an unknown name
// is an error), lists the cases skipped for want of an API key as [Skip]s
// with dryfire's line, keeps dryfire's notes on the cases recording leaves
// alone (their mocks run code), and says where this run does what dryfire
// would not ([Plan].Differences).
//
// # The estimate
//
// [Estimate] is what the run may call before it calls anything: the case
// repetitions that may reach a provider (in auto, after an offline replay
// that finds where each first misses; one that replays fully calls
// nothing), the calls they make at most (max_turns and one per judge),
// the providers and models and whether their key is set ([ProviderUse]),
// and the cost: from the pricing table and the tokens per call of the
// case's earlier recordings, else of the project's recordings of the same
// model, else the first request's size and [AssumedOutputTokens].
// [Estimate.CostText] says it in words.
//
// # Executing and recording
//
// [Plan.Execute] runs the plan with engine.Run; without Workers a run that
// calls providers runs [LiveConcurrency] repetitions at once, as dryfire
// does. In record and auto each cassette is searched, before it is
// written, for the value of every key variable (provider.NamedKeys, in
// every shape provider.KeySet finds: in clear, JSON-escaped, split across
// text blocks; in the request digest, the response and the names) and
// scanned for secrets (the project's baseline applies, and never accepts a
// key value): one that holds either is refused, a [*SecretRefusal] that
// ends its case as a provider error naming the variable or the rule and
// never the value, or written with them replaced
// ([REDACTED:env:<VARIABLE>], [REDACTED:<rule>]) when
// LiveOptions.RedactSecrets is set. Cassettes are written atomically where
// dryfire writes them, with dryfire's bytes; one over the size limit of
// reads is not written (cassette.TooLargeError), since replay could not
// read it back. [Recorded] says what was written, redacted and refused.
package runplan
