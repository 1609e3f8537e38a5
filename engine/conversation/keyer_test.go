package conversation

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// TestKeyerWritesNormalisedHashForm checks that the keyer, which writes a
// message's hash form straight from the message, writes what encoding
// cassette.NormaliseIDs(m.hashValue(), seen) canonically writes (the
// definition dryfire's golden fingerprints are tested against) over random
// conversations: ids repeated across messages and nested in content,
// arguments and results, keys that collapse under NFC, values the
// canonical encoder refuses.
func TestKeyerWritesNormalisedHashForm(t *testing.T) {
	t.Parallel()
	enc := jsonv.NewEncoder(jsonv.EncodeOptions{SortKeys: true, NFC: true})
	// Tool results often come from a few values every case shares (a
	// mock's return), which the run keeps encoded: some with ids.
	shared, pool := &sharedValues{}, make([]jsonv.Value, 16)
	for i := range pool {
		pool[i] = msgGen{r: rand.New(rand.NewPCG(uint64(i), 8))}.value(1)
	}
	for seed := range uint64(400) {
		g := msgGen{r: rand.New(rand.NewPCG(seed, 7)), pool: pool}
		tail := []byte(`,"tail":` + fmt.Sprint(seed) + "}")
		k := newKeyer(tail, shared)
		seen := map[string]string{}
		var want []byte
		for i := range 1 + g.r.IntN(8) {
			m := g.message()
			mark := len(want)
			if i > 0 {
				want = append(want, ',')
			}
			var wantErr error
			want, wantErr = enc.Append(want, cassette.NormaliseIDs(m.hashValue(), seen))
			err := k.Add(&m)
			if fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Fatalf("seed %d message %d: error %v, want %v", seed, i, err, wantErr)
			}
			if wantErr != nil {
				want = want[:mark]
			}
			if string(k.msgs) != string(want) {
				t.Fatalf("seed %d message %d:\n got %s\nwant %s", seed, i, k.msgs, want)
			}
			if wantErr != nil {
				break
			}
			if g.r.IntN(3) > 0 {
				full := `{"messages":[` + string(want) + "]" + string(tail)
				if got, want := k.Fingerprint(), cassette.FingerprintBytes([]byte(full)); got != want {
					t.Fatalf("seed %d message %d: fingerprint %s, want %s", seed, i, got, want)
				}
			}
		}
		k.Release()
	}
}

// TestTailIsTheCanonicalRequestTail checks the tail the keyer writes
// straight from a suite against the canonical encoding of the hashable
// request (with no messages) over random suites and settings.
func TestTailIsTheCanonicalRequestTail(t *testing.T) {
	t.Parallel()
	for seed := range uint64(300) {
		g := msgGen{r: rand.New(rand.NewPCG(seed, 9))}
		st := &suite.Suite{System: jsonv.NullValue()}
		if g.r.IntN(4) > 0 {
			st.System = jsonv.StringValue(g.str())
		}
		for range g.r.IntN(4) {
			desc := jsonv.NullValue()
			if g.r.IntN(3) > 0 {
				desc = jsonv.StringValue(g.str())
			}
			st.Tools = append(st.Tools, suite.Tool{Name: g.str(), Description: desc, InputSchema: g.object(0)})
		}
		provider, model := g.pick("anthropic", "openai", "é"), g.str()
		temperature := []float64{0, 0.2, 1, math.Copysign(0, -1), 1e-7, 123456789.5}[g.r.IntN(6)]
		got, err := encodeTail(st, provider, model, temperature)
		req, _ := cassette.HashableRequest(hashArgs(provider, model, st.System, []jsonv.Value{}, hashTools(st.Tools), temperature))
		want, wantErr := jsonv.Canonical(req)
		if fmt.Sprint(err) != fmt.Sprint(wantErr) {
			t.Fatalf("seed %d: error %v, want %v", seed, err, wantErr)
		}
		if err == nil && `{"messages":[]`+string(got) != string(want) {
			t.Fatalf("seed %d:\n got %s\nwant %s", seed, `{"messages":[]`+string(got), want)
		}
	}
}

// TestHasIDsIsWhetherNormaliseIDsNumbers checks cassette.HasIDs, which
// decides what the run keeps encoded, against what NormaliseIDs does.
func TestHasIDsIsWhetherNormaliseIDsNumbers(t *testing.T) {
	t.Parallel()
	with := 0
	for seed := range uint64(2000) {
		v := msgGen{r: rand.New(rand.NewPCG(seed, 10))}.value(0)
		seen := map[string]string{}
		cassette.NormaliseIDs(v, seen)
		if cassette.HasIDs(v) != (len(seen) > 0) {
			t.Fatalf("seed %d: HasIDs %v, NormaliseIDs numbered %d ids in %s", seed, cassette.HasIDs(v), len(seen), jsonv.PyJSONDumps(v))
		}
		if len(seen) > 0 {
			with++
		}
	}
	if with < 100 || with > 1900 {
		t.Errorf("%d of 2000 values hold ids", with)
	}
}

// msgGen makes random messages for the keyer's test; a tool result's
// content is one of pool's values half of the time.
type msgGen struct {
	r    *rand.Rand
	pool []jsonv.Value
}

func (g msgGen) pick(ss ...string) string { return ss[g.r.IntN(len(ss))] }

func (g msgGen) id() string { return g.pick("toolu_1", "toolu_2", "call_0", "x", "", "é", "e\u0301") }

func (g msgGen) str() string {
	if g.r.IntN(60) == 0 {
		return "bad \xed\xa0\x80 surrogate"
	}
	return g.pick("a", "hello \"world\"\n", "café", "cafe\u0301", "toolu_1", "\u212b", "")
}

func (g msgGen) value(depth int) jsonv.Value {
	n := g.r.IntN(8)
	if depth > 2 {
		n %= 4
	}
	switch n {
	case 0:
		return jsonv.NullValue()
	case 1:
		return jsonv.BoolValue(g.r.IntN(2) == 0)
	case 2:
		if g.r.IntN(40) == 0 {
			return jsonv.Value{Kind: jsonv.Number, Text: "1e400"}
		}
		return jsonv.Value{Kind: jsonv.Number, Text: g.pick("0", "-0", "780.00", "1e-05", "12345678901234567890")}
	case 3:
		return jsonv.StringValue(g.str())
	case 4, 5:
		items := make([]jsonv.Value, g.r.IntN(4))
		for i := range items {
			items[i] = g.value(depth + 1)
		}
		return jsonv.Value{Kind: jsonv.Array, Items: items}
	}
	return g.object(depth)
}

func (g msgGen) object(depth int) jsonv.Value {
	v := jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{}}
	for range g.r.IntN(5) {
		key := g.pick("id", "call_id", "tool_call_id", "tool_use_id", "b", "a", "é", "e\u0301", "Id", "content")
		if v.Has(key) {
			continue
		}
		x := g.value(depth + 1)
		if g.r.IntN(2) == 0 {
			x = jsonv.StringValue(g.id())
		}
		v.Members = append(v.Members, jsonv.Member{Key: key, Value: x})
	}
	return v
}

func (g msgGen) message() Message {
	m := Message{Role: g.pick("user", "assistant", "tool"), Content: g.value(0), Raw: jsonv.NullValue()}
	for range g.r.IntN(3) {
		malformed := jsonv.NullValue()
		if g.r.IntN(3) == 0 {
			malformed = g.value(2)
		}
		m.ToolCalls = append(m.ToolCalls, cassette.ToolCall{ID: g.id(), Name: g.str(), Arguments: g.object(1), MalformedArguments: malformed})
	}
	for range g.r.IntN(3) {
		content := g.value(1)
		if len(g.pool) > 0 && g.r.IntN(2) == 0 {
			content = g.pool[g.r.IntN(len(g.pool))]
		}
		m.ToolResults = append(m.ToolResults, ToolResult{CallID: g.id(), Content: content, IsError: g.r.IntN(2) == 0})
	}
	return m
}
