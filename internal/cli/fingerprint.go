package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

const fingerprintUsage = `dryfire-tui fingerprint [FILE|-] [--canonical] [--tape js|py]

Reads one JSON object per line (from FILE, or stdin when FILE is - or
absent) and prints the key of each, one per line:

  - dryfire hash args {"provider","model","system","messages","tools","params"}
    (all six, as dryfire's fingerprint takes them; a cassette's request_digest
    too): the 16-hex fingerprint dryfire files the response under;
  - with --tape js|py, a cassette-fn call {"args": [...], "kwargs": {...}}:
    the tape key in the JavaScript or Python dialect.

--canonical prints the exact text that is hashed instead of the key. A line
that cannot be hashed prints "error: <reason>" in its place, and the command
then exits 1. Blank lines are skipped. (Beware of tools that rewrite JSON on
the way: jq prints 0.0 as 0, which is another request to dryfire.)

Examples:
  dryfire-tui fingerprint hash-args.jsonl
  dryfire-tui fingerprint --canonical requests.jsonl
  echo '{"args": [1.0, "x"]}' | dryfire-tui fingerprint --tape py`

type fingerprintCmd struct {
	canonical bool
	tape      string
}

func (c *fingerprintCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.canonical, "canonical", false, "print the canonical JSON that is hashed instead of the key")
	fs.StringVar(&c.tape, "tape", "", "hash cassette-fn calls {\"args\",\"kwargs\"} in this dialect: js or py")
}

func (c *fingerprintCmd) run(ctx context.Context, e Env, args []string) error {
	if len(args) > 1 {
		return argsErrorf("", "too many arguments: fingerprint takes at most one FILE, got %s", quoted(args))
	}
	hash, err := c.hasher()
	if err != nil {
		return err
	}
	in := e.Stdin
	if len(args) == 1 && args[0] != "-" {
		// FILE obeys the rule of every read: a regular file under the size
		// limit (a pipe's lines come on stdin, with "-").
		data, err := safefile.ReadFile(args[0])
		if err != nil {
			return usageErrorf("pass a regular file, or - to read the lines from stdin", "%v", err)
		}
		in = bytes.NewReader(data)
	}
	out := bufio.NewWriter(e.Stdout)
	failed, total, err := fingerprintLines(ctx, in, out, hash)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err == nil && failed > 0 {
		err = &exitError{code: exitFindings, err: fmt.Errorf("%d of %d lines could not be hashed", failed, total)}
	}
	return err
}

// hasher returns the per-line work the flags select: a decoded JSON line
// in, its key (or with --canonical the text hashed) out.
func (c *fingerprintCmd) hasher() (func(jsonv.Value) (string, error), error) {
	key := cassette.HashArgsKey
	if c.tape != "" {
		dialect, ok := map[string]jsonv.Dialect{"js": jsonv.JS, "py": jsonv.Python, "python": jsonv.Python}[c.tape]
		if !ok {
			return nil, usageErrorf("use --tape js or --tape py", "unknown tape dialect %q", c.tape)
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
		if c.canonical {
			return string(text), err
		}
		return k, err
	}, nil
}

// fingerprintLines hashes every non-blank line of in, writing one result
// line each. A line is read leniently, as Python's json.loads does: NaN and
// Infinity parse, and hashing then refuses them with dryfire's error.
func fingerprintLines(ctx context.Context, in io.Reader, out io.Writer, hash func(jsonv.Value) (string, error)) (failed, total int, err error) {
	r := bufio.NewReaderSize(in, 1<<16)
	for {
		line, readErr := safefile.ReadLine(r, safefile.MaxSize())
		if readErr != nil && readErr != io.EOF {
			return failed, total, readErr
		}
		if err := ctx.Err(); err != nil {
			return failed, total, err
		}
		if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 {
			total++
			v, err := jsonv.DecodeWith(trimmed, jsonv.DecodeOptions{AllowNonFinite: true})
			var pe *jsonv.ParseError
			result := ""
			switch {
			case errors.As(err, &pe):
				err = fmt.Errorf("invalid JSON at column %d: %v", pe.Column, pe.Err)
			case err == nil:
				result, err = hash(v)
			}
			if err != nil {
				failed++
				result = "error: " + err.Error()
			}
			if _, err := fmt.Fprintln(out, result); err != nil {
				return failed, total, err
			}
		}
		if readErr == io.EOF {
			return failed, total, nil
		}
	}
}
