// Package watch follows the files a scan reads and says when they
// change, so that the browser can read the project again: a re-recording
// in another terminal, a git checkout of another branch, a prune, an edit
// of a suite or of dryfire.yaml.
//
// [Start] takes the function that works out the layout (scan.Resolve, as
// the scan calls it) and watches what that layout's scan reads:
//
//   - the cassette root and the tape directories, with every directory
//     below them (a directory created there is watched at once, with what
//     it holds already); their *.json files count;
//   - the directory of dryfire.yaml, where dryfire.yaml counts;
//   - the directories the suites: globs search from (with those below them
//     when a glob reaches down, as "evals/**/*.eval.yaml" does), or the
//     suite files' directories in dryfire's suite form; their *.yaml,
//     *.yml and *.json files count (suites and the files they $ref);
//   - the directory of PATH when it names one file, where that file
//     counts.
//
// Directories are watched, not files: editors and atomic writes replace a
// file by renaming another over it, which a watch on the file would not
// survive. The temporary files of atomic writes (*.tmp), editors' backup,
// swap and lock files, and .git are not counted, nor is a change of
// attributes alone. A root that does not exist yet (no cassette has been
// recorded) is waited for: the nearest directory above it that exists is
// watched until it appears. Layout is worked out again after each change,
// so the watches follow a new cassettes.dir or suites: glob.
//
// # Events
//
// The first [Event] says the mode once the watches are set. Then each
// burst of changes is one event (Changes > 0): a burst ends once nothing
// has changed for Options.Quiet (100ms), or Options.MaxWait (1s) after it
// began while changes keep coming, so a checkout that rewrites 20,000
// files is reported at least once a second while it lasts and once more
// when it ends. An event the reader has not taken yet is merged with the
// next: a reader that falls behind gets one event, never a queue.
//
// # When the watches run out
//
// Each watched directory takes one of the system's watches
// (fs.inotify.max_user_watches on Linux; on macOS and the BSDs an open
// file each). When adding one fails for lack of them (ENOSPC, EMFILE), or
// no watcher can be made at all, the watcher gives back every watch it
// holds and polls instead: every Options.Poll (2s) it lists the
// directories and reads the size, time and mode of the files that count
// (one lstat each, no file opened) and reports a change when any differs.
// The event then has Mode [Polling] and says why (Why, and Err matching
// [ErrWatchesRanOut]). When the system's event queue overflows, changes
// were lost: the files count as changed and the watches are set again.
//
// The watcher only reads directories and file metadata; it never opens
// or changes a file.
package watch
