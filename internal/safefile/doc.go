// Package safefile reads and writes user files without hanging, running
// out of memory or losing them.
//
// # Reading
//
// [ReadInto] (and [ReadFile]) is the one way the tool reads a file that a
// user, or a pull request, put in the tree: recordings, tapes, suites,
// $ref targets, dryfire.yaml, baselines. Only regular files are read
// (symbolic links are followed to one): a named pipe, a device such as
// /dev/zero, a socket or a directory is refused before it is opened, with
// an error naming the file and what it is ([ErrNotRegular]). A file over
// the size limit ([MaxSize], [DefaultMaxSize] unless the command line set
// another from [MaxSizeEnv]) is refused before it is read ([ErrTooLarge]),
// and a file that grows while being read stops at the limit. Files are
// opened non-blocking, so that a file swapped for a named pipe between the
// check and the open cannot block either. ReadInto reuses the caller's
// buffer and uses plain system calls: it is the hot path of loading a large
// cassette store. [ReadLine] holds a stream read line by line (stdin) to
// the same limit, per line.
//
// # Acting on what was read
//
// A read returns a [Stamp]: device, inode, size, modification time and a
// hash of the bytes. [Remove] and [Rewrite] act on a file only while it
// still has the stamp of the read the decision was made on ([Check] reads
// it again just before acting); a file edited, replaced or removed since is
// left alone and the error says what changed ([ErrChanged]). Rewrite never
// writes through a symbolic link ([ErrSymlink]), never writes what no read
// would read (new bytes over the size limit are refused, [ErrTooLarge]),
// and reads the file back once it is in place: [RewriteVerified] also
// checks what it reads (a cassette that decodes, say), and puts the
// previous bytes back when the new ones do not pass ([ErrNotReadBack]).
//
// # Writing
//
// [WriteAtomic] writes to a temporary file beside the target and renames it
// over the target, so a reader sees the old bytes or the new ones, never a
// torn file, and a failure (a full disk, a file size limit) leaves the
// target as it was and removes the temporary file. A write killed
// before the rename leaves its temporary file behind: [IsTempName] knows
// those names (ours and dryfire's).
package safefile
