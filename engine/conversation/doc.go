// Package conversation is what a dryfire case sends to a model, and the
// key its recording is filed under: dryfire's Message and ToolResult
// models, the provider-neutral [Request] of one call, and the canonical
// hash of a request, computed turn after turn.
//
// # Messages and requests
//
// A [Message] holds a role, its content, the tool calls an assistant
// made and the [ToolResult]s a tool message answers with, and the raw
// payload an assistant message echoes; [Message.Value] and
// [ToolResult.Value] are the dicts dryfire dumps. [AppendInitialMessages]
// turns a case's input into the first request's messages, validated as
// dryfire's Message model validates them (pydantic's error texts, from
// engine/internal/pydantic). A [Request] is one call: provider, model,
// system, messages, tools and temperature; [Request.HashArgs] is the dict
// dryfire's caching layer fingerprints (messages without raw, tools as
// {name, description, input_schema}, the params dryfire sends).
//
// # Keys
//
// A case's messages only grow, by appending, so a run does not hash each
// request from scratch. [Keys] is what a run's cases share: the canonical
// encoding of everything after the messages, once per suite and settings,
// and the encodings of tool results that many cases send (a mock's
// return value). [Keys.Keyer] gives a case repetition its [Keyer], which
// writes each message's canonical hash form once, as it is added
// ([Keyer.Add]: call ids numbered in the order dryfire's normalisation
// meets them), and assembles [Keyer.Fingerprint] from those parts. The
// fingerprint is cassette.Fingerprint of [Request.HashArgs], byte for
// byte; the tests hold the keyer to that definition over random
// conversations. Keyers are pooled: [Keyer.Release] gives one back.
package conversation
