package engine

import (
	"bytes"
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
	// tail is ,"model":…,"params":…,"provider":…,"schema_version":1,"system":…,"tools":…}
	// shared by every keyer of the suite and settings: never written.
	tail []byte
	buf  []byte
	// enc keeps its scratch for sorted objects between messages.
	enc *jsonv.Encoder
	// vals holds the normalised values of the message being written.
	vals []jsonv.Value
	// shared are the run's kept encodings of tool results (nil: none).
	shared *sharedValues
}

// keyers are reused from case to case: their buffers reach the size of a
// conversation once instead of growing again for every case.
var keyers = sync.Pool{New: func() any {
	return &keyer{seen: map[string]string{}, enc: jsonv.NewEncoder(jsonv.EncodeOptions{SortKeys: true, NFC: true})}
}}

// newKeyer returns a keyer for a case whose request ends with tail (see
// [tails]). Release it with [keyer.release].
func newKeyer(tail []byte, shared *sharedValues) *keyer {
	k := keyers.Get().(*keyer)
	clear(k.seen)
	k.msgs, k.nmsgs = k.msgs[:0], 0
	k.tail, k.shared = tail, shared
	return k
}

// tails are the encoded tails of the suites and settings of one run: the
// cases of a suite share them, so each is encoded once. The run promises
// that no suite changes while it runs.
type tails struct {
	mu sync.Mutex
	m  map[tailKey]*tailEntry
}

type tailKey struct {
	suite           *suite.Suite
	provider, model string
	temperature     uint64 // the bits: -0.0 is written apart from 0.0
}

type tailEntry struct {
	once sync.Once
	b    []byte
	err  error
}

// get returns the tail of a request of suite st with the settings, or the
// error encoding it failed with.
func (ts *tails) get(st *suite.Suite, provider, model string, temperature float64) ([]byte, error) {
	key := tailKey{suite: st, provider: provider, model: model, temperature: math.Float64bits(temperature)}
	ts.mu.Lock()
	if ts.m == nil {
		ts.m = map[tailKey]*tailEntry{}
	}
	t := ts.m[key]
	if t == nil {
		t = &tailEntry{}
		ts.m[key] = t
	}
	ts.mu.Unlock()
	t.once.Do(func() { t.b, t.err = encodeTail(st, provider, model, temperature) })
	return t.b, t.err
}

// encodeTail writes the members of the hashable request after messages,
// in key order, as the canonical encoder writes them; the tools in the
// hash form of [hashTools] are written straight from the suite's.
func encodeTail(st *suite.Suite, provider, model string, temperature float64) ([]byte, error) {
	// A pooled keyer lends its encoder and buffer: the tail is kept in
	// an array of its own size.
	k := keyers.Get().(*keyer)
	defer keyers.Put(k)
	w := canonicalWriter{enc: k.enc, buf: k.buf[:0]}
	w.raw(`,"model":`)
	w.str(model)
	w.raw(`,"params":`)
	w.value(jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
		{Key: "temperature", Value: jsonv.FloatValue(temperature)},
		{Key: "top_p", Value: jsonv.NullValue()},
		{Key: "max_tokens", Value: jsonv.NullValue()},
		{Key: "stop_sequences", Value: jsonv.ArrayValue()},
	}})
	w.raw(`,"provider":`)
	w.str(provider)
	w.raw(`,"schema_version":`)
	w.value(jsonv.IntValue(cassette.SchemaVersion))
	w.raw(`,"system":`)
	w.value(st.System)
	w.raw(`,"tools":[`)
	for i, t := range st.Tools {
		if i > 0 {
			w.raw(",")
		}
		w.raw(`{"description":`)
		w.value(t.Description)
		w.raw(`,"input_schema":`)
		w.value(t.InputSchema)
		w.raw(`,"name":`)
		w.str(t.Name)
		w.raw("}")
	}
	w.raw("]}")
	if w.err != nil {
		return nil, w.err
	}
	k.buf = w.buf
	return bytes.Clone(w.buf), nil
}

// release returns the keyer to the pool.
func (k *keyer) release() {
	clear(k.vals)
	k.tail, k.shared = nil, nil
	keyers.Put(k)
}

// add appends messages to the conversation. Each is written in hash form
// exactly as encoding cassette.NormaliseIDs(m.hashValue(), seen) writes
// it, but straight from the message: the hash form's own objects (the
// message, its tool calls, its tool results) have fixed ASCII keys, so
// they are written in sorted key order by hand, and only the values they
// hold (content, arguments, malformed arguments, result content) go
// through NormaliseIDs and the canonical encoder. On an error the
// conversation is left as it was before the failing message.
func (k *keyer) add(messages ...*Message) error {
	for _, m := range messages {
		mark := len(k.msgs)
		if k.nmsgs > 0 {
			k.msgs = append(k.msgs, ',')
		}
		var err error
		if k.msgs, err = k.appendMessage(k.msgs, m); err != nil {
			k.msgs = k.msgs[:mark]
			return err
		}
		k.nmsgs++
	}
	return nil
}

// appendMessage appends the canonical hash form of m to dst.
func (k *keyer) appendMessage(dst []byte, m *Message) ([]byte, error) {
	// Ids are numbered in the order NormaliseIDs meets them in the hash
	// form, which is insertion order: role, content, then each tool
	// call's id, name, arguments and malformed_arguments, then each
	// result's call_id, content and is_error. The output is in sorted
	// key order, so every value is normalised first.
	vals := append(k.vals[:0], cassette.NormaliseIDs(m.Content, k.seen))
	for _, c := range m.ToolCalls {
		cassette.NormaliseID(c.ID, k.seen)
		vals = append(vals, cassette.NormaliseIDs(c.Arguments, k.seen), cassette.NormaliseIDs(c.MalformedArguments, k.seen))
	}
	for _, r := range m.ToolResults {
		cassette.NormaliseID(r.CallID, k.seen)
		vals = append(vals, cassette.NormaliseIDs(r.Content, k.seen))
	}
	k.vals = vals
	w := canonicalWriter{enc: k.enc, buf: dst}
	w.raw(`{"content":`)
	w.value(vals[0])
	w.raw(`,"role":`)
	w.str(m.Role)
	w.raw(`,"tool_calls":[`)
	for i, c := range m.ToolCalls {
		if i > 0 {
			w.raw(",")
		}
		w.raw(`{"arguments":`)
		w.value(vals[1+2*i])
		w.raw(`,"id":`)
		w.str(k.seen[c.ID])
		w.raw(`,"malformed_arguments":`)
		w.value(vals[2+2*i])
		w.raw(`,"name":`)
		w.str(c.Name)
		w.raw("}")
	}
	w.raw(`],"tool_results":[`)
	for i, r := range m.ToolResults {
		if i > 0 {
			w.raw(",")
		}
		w.raw(`{"call_id":`)
		w.str(k.seen[r.CallID])
		w.raw(`,"content":`)
		k.sharedValue(&w, r.Content, vals[1+2*len(m.ToolCalls)+i])
		w.raw(`,"is_error":`)
		w.value(jsonv.BoolValue(r.IsError))
		w.raw("}")
	}
	w.raw("]}")
	return w.buf, w.err
}

// sharedValue writes a tool result's content: its kept encoding when the
// run has one (the value then holds no id, and normalised is v itself),
// else the normalised value.
func (k *keyer) sharedValue(w *canonicalWriter, v, normalised jsonv.Value) {
	if k.shared != nil && w.err == nil {
		if b, ok := k.shared.encoded(v, k.enc, k.buf); ok {
			w.buf = append(w.buf, b...)
			return
		}
	}
	w.value(normalised)
}

// canonicalWriter appends canonical JSON piece by piece and remembers
// the first error, after which it writes nothing.
type canonicalWriter struct {
	enc *jsonv.Encoder
	buf []byte
	err error
}

func (w *canonicalWriter) raw(s string) {
	if w.err == nil {
		w.buf = append(w.buf, s...)
	}
}

func (w *canonicalWriter) value(v jsonv.Value) {
	if w.err == nil {
		w.buf, w.err = w.enc.Append(w.buf, v)
	}
}

func (w *canonicalWriter) str(s string) { w.value(jsonv.StringValue(s)) }

// fingerprint returns the key of the conversation so far.
func (k *keyer) fingerprint() string {
	k.buf = append(k.buf[:0], `{"messages":[`...)
	k.buf = append(k.buf, k.msgs...)
	k.buf = append(k.buf, ']')
	k.buf = append(k.buf, k.tail...)
	return cassette.FingerprintBytes(k.buf)
}
