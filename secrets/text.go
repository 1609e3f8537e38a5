package secrets

import (
	"errors"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// Where a finding of a file that was not decoded sits.
const (
	whereText       = "in a file that does not decode, scanned as text"
	whereOther      = "in a JSON file that is neither a cassette nor a tape"
	whereNotScanned = "not scanned: "
	whereNotDecoded = "scanned as text only, the file does not decode: "
)

// ScanBytes scans one recording's bytes: as a tape or a dryfire cassette
// when they decode, with [ScanUndecodable] when they do not (so that a merge
// conflict or a truncated file never hides a secret), and as plain JSON when
// they are JSON of neither format. rel is the file's path relative to the
// project root.
func ScanBytes(rel string, data []byte) []Finding {
	v, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true})
	if err != nil {
		return ScanUndecodable(rel, data, err)
	}
	switch format.Of(v) { //nolint:exhaustive // Unknown is scanned as plain JSON below
	case format.Tape:
		t, err := tape.Decode(data)
		if err != nil {
			return ScanUndecodable(rel, data, err)
		}
		return ScanTape(rel, t)
	case format.Dryfire:
		c, err := cassette.Decode(data)
		if err != nil {
			return ScanUndecodable(rel, data, err)
		}
		return ScanCassette(rel, c)
	}
	var out []Finding
	ScanValue(v, "", func(f Finding) {
		f.Path, f.Where = rel, whereOther
		out = append(out, f)
	})
	return out
}

// ScanUndecodable scans a recording that does not decode: a [RuleNotDecoded]
// finding that lists the file whatever else is found (a secret under a name
// in broken JSON may be missed, so the file keeps the gate closed until it
// is fixed), then every secret [ScanText] finds in its bytes. cause is the
// decode error; the path a jsonv.ParseError carries is dropped, since the
// finding names the file.
func ScanUndecodable(rel string, data []byte, cause error) []Finding {
	out := []Finding{NotDecoded(rel, withoutPath(cause))}
	return append(out, ScanText(rel, data)...)
}

// ScanText scans bytes with the text rules, for a file that cannot be
// decoded. Names before values are read in the text itself ("api_key":
// "…", password=…), JSON string escapes in a secret are decoded once before
// it is hashed (so a finding has the hash it would have once the file
// decodes again), and each finding carries its line instead of a JSON path.
func ScanText(rel string, data []byte) []Finding {
	s := string(data)
	ms := detect.FindAll(s, nil)
	slices.SortFunc(ms, func(a, b detect.Match) int { return a.Start - b.Start })
	out := make([]Finding, 0, len(ms))
	line, pos := 1, 0
	for _, m := range ms {
		line += strings.Count(s[pos:m.Start], "\n")
		pos = m.Start
		f := newFinding(s, m, true)
		f.Path, f.Line, f.Where = rel, line, whereText
		out = append(out, f)
	}
	return out
}

// NotScanned is the finding of a recording that could not be read (its
// permissions, an I/O error): nothing in it was checked, so it is listed and
// fails the gate. A baseline never accepts it.
func NotScanned(rel string, err error) Finding {
	return Finding{Path: rel, Rule: RuleNotScanned, Redacted: "-", Where: whereNotScanned + reason(err)}
}

// NotDecoded is the finding of a recording that does not decode; see
// [ScanUndecodable].
func NotDecoded(rel string, err error) Finding {
	return Finding{Path: rel, Rule: RuleNotDecoded, Redacted: "-", Where: whereNotDecoded + reason(err)}
}

// reason says why in a few words, without the path the finding already has.
func reason(err error) string {
	switch {
	case err == nil:
		return "unknown error"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	case errors.Is(err, fs.ErrNotExist):
		return "file vanished during the scan"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// unescapeJSON decodes one level of JSON string escapes (\n, \", \\, \/,
// \uXXXX, …). Text without a backslash is returned as is; an escape that is
// not valid JSON is kept as written.
func unescapeJSON(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b = append(b, c)
			continue
		}
		i++
		switch e := s[i]; e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'u':
			if i+4 < len(s) {
				if n, err := strconv.ParseUint(s[i+1:i+5], 16, 32); err == nil {
					b = utf8.AppendRune(b, rune(n))
					i += 4
					continue
				}
			}
			b = append(b, '\\', e)
		default:
			b = append(b, '\\', e)
		}
	}
	return string(b)
}
