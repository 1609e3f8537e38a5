// Package loaderdiff is the differential fuzzer of the suite loader: it
// generates suites, $ref files, ${VAR} environments, mock values and
// inputs from a grammar of the YAML constructs dryfire's loader treats in
// its own way (see [Classes]), deterministically from a seed, has both
// loaders read each document, and compares what they make of it.
//
// Our side is [Observe] (package suite, engine's replay, cassette's
// fingerprint); dryfire's side is dryfire_oracle.py, beside this file,
// which imports the real dryfire at run time from the oracle's
// environment and prints the same record. [Compare] splits a
// disagreement into parts: load (a fatal error or not, and where), tree
// (the loaded value, typed as Python types it), errors (spec errors with
// their positions) and cases (each case's settings, the fingerprints of
// the requests its replay makes, how it ends). Documents one side refuses
// for one of dryfire-tui's own limits are counted apart (limit), not as
// disagreements.
//
// A disagreement becomes a golden [Vector] (the document and dryfire's
// record) under testdata/loaderdiff, which an ordinary go test checks
// without Python. The command is cmd/loaderdiff; testdata/loaderdiff's
// README gives the command lines that made the vectors.
package loaderdiff
