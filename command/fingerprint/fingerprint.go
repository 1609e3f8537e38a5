package fingerprint

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/command"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// Request is fingerprint [FILE|-] [--canonical] [--tape js|py].
type Request struct {
	command.Env
	// File is FILE ("" or "-": In).
	File string
	// In is read when File is "" or "-" (stdin); Out gets one line per
	// JSON line read, as it is hashed.
	In  io.Reader
	Out io.Writer
	// Canonical writes the exact text hashed instead of the key.
	Canonical bool
	// Tape hashes cassette-fn calls {"args","kwargs"} in this dialect (js,
	// py or python) instead of dryfire hash args.
	Tape string
}

// Counts counts what [Run] hashed.
type Counts struct {
	// Lines are the JSON lines read (blank lines aside); Failed those that
	// could not be hashed ("error: <reason>" written in their place).
	Lines, Failed int
}

// Run reads one JSON object per line and writes the key of each,
// one per line, to Out as it goes: dryfire's 16-hex fingerprint of hash
// args, or with Tape a cassette-fn call's key. A line that cannot be
// hashed makes the outcome Findings.
func Run(ctx context.Context, req Request) (command.Result[*Counts], error) {
	hash, err := hasher(req.Tape, req.Canonical)
	if err != nil {
		return command.Abort[*Counts](ctx, command.UsageError, err)
	}
	in := req.In
	if req.File != "" && req.File != "-" {
		// FILE obeys the rule of every read: a regular file under the size
		// limit (a pipe's lines come on stdin, with "-").
		data, err := safefile.ReadFile(req.Abs(req.File))
		if err != nil {
			return command.Abort[*Counts](ctx, command.UsageError, command.WithHint(err, "pass a regular file, or - to read the lines from stdin"))
		}
		in = bytes.NewReader(data)
	}
	out := bufio.NewWriter(req.Out)
	n, err := fingerprintLines(ctx, in, out, hash)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return command.Abort[*Counts](ctx, command.UsageError, err)
	}
	res := command.Result[*Counts]{Doc: &n}
	if n.Failed > 0 {
		res.Outcome, res.Err = command.Findings, fmt.Errorf("%d of %d lines could not be hashed", n.Failed, n.Lines)
	}
	return res, nil
}

// hasher returns the per-line work the flags select: a decoded JSON line
// in, its key (or with canonical the text hashed) out.
func hasher(dialectName string, canonical bool) (func(jsonv.Value) (string, error), error) {
	key := cassette.HashArgsKey
	if dialectName != "" {
		dialect, ok := map[string]jsonv.Dialect{"js": jsonv.JS, "py": jsonv.Python, "python": jsonv.Python}[dialectName]
		if !ok {
			return nil, command.WithHint(fmt.Errorf("unknown tape dialect %q", dialectName), "use --tape js or --tape py")
		}
		key = func(call jsonv.Value) (string, []byte, error) {
			if call.Kind != jsonv.Object || !call.Has("args") {
				return "", nil, errors.New(`a tape call must be an object with "args" (and optionally "kwargs")`)
			}
			payload, err := tape.Payload(call.Field("args"), call.Field("kwargs"), dialect)
			if err != nil {
				return "", nil, err
			}
			k, err := tape.Key(call.Field("args"), call.Field("kwargs"), dialect)
			return k, payload, err
		}
	}
	return func(v jsonv.Value) (string, error) {
		k, text, err := key(v)
		if canonical {
			return string(text), err
		}
		return k, err
	}, nil
}

// fingerprintLines hashes every non-blank line of in, writing one result
// line each. A line is read leniently, as Python's json.loads does: NaN and
// Infinity parse, and hashing then refuses them with dryfire's error.
func fingerprintLines(ctx context.Context, in io.Reader, out io.Writer, hash func(jsonv.Value) (string, error)) (Counts, error) {
	var n Counts
	r := bufio.NewReaderSize(in, 1<<16)
	for {
		line, readErr := safefile.ReadLine(r, safefile.MaxSize())
		if readErr != nil && readErr != io.EOF {
			return n, readErr
		}
		if err := ctx.Err(); err != nil {
			return n, err
		}
		if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 {
			n.Lines++
			if _, err := fmt.Fprintln(out, fingerprintLine(trimmed, hash, &n)); err != nil {
				return n, err
			}
		}
		if readErr == io.EOF {
			return n, nil
		}
	}
}

// fingerprintLine is the result line of one JSON line: its key, or
// "error: <reason>" (counted in n.Failed).
func fingerprintLine(line []byte, hash func(jsonv.Value) (string, error), n *Counts) string {
	v, err := jsonv.DecodeWith(line, jsonv.DecodeOptions{AllowNonFinite: true})
	var pe *jsonv.ParseError
	result := ""
	switch {
	case errors.As(err, &pe):
		err = fmt.Errorf("invalid JSON at column %d: %v", pe.Column, pe.Err)
	case err == nil:
		result, err = hash(v)
	}
	if err != nil {
		n.Failed++
		return "error: " + err.Error()
	}
	return result
}
