package yamlnode

import (
	"sync"

	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// Arena holds the Nodes of the documents parsed through it until
// [Arena.Release] hands them back for later documents to reuse. It is for
// a caller that reads trees and keeps nothing of them once done: the
// values it takes out (ToValue, MatchValue, strings, positions) are its
// own, but no *Node may be kept past Release. The zero Arena is ready;
// a nil *Arena parses as [ParseIn] does. An Arena is used by one
// goroutine at a time.
type Arena struct {
	blocks []*nodeBlock
	free   []Node
	// nodes and aliasNodes are the sums of the documents' counts (see
	// [Arena.Counts]).
	nodes, aliasNodes int
}

// nodeBlock is the unit Nodes are allocated and reused in.
type nodeBlock [64]Node

var blockPool = sync.Pool{New: func() any { return new(nodeBlock) }}

func (a *Arena) newNode() *Node {
	if len(a.free) == 0 {
		b := blockPool.Get().(*nodeBlock)
		a.blocks = append(a.blocks, b)
		a.free = b[:]
	}
	y := &a.free[0]
	a.free = a.free[1:]
	return y
}

// ParseIn is [ParseIn] with the document's Nodes taken from the arena.
func (a *Arena) ParseIn(data []byte, session *yamlrt.Session) (*Node, error) {
	return parseIn(data, session, a)
}

// Counts returns how many YAML nodes the documents parsed through the
// arena since it was made or released hold, and how many nodes their
// aliases repeat: what a caller holding several documents at once (a
// suite and the files it $refs) bounds together, as each document is
// bounded by [yamlrt.MaxNodes] and [yamlrt.MaxAliasNodes].
func (a *Arena) Counts() (nodes, aliasNodes int) {
	if a == nil {
		return 0, 0
	}
	return a.nodes, a.aliasNodes
}

// Release hands back every Node parsed through the arena: none of them
// may be used after.
func (a *Arena) Release() {
	if a == nil {
		return
	}
	for _, b := range a.blocks {
		*b = nodeBlock{}
		blockPool.Put(b)
	}
	clear(a.blocks)
	a.blocks, a.free = a.blocks[:0], nil
	a.nodes, a.aliasNodes = 0, 0
}
