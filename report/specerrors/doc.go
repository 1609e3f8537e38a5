// Package specerrors writes the spec errors of a load as dryfire's
// validate, run, trace and compare print them on stderr ([Write]): an
// error of dryfire.yaml as dryfire's loader raises it (ruamel's, or
// pydantic's ValidationError), an error of a suite as a block naming the
// file, line and column, the source line with a caret under the column,
// and the hint. The bytes are dryfire's, made safe for the stream they go
// to: escaped where the stream escapes, a very long source line cut
// around the column.
package specerrors
