package cassette

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// TapeFile is one cassette-fn tape: {"version": 1, "name": …, "entries":
// {<key>: [entry, …]}}, as written by the JavaScript package or its Python
// port.
type TapeFile struct {
	// Path is the file the tape was loaded from ("" when decoded from bytes).
	Path string
	// Name is the tape's "name" ("" when absent).
	Name string
	// Version is "version" as written (1, or 1.0 by hand).
	Version Value
	// Keys are the entry lists in file order.
	Keys []TapeGroup
	// NonFinite reports that the file holds the bare NaN / Infinity tokens
	// that Python's json module writes and JavaScript cannot read. They were
	// read leniently; [TapeFile.Encode] never writes them back.
	NonFinite bool
	// Body is the whole document as decoded.
	Body Value
}

// TapeGroup is the list of entries recorded under one key, in recorded order.
type TapeGroup struct {
	Key     string
	Entries []TapeEntry
}

// TapeEntry is one recorded call.
type TapeEntry struct {
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
	Error *TapeError
	// KeyCheck tells which dialect's key the stored arguments hash to.
	KeyCheck KeyCheck
}

// TapeError is an exception recorded in a tape, and the error a replay of it
// returns. Name is the exception class ("TypeError", "OverloadedError"),
// Message its text; either may be empty (JavaScript records a thrown string
// as "error": {}).
type TapeError struct {
	Name    string
	Message string
	// Recorded is the "error" object as it was stored, kept so that a tape
	// re-encodes byte for byte. Null for errors recorded by this package.
	Recorded Value
}

// Error returns "Name: Message", as JavaScript prints an Error.
func (e *TapeError) Error() string {
	switch {
	case e.Name == "":
		return e.Message
	case e.Message == "":
		return e.Name
	}
	return e.Name + ": " + e.Message
}

func (e *TapeError) value() Value {
	if e.Recorded.Kind == Object {
		return e.Recorded
	}
	return ObjectValue(M("message", StringValue(e.Message)), M("name", StringValue(e.Name)))
}

// KeyCheck is the result of re-hashing an entry's stored arguments.
type KeyCheck uint8

const (
	// KeyUnchecked: the entry was not checked (its zero value).
	KeyUnchecked KeyCheck = iota
	// KeyMismatch: the stored arguments hash to neither dialect's key:
	// normalize changed since recording, or the tape was edited by hand.
	KeyMismatch
	// KeyJS: only the JavaScript key matches.
	KeyJS
	// KeyPython: only the Python key matches.
	KeyPython
	// KeyBoth: the arguments hash to the same key in both dialects.
	KeyBoth
)

// String returns "key mismatch", "js", "python", "js+python" or "unchecked".
func (k KeyCheck) String() string {
	switch k {
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
	js, errJS := TapeKey(args, kwargs, JS)
	py, errPy := TapeKey(args, kwargs, Python)
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

// IsTape reports whether data looks like a tape: a JSON object with an
// "entries" member. (Version and shape are checked by [DecodeTape].)
func IsTape(data []byte) bool {
	v, err := DecodeWith(data, DecodeOptions{AllowNonFinite: true})
	return err == nil && v.Kind == Object && v.Has("entries")
}

// DecodeTape reads a tape written by either implementation. Bare NaN and
// Infinity tokens are accepted and flagged in NonFinite. Syntax errors are
// a *ParseError with line and column; shape errors are a *ParseError naming
// the entry (entries["<key>"][<i>]): a version other than 1, entries that
// are not an object of lists, an entry that is not an object, args that are
// not a list, kwargs that are not an object.
func DecodeTape(data []byte) (*TapeFile, error) {
	body, err := DecodeWith(data, DecodeOptions{AllowNonFinite: true})
	if err != nil {
		return nil, err
	}
	t := &TapeFile{Body: body, NonFinite: hasNonFinite(body)}
	if body.Kind != Object {
		return nil, shapeErr("a tape must be a JSON object, not %s", kindName(body))
	}
	version, ok := body.Get("version")
	if !ok {
		return nil, shapeErr(`missing "version" (want 1)`)
	}
	if f, ok := version.Float(); version.Kind != Number || !ok || f != 1 {
		return nil, shapeErr("unsupported version %s (want 1)", compactText(version))
	}
	t.Version = version
	if name, ok := body.Get("name"); ok {
		if name.Kind != String {
			return nil, shapeErr(`"name" must be a string, not %s`, kindName(name))
		}
		t.Name = name.Text
	}
	entries, ok := body.Get("entries")
	if !ok {
		return nil, shapeErr(`missing "entries"`)
	}
	if entries.Kind != Object {
		return nil, shapeErr(`"entries" must be an object of keys, not %s`, kindName(entries))
	}
	t.Keys = make([]TapeGroup, 0, len(entries.Members))
	for _, m := range entries.Members {
		g, err := decodeGroup(m.Key, m.Value)
		if err != nil {
			return nil, err
		}
		t.Keys = append(t.Keys, g)
	}
	return t, nil
}

func decodeGroup(key string, list Value) (TapeGroup, error) {
	where := "entries[" + strconv.Quote(key) + "]"
	if list.Kind != Array {
		return TapeGroup{}, shapeErr("%s: must be a list of entries, not %s", where, kindName(list))
	}
	g := TapeGroup{Key: key, Entries: make([]TapeEntry, 0, len(list.Items))}
	for i, item := range list.Items {
		at := where + "[" + strconv.Itoa(i) + "]"
		if item.Kind != Object {
			return TapeGroup{}, shapeErr("%s: an entry must be an object, not %s", at, kindName(item))
		}
		var e TapeEntry
		args, ok := item.Get("args")
		if !ok {
			return TapeGroup{}, shapeErr(`%s: missing "args"`, at)
		}
		if args.Kind != Array {
			return TapeGroup{}, shapeErr("%s: args must be a list, not %s", at, kindName(args))
		}
		e.Args = args
		if kw, ok := item.Get("kwargs"); ok {
			if kw.Kind != Object {
				return TapeGroup{}, shapeErr("%s: kwargs must be an object, not %s", at, kindName(kw))
			}
			e.Kwargs, e.HasKwargs = kw, true
		}
		e.Result, e.HasResult = item.Get("result")
		if ev, ok := item.Get("error"); ok && ev.Kind == Object {
			e.Error = &TapeError{
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
	case !ok || f.Kind == Null:
		return ""
	case f.Kind == String:
		return f.Text
	}
	return compactText(f)
}

func shapeErr(format string, args ...any) error {
	return &ParseError{Err: fmt.Errorf(format, args...)}
}

func kindName(v Value) string {
	switch v.Kind {
	case Array:
		return "a list"
	case Object:
		return "an object"
	case String:
		return "a string"
	case Number:
		return "a number"
	}
	return v.Kind.String()
}

func compactText(v Value) string {
	b, err := Encode(v, EncodeOptions{Dialect: JS, AllowNonFinite: true})
	if err != nil {
		return v.Kind.String()
	}
	return string(b)
}

func hasNonFinite(v Value) bool {
	switch v.Kind {
	case Number:
		return v.IsNonFinite()
	case Array:
		for _, it := range v.Items {
			if hasNonFinite(it) {
				return true
			}
		}
	case Object:
		for _, m := range v.Members {
			if hasNonFinite(m.Value) {
				return true
			}
		}
	}
	return false
}

// LoadTapeFile reads and decodes the tape at path; errors name the file.
func LoadTapeFile(path string) (*TapeFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := DecodeTape(data)
	if err != nil {
		return nil, WithPath(path, err)
	}
	t.Path = path
	return t, nil
}

// LoadTapeDir loads every tape under dir (recursively, in lexical order).
// JSON files that are not tapes (no "entries") are skipped; a tape that fails
// to load is reported in the errors, naming its file and entry, and the rest
// still load.
func LoadTapeDir(dir string) ([]*TapeFile, []error) {
	var tapes []*TapeFile
	var errs []error
	walkErr := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".json") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		if _, err := DecodeWith(data, DecodeOptions{AllowNonFinite: true}); err == nil && !IsTape(data) {
			return nil
		}
		t, err := DecodeTape(data)
		if err != nil {
			errs = append(errs, WithPath(path, err))
			return nil
		}
		t.Path = path
		tapes = append(tapes, t)
		return nil
	})
	if walkErr != nil {
		errs = append(errs, walkErr)
	}
	return tapes, errs
}

// Value returns the tape as the JSON document its writers produce: version,
// name, entries; each entry args, kwargs (when present), then result or
// error.
func (t *TapeFile) Value() Value {
	version := t.Version
	if version.Kind == Null {
		version = IntValue(1)
	}
	entries := Value{Kind: Object, Members: make([]Member, 0, len(t.Keys))}
	for _, g := range t.Keys {
		list := Value{Kind: Array, Items: make([]Value, 0, len(g.Entries))}
		for _, e := range g.Entries {
			list.Items = append(list.Items, e.value())
		}
		entries.Members = append(entries.Members, Member{Key: g.Key, Value: list})
	}
	return Value{Kind: Object, Members: []Member{
		{Key: "version", Value: version},
		{Key: "name", Value: StringValue(t.Name)},
		{Key: "entries", Value: entries},
	}}
}

func (e *TapeEntry) value() Value {
	args := e.Args
	if args.Kind == Null {
		args = ArrayValue()
	}
	v := Value{Kind: Object, Members: make([]Member, 0, 3)}
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
// JSON.stringify does, and the Python dialect fails with [ErrNonFinite]
// rather than write a file JavaScript cannot read. Errors name the entry.
func (t *TapeFile) Encode(d Dialect) ([]byte, error) {
	o := EncodeOptions{Dialect: d, Indent: true, AllowNonFinite: d == JS}
	out, err := Encode(t.Value(), o)
	if err == nil {
		return out, nil
	}
	for _, g := range t.Keys {
		for i := range g.Entries {
			if _, eerr := Encode(g.Entries[i].value(), o); eerr != nil {
				return nil, fmt.Errorf("entries[%q][%d]: %w", g.Key, i, eerr)
			}
		}
	}
	return nil, err
}
