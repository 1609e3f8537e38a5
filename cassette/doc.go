// Package cassette reads and writes dryfire's cassette files, byte for byte
// as dryfire does, and finds them as dryfire's lookup does.
//
// A cassette is one model turn: .dryfire/cassettes/<suite>/<case>/<NN>-<key>.json,
// where key is the 16-hex fingerprint of the request (with "#N" for a
// repetition N ≥ 1).
//
// # Fingerprints
//
// [Fingerprint] hashes the arguments dryfire's caching layer passes
// (provider, model, system, messages, tools, params): [HashableRequest]
// normalises provider call ids and NFC, the canonical JSON is hashed, and
// the first 16 hex digits are the key. [StorageKey] and [ParseStorageKey]
// add and remove the repetition; [Sanitise] turns suite and case names
// into dryfire's directory names.
//
// # Files
//
// [Decode] reads a cassette body into a [Cassette] (with its [Response],
// [ToolCall]s and [Usage]); [Cassette.Encode] writes what dryfire writes.
// [RelPath] and [ParseName] build and read <suite>/<case>/<NN>-<key>.json.
// A recording is a [Record] (dryfire's CassetteRecord and the time it was
// made): [Record.Cassette] builds the body dryfire writes, the response
// dumped by [ResponseValue] as pydantic's JSON mode does (NaN and
// ±Infinity become null), and [Write] puts it in place atomically (a
// temporary file beside it, renamed over it).
//
// # The store
//
// [LoadStore] reads every *.json under a cassette root in parallel into a
// [Store] of [StoreFile]s, each with its own diagnostics; [Store.Lookup]
// serves a key exactly as dryfire's get() does (the first acceptable file
// of a pathlib-sorted rglob, anywhere under the root, skipping unreadable,
// stale and mismatched files). With a [Reuse], a load takes the files that
// did not change since the last one (device, inode, size, modification and
// change times) as that load read them, and reads only the others.
//
// # Integrity
//
// [CheckFile] checks one file's integrity (parse errors with line:column,
// the file name, the name's key against the body's, schema_version, the key
// recomputed from a complete request_digest, the response, and the bytes
// against what dryfire would write) and gives, when the format is the
// file's one problem, the bytes dryfire would write ([FileCheck.Fix]);
// [CheckFix] checks those bytes once they are written back. The doctor
// command (package command) runs these over a store, and with --fix
// rewrites the files.
package cassette
