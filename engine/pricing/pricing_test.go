package pricing

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
)

// bigCost is Cost's general path: every part in big.Rat arithmetic.
func bigCost(u cassette.Usage, rates [4]*big.Rat) *big.Rat {
	total := new(big.Rat)
	for i, n := range []int64{u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens} {
		total.Add(total, new(big.Rat).Mul(big.NewRat(n, 1), rates[i]))
	}
	return total.Quo(total, perMillion)
}

func TestSmallCostIsTheExactCost(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	var tables [][4]*big.Rat
	for _, rs := range bundledRates {
		tables = append(tables, [4]*big.Rat{rat(rs[0]), rat(rs[1]), rat(rs[2]), rat(rs[3])})
	}
	tables = append(tables,
		[4]*big.Rat{rat("0.000001"), rat("1e3"), rat("-2.5"), rat("1/3")},
		[4]*big.Rat{rat("123456789.123"), rat("0.1"), rat("0.01"), rat("7/11")})
	counts := []int64{0, 1, 10, 999_999, 1 << 27, 1<<28 - 1, 1 << 28, -5, 1 << 40, -(1 << 62)}
	fast := 0
	for range 5000 {
		rates := tables[r.IntN(len(tables))]
		var n [4]int64
		for i := range n {
			n[i] = counts[r.IntN(len(counts))]
			if r.IntN(2) == 0 {
				n[i] = r.Int64N(1 << 28)
			}
		}
		u := cassette.Usage{InputTokens: n[0], OutputTokens: n[1], CacheReadTokens: n[2], CacheWriteTokens: n[3]}
		want := bigCost(u, rates)
		got := smallCost(u, rates)
		if got == nil {
			continue
		}
		fast++
		if got.Cmp(want) != 0 || got.RatString() != want.RatString() {
			t.Fatalf("%+v at %v: %s, want %s", u, rates, got.RatString(), want.RatString())
		}
	}
	if fast < 1000 {
		t.Errorf("only %d of 5000 costs took the int64 path", fast)
	}
	if got := smallCost(cassette.Usage{InputTokens: 1 << 28}, tables[0]); got != nil {
		t.Errorf("a count past the limit took the int64 path: %v", got)
	}
}
