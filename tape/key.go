package tape

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// Tape keys
//
// A cassette-fn key is the first 16 hex digits of the SHA-256 of the call's
// arguments serialised in the dialect of the implementation that recorded it:
//
//   - JS: JSON.stringify(args). ECMAScript number spelling (1.0 is 1, 1e-7,
//     10000000000000000), array-index keys first in numeric order, lone
//     surrogates escaped as \udxxx, NaN and ±Infinity written as null.
//   - Python: json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
//     where payload is args, or [args, kwargs sorted by code point] when the
//     call had keyword arguments. Floats in repr spelling (1.0, 1e-07), exact
//     integers, NaN and Infinity as bare tokens, lone surrogates refused.
//
// JavaScript has no keyword arguments; in the JS dialect a call with kwargs
// hashes the same [args, sortedKwargs] payload, which is how a JS caller
// reaches a Python recording.
//
// Integers beyond 2^53. JavaScript numbers are doubles: JSON.parse rounds
// 9007199254740993 to 9007199254740992 before anything is hashed. [TapeKey]
// does exactly that in the JS dialect, so the key of a stored tape is the key
// JavaScript computes for it. The Go Tape API is stricter when it records:
// an integer whose magnitude exceeds 2^53-1 (Number.MAX_SAFE_INTEGER) in the
// arguments or the result of a JS-dialect tape is an error
// ([ErrUnsafeInteger]), because rounding would silently merge distinct
// calls. The Python dialect keeps every integer exact.

// ErrUnsafeInteger reports an integer that JavaScript cannot hold exactly
// (magnitude above 2^53-1) where a JS-dialect tape would have to round it.
var ErrUnsafeInteger = errors.New("integer beyond 2^53-1 cannot be represented exactly in JavaScript")

// Key returns the cassette-fn key of a call in dialect d. args is the
// (normalized) argument list; kwargs is null or an object of keyword
// arguments (an empty object counts as none). Nested values are hashed in
// the order they hold; only the top-level kwargs names are sorted.
//
// It fails where the dialect cannot express the value: a lone surrogate in
// the Python dialect, invalid UTF-8 in either.
func Key(args, kwargs Value, d Dialect) (string, error) {
	payload, err := Payload(args, kwargs, d)
	if err != nil {
		return "", err
	}
	return hashKey(payload), nil
}

// Payload returns the exact bytes [Key] hashes.
func Payload(args, kwargs Value, d Dialect) ([]byte, error) {
	v := args
	switch {
	case kwargs.Kind == jsonv.Null:
	case kwargs.Kind != jsonv.Object:
		return nil, fmt.Errorf("kwargs must be an object, not %s", kwargs.Kind)
	case len(kwargs.Members) > 0:
		v = jsonv.ArrayValue(args, sortedKwargs(kwargs))
	}
	return jsonv.Encode(v, jsonv.EncodeOptions{Dialect: d, AllowNonFinite: true})
}

// sortedKwargs returns kwargs with its top-level names in code point order
// (Go's byte order of UTF-8, and of WTF-8 surrogates, is code point order).
func sortedKwargs(kwargs Value) Value {
	members := slices.Clone(kwargs.Members)
	slices.SortStableFunc(members, func(a, b Member) int { return strings.Compare(a.Key, b.Key) })
	return Value{Kind: jsonv.Object, Members: members}
}

func hashKey(payload []byte) string {
	sum := sha256.Sum256(payload)
	return hex.EncodeToString(sum[:8])
}

var maxSafeInteger = big.NewInt(1<<53 - 1)

// checkSafeIntegers returns an error wrapping [ErrUnsafeInteger] naming the
// first integer literal in v whose magnitude exceeds 2^53-1.
func checkSafeIntegers(v Value) error {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Number:
		if !v.IsInt() {
			return nil
		}
		digits := strings.TrimLeft(strings.TrimPrefix(v.Text, "-"), "0")
		if len(digits) < 16 {
			return nil
		}
		n, ok := new(big.Int).SetString(digits, 10)
		if ok && n.Cmp(maxSafeInteger) <= 0 {
			return nil
		}
		return fmt.Errorf("%w: %s", ErrUnsafeInteger, v.Text)
	case jsonv.Array:
		for _, it := range v.Items {
			if err := checkSafeIntegers(it); err != nil {
				return err
			}
		}
	case jsonv.Object:
		for _, m := range v.Members {
			if err := checkSafeIntegers(m.Value); err != nil {
				return err
			}
		}
	}
	return nil
}
