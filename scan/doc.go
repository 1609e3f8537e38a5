// Package scan turns a folder into its recordings, suites and statuses:
// the front door every command and the browser go through. It works out
// where the recordings of the command line's PATHs are, reads every file
// once, replays every case offline, and says what each recording is for.
//
// # Where things are
//
// [Resolve] is the only code that works out where recordings are. It
// takes the PATH arguments of a command and the working directory they
// are relative to, and returns a [Layout]: the project (found by walking
// up to dryfire.yaml as dryfire does), the cassette root (cassettes.dir),
// the tape directories (.tapes and tapes of the root, in a Go module the
// testdata/tapes of its packages, and PATH when it holds tapes), the part of the cassette root PATH names when it lies
// inside it, and in dryfire's suite form the suite files named. The forms,
// told apart in this order (Resolve has the details):
//
//   - no PATH: the project around the working directory, its suites:;
//     without one, the working directory in this tool's directory form
//     below (or, for a command that runs suites, dryfire's "no suite paths
//     given and no dryfire.yaml found", a [*NoProjectError]);
//   - one PATH that is a directory: this tool's form, a project directory
//     or any directory below one, a bare cassette directory or a tapes
//     directory; one .json file: one recording or tape;
//   - anything else, and always several PATHs: dryfire's suite form, each
//     PATH a glob relative to the working directory as dryfire's command
//     line takes it (package internal/pathlib's PyGlob, Python's
//     glob.glob), dryfire.yaml found from the working directory and
//     optional (suite.DefaultProject without one). A [Want] of
//     [Recordings] (the commands over files: doctor, secrets, prune,
//     show, review) takes this tool's forms only.
//
// In this tool's forms:
//
//   - Without a dryfire.yaml, PATH is a bare cassette directory: its
//     .dryfire/cassettes when it has one, else PATH itself. Statuses that
//     need the suites (live, stale, orphaned, …) are then unknown, and the
//     reason says so.
//   - Without a dryfire.yaml, a directory must look like recordings, or
//     Resolve refuses it at once (a [*NoRecordingsError], before any file
//     is read, naming the projects found below it): it must have
//     .dryfire/cassettes, .tapes, or a tapes directory holding a tape; or
//     be a tapes directory itself; or be in a Go module whose packages at
//     or below it keep tapes in testdata/tapes (found as the go tool finds
//     packages, in at most 20,000 directories, and refused when dryfire
//     projects lie below it too: one of them was probably meant); or hold a file named as dryfire names
//     cassettes (<NN>-<16 hex>.json) in it or up to three directories
//     below it (PATH is then a case directory, a suite directory, a
//     cassette root or the .dryfire directory). .git and node_modules are
//     not looked into. A file outside a project must be a .json file.
//     This keeps a command pointed at the wrong directory (a home
//     directory, a repository that is not a project) from reading every
//     file in it.
//   - When PATH lies inside the cassette root, every file is still loaded
//     and classified (lookup is by key anywhere under the root) but only
//     the recordings under PATH are listed.
//
// Each refusal is typed ([*NotFoundError], [*NoRecordingsError],
// [*NoProjectError], [*NoSuitesMatchedError]) and carries its hint for a
// person (Hint).
//
// Whether a file is a dryfire cassette, a tape or neither is decided by
// one function everywhere (package internal/format). The files are found
// by one walk ([Open] hands the cassette root's files to cassette.LoadStore
// and reads the tape directories with the same walk): a root that is a
// symbolic link is followed, as pathlib's rglob follows the path it is
// given; symbolic links to directories below it are not followed, as
// dryfire does not follow them, and each is reported. Every file is read
// with safefile.ReadInto: a named pipe, a device or a file over the size
// limit is an invalid recording that says what it is, never a hang.
//
// # Opening
//
// [Open] scans PATH and returns a [Workspace]: the project and its suites,
// the cassette store, the tapes, the result of an offline replay of every
// case (package engine), and a [Recording] for every cassette file and tape
// entry, each with exactly one [Status] and a reason a person can act on.
// [Options] add per-file analyses that ride on the same single read of
// each file: the secrets scan and doctor's checks.
//
// A workspace of 100,000 recordings is kept whole until the command's
// document is made, so what it holds is held small: a command that
// replays once drops the store's parsed responses after the replay
// (Options.ReleaseServed), the recordings are made only once the replay
// ran, check keeps of an explanation what it prints
// (Options.BriefExplanations), and [Workspace.ReleaseRecordings] lets the
// recordings go once the documents that list them are made.
//
// # What each command asks
//
//   - [Workspace.PrunePlan]: what can go ([Recording.Prunable], the one
//     rule; never a file replay still reads), what is kept, and the
//     directories removing it leaves empty ([Workspace.EmptyDirsAfter]).
//   - [Workspace.ExplainRecording] and [Workspace.Stale]: why a recording
//     went stale, field by field (package diff); [Workspace.MissOf] for a
//     turn replay never reaches; [Workspace.Sources]: the suite or
//     dryfire.yaml line each change comes from; [Workspace.StaleMatching]
//     for a REF.
//   - [Workspace.Find] and [Workspace.Body]: one recording and what it
//     holds.
//   - [ReadStore]: the cassette root alone, for a replay or a run.
//
// # What it never does
//
// Package scan reads, classifies and explains; it never removes or
// rewrites a file, and it makes no document. The command tier (package
// command, above it) does both: each command's function turns what the
// scan found into the document its command prints (package report), and
// prune, doctor's fix and the redaction of secrets act on the files, each
// checked just before it is acted on, under a cassette root it has found
// safe to change. The commands that gather more than one recording's
// analysis ride on the one read of each file through [Options]: doctor
// (integrity of every cassette and of the layout across files;
// [Options].Doctor, [Workspace.WalkProblems], [Workspace.TempFiles]),
// secrets (secrets in recordings; [Options].Secrets) and check (the CI
// gate, every part over one scan).
//
// # Statuses
//
// A dryfire file is classified in this order (the first rule that applies
// wins):
//
//  1. read by the replay of a case: live, or in use when dryfire's prune
//     would call its directory orphaned;
//  2. invalid when it cannot be read or is not a JSON object, or when
//     dryfire's prune would remove it but it is not named like a cassette
//     (a suite's $ref schema under a cassettes.dir of "."): never pruned,
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
// classified: their Status is [Pending]. OnBatch may read them during
// the call only, and keeps no reference to them or to their slice: the
// scan goes on to complete and classify the same recordings, which are
// those of the returned Workspace. OnBatch is called from one goroutine at
// a time, never concurrently, and must return quickly; it is not called
// after Open returns.
package scan
