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
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	digits, n := shortest(f)
	var b strings.Builder
	if f < 0 {
		b.WriteByte('-')
	}
	switch {
	case n > -4 && n <= 16 && n <= 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", -n))
		b.WriteString(digits)
	case n > -4 && n <= 16 && n >= len(digits):
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", n-len(digits)))
		b.WriteString(".0")
	case n > -4 && n <= 16:
		b.WriteString(digits[:n])
		b.WriteByte('.')
		b.WriteString(digits[n:])
	default:
		writeSci(&b, digits, n-1, true)
	}
	return b.String()
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
