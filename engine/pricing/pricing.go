// Package pricing prices a model call's usage as dryfire does: exact rates of
// provider:model in USD per million tokens, dryfire's bundled table, and a
// cost that is exact (big.Rat) and nil for a model the table does not hold.
package pricing

import (
	"math/big"

	"github.com/dryfire-tui/dryfire-tui/cassette"
)

// Rates are USD per million tokens of one provider:model. A nil cache rate
// prices those tokens at the input rate.
type Rates struct {
	Input, Output         *big.Rat
	CacheRead, CacheWrite *big.Rat
}

// Table is an exact-match table of provider:model → rates. A model that
// is not in it has no cost: cost is advisory, never guessed.
type Table struct {
	rates map[string]Rates
}

// Updated is when the bundled prices were last updated (dryfire's
// _meta.updated, which its --version prints).
const Updated = "2026-07-31"

// bundledRates is dryfire 0.4.0's bundled pricing table (updated
// Updated): Anthropic list prices, cache reads at a tenth of the input
// rate and cache writes at 1.25 times it. dryfire's run prices with this
// table alone (a project's pricing_file is not read by run).
var bundledRates = map[string][4]string{
	"anthropic:claude-opus-4-8":   {"5.00", "25.00", "0.50", "6.25"},
	"anthropic:claude-opus-4-7":   {"5.00", "25.00", "0.50", "6.25"},
	"anthropic:claude-opus-4-6":   {"5.00", "25.00", "0.50", "6.25"},
	"anthropic:claude-sonnet-5":   {"3.00", "15.00", "0.30", "3.75"},
	"anthropic:claude-sonnet-4-6": {"3.00", "15.00", "0.30", "3.75"},
	"anthropic:claude-haiku-4-5":  {"1.00", "5.00", "0.10", "1.25"},
}

// Bundled returns the table dryfire ships.
func Bundled() *Table {
	p := &Table{rates: map[string]Rates{}}
	for key, r := range bundledRates {
		p.rates[key] = Rates{Input: rat(r[0]), Output: rat(r[1]), CacheRead: rat(r[2]), CacheWrite: rat(r[3])}
	}
	return p
}

// New returns a table of the given rates, keyed provider:model.
func New(rates map[string]Rates) *Table {
	return &Table{rates: rates}
}

func rat(s string) *big.Rat {
	r, _ := new(big.Rat).SetString(s)
	return r
}

var perMillion = big.NewRat(1_000_000, 1)

// Cost is the exact cost of usage for provider:model, nil when the table
// has no such model.
func (p *Table) Cost(provider, model string, u cassette.Usage) *big.Rat {
	if p == nil {
		return nil
	}
	r, ok := p.rates[provider+":"+model]
	if !ok {
		return nil
	}
	read, write := r.CacheRead, r.CacheWrite
	if read == nil {
		read = r.Input
	}
	if write == nil {
		write = r.Input
	}
	if c := smallCost(u, [4]*big.Rat{r.Input, r.Output, read, write}); c != nil {
		return c
	}
	total := new(big.Rat)
	for _, part := range []struct {
		n    int64
		rate *big.Rat
	}{{u.InputTokens, r.Input}, {u.OutputTokens, r.Output}, {u.CacheReadTokens, read}, {u.CacheWriteTokens, write}} {
		total.Add(total, new(big.Rat).Mul(big.NewRat(part.n, 1), part.rate))
	}
	return total.Quo(total, perMillion)
}

// smallLimit bounds the token counts, rate numerators and denominators
// smallCost works with: below it, every product and the sum fit in an
// int64.
const smallLimit = 1 << 28

// smallCost is Cost in int64 arithmetic, for the usual case of token
// counts and rates (a price in cents, a tenth of a cent) that are small:
// one sum over the rates' common denominator, reduced once, instead of a
// dozen big.Rat operations per trace. It returns nil when a number is too
// large, and Cost then takes the exact general path: the result is the
// same rational either way.
func smallCost(u cassette.Usage, rates [4]*big.Rat) *big.Rat {
	tokens := [4]int64{u.InputTokens, u.OutputTokens, u.CacheReadTokens, u.CacheWriteTokens}
	var num, den [4]int64
	common := int64(1)
	for i, r := range rates {
		if !r.Num().IsInt64() || !small(tokens[i]) {
			return nil
		}
		num[i], den[i] = r.Num().Int64(), 1
		if !r.IsInt() {
			if !r.Denom().IsInt64() {
				return nil
			}
			den[i] = r.Denom().Int64()
		}
		if !small(num[i]) || !small(den[i]) {
			return nil
		}
		common = common / gcd(common, den[i]) * den[i]
		if !small(common) {
			return nil
		}
	}
	var sum int64
	for i := range rates {
		// Each product is below 2^56 and the sum below 2^58.
		scaled := num[i] * (common / den[i])
		if !small(scaled) {
			return nil
		}
		sum += tokens[i] * scaled
	}
	return big.NewRat(sum, common*1_000_000)
}

func small(n int64) bool { return n > -smallLimit && n < smallLimit }

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
