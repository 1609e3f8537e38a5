// Package gitrepo is the git command line of one work tree, as a review
// uses it ([Git], found by [Open]): each command run so that an
// interruption leaves no index lock behind and a lock another process
// holds is waited for ([LockedError] when it outlasts the wait); the files
// that differ from HEAD ([Git.Changes]) or between two revisions
// ([Git.RangeChanges]), each a [FileChange] of a [ChangeKind]; a file at
// HEAD; staging, unstaging and restoring, with the index entries that undo
// them; a revision resolved as a person names it ([Git.ResolveRevision],
// [*MissingRevisionError] with what to do); and the files a scan reads of
// a revision exported to a directory of their own ([Git.Export], a
// [Tree]), never by checking it out. It reads and changes the index and
// the work tree only as a person would by hand; package gitreview is the
// review session over it.
package gitrepo
