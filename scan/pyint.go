package scan

import (
	"math"
	"math/big"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// pyIntIsOne reports whether Python's int(v) is 1, as dryfire's prune tests
// schema_version: int(True), int(1.0), int(1.9) and int(" 1 ") are 1;
// None, lists, "1.0" and NaN raise, which prune counts as stale.
func pyIntIsOne(v jsonv.Value) bool {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Bool:
		return v.Bool
	case jsonv.Number:
		if v.IsInt() {
			return intLiteralIsOne(v.Text)
		}
		f, ok := v.Float()
		return ok && !math.IsNaN(f) && math.Trunc(f) == 1
	case jsonv.String:
		return intLiteralIsOne(pyIntString(v.Text))
	}
	return false
}

// pyIntString prepares a str for int(): surrounding whitespace is ignored and
// single underscores between digits are allowed.
func pyIntString(s string) string {
	s = strings.TrimSpace(s)
	body := strings.TrimLeft(s, "+-")
	if strings.HasPrefix(body, "_") || strings.HasSuffix(body, "_") || strings.Contains(body, "__") {
		return ""
	}
	return strings.ReplaceAll(s, "_", "")
}

func intLiteralIsOne(lit string) bool {
	switch lit {
	case "":
		return false
	case "1": // nearly every file's: no big number to parse
		return true
	}
	n, ok := new(big.Int).SetString(lit, 10)
	return ok && n.Cmp(big.NewInt(1)) == 0
}
