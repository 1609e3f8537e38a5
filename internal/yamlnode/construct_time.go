package yamlnode

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/yamlrt"
)

// timestampRe is ruamel's timestamp_regexp (the constructor's, which also
// admits one-digit months and days without a time).
var timestampRe = regexp.MustCompile(`^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:(?:([Tt])|[ \t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\.([0-9]*))?(?:[ \t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?)?$`)

// timestamp is ruamel's round-trip construct_yaml_timestamp: a date alone
// is a datetime.date, a time without "T" or an offset a datetime, any
// other a ruamel TimeStamp. None has a JSON form; an impossible date
// (February 30, hour 25) makes Python raise.
func (c *constructor) timestamp(n *yamlrt.Node, y *Node) {
	s := c.scalarValue(n)
	m := timestampRe.FindStringSubmatch(s)
	if m == nil && strings.HasSuffix(s, "\n") {
		m = timestampRe.FindStringSubmatch(s[:len(s)-1])
	}
	if m == nil {
		fail(FatalYAML, n.Start, "failed to construct timestamp from %s", docText(strconv.Quote(s)))
	}
	atoi := func(x string) int { v, _ := strconv.Atoi(x); return v }
	year, month, day := atoi(m[1]), atoi(m[2]), atoi(m[3])
	if year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month) {
		failValue(n.Start, "ValueError: day is out of range for month")
	}
	y.Kind = jsonv.String
	if m[5] == "" {
		y.PyType = "date"
		y.Scalar = jsonv.StringValue(fmt.Sprintf("%04d-%02d-%02d", year, month, day))
		return
	}
	hour, minute, second := atoi(m[5]), atoi(m[6]), atoi(m[7])
	if hour > 23 || minute > 59 || second > 59 {
		failValue(n.Start, "ValueError: hour, minute or second out of range")
	}
	micro, carry := fraction(m[8])
	offset, aware := 0, m[9] != ""
	if m[10] != "" {
		th, tm := atoi(m[11]), 0
		if m[12] != "" {
			tm = atoi(m[12])
		}
		offset = (th*60 + tm) * 60
		if m[10] == "-" {
			offset = -offset
		}
		if th*60+tm >= 24*60 {
			failValue(n.Start, "ValueError: offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24)")
		}
	}
	t := time.Date(year, time.Month(month), day, hour, minute, second, micro*1000, time.UTC).Add(time.Duration(carry) * time.Second)
	y.PyType, y.Detail = "TimeStamp", m[9]
	if m[4] == "" && m[10] == "" && m[11] == "" && m[12] == "" {
		y.PyType = "datetime"
	}
	sep := " "
	if m[4] != "" {
		sep = "T"
	}
	if y.PyType == "datetime" {
		sep = " "
	}
	y.Scalar = jsonv.StringValue(isoDateTime(t, sep, aware, offset))
}

// fraction reads a fraction of a second as ruamel does: six digits, the
// seventh rounding; a fraction that rounds up to a whole second becomes
// zero microseconds and one more second.
func fraction(f string) (micro, carry int) {
	if f == "" {
		return 0, 0
	}
	s := f
	if len(s) > 6 {
		s = s[:6]
	}
	for len(s) < 6 {
		s += "0"
	}
	v, _ := strconv.Atoi(s)
	if len(f) > 6 && f[6] > '4' {
		v++
	}
	if v > 999999 {
		return 0, 1
	}
	return v, 0
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// isoDateTime is Python's datetime.isoformat(sep).
func isoDateTime(t time.Time, sep string, aware bool, offset int) string {
	s := fmt.Sprintf("%04d-%02d-%02d%s%02d:%02d:%02d", t.Year(), int(t.Month()), t.Day(), sep, t.Hour(), t.Minute(), t.Second())
	if us := t.Nanosecond() / 1000; us != 0 {
		s += fmt.Sprintf(".%06d", us)
	}
	if aware {
		sign := "+"
		if offset < 0 {
			sign, offset = "-", -offset
		}
		s += fmt.Sprintf("%s%02d:%02d", sign, offset/3600, offset%3600/60)
	}
	return s
}

// ParseFloat is Python's float() of a string: surrounding white space
// ignored, decimal and exponent forms, inf, infinity and nan; no hex, no
// underscores (the caller removed them).
func ParseFloat(s string) (float64, bool) {
	s = strings.TrimFunc(s, unicode.IsSpace)
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 || body == "" {
		return 0, false
	}
	switch strings.ToLower(body) {
	case "inf", "infinity":
		if s[0] == '-' {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case "nan":
		return math.NaN(), true
	}
	digits := false
	for _, r := range body {
		switch {
		case r >= '0' && r <= '9':
			digits = true
		case r == '.' || r == 'e' || r == 'E' || r == '+' || r == '-':
		default:
			return 0, false
		}
	}
	if !digits {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return 0, false
		}
	}
	return f, true
}
