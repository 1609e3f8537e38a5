package conversation

import (
	"bytes"
	"math"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// Keys is what the keyers of one run share: the encoded tail of each
// suite and settings its cases request with (the members after messages,
// encoded once), and the kept encodings of the tool results its cases
// send again and again. The zero value is ready; the run promises that no
// suite changes while it runs.
type Keys struct {
	mu     sync.Mutex
	tails  map[tailKey]*tailEntry
	shared sharedValues
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

// Keyer returns the keyer of a case repetition of suite st with the
// settings, to be given back with [Keyer.Release], or nil and the error
// encoding the request's tail failed with (dryfire's hashing fails on it
// for every call of the case).
func (ks *Keys) Keyer(st *suite.Suite, provider, model string, temperature float64) (*Keyer, error) {
	key := tailKey{suite: st, provider: provider, model: model, temperature: math.Float64bits(temperature)}
	ks.mu.Lock()
	if ks.tails == nil {
		ks.tails = map[tailKey]*tailEntry{}
	}
	t := ks.tails[key]
	if t == nil {
		t = &tailEntry{}
		ks.tails[key] = t
	}
	ks.mu.Unlock()
	t.once.Do(func() { t.b, t.err = encodeTail(st, provider, model, temperature) })
	if t.err != nil {
		return nil, t.err
	}
	return newKeyer(t.b, &ks.shared), nil
}

// Keyer computes the fingerprints of one case repetition turn after turn.
// A request's messages only ever grow by appending, and dryfire's call-id
// numbering walks them in order, so the canonical form of each message is
// computed once and the request's canonical JSON is assembled from cached
// parts: the fingerprint equals cassette.Fingerprint(Request.HashArgs())
// byte for byte without re-encoding the whole conversation at every turn.
type Keyer struct {
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
	return &Keyer{seen: map[string]string{}, enc: jsonv.NewEncoder(jsonv.EncodeOptions{SortKeys: true, NFC: true})}
}}

// newKeyer returns a keyer for a case whose request ends with tail.
func newKeyer(tail []byte, shared *sharedValues) *Keyer {
	k := keyers.Get().(*Keyer)
	clear(k.seen)
	k.msgs, k.nmsgs = k.msgs[:0], 0
	k.tail, k.shared = tail, shared
	return k
}

// encodeTail writes the members of the hashable request after messages,
// in key order, as the canonical encoder writes them; the tools in the
// hash form of [hashTools] are written straight from the suite's.
func encodeTail(st *suite.Suite, provider, model string, temperature float64) ([]byte, error) {
	// A pooled keyer lends its encoder and buffer: the tail is kept in
	// an array of its own size.
	k := keyers.Get().(*Keyer)
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

// Release gives the keyer back; a nil keyer is none.
func (k *Keyer) Release() {
	if k == nil {
		return
	}
	clear(k.vals)
	k.tail, k.shared = nil, nil
	keyers.Put(k)
}

// Add appends messages to the conversation. Each is written in hash form
// exactly as encoding cassette.NormaliseIDs(m.hashValue(), seen) writes
// it, but straight from the message: the hash form's own objects (the
// message, its tool calls, its tool results) have fixed ASCII keys, so
// they are written in sorted key order by hand, and only the values they
// hold (content, arguments, malformed arguments, result content) go
// through NormaliseIDs and the canonical encoder. On an error the
// conversation is left as it was before the failing message.
func (k *Keyer) Add(messages ...*Message) error {
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
func (k *Keyer) appendMessage(dst []byte, m *Message) ([]byte, error) {
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
func (k *Keyer) sharedValue(w *canonicalWriter, v, normalised jsonv.Value) {
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

// Fingerprint returns the fingerprint of the conversation so far.
func (k *Keyer) Fingerprint() string {
	k.buf = append(k.buf[:0], `{"messages":[`...)
	k.buf = append(k.buf, k.msgs...)
	k.buf = append(k.buf, ']')
	k.buf = append(k.buf, k.tail...)
	return cassette.FingerprintBytes(k.buf)
}
