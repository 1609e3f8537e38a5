// Package pyjson is Python's json.loads of a str as dryfire's assertions
// and judges call it, errors included: [Loads] decodes a final text that
// final_json checks or a judge's answer as CPython 3.11's scanner does
// (NaN and Infinity accepted, a repeated key in its first place with its
// last value), and a [*DecodeError] has CPython's message and its position
// in characters. Unlike Python, a document holds at most
// [jsonv.ValueBudget] values and nests at most [jsonv.MaxDepth] levels,
// the error naming the limit at the value that crosses it. [Float], [Str]
// and [Truthy] are Python's float(), str() and bool() of a loaded value,
// as dryfire applies them to a judge's answer.
package pyjson
