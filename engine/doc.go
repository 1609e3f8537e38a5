// Package engine runs dryfire cases as `dryfire run` runs them: the agent
// loop with the suites' mocks, the judges, the assertions, the
// repetitions, each model call answered by a gateway.
//
// # Running
//
// [Run] runs every case repetition of a project with [Options] (filter,
// tags, model override, fail-fast, workers, clock) and returns a [Result]:
// per repetition a [CaseResult] (the [Visit]s of its keyed calls, replay's
// outcome, dryfire's termination, the [Trace], the graded
// [AssertionResult]s), and per suite and case the run's verdict
// ([SuiteRun], [CaseRun]: the reported repetition, the pass rate against
// require_pass_rate). Result carries both exit codes: replay's (a miss is
// 3) and dryfire run's (3 only when a reported trace ended in a provider
// error). [Replay] is the same run: the replay that gives every cassette
// its status, the headless replay command and run are one code path, so
// a judge cassette is read (live) exactly when dryfire's replay reads it.
//
// # Gateways
//
// A [Gateway] answers one [Call] (the turn counter, the storage key, the
// provider-neutral [conversation.Request]). [StoreGateway] is replay:
// dryfire's lookup, a [PyError] CassetteMiss on a miss. provider: fake cases always play
// their script ([FakeGateway]). The modes that call models (record, auto,
// off) are [Live]: dryfire's caching gateway over one [Provider] per
// provider name (a wire adapter, [WireProvider] of package provider), given
// through Options.Gateways ([Live.Gateways]). record calls and writes every
// turn through a [Recorder] (as a cassette.Record), auto serves what the
// store has (and what the run already wrote) and records the rest, off
// calls and writes nothing. A gateway that reads and writes no cassette
// (off; a case whose mocks run code, [UsesPassthrough], in record and auto)
// is hashed by nobody, as in dryfire. [PlannedCases], [CallsAtMost] and
// [FirstRequest] let a caller say what a run will call before it does.
// The loop never knows which gateway answers it.
//
// # The loop, mocks and passthrough
//
// The loop is dryfire's run_case over the messages of package
// engine/conversation: the case's input validated into the first
// request's messages as dryfire's Message model does, each request keyed
// by the repetition's [conversation.Keyer] (the canonical form of each
// message is computed once, and what the run's cases share is encoded once
// per run), tool calls answered by a [Resolver] over the merged mocks,
// whose results ([MockOutcome]) make the next request's tool message.
// engine/internal/pydantic gives both packages pydantic's error texts
// (here, for final_json's shape).
//
// Passthrough mocks (impl: package.module:function) go to an [Invoker]:
// package engine/passthrough runs them in the project's Python, one
// process per run; without an invoker a case that reaches one stops,
// skipped (reading a project never runs its code). [ImplErrors] imports
// every impl first, as dryfire's loader does.
//
// # Judges, assertions, pass rates, cost
//
// Each distinct llm_judge (judge model and [RubricHash]) makes one call
// through the case's gateway after the loop's calls, with dryfire's
// [JudgeSystem] prompt and [JudgePrompt]; the answer is read as dryfire
// reads it, a broken answer is a judge error, never a score. [Grade] grades
// one assertion with dryfire's texts ([Trajectory], [PyFormatG]);
// final_json validates as pydantic would (its text parsed by Python's
// json.loads, pyjson.Loads), final_matches runs Python's pattern
// (internal/pyregex: RE2 where it can, else a backtracking engine with a
// time limit, past which the assertion fails), tool_args indexes calls as
// a Python list. [WilsonInterval] is dryfire's, bit for
// bit. [pricing.Bundled] is dryfire's bundled table, costs exact until they
// are printed.
package engine
