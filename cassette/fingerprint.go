package cassette

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// SchemaVersion is the constant dryfire hashes into every fingerprint and
// writes into every cassette body. It has never changed.
const SchemaVersion = 1

// HashableRequest builds dryfire's hashable request from hash args (the
// provider, model, system, messages, tools and params a caching gateway
// hashes), exactly as dryfire's hashable_request does:
//
//	{schema_version: 1, provider, model, system,
//	 messages: call ids normalised,
//	 tools: [{name, description, input_schema}] in order,
//	 params: temperature/top_p/max_tokens/stop_sequences that are present}
//
// The result is also what a cassette stores as request_digest. It is not
// NFC-normalised: [FingerprintRequest]'s canonical encoding does that.
func HashableRequest(hashArgs jsonv.Value) (jsonv.Value, error) {
	if hashArgs.Kind != jsonv.Object {
		return jsonv.Value{}, fmt.Errorf("hash args must be an object, not %s", hashArgs.Kind)
	}
	tools := hashArgs.Field("tools")
	if tools.Kind != jsonv.Array && tools.Kind != jsonv.Null {
		return jsonv.Value{}, fmt.Errorf("tools must be a list, not %s", tools.Kind)
	}
	reduced := make([]jsonv.Value, 0, len(tools.Items))
	for i, t := range tools.Items {
		if t.Kind != jsonv.Object {
			return jsonv.Value{}, fmt.Errorf("tools[%d] must be an object, not %s", i, t.Kind)
		}
		reduced = append(reduced, jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
			{Key: "name", Value: t.Field("name")},
			{Key: "description", Value: t.Field("description")},
			{Key: "input_schema", Value: t.Field("input_schema")},
		}})
	}
	params := jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{}}
	p := hashArgs.Field("params")
	for _, k := range [...]string{"temperature", "top_p", "max_tokens", "stop_sequences"} {
		if x, ok := p.Get(k); ok {
			params.Members = append(params.Members, jsonv.Member{Key: k, Value: x})
		}
	}
	messages := hashArgs.Field("messages")
	if messages.Kind != jsonv.Array && messages.Kind != jsonv.Null {
		return jsonv.Value{}, fmt.Errorf("messages must be a list, not %s", messages.Kind)
	}
	return jsonv.Value{Kind: jsonv.Object, Members: []jsonv.Member{
		{Key: "schema_version", Value: jsonv.IntValue(SchemaVersion)},
		{Key: "provider", Value: hashArgs.Field("provider")},
		{Key: "model", Value: hashArgs.Field("model")},
		{Key: "system", Value: hashArgs.Field("system")},
		{Key: "messages", Value: NormaliseCallIDs(messages)},
		{Key: "tools", Value: jsonv.Value{Kind: jsonv.Array, Items: reduced}},
		{Key: "params", Value: params},
	}}, nil
}

// idKeys are the keys whose string values dryfire anonymises.
func isIDKey(k string) bool {
	return k == "id" || k == "call_id" || k == "tool_call_id" || k == "tool_use_id"
}

// NormaliseCallIDs returns a copy of messages in which every string under a
// key id, call_id, tool_call_id or tool_use_id (at any depth, in tool
// arguments and results too) is replaced by call_0, call_1, … in order of
// first appearance, walking depth-first in key order and list order.
func NormaliseCallIDs(messages jsonv.Value) jsonv.Value {
	seen := map[string]string{}
	return NormaliseIDs(messages, seen)
}

// NormaliseIDs returns v with the id strings replaced. It copies only the
// containers on the way to a replaced id and shares everything else, which
// keeps hashing cheap: most of a request holds no ids.
func NormaliseIDs(v jsonv.Value, seen map[string]string) jsonv.Value {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Array:
		var items []jsonv.Value
		for i := range v.Items {
			x := NormaliseIDs(v.Items[i], seen)
			if items == nil && !sameContainer(x, v.Items[i]) {
				items = slices.Clone(v.Items)
			}
			if items != nil {
				items[i] = x
			}
		}
		if items != nil {
			v.Items = items
		}
	case jsonv.Object:
		var members []jsonv.Member
		for i, m := range v.Members {
			var x jsonv.Value
			if isIDKey(m.Key) && m.Value.Kind == jsonv.String {
				x = jsonv.StringValue(NormaliseID(m.Value.Text, seen))
			} else {
				x = NormaliseIDs(m.Value, seen)
			}
			if members == nil && !sameContainer(x, m.Value) {
				members = slices.Clone(v.Members)
			}
			if members != nil {
				members[i].Value = x
			}
		}
		if members != nil {
			v.Members = members
		}
	}
	return v
}

// HasIDs reports whether v holds an id string NormaliseIDs would number:
// one under a key id, call_id, tool_call_id or tool_use_id at any depth.
// A value without one is its own normal form whatever the conversation,
// so its canonical encoding can be kept and reused.
func HasIDs(v jsonv.Value) bool {
	switch v.Kind { //nolint:exhaustive // scalars hold no ids
	case jsonv.Array:
		for i := range v.Items {
			if HasIDs(v.Items[i]) {
				return true
			}
		}
	case jsonv.Object:
		for i := range v.Members {
			m := &v.Members[i]
			if (isIDKey(m.Key) && m.Value.Kind == jsonv.String) || HasIDs(m.Value) {
				return true
			}
		}
	}
	return false
}

// NormaliseID returns the placeholder of one id string: the one seen
// already gave it, or the next call_N, which seen then records. It is the
// step [NormaliseIDs] takes at every id, for a caller that walks a request
// in its own way but must number ids exactly as NormaliseIDs does.
func NormaliseID(id string, seen map[string]string) string {
	ph, ok := seen[id]
	if !ok {
		ph = placeholder(len(seen))
		seen[id] = ph
	}
	return ph
}

// placeholders are call_0 … call_63, made once: a request rarely holds
// more ids, and hashing a conversation numbers its ids again at every
// case.
var placeholders = func() []string {
	out := make([]string, 64)
	for i := range out {
		out[i] = "call_" + strconv.Itoa(i)
	}
	return out
}()

func placeholder(n int) string {
	if n < len(placeholders) {
		return placeholders[n]
	}
	return "call_" + strconv.Itoa(n)
}

// sameContainer reports whether normaliseIDs returned x unchanged: the same
// scalar, or a container sharing the same backing array.
func sameContainer(x, orig jsonv.Value) bool {
	switch x.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Array:
		return len(x.Items) == 0 || (len(orig.Items) > 0 && &x.Items[0] == &orig.Items[0])
	case jsonv.Object:
		return len(x.Members) == 0 || (len(orig.Members) > 0 && &x.Members[0] == &orig.Members[0])
	case jsonv.String:
		return orig.Kind == jsonv.String && x.Text == orig.Text
	}
	return true
}

// Fingerprint returns dryfire's 16-hex key of the hash args: the first 16
// hex digits of the SHA-256 of the canonical JSON of the hashable request.
func Fingerprint(hashArgs jsonv.Value) (string, error) {
	req, err := HashableRequest(hashArgs)
	if err != nil {
		return "", err
	}
	return FingerprintRequest(req)
}

// FingerprintRequest returns the key of an already built hashable request
// (for example a complete request_digest).
func FingerprintRequest(req jsonv.Value) (string, error) {
	e := canonicalEncoders.Get().(*canonicalBuf)
	defer canonicalEncoders.Put(e)
	b, err := e.enc.Append(e.buf[:0], req)
	if err != nil {
		return "", err
	}
	e.buf = b
	return FingerprintBytes(b), nil
}

type canonicalBuf struct {
	enc *jsonv.Encoder
	buf []byte
}

// canonicalEncoders recycle the buffers of requests being hashed.
var canonicalEncoders = sync.Pool{New: func() any {
	return &canonicalBuf{enc: jsonv.NewEncoder(jsonv.EncodeOptions{SortKeys: true, NFC: true}), buf: make([]byte, 0, 8<<10)}
}}

// FingerprintBytes returns the first 16 hex digits of the SHA-256 of b.
func FingerprintBytes(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// StorageKey returns the key a repetition stores under: the fingerprint for
// repetition 0, fingerprint#i after it.
//
// A negative repetition is a programming error and panics, as dryfire
// raises ValueError.
func StorageKey(fingerprint string, repetition int) string {
	if repetition < 0 {
		panic("cassette: repeat_index must be >= 0, got " + strconv.Itoa(repetition))
	}
	if repetition == 0 {
		return fingerprint
	}
	return fingerprint + "#" + strconv.Itoa(repetition)
}

// ParseStorageKey splits a storage key into fingerprint and repetition at
// the first "#", as dryfire's parse_storage_key does: the suffix is read as
// Python's int() reads it (surrounding spaces, a sign, underscores between
// digits and any Unicode decimal digits pass), and anything else is an
// error.
func ParseStorageKey(key string) (fingerprint string, repetition int, err error) {
	fp, rep, found := strings.Cut(key, "#")
	if !found {
		return key, 0, nil
	}
	digits, ok := jsonv.PyIntDigits(strings.TrimFunc(rep, unicode.IsSpace), true)
	n, convErr := strconv.Atoi(digits)
	if !ok || convErr != nil {
		return "", 0, fmt.Errorf("invalid repetition %q in storage key %q", rep, key)
	}
	return fp, n, nil
}

// Sanitise turns a suite or case name into its cassette directory name as
// dryfire does: every code point outside [A-Za-z0-9._-] becomes "_"; a name
// that changed, or is "", "." or "..", gets "-" and the first 8 hex digits
// of the SHA-256 of the original name appended.
func Sanitise(name string) string {
	var b strings.Builder
	changed := false
	for _, r := range name {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			b.WriteRune(r)
			continue
		}
		b.WriteByte('_')
		changed = true
	}
	if !changed && name != "" && name != "." && name != ".." {
		return name
	}
	out := b.String()
	if out == "" {
		out = "_"
	}
	sum := sha256.Sum256([]byte(name))
	return out + "-" + hex.EncodeToString(sum[:4])
}

// PyHashError returns the exception dryfire's fingerprint raises on hash
// args that cannot be hashed, as Python's repr() spells it in the provider
// error it becomes ("" when they hash): json.dumps refuses NaN and the
// infinities, and integers of more than 4,300 digits, in its order (keys
// sorted, lists in order); a lone surrogate passes json.dumps but not the
// UTF-8 encoding of its result, and the UnicodeEncodeError names the whole
// canonical text and where the run of surrogates is in it.
func PyHashError(hashArgs jsonv.Value) string {
	if f := hashFailureOf(hashArgs); f != nil {
		return f.repr
	}
	return ""
}

// hashFailure is an exception of hashing: its type, repr() and str().
type hashFailure struct{ typ, repr, str string }

func hashFailureOf(hashArgs jsonv.Value) *hashFailure {
	req, err := HashableRequest(hashArgs)
	if err != nil {
		return nil
	}
	if msg := pyDumpsFailure(req); msg != "" {
		return &hashFailure{"ValueError", "ValueError('" + msg + "')", msg}
	}
	payload, err := jsonv.Encode(req, jsonv.EncodeOptions{SortKeys: true, NFC: true, KeepSurrogates: true})
	if err != nil {
		return nil
	}
	start, end, first, ok := surrogateRun(string(payload))
	if !ok {
		return nil
	}
	str := fmt.Sprintf("'utf-8' codec can't encode characters in position %d-%d: surrogates not allowed", start, end-1)
	if end-start == 1 {
		str = fmt.Sprintf("'utf-8' codec can't encode character '\\u%04x' in position %d: surrogates not allowed", first, start)
	}
	return &hashFailure{"UnicodeEncodeError",
		fmt.Sprintf("UnicodeEncodeError('utf-8', %s, %d, %d, 'surrogates not allowed')", jsonv.PyRepr(string(payload)), start, end), str}
}

// pyDumpsFailure walks v as json.dumps(sort_keys=True) does and returns the
// first value it refuses.
func pyDumpsFailure(v jsonv.Value) string {
	switch v.Kind {
	case jsonv.Number:
		switch {
		case v.IsNonFinite():
			return "Out of range float values are not JSON compliant"
		case v.IsInt() && len(strings.TrimPrefix(v.Text, "-")) > 4300:
			return "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit"
		}
	case jsonv.Array:
		for _, it := range v.Items {
			if msg := pyDumpsFailure(it); msg != "" {
				return msg
			}
		}
	case jsonv.Object:
		ms := slices.Clone(v.Members)
		slices.SortStableFunc(ms, func(a, b jsonv.Member) int { return strings.Compare(a.Key, b.Key) })
		for _, m := range ms {
			if msg := pyDumpsFailure(m.Value); msg != "" {
				return msg
			}
		}
	case jsonv.Null, jsonv.Bool, jsonv.String:
	}
	return ""
}

// surrogateRun finds the first run of lone surrogates in s (held in the
// generalized UTF-8 form) and returns where it starts and ends, counted in
// code points as Python indexes a str, and its first surrogate.
func surrogateRun(s string) (start, end int, first rune, ok bool) {
	n := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 && isSurrogateAt(s, i) {
			if !ok {
				start, ok = n, true
				first = rune(s[i]&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F)
			}
			i += 3
			n++
			end = n
			continue
		}
		if ok {
			return start, end, first, true
		}
		i += size
		n++
	}
	return start, end, first, ok
}

func isSurrogateAt(s string, i int) bool {
	return i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2] >= 0x80 && s[i+2] <= 0xBF
}
