package engine

import (
	"math"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// keyer computes the fingerprints of one case repetition turn after turn.
// A request's messages only ever grow by appending, and dryfire's call-id
// numbering walks them in order, so the canonical form of each message is
// computed once and the request's canonical JSON is assembled from cached
// parts: the fingerprint equals Fingerprint(HashArgs(...)) byte for byte
// without re-encoding the whole conversation at every turn.
type keyer struct {
	seen  map[string]string
	msgs  []byte // canonical messages so far, comma-separated
	nmsgs int
	tail  []byte // ,"model":…,"params":…,"provider":…,"schema_version":1,"system":…,"tools":…}
	buf   []byte
	// enc keeps its scratch for sorted objects between messages.
	enc *jsonv.Encoder
	// tailOf is what tail was computed for: keyers are pooled, and cases
	// replayed one after another mostly share their suite and settings.
	tailOf tailKey
}

type tailKey struct {
	gen             uint64 // 0: never reused
	suite           *suite.Suite
	provider, model string
	temperature     uint64 // the bits: -0.0 is written apart from 0.0
}

// keyers are reused from case to case: their buffers reach the size of a
// conversation once instead of growing again for every case.
var keyers = sync.Pool{New: func() any {
	return &keyer{seen: map[string]string{}, enc: jsonv.NewEncoder(jsonv.EncodeOptions{SortKeys: true, NFC: true})}
}}

// newKeyer returns a keyer for a case of suite (its system prompt and its
// tools, which tools returns in hash form). Release it with [keyer.release].
// Keyers of the same non-zero gen reuse the tail they last encoded when the
// suite and settings are the same: the caller promises that the suite does
// not change within a generation.
func newKeyer(gen uint64, st *suite.Suite, provider, model string, temperature float64, tools func() jsonv.Value) (*keyer, error) {
	k := keyers.Get().(*keyer)
	clear(k.seen)
	k.msgs, k.nmsgs = k.msgs[:0], 0
	want := tailKey{gen: gen, suite: st, provider: provider, model: model, temperature: math.Float64bits(temperature)}
	if gen != 0 && k.tailOf == want {
		return k, nil
	}
	k.tailOf = tailKey{}
	parts := []struct {
		key string
		v   jsonv.Value
	}{
		{"model", jsonv.StringValue(model)},
		{"params", jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
			{Key: "temperature", Value: jsonv.FloatValue(temperature)},
			{Key: "top_p", Value: jsonv.NullValue()},
			{Key: "max_tokens", Value: jsonv.NullValue()},
			{Key: "stop_sequences", Value: jsonv.ArrayValue()},
		}}},
		{"provider", jsonv.StringValue(provider)},
		{"schema_version", jsonv.IntValue(cassette.SchemaVersion)},
		{"system", st.System},
		{"tools", tools()},
	}
	k.tail = k.tail[:0]
	for _, p := range parts {
		k.tail = append(k.tail, ',', '"')
		k.tail = append(k.tail, p.key...)
		k.tail = append(k.tail, '"', ':')
		var err error
		if k.tail, err = k.encode(k.tail, p.v); err != nil {
			return k, err
		}
	}
	k.tail = append(k.tail, '}')
	k.tailOf = want
	return k, nil
}

// release returns the keyer to the pool.
func (k *keyer) release() { keyers.Put(k) }

func (k *keyer) encode(dst []byte, v jsonv.Value) ([]byte, error) {
	return k.enc.Append(dst, v)
}

// add appends messages (in hash form) to the conversation.
func (k *keyer) add(messages ...jsonv.Value) error {
	for _, m := range messages {
		if k.nmsgs > 0 {
			k.msgs = append(k.msgs, ',')
		}
		var err error
		if k.msgs, err = k.encode(k.msgs, cassette.NormaliseIDs(m, k.seen)); err != nil {
			return err
		}
		k.nmsgs++
	}
	return nil
}

// fingerprint returns the key of the conversation so far.
func (k *keyer) fingerprint() string {
	k.buf = append(k.buf[:0], `{"messages":[`...)
	k.buf = append(k.buf, k.msgs...)
	k.buf = append(k.buf, ']')
	k.buf = append(k.buf, k.tail...)
	return cassette.FingerprintBytes(k.buf)
}
