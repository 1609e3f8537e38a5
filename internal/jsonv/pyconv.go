package jsonv

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
)

// The conversions here reproduce how dryfire's pydantic models (lax mode,
// pydantic 2.13) and Python's int() read a JSON value, so that a cassette this
// package accepts is exactly one dryfire accepts.

var (
	errNotInt  = errors.New("should be a valid integer")
	errNotBool = errors.New("should be a valid boolean")
)

// LaxInt converts v as a pydantic int field does: an integer literal of any
// size, true/false, an integral float inside the int64 range, or a string
// such as " 1_000 " or "5.00". Integers beyond int64 are valid for dryfire;
// they saturate here.
func LaxInt(v Value) (int64, error) {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case Bool:
		if v.Bool {
			return 1, nil
		}
		return 0, nil
	case Number:
		if v.IsInt() {
			return saturate(v.Text), nil
		}
		f, ok := v.Float()
		switch {
		case !ok || math.IsNaN(f) || math.IsInf(f, 0):
			return 0, errNotInt
		case f != math.Trunc(f):
			return 0, errors.New("should be a valid integer, got a number with a fractional part")
		case f <= math.MinInt64 || f >= math.MaxInt64:
			return 0, errors.New("exceeds the maximum integer size")
		}
		return int64(f), nil
	case String:
		s := strings.TrimFunc(v.Text, unicode.IsSpace)
		if len(s) > 4300 {
			return 0, errors.New("exceeds the maximum integer size")
		}
		if whole, frac, ok := strings.Cut(s, "."); ok {
			if frac == "" || strings.Trim(frac, "0") != "" {
				return 0, errNotInt
			}
			s = whole
		}
		digits, ok := PyIntDigits(s, false)
		if !ok {
			return 0, errNotInt
		}
		return saturate(digits), nil
	}
	return 0, errNotInt
}

// LaxBool converts v as a pydantic bool field does.
func LaxBool(v Value) (bool, error) {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case Bool:
		return v.Bool, nil
	case Number:
		if f, ok := v.Float(); ok && (f == 0 || f == 1) {
			return f == 1, nil
		}
	case String:
		switch strings.ToLower(v.Text) {
		case "1", "t", "y", "yes", "on", "true":
			return true, nil
		case "0", "f", "n", "no", "off", "false":
			return false, nil
		}
	}
	return false, errNotBool
}

// PyIntDigits checks s as Python's int() reads a decimal string (optional
// sign, digits with single underscores between them; unicodeDigits also
// admits every Unicode decimal digit, as int() does) and returns it as a
// plain ASCII literal.
func PyIntDigits(s string, unicodeDigits bool) (string, bool) {
	var b strings.Builder
	if s != "" && (s[0] == '+' || s[0] == '-') {
		if s[0] == '-' {
			b.WriteByte('-')
		}
		s = s[1:]
	}
	prevDigit := false
	n := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case unicodeDigits && unicode.IsDigit(r):
			b.WriteByte(byte('0' + digitValue(r)))
		case r == '_' && prevDigit:
			prevDigit = false
			continue
		default:
			return "", false
		}
		prevDigit = true
		n++
	}
	if n == 0 || !prevDigit {
		return "", false
	}
	return b.String(), true
}

// digitValue returns the value of a Unicode decimal digit: decimal digits
// come in contiguous runs of ten starting at zero.
func digitValue(r rune) int {
	start := r
	for unicode.IsDigit(start - 1) {
		start--
	}
	return int(r-start) % 10
}

// saturate parses a decimal literal, clamping it to the int64 range.
func saturate(lit string) int64 {
	if i, err := strconv.ParseInt(lit, 10, 64); err == nil {
		return i
	}
	var z big.Int
	if _, ok := z.SetString(lit, 10); !ok {
		return 0
	}
	switch {
	case z.IsInt64():
		return z.Int64()
	case z.Sign() < 0:
		return math.MinInt64
	}
	return math.MaxInt64
}
