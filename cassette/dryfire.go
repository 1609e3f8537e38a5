package cassette

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/pyvalue"
)

// Cassette is one dryfire cassette file: a typed view of the fields dryfire
// writes, plus the exact value tree it was decoded from.
//
// The typed fields are a convenience for reading; Body is the truth. A field
// of the wrong type (a turn written as a string, say) leaves the typed field
// at its zero value and stays visible in Body.
type Cassette struct {
	// SchemaVersion as written (1, 1.0, true, "1", ...); null when missing.
	SchemaVersion jsonv.Value
	// Fingerprint is the storage key the body claims (with #N for
	// repetitions).
	Fingerprint string
	// Suite and Case are the original, unsanitised names.
	Suite, Case string
	// Turn is the call counter of the case repetition (the NN of the name).
	Turn                        int
	Provider, Model, RecordedAt string
	// RequestDigest is the hashable request dryfire stored for humans. It is
	// never read back by dryfire and may be a stub in old cassettes.
	RequestDigest jsonv.Value
	// Response is the raw response object; [ParseResponse] validates it.
	Response jsonv.Value
	// Body is the whole decoded file.
	Body jsonv.Value
	// partial: the body was decoded with a Repeats (LoadOptions.Repeats),
	// so containers of its request digest may be left out of it.
	partial bool
}

// Decode reads a cassette file. Syntax errors and a body that is not
// a JSON object are *ParseError values with line and column; the typed fields
// are filled leniently.
func Decode(data []byte) (*Cassette, error) {
	body, err := jsonv.Decode(data)
	if err != nil {
		return nil, err
	}
	if body.Kind != jsonv.Object {
		return nil, notAnObject(data, body.Kind)
	}
	return FromBody(body), nil
}

// notAnObject is the error of a cassette whose body, decoded from data, is
// of kind k instead of an object: at the body's first byte.
func notAnObject(data []byte, k jsonv.Kind) error {
	line, col := jsonv.Position(data, firstNonSpace(data))
	return &jsonv.ParseError{Line: line, Column: col,
		Err: fmt.Errorf("a cassette must be a JSON object, found %s", kindArticle(k))}
}

// FromBody returns the typed view of a decoded cassette body.
func FromBody(body jsonv.Value) *Cassette {
	c := &Cassette{}
	fromBody(c, body)
	return c
}

// fromBody is FromBody into c, which must be zero.
func fromBody(c *Cassette, body jsonv.Value) {
	c.Body = body
	for _, m := range body.Members {
		v := m.Value
		switch m.Key {
		case "schema_version":
			c.SchemaVersion = v
		case "fingerprint":
			c.Fingerprint = v.Str()
		case "suite":
			c.Suite = v.Str()
		case "case":
			c.Case = v.Str()
		case "turn":
			if i, ok := v.Int(); ok && i == int64(int(i)) {
				c.Turn = int(i)
			}
		case "provider":
			c.Provider = v.Str()
		case "model":
			c.Model = v.Str()
		case "recorded_at":
			c.RecordedAt = v.Str()
		case "request_digest":
			c.RequestDigest = v
		case "response":
			c.Response = v
		}
	}
}

func firstNonSpace(data []byte) int {
	for i, c := range data {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return i
		}
	}
	return len(data)
}

func kindArticle(k jsonv.Kind) string {
	switch k { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Array, jsonv.Object:
		return "an " + k.String()
	case jsonv.Null:
		return "null"
	}
	return "a " + k.String()
}

// Encode returns the bytes dryfire writes for this cassette: json.dumps with
// indent 2, keys sorted at every depth, UTF-8 unescaped, Python float
// spelling and no trailing newline. The Body is encoded when it is an object;
// a Cassette built in code with no Body is encoded from its typed fields in
// dryfire's layout.
func (c *Cassette) Encode() ([]byte, error) { return jsonv.EncodeDryfire(c.body()) }

// body is the document the cassette is written as: the one it was read
// with, or the one its fields make.
func (c *Cassette) body() jsonv.Value {
	if c.Body.Kind == jsonv.Object {
		return c.Body
	}
	return c.buildBody()
}

func (c *Cassette) buildBody() jsonv.Value {
	schema := c.SchemaVersion
	if schema.Kind == jsonv.Null {
		schema = jsonv.IntValue(SchemaVersion)
	}
	return jsonv.ObjectValue(
		jsonv.M("schema_version", schema),
		jsonv.M("fingerprint", jsonv.StringValue(c.Fingerprint)),
		jsonv.M("suite", jsonv.StringValue(c.Suite)),
		jsonv.M("case", jsonv.StringValue(c.Case)),
		jsonv.M("turn", jsonv.IntValue(int64(c.Turn))),
		jsonv.M("provider", jsonv.StringValue(c.Provider)),
		jsonv.M("model", jsonv.StringValue(c.Model)),
		jsonv.M("recorded_at", jsonv.StringValue(c.RecordedAt)),
		jsonv.M("request_digest", c.RequestDigest),
		jsonv.M("response", c.Response),
	)
}

// SchemaOK reports whether dryfire's lookup accepts the schema_version:
// Python equality with 1, so 1, 1.0 and true pass and "1" does not.
func (c *Cassette) SchemaOK() bool {
	if v := c.SchemaVersion; v.Kind == jsonv.Number && v.Text == "1" {
		return true // the usual case, without big-number arithmetic
	}
	return pyvalue.Equal(c.SchemaVersion, jsonv.IntValue(SchemaVersion))
}

// ToolCall is one tool invocation of a recorded response.
type ToolCall struct {
	ID, Name  string
	Arguments jsonv.Value // an object
	// MalformedArguments is the provider's unparseable argument text
	// (a string), or null.
	MalformedArguments jsonv.Value
	// Py is set on a call a suite wrote (a scripted model's, a list
	// input's): the arguments as the Python objects dryfire loaded show
	// them, which json.dumps and pydantic write apart from their JSON
	// form. It is nil for a call a provider made or a cassette recorded.
	Py *jsonv.PyViews
}

// Usage is the token accounting of a recorded response.
type Usage struct {
	InputTokens, OutputTokens, CacheReadTokens, CacheWriteTokens int64
}

// Response is a recorded model response as dryfire's ModelResponse validates
// it.
type Response struct {
	Text       jsonv.Value // a string or null
	StopReason string
	ToolCalls  []ToolCall
	Usage      Usage
	Raw        jsonv.Value // the provider payload, an object
	LatencyMS  int64
}

var stopReasons = []string{"end_turn", "tool_use", "max_tokens", "stop_sequence", "refusal", "error"}

// ParseResponse validates a cassette's response object as dryfire does
// when it serves the file (pydantic's ModelResponse in lax mode): text,
// tool_calls, stop_reason, usage, latency_ms and raw are required; ints may
// be written as integral floats, booleans or numeric strings; extra keys are
// ignored. Every problem is reported, with its field path.
func ParseResponse(v jsonv.Value) (Response, error) {
	var r Response
	var errs fieldErrors
	if v.Kind != jsonv.Object {
		return r, fmt.Errorf("response should be an object, not %s", v.Kind)
	}
	if x, ok := errs.need(v, "text"); ok {
		if x.Kind != jsonv.String && x.Kind != jsonv.Null {
			errs.add("text", errors.New("should be a string or null"))
		}
		r.Text = x
	}
	if x, ok := errs.need(v, "stop_reason"); ok {
		if x.Kind != jsonv.String || !contains(stopReasons, x.Text) {
			errs.add("stop_reason", fmt.Errorf("should be one of %s", strings.Join(stopReasons, ", ")))
		}
		r.StopReason = x.Str()
	}
	if x, ok := errs.need(v, "tool_calls"); ok {
		r.ToolCalls = parseToolCalls(x, &errs)
	}
	if x, ok := errs.need(v, "usage"); ok {
		r.Usage = parseUsage(x, &errs)
	}
	if x, ok := errs.need(v, "latency_ms"); ok {
		r.LatencyMS = errs.int("latency_ms", x)
	}
	if x, ok := errs.need(v, "raw"); ok {
		if x.Kind != jsonv.Object {
			errs.add("raw", errors.New("should be an object"))
		}
		r.Raw = x
	}
	if x, ok := v.Get("cache_hit"); ok {
		if _, err := jsonv.LaxBool(x); err != nil {
			errs.add("cache_hit", err)
		}
	}
	return r, errs.err()
}

func parseToolCalls(x jsonv.Value, errs *fieldErrors) []ToolCall {
	if x.Kind != jsonv.Array {
		errs.add("tool_calls", errors.New("should be a list"))
		return nil
	}
	calls := make([]ToolCall, 0, len(x.Items))
	for i, item := range x.Items {
		at := "tool_calls." + strconv.Itoa(i)
		if item.Kind != jsonv.Object {
			errs.add(at, errors.New("should be an object"))
			continue
		}
		var tc ToolCall
		for _, name := range [...]string{"id", "name"} {
			if f, ok := errs.need(item, name, at); ok {
				if f.Kind != jsonv.String {
					errs.add(at+"."+name, errors.New("should be a string"))
				}
				if name == "id" {
					tc.ID = f.Str()
				} else {
					tc.Name = f.Str()
				}
			}
		}
		if f, ok := errs.need(item, "arguments", at); ok {
			if f.Kind != jsonv.Object {
				errs.add(at+".arguments", errors.New("should be an object"))
			}
			tc.Arguments = f
		}
		if f, ok := item.Get("malformed_arguments"); ok {
			if f.Kind != jsonv.String && f.Kind != jsonv.Null {
				errs.add(at+".malformed_arguments", errors.New("should be a string or null"))
			}
			tc.MalformedArguments = f
		}
		calls = append(calls, tc)
	}
	return calls
}

func parseUsage(x jsonv.Value, errs *fieldErrors) Usage {
	var u Usage
	if x.Kind != jsonv.Object {
		errs.add("usage", errors.New("should be an object"))
		return u
	}
	if f, ok := errs.need(x, "input_tokens", "usage"); ok {
		u.InputTokens = errs.int("usage.input_tokens", f)
	}
	if f, ok := errs.need(x, "output_tokens", "usage"); ok {
		u.OutputTokens = errs.int("usage.output_tokens", f)
	}
	if f, ok := x.Get("cache_read_tokens"); ok {
		u.CacheReadTokens = errs.int("usage.cache_read_tokens", f)
	}
	if f, ok := x.Get("cache_write_tokens"); ok {
		u.CacheWriteTokens = errs.int("usage.cache_write_tokens", f)
	}
	return u
}

// fieldErrors collects validation problems with their field paths.
type fieldErrors []string

func (e *fieldErrors) add(path string, err error) {
	*e = append(*e, path+": "+err.Error())
}

// need returns a required member, recording it as missing otherwise.
func (e *fieldErrors) need(obj jsonv.Value, key string, parent ...string) (jsonv.Value, bool) {
	x, ok := obj.Get(key)
	if !ok {
		path := key
		if len(parent) > 0 {
			path = parent[0] + "." + key
		}
		e.add(path, errors.New("field required"))
	}
	return x, ok
}

func (e *fieldErrors) int(path string, x jsonv.Value) int64 {
	i, err := jsonv.LaxInt(x)
	if err != nil {
		e.add(path, err)
	}
	return i
}

func (e fieldErrors) err() error {
	if len(e) == 0 {
		return nil
	}
	return errors.New("invalid response: " + strings.Join(e, "; "))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// RelPath returns where dryfire writes a cassette, relative to the
// cassette root: <sanitise(suite)>/<sanitise(case)>/<NN>-<key>.json, with
// NN the turn as Python's %02d prints it.
func RelPath(suite, caseName string, turn int, key string) string {
	return Sanitise(suite) + "/" + Sanitise(caseName) + "/" + fmt.Sprintf("%02d-%s.json", turn, key)
}

// ParseName splits a cassette file name <NN>-<key>.json into the
// turn and the storage key. It accepts only names dryfire writes: NN is
// decimal digits (at least two), key is 16 lowercase hex digits with an
// optional #N repetition suffix (N ≥ 1, no leading zero).
func ParseName(name string) (turn int, key string, ok bool) {
	stem, found := strings.CutSuffix(name, ".json")
	if !found {
		return 0, "", false
	}
	nn, key, found := strings.Cut(stem, "-")
	if !found || len(nn) < 2 || !allDigits(nn) || (len(nn) > 2 && nn[0] == '0') {
		return 0, "", false
	}
	fp, rep, hasRep := strings.Cut(key, "#")
	if !isFingerprint(fp) {
		return 0, "", false
	}
	if hasRep && (rep == "" || rep[0] == '0' || !allDigits(rep)) {
		return 0, "", false
	}
	turn, err := strconv.Atoi(nn)
	if err != nil {
		return 0, "", false
	}
	return turn, key, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// isFingerprint reports whether s is 16 lowercase hex digits.
func isFingerprint(s string) bool {
	if len(s) != 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
