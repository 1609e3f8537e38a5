// Package engine runs dryfire cases offline, exactly as dryfire's loop
// would run them against their cassettes.
//
// A case turn by turn: build the request (system prompt, messages, tools,
// params), fingerprint it ([HashArgs], then the cassette package), look
// the key up in the store in dryfire's order, take the recorded response,
// answer its tool calls from the suite's mocks ([Resolver], [MockOutcome]),
// and go on until the model stops, max_turns is reached or a lookup misses.
//
// # Replay
//
// [Replay] runs every case repetition of a project with [Options] (a case
// filter, a model override) and returns a [Result]: per
// [CaseResult] the [Visit]s (turn, key, hit, the file that served it), the
// outcome (hit, miss, skipped, error) and dryfire's termination; the
// misses carry dryfire's own message ([MissMessage]). The same result says
// which cassette files replay reads, which is how every file gets its
// status: one engine serves the headless commands, the statuses and the
// browser.
//
// [Simulate] runs one case against any [Responder], and [RequestAt]
// rebuilds the request a case sends at a turn (the diff of a stale
// recording needs it).
package engine
