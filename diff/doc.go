// Package diff explains why a recorded dryfire request no longer matches the
// request a suite sends now.
//
// dryfire stores, next to every recorded response, the request it hashed
// (request_digest). [Explain] compares that digest with the current hashable
// request and returns a [Result]: ordered field-level [Change]s addressed by
// paths into the request (tools[0].description, params.temperature,
// messages[4].tool_results[0].content), one-line summaries in the user's
// terms ("tool lookup_order: description changed", "temperature 0.3 → 0.35",
// "tools reordered: get_weather moved 3 → 0", "turn 2: result of
// issue_refund changed") and a unified diff of both requests as pretty JSON.
//
// # What is compared
//
// Both sides are compared in the form dryfire hashes: call ids normalised,
// strings and keys NFC-normalised, key order ignored, numbers in Python's
// spelling (780 and 780.0 still differ, as they do in the fingerprint). A
// difference that does not change the fingerprint is never reported.
//
// Tools are matched by name, so a moved tool is one reordered change, not a
// change at every index. Other lists are aligned on equal items; an item that
// only moved is one reordered change as well.
//
// # Incomplete digests
//
// Early cassettes store a stub digest ({"messages": []}). When the recorded
// digest lacks any field of the hashable request, Explain sets
// [Result.Incomplete] and reports that instead of a diff full of noise.
//
// # Inside a changed line
//
// [Inline] marks the words and characters that differ between two versions
// of a line (go-diff's character diff, cleaned up to words), as [Span]s;
// [Result.UnifiedLines] gives the unified diff line by line, each removed
// line paired with its new version and marked so. go-diff's own types never
// leave this package.
//
// # Closest recordings
//
// When a case has no recording at the turn where it misses, callers may
// compare against the nearest recording they can find ([Closest]) and set
// [Result.Closest] so that the output says it is the closest recording, not
// the same turn.
package diff
