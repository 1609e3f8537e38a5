// Package pyvalue is Python's semantics for decoded JSON values where they
// differ from the values' own: equality, as dryfire's mock matcher and its
// schema_version check see it.
package pyvalue

import (
	"math"
	"math/big"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Equal reports whether a == b under Python's equality, as dryfire's mock
// matcher and schema_version check see it: true == 1 == 1.0 (numbers compare
// exactly, across int and float, NaN equals nothing), lists element by
// element in order, dicts by key set regardless of order, "1" != 1.
func Equal(a, b jsonv.Value) bool {
	an, aok := pyNumber(a)
	bn, bok := pyNumber(b)
	if aok || bok {
		return aok && bok && an.equal(bn)
	}
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Null:
		return true
	case jsonv.String:
		return a.Text == b.Text
	case jsonv.Array:
		if len(a.Items) != len(b.Items) {
			return false
		}
		for i := range a.Items {
			if !Equal(a.Items[i], b.Items[i]) {
				return false
			}
		}
		return true
	case jsonv.Object:
		if len(a.Members) != len(b.Members) {
			return false
		}
		for _, m := range a.Members {
			x, ok := b.Get(m.Key)
			if !ok || !Equal(m.Value, x) {
				return false
			}
		}
		return true
	}
	return false
}

// pyNum is a number as Python compares it: an exact rational, or a
// non-finite float.
type pyNum struct {
	rat    *big.Rat
	nonFin float64 // NaN or ±Inf when rat is nil
}

func (x pyNum) equal(y pyNum) bool {
	if x.rat == nil || y.rat == nil {
		return x.rat == nil && y.rat == nil && x.nonFin == y.nonFin // NaN != NaN
	}
	return x.rat.Cmp(y.rat) == 0
}

func pyNumber(v jsonv.Value) (pyNum, bool) {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Bool:
		if v.Bool {
			return pyNum{rat: big.NewRat(1, 1)}, true
		}
		return pyNum{rat: new(big.Rat)}, true
	case jsonv.Number:
		if v.IsInt() {
			r, ok := new(big.Rat).SetString(v.Text)
			if !ok {
				return pyNum{nonFin: math.NaN()}, true
			}
			return pyNum{rat: r}, true
		}
		f, ok := v.Float()
		if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
			if !ok {
				f = math.NaN()
			}
			return pyNum{nonFin: f}, true
		}
		return pyNum{rat: new(big.Rat).SetFloat64(f)}, true
	}
	return pyNum{}, false
}
