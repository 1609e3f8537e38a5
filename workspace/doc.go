// Package scan opens a directory of recordings and says what each one is
// for.
//
// [Open] takes a PATH (a dryfire project or any directory below one, a bare
// cassette directory, a tapes directory or one tape file) and returns a
// [Workspace]: the project and its suites, the cassette store, the tapes, the
// result of an offline replay of every case, and a [Recording] for every
// cassette file and tape entry, each with exactly one [Status] and a reason
// a person can act on.
//
// # Where things are found
//
//   - The project is found by walking up from PATH to dryfire.yaml, as
//     dryfire does. Its cassette root is the configured cassettes.dir.
//   - Without a dryfire.yaml, PATH is a bare cassette directory: its
//     .dryfire/cassettes when it has one, else PATH itself. Statuses that
//     need the suites (live, stale, orphaned, …) are then unknown, and the
//     reason says so.
//   - Tapes are read from the .tapes and tapes directories of the project
//     root (or of PATH when there is no project), and from PATH itself when
//     it is a tape file or a directory whose top-level JSON files are tapes.
//   - When PATH lies inside the cassette root, every file is still loaded
//     and classified (lookup is by key anywhere under the root) but only the
//     recordings under PATH are listed.
//
// # Statuses
//
// A dryfire file is classified in this order (the first rule that applies
// wins):
//
//  1. read by the replay of a case: live, or in use when dryfire's prune
//     would call its directory orphaned;
//  2. invalid when it cannot be read or is not a JSON object: never pruned,
//     whatever dryfire's prune would say (Recording.Verdict still records
//     that);
//  3. dryfire's prune verdict: orphaned case, orphaned suite, or stale
//     schema_version; a file that matches no parsed suite while some suite
//     (or dryfire.yaml itself) failed to parse is protected (dryfire's
//     safety rule);
//  4. invalid: a name that is not <NN>-<key>.json, a body fingerprint that
//     disagrees with the name, or a response dryfire cannot use;
//  5. unknown: outside the <suite>/<case>/ layout, or in the directory of
//     a case replay cannot simulate (a passthrough impl: mock needs Python,
//     provider fake);
//  6. in the directory of a case repetition that misses at turn k: stale
//     (the file at turn k is explained against the request the case now
//     sends; later turns are never reached; unread earlier ones wait for
//     the re-recording);
//  7. otherwise superseded: the case replays fully and does not read it
//     (an older recording of a turn, or a repetition #N beyond repeat).
//
// Tape entries are ok, key mismatch or error entry; a tape with no entries
// is empty; a tape that cannot be read is invalid.
//
// # Streaming
//
// [Options.OnBatch] receives the recordings while the store loads, in
// batches (about 256 files each, in load order, not sorted), before any is
// classified: their Status is [Pending]. The batches hold copies; the
// classified recordings are those of the returned Workspace. OnBatch is
// called from one goroutine at a time, never concurrently, and must return
// quickly; it is not called after Open returns.
package workspace
