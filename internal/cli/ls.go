package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/workspace"
	"github.com/spf13/pflag"
)

const lsUsage = `dryfire-tui ls [PATH] [--json] [--status S]

Lists every recording under PATH (default .) with its status and the reason
for it: dryfire cassette files (one per model turn) and cassette-fn tape
entries. Statuses: live, stale, superseded, orphaned case, orphaned suite,
stale schema_version, in use, protected, invalid, unknown; for tapes ok,
key mismatch, error entry, empty.

Examples:
  dryfire-tui ls
  dryfire-tui ls --status stale --status "orphaned case"
  dryfire-tui ls .dryfire/cassettes/refund_agent --json`

type lsCmd struct {
	json     bool
	statuses []string
}

func (c *lsCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
	fs.StringArrayVar(&c.statuses, "status", nil, "list only recordings with status `S` (repeat, or separate with commas)")
}

func (c *lsCmd) run(ctx context.Context, e Env, args []string) error {
	want, err := parseStatuses(c.statuses)
	if err != nil {
		return err
	}
	w, err := openScan(ctx, e, "ls", args, 1)
	if err != nil {
		return err
	}
	var rs []*workspace.Recording
	for _, r := range w.Recordings {
		if len(want) == 0 || want[r.Status] {
			rs = append(rs, r)
		}
	}
	printProblems(e.Stderr, w)
	if c.json {
		return writeLsJSON(e.Stdout, rs)
	}
	writeLsText(e.Stdout, rs)
	return nil
}

// parseStatuses reads --status values.
func parseStatuses(values []string) (map[workspace.Status]bool, error) {
	want := map[workspace.Status]bool{}
	for _, v := range values {
		for _, name := range strings.Split(v, ",") {
			name = strings.TrimSpace(name)
			st, ok := workspace.ParseStatus(name)
			if !ok {
				return nil, usageErrorf("statuses are "+strings.Join(workspace.Statuses()[1:], ", "), "unknown status %q", name)
			}
			want[st] = true
		}
	}
	return want, nil
}

// openScan opens the workspace of the command's optional PATH argument.
func openScan(ctx context.Context, e Env, name string, args []string, maxArgs int) (*workspace.Workspace, error) {
	if len(args) > maxArgs {
		return nil, usageErrorf("run 'dryfire-tui help "+name+"'", "too many arguments")
	}
	path := "."
	if len(args) > 0 {
		path = args[0]
	}
	return openScanPath(ctx, e, path, workspace.Options{})
}

func openScanPath(ctx context.Context, e Env, path string, o workspace.Options) (*workspace.Workspace, error) {
	o.Getenv = lookupEnvFunc(e)
	w, err := workspace.Open(ctx, path, o)
	switch {
	case errors.Is(err, workspace.ErrNotFound):
		return nil, usageErrorf("pass a project directory, a cassette directory or a tape", "%v", err)
	case err != nil:
		return nil, err
	}
	return w, nil
}

// printProblems reports what the scan could not read, on stderr.
func printProblems(stderr io.Writer, w *workspace.Workspace) {
	for _, p := range w.Problems {
		fmt.Fprintf(stderr, "dryfire-tui: warning: %v\n", p)
	}
}

func writeLsText(out io.Writer, rs []*workspace.Recording) {
	if len(rs) == 0 {
		fmt.Fprintln(out, "no recordings")
		return
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	counts := map[workspace.Status]int{}
	for _, r := range rs {
		counts[r.Status]++
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.Status, recordingLabel(r), r.Reason)
	}
	tw.Flush()
	var parts []string
	for st := workspace.Pending; st <= workspace.Empty; st++ {
		if counts[st] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[st], st))
		}
	}
	fmt.Fprintf(out, "\n%d recording(s): %s\n", len(rs), strings.Join(parts, ", "))
}

// recordingLabel is the path, plus the key and entry for a tape entry.
func recordingLabel(r *workspace.Recording) string {
	if r.Format == "tape" && r.Entry >= 0 {
		return fmt.Sprintf("%s %s[%d]", r.Path, r.Key, r.Entry)
	}
	return r.Path
}

// lsJSON is one recording in ls --json.
type lsJSON struct {
	Path        string `json:"path"`
	Format      string `json:"format"`
	Suite       string `json:"suite"`
	Case        string `json:"case"`
	Turn        int    `json:"turn"`
	RepeatIndex int    `json:"repeat_index"`
	Key         string `json:"key"`
	Status      string `json:"status"`
	Reason      string `json:"reason"`
	Secrets     int    `json:"secrets"`
}

func recordingJSON(r *workspace.Recording) lsJSON {
	return lsJSON{Path: r.Path, Format: r.Format, Suite: r.Suite, Case: r.Case, Turn: r.Turn,
		RepeatIndex: r.RepeatIndex, Key: r.Key, Status: r.Status.String(), Reason: r.Reason, Secrets: r.Secrets}
}

// writeLsJSON writes {"recordings": [...]} exactly as encodeJSONDoc would
// write it, appended by hand: on a large store the reflective encoder with
// indentation was a large part of ls --json, after everything else was done.
func writeLsJSON(out io.Writer, rs []*workspace.Recording) error {
	if len(rs) == 0 {
		_, err := io.WriteString(out, "{\n  \"recordings\": []\n}\n")
		return err
	}
	buf := make([]byte, 0, 64<<10)
	buf = append(buf, "{\n  \"recordings\": [\n"...)
	for i, r := range rs {
		if i > 0 {
			buf = append(buf, ",\n"...)
		}
		buf = appendLsRecording(buf, recordingJSON(r))
		if len(buf) >= 48<<10 {
			if _, err := out.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	buf = append(buf, "\n  ]\n}\n"...)
	_, err := out.Write(buf)
	return err
}

// appendLsRecording appends one element of the recordings array, indented
// as encodeJSONDoc indents it.
func appendLsRecording(b []byte, j lsJSON) []byte {
	b = append(b, "    {\n      \"path\": "...)
	b = appendJSONString(b, j.Path)
	b = append(b, ",\n      \"format\": "...)
	b = appendJSONString(b, j.Format)
	b = append(b, ",\n      \"suite\": "...)
	b = appendJSONString(b, j.Suite)
	b = append(b, ",\n      \"case\": "...)
	b = appendJSONString(b, j.Case)
	b = append(b, ",\n      \"turn\": "...)
	b = strconv.AppendInt(b, int64(j.Turn), 10)
	b = append(b, ",\n      \"repeat_index\": "...)
	b = strconv.AppendInt(b, int64(j.RepeatIndex), 10)
	b = append(b, ",\n      \"key\": "...)
	b = appendJSONString(b, j.Key)
	b = append(b, ",\n      \"status\": "...)
	b = appendJSONString(b, j.Status)
	b = append(b, ",\n      \"reason\": "...)
	b = appendJSONString(b, j.Reason)
	b = append(b, ",\n      \"secrets\": "...)
	b = strconv.AppendInt(b, int64(j.Secrets), 10)
	return append(b, "\n    }"...)
}

// appendJSONString appends s as encoding/json writes it without HTML
// escaping. Printable ASCII without quotes or backslashes is copied; any
// other string goes through encoding/json itself.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			var w bytes.Buffer
			enc := json.NewEncoder(&w)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(s); err != nil {
				panic(err) // a string always encodes
			}
			return append(b, bytes.TrimSuffix(w.Bytes(), []byte("\n"))...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// encodeJSONDoc writes v as indented JSON without HTML escaping.
func encodeJSONDoc(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// valueJSON is a cassette value as raw JSON, numbers spelled as written
// (0.0 stays 0.0); a value Python's json could not write (NaN, a lone
// surrogate) is written as JavaScript would (null, an escape).
func valueJSON(v jsonv.Value) json.RawMessage {
	if data, err := jsonv.Encode(v, jsonv.EncodeOptions{}); err == nil {
		return data
	}
	data, err := jsonv.Encode(v, jsonv.EncodeOptions{Dialect: jsonv.JS, AllowNonFinite: true})
	if err != nil {
		return json.RawMessage("null")
	}
	return data
}
