// Package safefile reads and writes user files without losing them.
//
// [WriteAtomic] writes to a temporary file beside the target and renames it
// over the target, so a reader sees the old bytes or the new ones, never a
// torn file, and a failure leaves the target as it was. [ReadInto] reads a
// whole file into a reused buffer with plain system calls, the hot path of
// loading a large cassette store.
package safefile
