package tape

import (
	"context"
	"errors"
	"fmt"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// One call through a tape: its arguments prepared and hashed, then
// answered from the recording (replay) or made and recorded (record).

// tapeCall is a prepared call: its key and what is stored for it.
type tapeCall struct {
	key       string
	args      Value
	kwargs    Value
	hasKwargs bool
}

// prepare converts, normalizes and hashes the arguments of a call.
func (t *Tape) prepare(args []any, kwargs any) (tapeCall, error) {
	av, err := Marshal(args)
	if err != nil {
		return tapeCall{}, fmt.Errorf("tape args: %w", err)
	}
	if av.Kind != jsonv.Array {
		av = jsonv.ArrayValue()
	}
	kv := jsonv.ObjectValue()
	if kwargs != nil {
		if kv, err = Marshal(kwargs); err != nil {
			return tapeCall{}, fmt.Errorf("tape kwargs: %w", err)
		}
		if kv.Kind == jsonv.Null {
			kv = jsonv.ObjectValue()
		}
		if kv.Kind != jsonv.Object {
			return tapeCall{}, fmt.Errorf("tape kwargs must be an object, not %s", kindName(kv))
		}
	}
	if t.normalize != nil {
		av, kv = t.normalize(av, kv)
		if av.Kind != jsonv.Array {
			return tapeCall{}, fmt.Errorf("normalize returned args that are %s, not a list", kindName(av))
		}
		if kv.Kind != jsonv.Null && kv.Kind != jsonv.Object {
			return tapeCall{}, fmt.Errorf("normalize returned kwargs that are %s, not an object", kindName(kv))
		}
	}
	c := tapeCall{args: av, kwargs: kv, hasKwargs: kv.Len() > 0}
	if err := t.storable(jsonv.ArrayValue(av, kv)); err != nil {
		return tapeCall{}, fmt.Errorf("tape args: %w", err)
	}
	if c.key, err = Key(av, kv, t.dialect); err != nil {
		return tapeCall{}, fmt.Errorf("tape key: %w", err)
	}
	return c, nil
}

// storable reports whether v can be written to a tape of this dialect
// without changing: no integers JavaScript would round, no NaN in a Python
// tape (JS writes null for it, as JSON.stringify does), valid strings.
func (t *Tape) storable(v Value) error {
	if t.dialect == JS {
		if err := checkSafeIntegers(v); err != nil {
			return err
		}
	}
	_, err := jsonv.Encode(v, jsonv.EncodeOptions{Dialect: t.dialect, AllowNonFinite: t.dialect == JS})
	return err
}

// replay returns the next recorded result for c, or the recorded error, or
// a miss.
func (t *Tape) replay(c tapeCall) (Value, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	l := t.lists[c.key]
	var slots []*tapeSlot
	if l != nil {
		for _, s := range l.slots {
			if s.done {
				slots = append(slots, s)
			}
		}
	}
	if len(slots) == 0 {
		t.misses++
		return Value{}, &MissError{Key: c.key, Path: t.path}
	}
	e := slots[min(l.cursor, len(slots)-1)].entry
	l.cursor++
	l.used = true
	t.hits++
	if e.Error != nil {
		return Value{}, &CallError{Name: e.Error.Name, Message: e.Error.Message, Recorded: e.Error.Recorded.Clone()}
	}
	return e.Result.Clone(), nil
}

// reserve takes the call's place in the recording.
func (t *Tape) reserve(c tapeCall) *tapeSlot {
	s := &tapeSlot{entry: Entry{Args: c.args, Kwargs: c.kwargs, HasKwargs: c.hasKwargs}}
	if !c.hasKwargs {
		s.entry.Kwargs = Value{}
	}
	s.entry.KeyCheck = checkKey(c.key, c.args, c.kwargs)
	t.mu.Lock()
	l := t.list(c.key)
	l.used = true
	l.slots = append(l.slots, s)
	t.mu.Unlock()
	return s
}

// finish fills a reserved slot with the call's outcome; a slot that
// cannot be stored is abandoned (it is never written).
func (t *Tape) finish(s *tapeSlot, result Value, callErr error, store bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !store {
		return
	}
	if callErr != nil {
		s.entry.Error = recordedError(callErr)
	} else {
		s.entry.Result, s.entry.HasResult = result, true
	}
	s.done = true
	t.rec++
}

// recordedError turns a Go error into the {message, name} a tape stores.
// The name is the recorded name of a replayed *TapeError, else the
// ErrorName() of an error that has one, else "Error".
func recordedError(err error) *CallError {
	var te *CallError
	if errors.As(err, &te) {
		return &CallError{Name: te.Name, Message: te.Message}
	}
	name := "Error"
	var named interface{ ErrorName() string }
	if errors.As(err, &named) {
		name = named.ErrorName()
	}
	return &CallError{Name: name, Message: err.Error()}
}

// call runs one call through the tape.
func call[R any](t *Tape, args []any, kwargs any, fn func() (R, error)) (R, error) {
	var zero R
	if t.mode == Off {
		return fn()
	}
	c, err := t.prepare(args, kwargs)
	if err != nil {
		return zero, err
	}
	if t.mode == Replay {
		v, err := t.replay(c)
		if err != nil {
			return zero, err
		}
		var r R
		if err := Unmarshal(v, &r); err != nil {
			return zero, fmt.Errorf("replay key %s from %s: %w", c.key, t.path, err)
		}
		return r, nil
	}
	slot := t.reserve(c)
	r, callErr := fn()
	if callErr != nil {
		t.finish(slot, Value{}, callErr, true)
		return r, callErr
	}
	v, err := Marshal(r)
	if err == nil {
		err = t.storable(v)
	}
	if err != nil {
		t.finish(slot, Value{}, nil, false)
		return zero, fmt.Errorf("record result of key %s: %w", c.key, err)
	}
	t.finish(slot, v, nil, true)
	return r, nil
}

// Call records or replays one call with positional arguments. fn makes the
// real call (it is not run in replay mode); args are what identify it: they
// are converted with [Marshal], passed to Normalize, hashed into the
// key and stored. Replay returns a fresh copy of the recorded result
// converted into R with [Unmarshal] (the entries under a key in
// recorded order, the last one repeating), the recorded error as a
// *[CallError], or a *[MissError].
func Call[R any](t *Tape, args []any, fn func() (R, error)) (R, error) {
	return call(t, args, nil, fn)
}

// CallKw is [Call] with keyword arguments as the Python port records them:
// the key hashes [args, kwargs sorted by name], and a non-empty kwargs is
// stored beside args. kwargs is anything [Marshal] turns into an object
// (a struct, a map, an object [Value] for a chosen order). A positional call
// whose arguments are exactly [args-list, sorted kwargs] gets the same key,
// as it does in Python.
func CallKw[R any](t *Tape, args []any, kwargs any, fn func() (R, error)) (R, error) {
	return call(t, args, kwargs, fn)
}

// Wrap returns fn recorded and replayed through t; its argument is the call's
// only positional argument.
func Wrap[A, R any](t *Tape, fn func(A) (R, error)) func(A) (R, error) {
	return func(a A) (R, error) {
		return call(t, []any{a}, nil, func() (R, error) { return fn(a) })
	}
}

// Wrap2 is [Wrap] for a function of two arguments.
func Wrap2[A, B, R any](t *Tape, fn func(A, B) (R, error)) func(A, B) (R, error) {
	return func(a A, b B) (R, error) {
		return call(t, []any{a, b}, nil, func() (R, error) { return fn(a, b) })
	}
}

// Wrap3 is [Wrap] for a function of three arguments.
func Wrap3[A, B, C, R any](t *Tape, fn func(A, B, C) (R, error)) func(A, B, C) (R, error) {
	return func(a A, b B, c C) (R, error) {
		return call(t, []any{a, b, c}, nil, func() (R, error) { return fn(a, b, c) })
	}
}

// WrapContext is [Wrap] for a function whose first parameter is a
// context.Context, the shape of most Go clients. The context is handed to fn
// as it is and is no argument of the call: it is neither hashed nor stored,
// so the key is the one [Wrap] gives the other argument, and a deadline or a
// value added to the context does not change it. (A context given to [Wrap2]
// or [Call] as an argument is an error.)
func WrapContext[A, R any](t *Tape, fn func(context.Context, A) (R, error)) func(context.Context, A) (R, error) {
	return func(ctx context.Context, a A) (R, error) {
		return call(t, []any{a}, nil, func() (R, error) { return fn(ctx, a) })
	}
}

// WrapContext2 is [WrapContext] for a function of a context and two
// arguments.
func WrapContext2[A, B, R any](t *Tape, fn func(context.Context, A, B) (R, error)) func(context.Context, A, B) (R, error) {
	return func(ctx context.Context, a A, b B) (R, error) {
		return call(t, []any{a, b}, nil, func() (R, error) { return fn(ctx, a, b) })
	}
}

// WrapVariadic is [Wrap] for a variadic function: each argument is one
// positional argument of the call.
func WrapVariadic[A, R any](t *Tape, fn func(...A) (R, error)) func(...A) (R, error) {
	return func(as ...A) (R, error) {
		args := make([]any, len(as))
		for i, a := range as {
			args[i] = a
		}
		return call(t, args, nil, func() (R, error) { return fn(as...) })
	}
}
