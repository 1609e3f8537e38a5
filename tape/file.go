package tape

import (
	"fmt"
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// File is one cassette-fn tape: {"version": 1, "name": …, "entries":
// {<key>: [entry, …]}}, as written by the JavaScript package or its Python
// port.
type File struct {
	// Path is the file the tape was loaded from ("" when decoded from bytes).
	Path string
	// Name is the tape's "name" ("" when absent).
	Name string
	// Version is "version" as written (1, or 1.0 by hand).
	Version Value
	// Keys are the entry lists in file order.
	Keys []Group
	// NonFinite reports that the file holds the bare NaN / Infinity tokens
	// that Python's json module writes and JavaScript cannot read. They were
	// read leniently; [File.Encode] never writes them back.
	NonFinite bool
	// Body is the whole document as decoded.
	Body Value
}

// Group is the list of entries recorded under one key, in recorded order.
type Group struct {
	Key     string
	Entries []Entry
}

// Entry is one recorded call.
type Entry struct {
	// Args is the (normalized) argument list that was hashed, an Array.
	Args Value
	// Kwargs are Python keyword arguments, present only when HasKwargs.
	Kwargs    Value
	HasKwargs bool
	// Result is the recorded return value; an entry without "result" (a JS
	// function that returned undefined) has HasResult false and replays null.
	Result    Value
	HasResult bool
	// Error is the recorded exception of an error entry (an entry whose
	// "error" is an object), nil otherwise.
	Error *CallError
	// KeyCheck tells which dialect's key the stored arguments hash to.
	KeyCheck KeyCheck
}

// CallError is an exception recorded in a tape, and the error a replay of it
// returns. Name is the exception class ("TypeError", "OverloadedError"),
// Message its text; either may be empty (JavaScript records a thrown string
// as "error": {}).
type CallError struct {
	Name    string
	Message string
	// Recorded is the "error" object as it was stored, kept so that a tape
	// re-encodes byte for byte. Null for errors recorded by this package.
	Recorded Value
}

// Error returns "Name: Message", as JavaScript prints an Error.
func (e *CallError) Error() string {
	switch {
	case e.Name == "":
		return e.Message
	case e.Message == "":
		return e.Name
	}
	return e.Name + ": " + e.Message
}

func (e *CallError) value() Value {
	if e.Recorded.Kind == jsonv.Object {
		return e.Recorded
	}
	return jsonv.ObjectValue(jsonv.M("message", jsonv.StringValue(e.Message)), jsonv.M("name", jsonv.StringValue(e.Name)))
}

// KeyCheck is the result of re-hashing an entry's stored arguments.
type KeyCheck uint8

const (
	// KeyUnchecked is an entry that was not checked (its zero value).
	KeyUnchecked KeyCheck = iota
	// KeyMismatch is an entry whose stored arguments hash to neither dialect's key:
	// normalize changed since recording, or the tape was edited by hand.
	KeyMismatch
	// KeyJS is an entry whose JavaScript key only matches.
	KeyJS
	// KeyPython is an entry whose Python key only matches.
	KeyPython
	// KeyBoth is an entry whose arguments hash to the same key in both dialects.
	KeyBoth
)

// String returns "key mismatch", "js", "python", "js+python" or "unchecked".
func (k KeyCheck) String() string {
	switch k { //nolint:exhaustive // the other cases need nothing here
	case KeyMismatch:
		return "key mismatch"
	case KeyJS:
		return "js"
	case KeyPython:
		return "python"
	case KeyBoth:
		return "js+python"
	}
	return "unchecked"
}

// checkKey re-hashes args and kwargs in both dialects against key.
func checkKey(key string, args, kwargs Value) KeyCheck {
	js, errJS := Key(args, kwargs, JS)
	py, errPy := Key(args, kwargs, Python)
	okJS, okPy := errJS == nil && js == key, errPy == nil && py == key
	switch {
	case okJS && okPy:
		return KeyBoth
	case okJS:
		return KeyJS
	case okPy:
		return KeyPython
	}
	return KeyMismatch
}

// Decode reads a tape written by either implementation. Bare NaN and
// Infinity tokens are accepted and flagged in NonFinite. Syntax errors are
// a *ParseError with line and column; shape errors are a *ParseError naming
// the entry (entries["<key>"][<i>]): a version other than 1, entries that
// are not an object of lists, an entry that is not an object, args that are
// not a list, kwargs that are not an object.
func Decode(data []byte) (*File, error) {
	body, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true})
	if err != nil {
		return nil, err
	}
	t := &File{Body: body, NonFinite: hasNonFinite(body)}
	if body.Kind != jsonv.Object {
		return nil, shapeErr("a tape must be a JSON object, not %s", kindName(body))
	}
	version, ok := body.Get("version")
	if !ok {
		return nil, shapeErr(`missing "version" (want 1)`)
	}
	if f, ok := version.Float(); version.Kind != jsonv.Number || !ok || f != 1 {
		return nil, shapeErr("unsupported version %s (want 1)", compactText(version))
	}
	t.Version = version
	if name, ok := body.Get("name"); ok {
		if name.Kind != jsonv.String {
			return nil, shapeErr(`"name" must be a string, not %s`, kindName(name))
		}
		t.Name = name.Text
	}
	entries, ok := body.Get("entries")
	if !ok {
		return nil, shapeErr(`missing "entries"`)
	}
	if entries.Kind != jsonv.Object {
		return nil, shapeErr(`"entries" must be an object of keys, not %s`, kindName(entries))
	}
	t.Keys = make([]Group, 0, len(entries.Members))
	for _, m := range entries.Members {
		g, err := decodeGroup(m.Key, m.Value)
		if err != nil {
			return nil, err
		}
		t.Keys = append(t.Keys, g)
	}
	return t, nil
}

func decodeGroup(key string, list Value) (Group, error) {
	where := "entries[" + strconv.Quote(key) + "]"
	if list.Kind != jsonv.Array {
		return Group{}, shapeErr("%s: must be a list of entries, not %s", where, kindName(list))
	}
	g := Group{Key: key, Entries: make([]Entry, 0, len(list.Items))}
	for i, item := range list.Items {
		at := where + "[" + strconv.Itoa(i) + "]"
		if item.Kind != jsonv.Object {
			return Group{}, shapeErr("%s: an entry must be an object, not %s", at, kindName(item))
		}
		var e Entry
		args, ok := item.Get("args")
		if !ok {
			return Group{}, shapeErr(`%s: missing "args"`, at)
		}
		if args.Kind != jsonv.Array {
			return Group{}, shapeErr("%s: args must be a list, not %s", at, kindName(args))
		}
		e.Args = args
		if kw, ok := item.Get("kwargs"); ok {
			if kw.Kind != jsonv.Object {
				return Group{}, shapeErr("%s: kwargs must be an object, not %s", at, kindName(kw))
			}
			e.Kwargs, e.HasKwargs = kw, true
		}
		e.Result, e.HasResult = item.Get("result")
		if ev, ok := item.Get("error"); ok && ev.Kind == jsonv.Object {
			e.Error = &CallError{
				Name:     errorField(ev, "name"),
				Message:  errorField(ev, "message"),
				Recorded: ev,
			}
		}
		e.KeyCheck = checkKey(key, e.Args, e.Kwargs)
		g.Entries = append(g.Entries, e)
	}
	return g, nil
}

// errorField reads a field of a recorded error as JavaScript's
// String(x) would for the usual cases: strings as they are, missing or null
// as "", anything else as its JSON text.
func errorField(ev Value, key string) string {
	f, ok := ev.Get(key)
	switch {
	case !ok || f.Kind == jsonv.Null:
		return ""
	case f.Kind == jsonv.String:
		return f.Text
	}
	return compactText(f)
}

func shapeErr(format string, args ...any) error {
	return &jsonv.ParseError{Err: fmt.Errorf(format, args...)}
}

func kindName(v Value) string {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Array:
		return "a list"
	case jsonv.Object:
		return "an object"
	case jsonv.String:
		return "a string"
	case jsonv.Number:
		return "a number"
	}
	return v.Kind.String()
}

func compactText(v Value) string {
	b, err := jsonv.Encode(v, jsonv.EncodeOptions{Dialect: JS, AllowNonFinite: true})
	if err != nil {
		return v.Kind.String()
	}
	return string(b)
}

func hasNonFinite(v Value) bool {
	switch v.Kind { //nolint:exhaustive // the other cases need nothing here
	case jsonv.Number:
		return v.IsNonFinite()
	case jsonv.Array:
		for _, it := range v.Items {
			if hasNonFinite(it) {
				return true
			}
		}
	case jsonv.Object:
		for _, m := range v.Members {
			if hasNonFinite(m.Value) {
				return true
			}
		}
	}
	return false
}

// Load reads and decodes the tape at path; errors name the file.
func Load(path string) (*File, error) {
	data, err := safefile.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := Decode(data)
	if err != nil {
		return nil, jsonv.WithPath(path, err)
	}
	t.Path = path
	return t, nil
}

// Value returns the tape as the JSON document its writers produce: version,
// name, entries; each entry args, kwargs (when present), then result or
// error.
func (t *File) Value() Value {
	version := t.Version
	if version.Kind == jsonv.Null {
		version = jsonv.IntValue(1)
	}
	entries := Value{Kind: jsonv.Object, Members: make([]Member, 0, len(t.Keys))}
	for _, g := range t.Keys {
		list := Value{Kind: jsonv.Array, Items: make([]Value, 0, len(g.Entries))}
		for _, e := range g.Entries {
			list.Items = append(list.Items, e.value())
		}
		entries.Members = append(entries.Members, Member{Key: g.Key, Value: list})
	}
	return Value{Kind: jsonv.Object, Members: []Member{
		{Key: "version", Value: version},
		{Key: "name", Value: jsonv.StringValue(t.Name)},
		{Key: "entries", Value: entries},
	}}
}

func (e *Entry) value() Value {
	args := e.Args
	if args.Kind == jsonv.Null {
		args = jsonv.ArrayValue()
	}
	v := Value{Kind: jsonv.Object, Members: make([]Member, 0, 3)}
	v.Members = append(v.Members, Member{Key: "args", Value: args})
	if e.HasKwargs {
		v.Members = append(v.Members, Member{Key: "kwargs", Value: e.Kwargs})
	}
	switch {
	case e.Error != nil:
		v.Members = append(v.Members, Member{Key: "error", Value: e.Error.value()})
	case e.HasResult:
		v.Members = append(v.Members, Member{Key: "result", Value: e.Result})
	}
	return v
}

// Encode returns the tape's bytes as the writer of dialect d produces them:
// JSON.stringify(tape, null, 2) for JS, json.dump(tape, indent=2,
// ensure_ascii=False) for Python; two-space indent, no trailing newline.
//
// NaN and Infinity are never written: the JS dialect writes null, as
// JSON.stringify does, and the Python dialect fails with [jsonv.ErrNonFinite]
// rather than write a file JavaScript cannot read. Errors name the entry.
func (t *File) Encode(d Dialect) ([]byte, error) {
	o := jsonv.EncodeOptions{Dialect: d, Indent: true, AllowNonFinite: d == JS}
	out, err := jsonv.Encode(t.Value(), o)
	if err == nil {
		return out, nil
	}
	for _, g := range t.Keys {
		for i := range g.Entries {
			if _, eerr := jsonv.Encode(g.Entries[i].value(), o); eerr != nil {
				return nil, fmt.Errorf("entries[%q][%d]: %w", g.Key, i, eerr)
			}
		}
	}
	return nil, err
}
