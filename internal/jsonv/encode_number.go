package jsonv

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// Numbers as each dialect writes them: Python's int and float repr, and
// JavaScript's Number#toString.

func (e *encoder) number(lit string) error {
	v := Value{Kind: Number, Text: lit}
	if e.o.Dialect == Python && v.IsInt() {
		if len(lit) > pyMaxIntDigits && len(strings.TrimLeft(lit, "-")) > pyMaxIntDigits {
			return ErrIntDigits
		}
		e.buf = append(e.buf, PyInt(lit)...)
		return nil
	}
	f, ok := v.Float()
	if !ok {
		return errors.New("invalid number literal " + strconv.Quote(lit))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		if !e.o.AllowNonFinite {
			return ErrNonFinite
		}
		if e.o.Dialect == JS {
			e.buf = append(e.buf, "null"...)
		} else {
			e.buf = append(e.buf, PyFloat(f)...)
		}
		return nil
	}
	if e.o.Dialect == JS {
		e.buf = append(e.buf, JSNumber(f)...)
	} else {
		e.buf = append(e.buf, PyFloat(f)...)
	}
	return nil
}

// pyMaxIntDigits is the most digits Python writes an integer with in
// decimal (sys.get_int_max_str_digits()).
const pyMaxIntDigits = 4300

// PyInt spells an integer literal as Python's int prints it ("-0" is "0").
func PyInt(lit string) string {
	if strings.TrimLeft(lit, "-0") == "" {
		return "0"
	}
	return lit
}

// shortest returns the shortest round-trip decimal digits of |f| (no sign,
// no point) and the decimal point position n, so |f| = 0.digits × 10^n.
func shortest(f float64) (digits string, n int) {
	s := strconv.FormatFloat(math.Abs(f), 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	x, _ := strconv.Atoi(exp)
	return strings.Replace(mant, ".", "", 1), x + 1
}

// PyFloat spells f as Python's repr(float) does: shortest round-trip digits,
// fixed notation when the decimal exponent is in (-4, 16], otherwise
// scientific with a signed two-digit exponent; a fixed float always has a
// fractional part (780.0, -0.0). NaN and infinities come out as Python's
// json module writes them (NaN, Infinity, -Infinity).
func PyFloat(f float64) string {
	var buf [32]byte
	return string(AppendPyFloat(buf[:0], f))
}

// AppendPyFloat appends [PyFloat] of f to dst, allocating nothing when dst
// has room: a check that a literal is Python's spelling of its number
// compares without making a string.
func AppendPyFloat(dst []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	case f == 0:
		if math.Signbit(f) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	var scratch [32]byte
	digits, n := appendShortest(scratch[:0], f)
	if f < 0 {
		dst = append(dst, '-')
	}
	switch {
	case n > -4 && n <= 16 && n <= 0:
		dst = append(dst, "0."...)
		for range -n {
			dst = append(dst, '0')
		}
		dst = append(dst, digits...)
	case n > -4 && n <= 16 && n >= len(digits):
		dst = append(dst, digits...)
		for range n - len(digits) {
			dst = append(dst, '0')
		}
		dst = append(dst, ".0"...)
	case n > -4 && n <= 16:
		dst = append(dst, digits[:n]...)
		dst = append(dst, '.')
		dst = append(dst, digits[n:]...)
	default:
		dst = appendSci(dst, digits, n-1, true)
	}
	return dst
}

// appendShortest is shortest into scratch space: the digits are
// scratch's, valid until it is reused.
func appendShortest(scratch []byte, f float64) (digits []byte, n int) {
	e := strconv.AppendFloat(scratch, math.Abs(f), 'e', -1, 64)
	// d[.ddd]e±XX
	at := len(e) - 1
	for e[at] != 'e' {
		at--
	}
	exp, neg := 0, e[at+1] == '-'
	for _, c := range e[at+2:] { // after the sign
		exp = exp*10 + int(c-'0')
	}
	if neg {
		exp = -exp
	}
	digits = e[:at]
	if len(digits) > 1 { // drop the point after the first digit
		digits = append(digits[:1], digits[2:]...)
	}
	return digits, exp + 1
}

func appendSci(dst, digits []byte, exp int, twoDigits bool) []byte {
	dst = append(dst, digits[0])
	if len(digits) > 1 {
		dst = append(dst, '.')
		dst = append(dst, digits[1:]...)
	}
	dst = append(dst, 'e')
	if exp < 0 {
		dst = append(dst, '-')
		exp = -exp
	} else {
		dst = append(dst, '+')
	}
	if twoDigits && exp < 10 {
		dst = append(dst, '0')
	}
	return strconv.AppendInt(dst, int64(exp), 10)
}

// JSNumber spells f as ECMAScript's Number::toString does (JSON.stringify of
// a finite number): 1, 1.5, 1e-7, 0.000001, 10000000000000000, 1e+21; -0 is 0.
func JSNumber(f float64) string {
	if f == 0 {
		return "0"
	}
	digits, n := shortest(f)
	k := len(digits)
	var b strings.Builder
	if f < 0 {
		b.WriteByte('-')
	}
	switch {
	case k <= n && n <= 21:
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", n-k))
	case 0 < n && n <= 21:
		b.WriteString(digits[:n])
		b.WriteByte('.')
		b.WriteString(digits[n:])
	case -6 < n && n <= 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -n))
		b.WriteString(digits)
	default:
		writeSci(&b, digits, n-1, false)
	}
	return b.String()
}

func writeSci(b *strings.Builder, digits string, exp int, twoDigits bool) {
	b.WriteByte(digits[0])
	if len(digits) > 1 {
		b.WriteByte('.')
		b.WriteString(digits[1:])
	}
	b.WriteByte('e')
	if exp < 0 {
		b.WriteByte('-')
		exp = -exp
	} else {
		b.WriteByte('+')
	}
	if twoDigits && exp < 10 {
		b.WriteByte('0')
	}
	b.WriteString(strconv.Itoa(exp))
}
