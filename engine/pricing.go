package engine

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

// Pricing is an exact-match table of provider:model → rates. A model that
// is not in it has no cost: cost is advisory, never guessed.
type Pricing struct {
	rates map[string]Rates
}

// bundledRates is dryfire 0.4.0's bundled pricing table (updated
// 2026-07-31): Anthropic list prices, cache reads at a tenth of the input
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

// BundledPricing returns the table dryfire ships.
func BundledPricing() *Pricing {
	p := &Pricing{rates: map[string]Rates{}}
	for key, r := range bundledRates {
		p.rates[key] = Rates{Input: rat(r[0]), Output: rat(r[1]), CacheRead: rat(r[2]), CacheWrite: rat(r[3])}
	}
	return p
}

// NewPricing returns a table of the given rates, keyed provider:model.
func NewPricing(rates map[string]Rates) *Pricing {
	return &Pricing{rates: rates}
}

func rat(s string) *big.Rat {
	r, _ := new(big.Rat).SetString(s)
	return r
}

var perMillion = big.NewRat(1_000_000, 1)

// Cost is the exact cost of usage for provider:model, nil when the table
// has no such model.
func (p *Pricing) Cost(provider, model string, u cassette.Usage) *big.Rat {
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
	total := new(big.Rat)
	for _, part := range []struct {
		n    int64
		rate *big.Rat
	}{{u.InputTokens, r.Input}, {u.OutputTokens, r.Output}, {u.CacheReadTokens, read}, {u.CacheWriteTokens, write}} {
		total.Add(total, new(big.Rat).Mul(big.NewRat(part.n, 1), part.rate))
	}
	return total.Quo(total, perMillion)
}
