package engine

import (
	"errors"
	"math"
)

// MinMeaningfulRepeat is the smallest repeat dryfire considers a
// measurement; below it the report warns that the interval is wide.
const MinMeaningfulRepeat = 5

// z95 is the two-sided 95% normal quantile dryfire uses. A variable, not
// a constant: Go would square a constant exactly, Python rounds z*z.
var z95 = 1.959963984540054

// WilsonInterval is the 95% Wilson score interval of passes successes in
// total trials, clamped to [0, 1], computed exactly as dryfire does (so
// the printed bounds agree to the last digit).
func WilsonInterval(passes, total int) (lo, hi float64, err error) {
	if total <= 0 {
		return 0, 0, errors.New("total must be positive")
	}
	if passes < 0 || passes > total {
		return 0, 0, errors.New("need 0 <= passes <= total")
	}
	// Every product is converted on its own so that no platform fuses a
	// multiply and an add: Python rounds each operation.
	n := float64(total)
	p := float64(passes) / n
	z2 := float64(z95 * z95)
	denom := 1 + z2/n
	centre := (p + z2/float64(2*total)) / denom
	variance := float64(p*(1-p))/n + z2/float64(4*total*total)
	half := float64(z95/denom) * math.Sqrt(variance)
	return math.Max(0, centre-half), math.Min(1, centre+half), nil
}
