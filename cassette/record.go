package cassette

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// Record is what dryfire's caching layer writes after a live call: its
// CassetteRecord and the time of the recording.
type Record struct {
	// Key is the storage key (with #N for a repetition N ≥ 1).
	Key string
	// Suite and Case are the original, unsanitised names.
	Suite, Case string
	// Turn is the call counter of the case repetition, judge calls
	// included.
	Turn            int
	Provider, Model string
	// Digest is [HashableRequest] of the call's hash args.
	Digest   jsonv.Value
	Response Response
	// RecordedAt is written in UTC to the second, with a Z.
	RecordedAt time.Time
}

// Cassette returns the cassette dryfire writes for r: its body in
// dryfire's layout, the response dumped as pydantic's JSON mode dumps a
// ModelResponse.
func (r *Record) Cassette() *Cassette {
	c := &Cassette{
		SchemaVersion: jsonv.IntValue(SchemaVersion),
		Fingerprint:   r.Key,
		Suite:         r.Suite,
		Case:          r.Case,
		Turn:          r.Turn,
		Provider:      r.Provider,
		Model:         r.Model,
		RecordedAt:    RecordedAt(r.RecordedAt),
		RequestDigest: r.Digest,
		Response:      ResponseValue(r.Response),
	}
	c.Body = c.buildBody()
	return c
}

// RelPath is where the record goes under the cassette root.
func (r *Record) RelPath() string { return RelPath(r.Suite, r.Case, r.Turn, r.Key) }

// RecordedAt spells a time as dryfire's recorded_at: UTC, seconds
// (truncated), a Z suffix.
func RecordedAt(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05Z")
}

// ResponseValue is a response as a cassette stores it: dryfire's
// ModelResponse.model_dump(mode="json") with cache_hit false. pydantic's
// JSON mode writes NaN and ±Infinity as null (a provider's raw payload and
// tool arguments are read leniently, so they may hold them), which keeps
// the file valid for json.dumps(allow_nan=False).
func ResponseValue(r Response) jsonv.Value {
	calls := jsonv.Value{Kind: jsonv.Array, Items: make([]jsonv.Value, 0, len(r.ToolCalls))}
	for _, c := range r.ToolCalls {
		calls.Items = append(calls.Items, jsonv.ObjectValue(
			jsonv.M("id", jsonv.StringValue(c.ID)),
			jsonv.M("name", jsonv.StringValue(c.Name)),
			jsonv.M("arguments", finite(c.Arguments)),
			jsonv.M("malformed_arguments", c.MalformedArguments),
		))
	}
	raw := r.Raw
	if raw.Kind != jsonv.Object {
		raw = jsonv.ObjectValue()
	}
	return jsonv.ObjectValue(
		jsonv.M("text", r.Text),
		jsonv.M("tool_calls", calls),
		jsonv.M("stop_reason", jsonv.StringValue(r.StopReason)),
		jsonv.M("usage", jsonv.ObjectValue(
			jsonv.M("input_tokens", jsonv.IntValue(r.Usage.InputTokens)),
			jsonv.M("output_tokens", jsonv.IntValue(r.Usage.OutputTokens)),
			jsonv.M("cache_read_tokens", jsonv.IntValue(r.Usage.CacheReadTokens)),
			jsonv.M("cache_write_tokens", jsonv.IntValue(r.Usage.CacheWriteTokens)),
		)),
		jsonv.M("latency_ms", jsonv.IntValue(r.LatencyMS)),
		jsonv.M("raw", finite(raw)),
		jsonv.M("cache_hit", jsonv.BoolValue(false)),
	)
}

// finite returns v with every non-finite float (NaN, ±Infinity, or a
// literal too large for a float) replaced by null, as pydantic's JSON mode
// serialises them. Integers of any size stay. v is copied only when it
// holds such a number.
func finite(v jsonv.Value) jsonv.Value {
	if !nonFinite(v) {
		return v
	}
	switch v.Kind { //nolint:exhaustive // only numbers and containers hold one
	case jsonv.Number:
		return jsonv.NullValue()
	case jsonv.Array:
		items := make([]jsonv.Value, len(v.Items))
		for i, x := range v.Items {
			items[i] = finite(x)
		}
		v.Items = items
	case jsonv.Object:
		ms := make([]jsonv.Member, len(v.Members))
		for i, m := range v.Members {
			ms[i] = jsonv.Member{Key: m.Key, Value: finite(m.Value)}
		}
		v.Members = ms
	}
	return v
}

// nonFinite reports whether v is or holds a float JSON cannot carry.
func nonFinite(v jsonv.Value) bool {
	switch v.Kind { //nolint:exhaustive // null, booleans and strings are finite
	case jsonv.Number:
		return v.IsNonFinite()
	case jsonv.Array:
		for _, x := range v.Items {
			if nonFinite(x) {
				return true
			}
		}
	case jsonv.Object:
		for _, m := range v.Members {
			if nonFinite(m.Value) {
				return true
			}
		}
	}
	return false
}

// Write writes c under root at its place (<suite>/<case>/<NN>-<key>.json),
// creating the directories, atomically as dryfire does: a reader sees the
// old file or the new one, never a part, and a failure leaves no temporary
// file. An existing file of the same name is replaced. It returns the path
// written, relative to root, slash-separated.
//
// A cassette whose encoding is over the size limit of the tool's reads
// (safefile.MaxSize) is a [*TooLargeError] and is not written: replay
// could not read it back. dryfire writes it.
func Write(root string, c *Cassette) (string, error) {
	rel := RelPath(c.Suite, c.Case, c.Turn, c.Fingerprint)
	body := c.body()
	size, err := jsonv.EncodedLen(body, jsonv.DryfireEncoding)
	if err != nil {
		return rel, fmt.Errorf("%s: cannot encode the cassette: %w", rel, err)
	}
	if limit := safefile.MaxSize(); size > limit {
		return rel, &TooLargeError{Path: rel, Size: size, Limit: limit}
	}
	path := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return rel, err
	}
	// Measured, then encoded into the temporary file as it is made: a
	// cassette of a 10 MB answer is never held as its 20 MB of text.
	return rel, safefile.WriteAtomicFunc(path, 0o644, func(w io.Writer) error {
		return jsonv.EncodeTo(w, body, jsonv.DryfireEncoding)
	})
}

// TooLargeError is a cassette [Write] refused because replay could not read
// it back: its encoding is over the size limit of every read.
type TooLargeError struct {
	// Path is where it would have gone, relative to the cassette root.
	Path        string
	Size, Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: not written: the cassette would be %s, over the file size limit of %s that replay reads (raise it with %s)",
		e.Path, safefile.FormatSize(e.Size), safefile.FormatSize(e.Limit), safefile.MaxSizeEnv)
}

// Is makes errors.Is(err, safefile.ErrTooLarge) hold.
func (e *TooLargeError) Is(target error) bool { return target == safefile.ErrTooLarge }
