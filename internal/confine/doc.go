// Package confine resolves a path the way the system would open it, but
// only inside one directory, the root: for a file named by something
// untrusted (a $ref in a suite that came with a pull request) that must
// not reach the rest of the machine.
//
// [Root.Resolve] walks the path one component at a time, following
// symbolic links, and stops as soon as it leaves the root, before it looks
// at anything there: a refusal does not even tell whether such a file
// exists. Nothing under /proc, /sys or /dev is reached either ([System]),
// unless the root itself is there. The root is known by the path the
// caller has for it and by its real path (every link followed), which is
// found only when a walk needs it.
//
// Resolving and then opening are two system calls: a local process that
// swaps a directory of the root for a link between them can send the
// open elsewhere. Files given before the command runs cannot.
package confine
