package conversation

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// TestKeyerFingerprintIsTheRequestFingerprint holds the API a run uses
// (one Keys, a Keyer per repetition, messages added turn after turn) to
// its definition: at every turn the fingerprint is cassette.Fingerprint of
// the request's HashArgs, or both fail.
func TestKeyerFingerprintIsTheRequestFingerprint(t *testing.T) {
	t.Parallel()
	var keys Keys
	pool := make([]jsonv.Value, 8)
	for i := range pool {
		pool[i] = msgGen{r: rand.New(rand.NewPCG(uint64(i), 11))}.value(1)
	}
	suites := []*suite.Suite{
		{System: jsonv.StringValue("You look things up."), Tools: []suite.Tool{{Name: "lookup", Description: jsonv.NullValue(), InputSchema: jsonv.ObjectValue()}}},
		{System: jsonv.NullValue()},
	}
	compared := 0
	for seed := range uint64(300) {
		g := msgGen{r: rand.New(rand.NewPCG(seed, 12)), pool: pool}
		req := Request{Provider: g.pick("anthropic", "openai"), Model: g.pick("m", "é"), Temperature: []float64{0, 0.5, math.Copysign(0, -1)}[g.r.IntN(3)]}
		st := suites[g.r.IntN(len(suites))]
		req.System, req.Tools = st.System, st.Tools
		k, err := keys.Keyer(st, req.Provider, req.Model, req.Temperature)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for i := range 1 + g.r.IntN(6) {
			m := g.message()
			req.Messages = append(req.Messages, m)
			addErr := k.Add(&m)
			want, wantErr := cassette.Fingerprint(req.HashArgs())
			if (addErr != nil) != (wantErr != nil) {
				t.Fatalf("seed %d turn %d: keyer error %v, fingerprint error %v", seed, i, addErr, wantErr)
			}
			if addErr != nil {
				break
			}
			if got := k.Fingerprint(); got != want {
				t.Fatalf("seed %d turn %d: fingerprint %s, want %s", seed, i, got, want)
			}
			compared++
		}
		k.Release()
	}
	if compared < 300 {
		t.Errorf("only %d fingerprints compared", compared)
	}
}

// TestKeyerOfAnUnencodableTail: a request whose part after the messages
// cannot be encoded has no keyer, and the error is the encoder's.
func TestKeyerOfAnUnencodableTail(t *testing.T) {
	t.Parallel()
	var keys Keys
	st := &suite.Suite{System: jsonv.StringValue("bad \xed\xa0\x80 surrogate")}
	_, want := cassette.Fingerprint(Request{System: st.System}.HashArgs())
	for range 2 { // the second lookup is the kept entry
		k, err := keys.Keyer(st, "anthropic", "m", 0)
		if k != nil || err == nil || want == nil {
			t.Fatalf("keyer %v, error %v (fingerprint error %v)", k, err, want)
		}
	}
	k, err := keys.Keyer(&suite.Suite{System: jsonv.NullValue()}, "anthropic", "m", 0)
	if err != nil {
		t.Fatal(err)
	}
	k.Release()
	var none *Keyer
	none.Release()
}
