package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/diff"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/workspace"
	"github.com/spf13/pflag"
)

const showUsage = `dryfire-tui show [PATH] REF [--json]

Shows one recording: its status, the request dryfire recorded for it and the
response it replays. REF is a file path, or a key prefix (or path suffix)
looked up in the project around PATH (default .).

Examples:
  dryfire-tui show .dryfire/cassettes/refund_agent/parallel_lookups/00-655f68744ead8cf8.json
  dryfire-tui show 655f6874
  dryfire-tui show 655f6874 --json`

type showCmd struct {
	json bool
}

func (c *showCmd) flags(fs *pflag.FlagSet) {
	fs.BoolVar(&c.json, "json", false, "print one JSON document")
}

func (c *showCmd) run(ctx context.Context, e Env, args []string) error {
	var path, ref string
	switch len(args) {
	case 1:
		path, ref = ".", args[0]
	case 2:
		path, ref = args[0], args[1]
	default:
		return usageErrorf("run 'dryfire-tui help show'", "show takes a REF (a path or a key prefix)")
	}
	abs := ""
	if fi, err := os.Stat(ref); err == nil && !fi.IsDir() {
		abs, _ = filepath.Abs(ref)
		path = filepath.Dir(ref)
	}
	w, err := openScanPath(ctx, e, path, workspace.Options{Secrets: true})
	if err != nil {
		return err
	}
	r, err := findRecording(w, ref, abs)
	if err != nil {
		return err
	}
	body := jsonv.NullValue()
	switch {
	case r.File != nil:
		cs, err := w.Store.Read(r.File)
		if err != nil {
			return &exitError{code: exitFindings, err: err}
		}
		body = cs.Body
	case r.Tape != nil && r.Entry >= 0:
		body = r.Tape.Body.Field("entries").Field(r.TapeKey)
		if r.Entry < len(body.Items) {
			body = body.Items[r.Entry]
		}
	}
	if c.json {
		return encodeJSONDoc(e.Stdout, struct {
			Recording lsJSON          `json:"recording"`
			Body      json.RawMessage `json:"body"`
		}{recordingJSON(r), valueJSON(body)})
	}
	writeShowText(e.Stdout, r, body)
	return nil
}

// findRecording finds the recording REF names: the file at abs, or the one
// recording whose key starts with ref or whose path ends with it.
func findRecording(w *workspace.Workspace, ref, abs string) (*workspace.Recording, error) {
	var found []*workspace.Recording
	for _, r := range w.Recordings {
		full := filepath.Join(w.Root, filepath.FromSlash(r.Path))
		switch {
		case abs != "" && full == abs:
			if r.Format == "dryfire" || r.Entry <= 0 {
				return r, nil
			}
		case abs == "" && (strings.HasPrefix(r.Key, ref) || r.Path == ref || strings.HasSuffix(r.Path, "/"+ref)):
			found = append(found, r)
		}
	}
	switch len(found) {
	case 0:
		return nil, usageErrorf("run 'dryfire-tui ls' to see the recordings", "no recording matches %q", ref)
	case 1:
		return found[0], nil
	}
	var names []string
	for i, r := range found {
		if i == 5 {
			names = append(names, fmt.Sprintf("and %d more", len(found)-5))
			break
		}
		names = append(names, recordingLabel(r))
	}
	return nil, usageErrorf("give a longer key prefix or the path", "%q matches %d recordings: %s", ref, len(found), strings.Join(names, ", "))
}

func writeShowText(out io.Writer, r *workspace.Recording, body jsonv.Value) {
	fmt.Fprintf(out, "%s\n", recordingLabel(r))
	if r.Format == "dryfire" {
		fmt.Fprintf(out, "  %s › %s › turn %d", r.Suite, r.Case, r.Turn)
		if r.RepeatIndex > 0 {
			fmt.Fprintf(out, " › repetition #%d", r.RepeatIndex)
		}
		fmt.Fprintf(out, " · key %s\n", r.Key)
	}
	fmt.Fprintf(out, "  %s: %s\n", r.Status, r.Reason)
	if r.Secrets > 0 {
		fmt.Fprintf(out, "  %d secret(s): run 'dryfire-tui secrets' for where\n", r.Secrets)
	}
	if r.Format != "dryfire" {
		fmt.Fprintf(out, "\n%s\n", diff.Pretty(body))
		return
	}
	fmt.Fprintf(out, "  %s %s · recorded %s\n", body.Field("provider").Str(), body.Field("model").Str(), body.Field("recorded_at").Str())
	writeRequest(out, body.Field("request_digest"))
	writeResponse(out, body.Field("response"))
}

func writeRequest(out io.Writer, req jsonv.Value) {
	fmt.Fprintln(out, "\nRequest")
	if s := req.Field("system"); s.Kind == jsonv.String {
		fmt.Fprintf(out, "  system: %s\n", indentText(s.Text, "    "))
	}
	for i, m := range req.Field("messages").Items {
		fmt.Fprintf(out, "  [%d] %s", i, m.Field("role").Str())
		if c := m.Field("content"); c.Kind == jsonv.String {
			fmt.Fprintf(out, ": %s", indentText(c.Text, "      "))
		} else if c.Kind != jsonv.Null {
			fmt.Fprintf(out, ": %s", valueJSON(c))
		}
		fmt.Fprintln(out)
		for _, tc := range m.Field("tool_calls").Items {
			fmt.Fprintf(out, "      → %s(%s)\n", tc.Field("name").Str(), valueJSON(tc.Field("arguments")))
		}
		for _, tr := range m.Field("tool_results").Items {
			mark := "←"
			if tr.Field("is_error").Bool {
				mark = "← error"
			}
			fmt.Fprintf(out, "      %s %s: %s\n", mark, tr.Field("call_id").Str(), valueJSON(tr.Field("content")))
		}
	}
	var tools []string
	for _, t := range req.Field("tools").Items {
		tools = append(tools, t.Field("name").Str())
	}
	if len(tools) > 0 {
		fmt.Fprintf(out, "  tools: %s\n", strings.Join(tools, ", "))
	}
	if p := req.Field("params"); p.Len() > 0 {
		fmt.Fprintf(out, "  params: %s\n", valueJSON(p))
	}
}

func writeResponse(out io.Writer, resp jsonv.Value) {
	fmt.Fprintln(out, "\nResponse")
	if t := resp.Field("text"); t.Kind == jsonv.String {
		fmt.Fprintf(out, "  %s\n", indentText(t.Text, "  "))
	}
	for _, tc := range resp.Field("tool_calls").Items {
		fmt.Fprintf(out, "  → %s(%s)\n", tc.Field("name").Str(), valueJSON(tc.Field("arguments")))
	}
	u := resp.Field("usage")
	fmt.Fprintf(out, "  stop: %s · tokens in %s out %s\n", resp.Field("stop_reason").Str(),
		valueJSON(u.Field("input_tokens")), valueJSON(u.Field("output_tokens")))
}

func indentText(s, indent string) string {
	return strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+indent)
}
