package visible

import (
	"io"
	"sync"
	"unicode/utf8"
)

// Options say what a [Stream] does to what is written through it.
type Options struct {
	// Escape writes content as [Text] escapes it: the stream is a
	// terminal (or the person asked for the escapes on a pipe). Without
	// it content is written as it is, as GNU ls and git write to a pipe.
	Escape bool
	// Color lets [Paint] colour what it writes.
	Color bool
	// Keys are masked wherever they appear, whatever Escape says.
	Keys *Keys
}

// Stream is one output stream of the command line: its standard output
// or its standard error. Content written to it goes through, in order:
//
//  1. key masking: every value of Options.Keys is written as its mask,
//     also when a write ends inside it and the next one completes it;
//  2. escaping, with Options.Escape: control characters, bidi controls
//     and invalid bytes as [Text] writes them (a UTF-8 character split
//     across two writes is joined first);
//  3. the workflow guard, always: a line of a CI log that a runner would
//     act on (::set-output …, ##[error]) is written with one character
//     escaped (see guard.go).
//
// The tool's own styling ([Paint]) and annotations ([WriteCommand]) are
// added after that, so they are never escaped and content can never
// forge them. A Stream holds back the few bytes that may begin a key, a
// UTF-8 character or a workflow command until the next write: call
// [Stream.Flush] before the process reads an answer or ends. A Stream is
// safe for concurrent use; each Write is passed whole.
type Stream struct {
	mu    sync.Mutex
	out   io.Writer
	opts  Options
	keys  keyStage
	esc   escapeStage
	guard guard
}

// NewStream returns the stream that writes to out with the options o.
func NewStream(out io.Writer, o Options) *Stream {
	s := &Stream{out: out}
	s.SetOptions(o)
	return s
}

// SetOptions changes the options, for what is written from now on (what
// is held back is written first, with the old ones).
func (s *Stream) SetOptions(o Options) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_ = s.flushLocked()
	s.opts = o
	s.keys.keys = o.Keys
}

// Options returns the stream's options.
func (s *Stream) Options() Options {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.opts
}

// Write writes p as content. It reports len(p) when every byte that could
// be passed was written.
func (s *Stream) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.writeLocked(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// WriteString writes str as content.
func (s *Stream) WriteString(str string) (int, error) { return s.Write([]byte(str)) }

func (s *Stream) writeLocked(p []byte) error {
	b := s.keys.feed(p)
	if s.opts.Escape {
		b = s.esc.feed(b)
	}
	b = s.guard.feed(b)
	if len(b) == 0 {
		return nil
	}
	_, err := s.out.Write(b)
	return err
}

// Flush writes what is held back.
func (s *Stream) Flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.flushLocked()
}

func (s *Stream) flushLocked() error {
	b := s.keys.flush()
	if s.opts.Escape {
		b = append(s.esc.feed(b), s.esc.flush()...)
	} else {
		b = append([]byte(nil), b...)
	}
	b = append(s.guard.feed(b), s.guard.flush()...)
	if len(b) == 0 {
		return nil
	}
	_, err := s.out.Write(b)
	return err
}

// raw writes the tool's own bytes, after what is held back.
func (s *Stream) raw(b string) error {
	if err := s.flushLocked(); err != nil {
		return err
	}
	_, err := io.WriteString(s.out, b)
	return err
}

// keyStage masks the keys of a stream, holding back an end that may begin
// one.
type keyStage struct {
	keys *Keys
	held []byte
	out  []byte
	f    finder
}

// feed returns the bytes of p (after those held) that can be passed now,
// keys masked; it returns p itself when there is nothing to mask or hold.
func (k *keyStage) feed(p []byte) []byte {
	if k.keys.Len() == 0 && len(k.held) == 0 {
		return p
	}
	data, held := p, len(k.held) > 0
	if held {
		data = append(k.held, p...)
	}
	s := unsafeString(data)
	// The end that may begin a key waits, even when it holds a whole
	// shorter key: the next write may make it the longer one.
	wait := len(data) - k.keys.partial(s)
	k.out = k.out[:0]
	k.f.reset(k.keys.keys)
	last := 0
	for at, key := k.f.next(s, 0); at >= 0 && at < wait; at, key = k.f.next(s, last) {
		k.out = append(append(k.out, data[last:at]...), key.Mask()...)
		last = at + len(key.Value)
	}
	if last > wait {
		wait = len(data) - k.keys.partial(s[last:])
	}
	if !held && last == 0 && wait == len(data) {
		return p
	}
	k.out = append(k.out, data[last:wait]...)
	k.held = append(k.held[:0], data[wait:]...)
	return k.out
}

// flush returns what is held, its keys masked: nothing follows.
func (k *keyStage) flush() []byte {
	b := []byte(k.keys.Mask(string(k.held)))
	k.held = nil
	return b
}

// escapeStage escapes a stream as [Text] does, joining a UTF-8 character
// that a write split.
type escapeStage struct {
	held []byte
	out  []byte
}

// feed returns the bytes of p (after those held) escaped, but for an
// incomplete UTF-8 character at the end, held; it returns p itself when
// nothing was held or escaped.
func (e *escapeStage) feed(p []byte) []byte {
	data, held := p, len(e.held) > 0
	if held {
		data = append(e.held, p...)
		e.held = nil
	}
	cut := len(data) - incompleteTail(data)
	s := unsafeString(data[:cut])
	i := firstUnsafe(s, true)
	if !held && i == len(s) && cut == len(data) {
		return p
	}
	e.out = appendEscaped(append(e.out[:0], data[:i]...), s[i:], true)
	if cut < len(data) {
		e.held = append([]byte(nil), data[cut:]...)
	}
	return e.out
}

// flush returns what is held, escaped as the invalid bytes it is.
func (e *escapeStage) flush() []byte {
	b := appendEscaped(nil, string(e.held), true)
	e.held = nil
	return b
}

// incompleteTail is the length of the UTF-8 character that b ends in the
// middle of (0 when it does not).
func incompleteTail(b []byte) int {
	for j := len(b) - 1; j >= 0 && j >= len(b)-utf8.UTFMax+1; j-- {
		c := b[j]
		switch {
		case c < utf8.RuneSelf:
			return 0
		case utf8.RuneStart(c):
			if !utf8.FullRune(b[j:]) {
				return len(b) - j
			}
			return 0
		}
	}
	return 0
}

// KeyWriter writes what is written to it to out with every key masked,
// as a [Stream]'s first stage does (a key split across two writes
// included), and nothing else changed: for files written for programs,
// whose bytes must stay as they are but for the keys. It holds back the
// few bytes that may begin a key until the next write: call
// [KeyWriter.Flush] at the end. It is not safe for concurrent use.
type KeyWriter struct {
	out  io.Writer
	keys keyStage
}

// NewKeyWriter returns the KeyWriter of keys that writes to out.
func NewKeyWriter(out io.Writer, keys *Keys) *KeyWriter {
	return &KeyWriter{out: out, keys: keyStage{keys: keys}}
}

// Write writes p, its keys masked.
func (w *KeyWriter) Write(p []byte) (int, error) {
	if b := w.keys.feed(p); len(b) > 0 {
		if _, err := w.out.Write(b); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// Flush writes what is held back.
func (w *KeyWriter) Flush() error {
	if b := w.keys.flush(); len(b) > 0 {
		_, err := w.out.Write(b)
		return err
	}
	return nil
}
