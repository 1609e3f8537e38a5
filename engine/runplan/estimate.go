package runplan

import (
	"context"
	"fmt"
	"math/big"
	"os"
	"sort"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/pricing"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Estimate is what a run may call before it calls anything: the case
// repetitions that may reach a provider, the calls they make at most, and
// what those calls may cost.
type Estimate struct {
	// Cases and Repetitions are the cases (and their repetitions) that may
	// call a provider. In auto mode a repetition whose every call has a
	// cassette calls nothing and is not counted.
	Cases, Repetitions int
	// Calls is the most calls they can make: max_turns for the loop (in
	// auto, the turns after the last recorded one) and one per judge.
	Calls int
	// Cost is the estimated cost in USD of Calls, from the pricing table
	// and the tokens per call of the cases' earlier recordings (else of the
	// project's recordings of the same model, else the request's size and
	// AssumedOutputTokens); nil when no call could be priced.
	Cost *big.Rat
	// Unpriced are the provider:model pairs the pricing table has no
	// price for: their calls, UnpricedCalls of Calls at most, are not in
	// Cost.
	Unpriced      []string
	UnpricedCalls int
	// FromRecordings counts the repetitions whose tokens per call come
	// from earlier recordings; the others are estimated from their first
	// request's size.
	FromRecordings int
	// Providers are the providers of the planned cases, skipped ones
	// included, in plan order.
	Providers []ProviderUse
}

// ProviderUse is one provider a run uses.
type ProviderUse struct {
	Name string
	// Models are the models its planned cases call (judge models
	// included), in order, those of a case skipped for want of the key
	// too.
	Models []string
	// KeyEnv is the variable that holds its key; KeySet whether it is set
	// (its value is never kept).
	KeyEnv string
	KeySet bool
	// Calls are the calls at most made to it.
	Calls int
	// BaseURL is where its calls go (a password in it redacted), and
	// BaseURLFrom what set it: an environment variable, a providers:
	// entry of dryfire.yaml, or "" for the provider's default.
	BaseURL, BaseURLFrom string
}

// AssumedOutputTokens is the output of a call estimated without an earlier
// recording to go by.
const AssumedOutputTokens = 300

// bytesPerToken turns a request's size into input tokens, for a call
// estimated without an earlier recording.
const bytesPerToken = 4

// usageHistory are the mean tokens per call of the recordings, by case and
// by provider:model.
type usageHistory struct {
	byCase, byModel map[string]*usageMean
}

type usageMean struct{ in, out, n int64 }

func (m *usageMean) usage() cassette.Usage {
	return cassette.Usage{InputTokens: m.in / m.n, OutputTokens: m.out / m.n}
}

func newUsageHistory(s *cassette.Store) *usageHistory {
	h := &usageHistory{byCase: map[string]*usageMean{}, byModel: map[string]*usageMean{}}
	if s == nil {
		return h
	}
	add := func(m map[string]*usageMean, k string, u cassette.Usage) {
		x := m[k]
		if x == nil {
			x = &usageMean{}
			m[k] = x
		}
		x.in += u.InputTokens + u.CacheReadTokens + u.CacheWriteTokens
		x.out += u.OutputTokens
		x.n++
	}
	for _, f := range s.Files {
		if f.Served == nil || f.Err != nil {
			continue
		}
		add(h.byCase, f.Suite+"\x00"+f.Case, f.Served.Usage)
		add(h.byModel, f.Provider+":"+f.Model, f.Served.Usage)
	}
	return h
}

// perCall is the estimated usage of one call of a case with model, and
// whether it comes from earlier recordings.
func (h *usageHistory) perCall(c *suite.Case, r suite.Resolved, model string) (cassette.Usage, bool) {
	if m := h.byCase[c.Suite.Name+"\x00"+c.Name]; m != nil {
		return m.usage(), true
	}
	if m := h.byModel[r.Provider+":"+model]; m != nil {
		return m.usage(), true
	}
	u := cassette.Usage{OutputTokens: AssumedOutputTokens}
	if req, err := engine.FirstRequest(c, r); err == nil {
		if b, err := jsonv.Encode(req, jsonv.EncodeOptions{AllowNonFinite: true}); err == nil {
			u.InputTokens = int64(len(b)/bytesPerToken) + 1
		}
	}
	return u, false
}

// estimate fills rp.Estimate for the planned cases that are not skipped.
func (rp *Plan) estimate(ctx context.Context, planned []engine.PlannedCase) error {
	left, err := rp.callsLeft(ctx, planned)
	if err != nil {
		return err
	}
	hist := newUsageHistory(rp.store)
	table := rp.eo.Pricing
	if table == nil {
		table = pricing.Bundled()
	}
	est := &rp.Estimate
	uses := map[string]*ProviderUse{}
	var order []*ProviderUse
	unpriced := map[string]bool{}
	for _, pc := range planned {
		if pc.Resolved.Provider == "fake" {
			continue
		}
		use := rp.providerUse(uses, &order, pc.Resolved.Provider)
		loop, judges := engine.CallsAtMost(pc.Case, pc.Resolved)
		// The models are named even for a case skipped for want of its
		// key: what would be called is what the user sets the key for.
		addModel(use, pc.Resolved.Model)
		for _, j := range judges {
			addModel(use, j)
		}
		if rp.skip[pc.Case] {
			continue
		}
		calling := false
		for rep := range pc.Resolved.Repeat {
			calls, ok := left[repKey{pc.Case, rep}]
			if !ok {
				calls = callPlan{loop: loop, judges: judges}
			}
			if calls.total() == 0 {
				continue
			}
			calling = true
			est.Repetitions++
			est.Calls += calls.total()
			use.Calls += calls.total()
			fromRec := rp.priceCalls(est, table, hist, pc, calls, unpriced)
			if fromRec {
				est.FromRecordings++
			}
		}
		if calling {
			est.Cases++
		}
	}
	for _, u := range order {
		est.Providers = append(est.Providers, *u)
	}
	for k := range unpriced {
		est.Unpriced = append(est.Unpriced, k)
	}
	sort.Strings(est.Unpriced)
	return nil
}

// priceCalls adds the estimated cost of one repetition's calls.
func (rp *Plan) priceCalls(est *Estimate, table *pricing.Table, hist *usageHistory, pc engine.PlannedCase, calls callPlan, unpriced map[string]bool) bool {
	fromRec := true
	add := func(model string, n int) {
		if n == 0 {
			return
		}
		u, ok := hist.perCall(pc.Case, pc.Resolved, model)
		fromRec = fromRec && ok
		cost := table.Cost(pc.Resolved.Provider, model, u)
		if cost == nil {
			unpriced[pc.Resolved.Provider+":"+model] = true
			est.UnpricedCalls += n
			return
		}
		if est.Cost == nil {
			est.Cost = new(big.Rat)
		}
		est.Cost.Add(est.Cost, new(big.Rat).Mul(cost, big.NewRat(int64(n), 1)))
	}
	add(pc.Resolved.Model, calls.loop)
	for _, j := range calls.judges {
		add(j, 1)
	}
	return fromRec
}

func (rp *Plan) providerUse(uses map[string]*ProviderUse, order *[]*ProviderUse, name string) *ProviderUse {
	if u := uses[name]; u != nil {
		return u
	}
	u := &ProviderUse{Name: name}
	custom := customProviders(rp.Project)
	u.KeyEnv, _ = provider.KeyEnv(name, custom)
	env := rp.live.Env
	if env == nil {
		env = os.LookupEnv
	}
	u.BaseURL, u.BaseURLFrom = provider.BaseURL(name, env, custom)
	if u.KeyEnv != "" {
		v, ok := env(u.KeyEnv)
		u.KeySet = ok && v != ""
	}
	uses[name] = u
	*order = append(*order, u)
	return u
}

func addModel(u *ProviderUse, model string) {
	for _, m := range u.Models {
		if m == model {
			return
		}
	}
	u.Models = append(u.Models, model)
}

// repKey is one repetition of a case.
type repKey struct {
	c   *suite.Case
	rep int
}

// callPlan are the calls one repetition may make: loop calls with the
// case's model, then one call per judge model listed.
type callPlan struct {
	loop   int
	judges []string
}

func (c callPlan) total() int { return c.loop + len(c.judges) }

// callsLeft is, in auto mode, what each cached repetition still has to
// call: an offline replay finds where it first misses (a repetition that
// replays fully calls nothing). Other modes call everything.
func (rp *Plan) callsLeft(ctx context.Context, planned []engine.PlannedCase) (map[repKey]callPlan, error) {
	out := map[repKey]callPlan{}
	if rp.Mode != engine.ModeAuto {
		return out, nil
	}
	eo := rp.eo
	eo.Invoker, eo.Gateways, eo.FailFast = nil, nil, false
	include := eo.Include
	eo.Include = func(c *suite.Case, r suite.Resolved) bool {
		return r.Provider != "fake" && !rp.uncached(c) && (include == nil || include(c, r))
	}
	res := engine.Run(ctx, rp.Project, rp.store, eo)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	resolved := map[*suite.Case]suite.Resolved{}
	for _, pc := range planned {
		resolved[pc.Case] = pc.Resolved
	}
	for i := range res.Cases {
		cr := &res.Cases[i]
		loop, judges := engine.CallsAtMost(cr.Spec, resolved[cr.Spec])
		out[repKey{cr.Spec, cr.RepeatIndex}] = remaining(cr, loop, judges)
	}
	return out, nil
}

// remaining is what a replayed repetition leaves to call: nothing when it
// replays fully (or stops on a broken cassette); from its first miss on
// otherwise.
func remaining(cr *engine.CaseResult, loop int, judges []string) callPlan {
	miss, ok := cr.Miss()
	if !ok {
		return callPlan{}
	}
	hits, judgeHits := 0, 0
	for _, v := range cr.Visits {
		switch {
		case !v.Hit:
		case v.Judge:
			judgeHits++
		default:
			hits++
		}
	}
	if miss.Judge {
		return callPlan{judges: judges[min(judgeHits, len(judges)):]}
	}
	return callPlan{loop: max(loop-hits, 0), judges: judges}
}

// CostText is the estimate in words: the sum, what it rests on, and what
// the pricing table does not price. The sum is an upper bound only when
// every call is priced ("about $0.42 at most (…)"); otherwise it is that
// of the priced calls, and the calls left out are counted ("about $11.78
// for the priced calls at most (…), and 36 calls with no price in the
// pricing table (anthropic:x): the run may cost more"), or "unknown" when
// none is priced.
func (e Estimate) CostText() string {
	var b strings.Builder
	switch {
	case e.Cost == nil:
		b.WriteString("unknown")
	case e.UnpricedCalls > 0 || len(e.Unpriced) > 0:
		b.WriteString("about " + usd(e.Cost) + " for the priced calls at most")
	default:
		b.WriteString("about " + usd(e.Cost) + " at most")
	}
	if e.Cost != nil {
		if e.FromRecordings == e.Repetitions {
			b.WriteString(" (tokens per call of the earlier recordings)")
		} else {
			fmt.Fprintf(&b, " (tokens per call of the earlier recordings for %d of %d repetitions; for the others, the first request's size and %d output tokens per call)",
				e.FromRecordings, e.Repetitions, AssumedOutputTokens)
		}
	}
	if len(e.Unpriced) > 0 {
		calls := "calls"
		if e.UnpricedCalls > 0 {
			calls = fmt.Sprintf("%d %s", e.UnpricedCalls, plural(e.UnpricedCalls, "call", "calls"))
		}
		sep := ", and "
		if e.Cost == nil {
			sep = ": "
		}
		fmt.Fprintf(&b, "%s%s with no price in the pricing table (%s)", sep, calls, strings.Join(e.Unpriced, ", "))
		if e.Cost != nil {
			b.WriteString(": the run may cost more")
		}
	}
	return b.String()
}

// CostShort is the estimate in a few words, for the question a person
// answers before the calls are made: "about $0.42 at most", "about $11.78
// at most for 120 calls, no price for the other 36", "no price for any of
// the 36 calls".
func (e Estimate) CostShort() string {
	priced := e.Calls - e.UnpricedCalls
	switch {
	case e.Cost == nil && e.UnpricedCalls == 1:
		return "no price for the call"
	case e.Cost == nil && e.UnpricedCalls > 0:
		return fmt.Sprintf("no price for any of the %d calls", e.UnpricedCalls)
	case e.Cost == nil:
		return "cost unknown"
	case e.UnpricedCalls > 0:
		return fmt.Sprintf("about %s at most for %d %s, no price for the other %d", usd(e.Cost), priced, plural(priced, "call", "calls"), e.UnpricedCalls)
	}
	return "about " + usd(e.Cost) + " at most"
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// usd spells an amount of dollars: cents, or four decimals below a cent.
func usd(r *big.Rat) string {
	if r.Sign() > 0 && r.Cmp(big.NewRat(1, 100)) < 0 {
		return "$" + r.FloatString(4)
	}
	return "$" + r.FloatString(2)
}
