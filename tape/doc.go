// Package tape records and replays Go function calls in cassette-fn tapes,
// files that the JavaScript package cassette-fn and its Python port read
// and write too.
//
// A tape is one JSON file per test:
//
//	{"version": 1, "name": "chat", "entries": {"<key>": [{"args": [...], "result": ...}]}}
//
// The key is a hash of the call's (normalized) arguments; a key holds a
// list because the same call may be made several times, and replay hands
// the entries out in order.
//
// # Recording and replaying Go calls
//
// In a test, [OpenTest] opens the test's tape, testdata/tapes/<test
// name>.json beside the package under test (go test's working directory),
// and saves it when the test passed:
//
//	func TestChat(t *testing.T) {
//		tp := tape.OpenTest(t, tape.Options{Normalize: stripAPIKey})
//		chat := tape.WrapContext(tp, client.Complete) // func(context.Context, ChatRequest) (ChatReply, error)
//		reply, err := chat(t.Context(), ChatRequest{Model: "claude-opus-5", Prompt: "Say hello in French"})
//		...
//	}
//
// [Open] opens <dir>/<name>.json ([DefaultDir] without a dir) in a [Mode]:
// [Auto] (replay when the file exists, record otherwise), [Record],
// [Replay] or [Off]; the environment variable CASSETTE_FN_MODE ([ModeEnv])
// overrides the option, as in the other implementations, so
// CASSETTE_FN_MODE=record go test records a test's calls again and
// CASSETTE_FN_MODE=replay in CI never calls through. [Wrap] (and [Wrap2],
// [Wrap3], [WrapVariadic]) turns a function into one that goes through the
// tape, [WrapContext] and [WrapContext2] one that takes a context.Context
// first (passed through, never hashed); [Call] and [CallKw] do the same for
// one call.
// [Options.Normalize] rewrites the arguments before they are hashed and
// stored (drop an API key, a timestamp); [Tape.Save] writes the file
// atomically, in the tape's dialect. A replay with no recording fails with
// a [*MissError] that matches [ErrMiss] and says how to record the call.
// [Tape.Stats] counts hits, replay misses and recorded calls.
//
// Arguments and results are converted with [Marshal] and [Unmarshal], which
// follow encoding/json's rules (struct tags included) but keep object key
// order, as the hash needs. A Normalize function works on [Value]s, ordered
// JSON values whose fields and methods the doc of [Value] lists; [Kind]
// says what a Value holds, and [StringValue], [ObjectValue] and the other
// constructors build them.
//
// # Dialects
//
// The two implementations compute keys differently ([Key], [Payload]):
// JavaScript hashes JSON.stringify of the arguments, Python hashes
// json.dumps of [args, sorted kwargs]. [JS] is the default [Dialect]; a
// tape recorded for the Python port uses [Python]. Integers beyond 2^53-1:
// when checking a stored tape, the JS dialect rounds them as JSON.parse
// does, so the key is the one JavaScript computes; when recording in the
// JS dialect they are refused ([ErrUnsafeInteger]) rather than merge
// distinct calls. The Python dialect keeps every integer exact.
//
// # Reading tapes
//
// [Decode] and [Load] read tapes written by either implementation into a
// [File] of [Group]s of [Entry]s, with positioned errors; [File.Encode]
// writes them back byte for byte. Each entry's stored arguments are re-hashed
// ([KeyCheck]) to find keys that no dialect reproduces: a normalize
// function or a hand edit changed them.
package tape
