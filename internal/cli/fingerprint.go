package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

const fingerprintUsage = `dryfire-tui fingerprint [FILE|-] [--canonical] [--tape js|py]

Reads one JSON object per line (from FILE, or stdin when FILE is - or
absent) and prints the key of each, one per line:

  - dryfire hash args {"provider","model","system","messages","tools","params"}:
    the 16-hex fingerprint dryfire files the response under;
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
		return usageErrorf("run 'dryfire-tui help fingerprint'", "fingerprint takes at most one FILE, got %d arguments", len(args))
	}
	hash, err := c.hasher()
	if err != nil {
		return err
	}
	in := e.Stdin
	if len(args) == 1 && args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			return usageErrorf("", "%v", err)
		}
		defer f.Close()
		in = f
	}
	out := bufio.NewWriter(e.Stdout)
	failed, total, err := fingerprintLines(ctx, in, out, hash)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return err
	}
	if failed > 0 {
		return &exitError{code: exitFindings, err: fmt.Errorf("%d of %d lines could not be hashed", failed, total)}
	}
	return nil
}

// hasher returns the per-line work the flags select: JSON line in, key or
// canonical text out.
func (c *fingerprintCmd) hasher() (func([]byte) (string, error), error) {
	var dialect jsonv.Dialect
	switch c.tape {
	case "":
		return c.dryfireLine, nil
	case "js":
		dialect = jsonv.JS
	case "py", "python":
		dialect = jsonv.Python
	default:
		return nil, usageErrorf("use --tape js or --tape py", "unknown tape dialect %q", c.tape)
	}
	return func(line []byte) (string, error) {
		call, err := decodeLine(line)
		if err != nil {
			return "", err
		}
		if call.Kind != jsonv.Object || !call.Has("args") {
			return "", errors.New(`a tape call must be an object with "args" (and optionally "kwargs")`)
		}
		if c.canonical {
			payload, err := tape.Payload(call.Field("args"), call.Field("kwargs"), dialect)
			return string(payload), err
		}
		return tape.Key(call.Field("args"), call.Field("kwargs"), dialect)
	}, nil
}

func (c *fingerprintCmd) dryfireLine(line []byte) (string, error) {
	args, err := decodeLine(line)
	if err != nil {
		return "", err
	}
	req, err := cassette.HashableRequest(args)
	if err != nil {
		return "", err
	}
	canon, err := jsonv.Canonical(req)
	if err != nil {
		return "", err
	}
	if c.canonical {
		return string(canon), nil
	}
	return cassette.FingerprintBytes(canon), nil
}

// decodeLine reads one line leniently, as Python's json.loads does: NaN and
// Infinity parse, and hashing then refuses them with dryfire's error.
func decodeLine(line []byte) (jsonv.Value, error) {
	v, err := jsonv.DecodeWith(line, jsonv.DecodeOptions{AllowNonFinite: true})
	var pe *jsonv.ParseError
	if errors.As(err, &pe) {
		return v, fmt.Errorf("invalid JSON at column %d: %v", pe.Column, pe.Err)
	}
	return v, err
}

// fingerprintLines hashes every non-blank line of in, writing one result
// line each.
func fingerprintLines(ctx context.Context, in io.Reader, out io.Writer, hash func([]byte) (string, error)) (failed, total int, err error) {
	r := bufio.NewReaderSize(in, 1<<16)
	for {
		line, readErr := r.ReadBytes('\n')
		if readErr != nil && readErr != io.EOF {
			return failed, total, readErr
		}
		if err := ctx.Err(); err != nil {
			return failed, total, err
		}
		if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 {
			total++
			result, err := hash(trimmed)
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
