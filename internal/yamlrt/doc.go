// Package yamlrt reads YAML exactly as dryfire's loader reads it: the
// round-trip loader of ruamel.yaml, which is the PyYAML design (a reader, a
// scanner of tokens, a parser of events, a composer of nodes) with its own
// rules for comments, byte-order marks, tabs and versions. The reader is
// package internal/yamlrt/chars; this package is the three stages over it.
//
// [Compose] turns a document into a graph of [Node]s: scalars with their
// resolved tag (YAML 1.2 core by default, 1.1 under a `%YAML 1.1`
// directive), sequences and mappings, aliases resolved to the node they
// name (so a node may be shared, or even contain itself). Every node keeps
// the position ruamel gives it ([Mark]: 0-based line and column, counted as
// ruamel counts them: a byte-order mark is zero-width, only LF and a lone CR
// end a line). A document the loader refuses gives an [*Error] with the
// position ruamel reports, the first one ruamel meets: the scanner runs
// ahead of the parser exactly as ruamel's does, so when a file has several
// problems the same one is reported. [Session] carries the YAML version
// from one file to the next as dryfire's one YAML instance does.
//
// A document's nodes are allocated in blocks; [Document.Release] hands
// them back for later documents once the caller is done with it. The
// values of scalars are substrings of the decoded text, not copies.
//
// Turning nodes into values (ints, floats, dates, merge keys, duplicate
// keys) is the job of the caller: internal/yamlnode does it as ruamel's
// round-trip constructor does.
//
// The input is checked first as ruamel's reader checks it: it must be UTF-8
// (dryfire opens suites as UTF-8 text) and hold no character YAML forbids
// (NUL, C0 controls other than tab, LF and CR, DEL, C1 controls other than
// NEL, surrogates, U+FFFE and U+FFFF); either fault is an [*Error] of kind
// [KindEncoding]. dryfire reads a file in chunks and checks each chunk as
// it reads it, so of a syntax error and a bad byte or character further on
// it reports the one its reads meet first; the reader replays those reads
// and this package reports the same one.
//
// Three limits, which ruamel does not have, bound the work of any
// document: collections nest at most [MaxDepth] levels (checked as each
// collection starts, before anything under it is read), a document holds
// at most [MaxNodes] nodes (checked as each node is read, so that a few
// megabytes of "[a,a,a,…]" stop at the limit instead of costing hundreds
// of megabytes), and aliases repeat at most [MaxAliasNodes] nodes in all.
// A document past one fails with an [*Error] of kind [KindLimit] that
// names the limit and its value. [Document] says how many nodes a document
// holds and how many its aliases repeat, for a caller that bounds several
// documents together. An error that quotes the document (an alias's or a
// tag handle's name) says which part of its message does ([Error.Quote]).
//
// The files follow the stages: errors.go (positions and errors), scanner.go
// (the scanner's state and which token comes next), scan.go (white space,
// comments, directives, anchors, tags), scalars.go (plain and quoted
// scalars), blockscalar.go (literal and folded scalars), token.go,
// parser.go (events, documents and directives), parser_nodes.go (nodes and
// the entries of collections), compose.go.
package yamlrt
