package htmlreport

import (
	"math"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// The figures of the page, spelt as the terminal report spells them.

// dollars is a cost in USD to four places ($0.0036).
func dollars(f float64) string { return "$" + strconv.FormatFloat(f, 'f', 4, 64) }

// optDollars is a cost, or — when nothing was priced.
func optDollars(f *float64) string {
	if f == nil {
		return "—"
	}
	return dollars(*f)
}

// thousands writes n with comma separators (12,345).
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// seconds is a duration in milliseconds as seconds to one place (1.2 s).
func seconds(ms int64) string {
	return strconv.FormatFloat(float64(ms)/1000, 'f', 1, 64) + " s"
}

// millis is a latency (340 ms).
func millis(ms int64) string { return thousands(ms) + " ms" }

// percent is a share as a whole percentage (75%).
func percent(f float64) string { return strconv.FormatFloat(f*100, 'f', 0, 64) + "%" }

// score is a judge's score or threshold as Python's :g writes it.
func score(f float64) string {
	if math.IsNaN(f) {
		return "nan"
	}
	return strconv.FormatFloat(f, 'g', 6, 64)
}

// plural is "1 case" or "3 cases".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// jsonBlock is a value as the page shows it: a string as its text, any
// other value as JSON on one line when it is short, else indented; object
// keys in their recorded order, non-ASCII as it is.
func jsonBlock(v jsonv.Value) string {
	if v.Kind == jsonv.String {
		return v.Text
	}
	return jsonShown(v)
}

// jsonShown is a value as JSON: one line (", " and ": ") up to 72
// characters, indented by two beyond.
func jsonShown(v jsonv.Value) string {
	if line := jsonLine(v); len(line) <= 72 {
		return line
	}
	b, err := jsonv.Encode(v, jsonv.EncodeOptions{Indent: true, AllowNonFinite: true, KeepSurrogates: true})
	if err != nil {
		return jsonLine(v)
	}
	return string(b)
}

// jsonLine is a value as JSON on one line, spaced as Python's json.dumps.
func jsonLine(v jsonv.Value) string {
	var b strings.Builder
	writeJSONLine(&b, v)
	return b.String()
}

func writeJSONLine(b *strings.Builder, v jsonv.Value) {
	switch v.Kind { //nolint:exhaustive // scalars are encoded below
	case jsonv.Array:
		b.WriteByte('[')
		for i, it := range v.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSONLine(b, it)
		}
		b.WriteByte(']')
		return
	case jsonv.Object:
		b.WriteByte('{')
		for i, m := range v.Members {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSONLine(b, jsonv.StringValue(m.Key))
			b.WriteString(": ")
			writeJSONLine(b, m.Value)
		}
		b.WriteByte('}')
		return
	}
	out, err := jsonv.Encode(v, jsonv.EncodeOptions{AllowNonFinite: true, KeepSurrogates: true})
	if err != nil {
		out = []byte(v.Text)
	}
	b.Write(out)
}
