package jsonv

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// The value budget bounds what decoding one document may cost. A decoded
// value takes some 72 bytes of memory (a [Value]) however few bytes it was
// written with: 60 MB of [0,0,…] is 30 million values, over 2 GB once
// built and several times that while the decoder's stacks grow. A document
// may hold at most [BudgetFloor] values plus one per [BudgetBytesPerValue]
// bytes of its size ([ValueBudget]): its values then take at most about
// 4.5 times its size in memory, plus 7 MB. Every value counts (scalars,
// arrays and objects, those a summary leaves out too), so a file is refused
// by every decoder or by none. What dryfire and cassette-fn write is
// indented, one value per line, and stays within the budget (their files
// run at 15 to 30 bytes per value, more with long texts); only a document
// packed with tiny values, as no writer of recordings makes them, is
// refused. A document that may be over its budget has its values counted
// before anything is built (see checkBudget), so a refusal costs one pass
// over the bytes and no memory.
const (
	// BudgetFloor is the number of values any document may hold, however
	// small.
	BudgetFloor = 100_000
	// BudgetBytesPerValue is the size that earns a document one more value.
	BudgetBytesPerValue = 16
)

// ValueBudget returns the most values a document of size bytes may hold.
func ValueBudget(size int) int {
	return BudgetFloor + max(size, 0)/BudgetBytesPerValue
}

// ErrTooManyValues is matched (errors.Is) by the error of a document that
// holds more values than its budget ([ValueBudget]).
var ErrTooManyValues = errors.New("more JSON values than the limit")

// TooManyValuesError is a document over its value budget. It comes wrapped
// in a *ParseError at the value that crossed the budget.
type TooManyValuesError struct {
	// Limit is the budget; Size the document's size in bytes.
	Limit, Size int
}

func (e *TooManyValuesError) Error() string {
	return fmt.Sprintf("more than %s JSON values in a document of %s bytes (the limit on JSON values: %s plus one per %d bytes)",
		thousands(e.Limit), thousands(e.Size), thousands(BudgetFloor), BudgetBytesPerValue)
}

// Is makes errors.Is(err, ErrTooManyValues) true.
func (e *TooManyValuesError) Is(target error) bool { return target == ErrTooManyValues }

// budgetOf is the number of values a decode of data with opts may build.
func budgetOf(data []byte, opts DecodeOptions) int {
	switch {
	case opts.MaxValues > 0:
		return opts.MaxValues
	case opts.MaxValues < 0:
		return math.MaxInt
	}
	return ValueBudget(len(data))
}

// CheckBudget refuses, as every decoder here does, a document that holds
// more values than its budget, at the value past it, allocating nothing:
// for a decoder of its own (Python's json.loads) to refuse what this one
// would.
func CheckBudget(data []byte, opts DecodeOptions) error { return checkBudget(data, opts, false) }

// checkBudget refuses a document that holds more values than its budget,
// at the value past it, before anything is built: the skipper counts the
// values (allocating nothing), so a refusal costs one pass over the bytes
// and no memory. A document too small to hold more values than its budget
// (every value takes a byte, and all but one a separator too) needs no
// count, which spares the small files of a store load any cost.
func checkBudget(data []byte, opts DecodeOptions, validUTF8 bool) error {
	limit := budgetOf(data, opts)
	if len(data)/2+1 <= limit {
		return nil
	}
	d := decoder{data: data, opts: DecodeOptions{AllowNonFinite: opts.AllowNonFinite, MaxValues: limit},
		validUTF8: validUTF8, left: limit}
	d.skipSpace()
	if err := d.skipValue(0); errors.Is(err, ErrTooManyValues) {
		return err
	}
	// Any other error is the decoder's to report, at the same place.
	return nil
}

// overBudget is the error of the value at the current position, the one
// past the budget.
func (d *decoder) overBudget() error {
	limit := budgetOf(d.data, d.opts)
	line, col := Position(d.data, d.pos)
	return &ParseError{Line: line, Column: col, Err: &TooManyValuesError{Limit: limit, Size: len(d.data)}}
}

// thousands spells n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return s
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
