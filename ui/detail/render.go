package detail

import (
	"fmt"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/ui/frame"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// lines renders one tab as logical lines (styled, not yet wrapped).
func lines(d Data, tab Tab, s *theme.Styles, reveal bool) []string {
	if !d.HasBody && tab != TabSecrets {
		return errorLines(d, s)
	}
	// Every tab shows the secrets masked until the reveal key.
	body := d.Body
	if d.Masks > 0 && !reveal {
		body = d.Masked
	}
	if reveal && d.RevealedDiff != nil {
		d.Diff = d.RevealedDiff
	}
	switch {
	case d.NoFile != "" && (tab == TabResponse || tab == TabRaw):
		return []string{s.Detail.Reason.Render(visible.Line(d.NoFile))}
	case d.NoFile != "" && tab == TabRequest && body.IsNull():
		return []string{s.Muted.Render("The request is not known here: the scan did not explain this miss.")}
	}
	switch tab {
	case TabResponse:
		if d.Format == format.Tape {
			return tapeResponse(body, s)
		}
		return response(body.Field("response"), s)
	case TabRequest:
		if d.Format == format.Tape {
			return tapeRequest(body, s)
		}
		return request(body.Field("request_digest"), s)
	case TabDiff:
		return diffLines(d, s)
	case TabSecrets:
		return secretLines(d, s, reveal)
	default:
		return jsonLines(body, s)
	}
}

func errorLines(d Data, s *theme.Styles) []string {
	out := []string{s.Error.Render("This file could not be read as a recording.")}
	if d.Err != nil {
		for _, l := range strings.Split(d.Err.Error(), "\n") {
			out = append(out, s.Error.Render(visible.Line(l)))
		}
	}
	return append(out, "", s.Muted.Render("Open it with e to fix it by hand, or remove it; doctor --fix rewrites what it can."))
}

func heading(s *theme.Styles, text string) string { return s.Detail.Heading.Render(text) }

// label renders "k: v", both made visible (a key or value read from a
// file may hold control characters).
func label(s *theme.Styles, k, v string) string {
	return s.Detail.Label.Render(visible.Line(k)+": ") + s.Detail.Text.Render(visible.Line(v))
}

// str is a string member of a recording as one visible line.
func str(v jsonv.Value) string { return visible.Line(v.Str()) }

// scalar is a short text form of a JSON value, as one visible line.
func scalar(v jsonv.Value) string { return visible.Line(text(v)) }

// text is a JSON value as text, not yet made visible: a string as it is,
// anything else as compact JSON.
func text(v jsonv.Value) string {
	switch v.Kind {
	case jsonv.Null:
		return "null"
	case jsonv.String, jsonv.Number:
		return v.Text
	case jsonv.Bool:
		return fmt.Sprint(v.Bool)
	default:
		b, err := jsonv.Encode(v, jsonv.EncodeOptions{Dialect: jsonv.JS})
		if err != nil {
			return "?"
		}
		return string(b)
	}
}

func response(r jsonv.Value, s *theme.Styles) []string {
	var out []string
	if t := r.Field("text"); !t.IsNull() {
		out = append(out, heading(s, "Text"))
		out = append(out, textLines(t.Str(), s)...)
		out = append(out, "")
	}
	if calls := r.Field("tool_calls"); calls.Len() > 0 {
		out = append(out, heading(s, fmt.Sprintf("Tool calls (%d)", calls.Len())))
		for _, c := range calls.Items {
			out = append(out, s.Detail.Role.Render("▸ "+str(c.Field("name")))+s.Muted.Render("  "+str(c.Field("id"))))
			out = append(out, indent(jsonLines(c.Field("arguments"), s), "    ")...)
			if m := c.Field("malformed_arguments"); !m.IsNull() {
				out = append(out, s.Error.Render("    malformed arguments: ")+scalar(m))
			}
		}
		out = append(out, "")
	}
	out = append(out, label(s, "stop reason", str(r.Field("stop_reason"))))
	u := r.Field("usage")
	out = append(out, label(s, "usage", fmt.Sprintf("%s in · %s out · %s cache read · %s cache write",
		scalar(u.Field("input_tokens")), scalar(u.Field("output_tokens")),
		scalar(u.Field("cache_read_tokens")), scalar(u.Field("cache_write_tokens")))))
	if l := r.Field("latency_ms"); !l.IsNull() {
		out = append(out, label(s, "latency", scalar(l)+" ms"))
	}
	return out
}

func textLines(t string, s *theme.Styles) []string {
	var out []string
	for _, l := range strings.Split(t, "\n") {
		out = append(out, s.Detail.Text.Render(visible.Line(l)))
	}
	return out
}

func indent(ls []string, pre string) []string {
	for i := range ls {
		ls[i] = pre + ls[i]
	}
	return ls
}

func request(r jsonv.Value, s *theme.Styles) []string {
	out := []string{label(s, "provider", str(r.Field("provider"))) + "  " + label(s, "model", str(r.Field("model")))}
	if sys := r.Field("system"); !sys.IsNull() {
		out = append(out, "", heading(s, "System"))
		out = append(out, textLines(sys.Str(), s)...)
	}
	msgs := r.Field("messages")
	out = append(out, "", heading(s, fmt.Sprintf("Messages (%d)", msgs.Len())))
	for i, m := range msgs.Items {
		out = append(out, s.Detail.Role.Render(fmt.Sprintf("[%d] %s", i, str(m.Field("role")))))
		if c := m.Field("content"); !c.IsNull() {
			out = append(out, indent(textLines(text(c), s), "  ")...)
		}
		for _, tc := range m.Field("tool_calls").Items {
			out = append(out, "  "+s.Detail.Label.Render("calls ")+s.Detail.Text.Render(str(tc.Field("name"))+" "+scalar(tc.Field("arguments"))))
		}
		for _, tr := range m.Field("tool_results").Items {
			res := tr.Field("content")
			if e := tr.Field("is_error"); e.Kind == jsonv.Bool && e.Bool {
				out = append(out, "  "+s.Error.Render("error ")+s.Detail.Text.Render(scalar(res)))
				continue
			}
			out = append(out, "  "+s.Detail.Label.Render("result ")+s.Detail.Text.Render(scalar(res)))
		}
	}
	tools := r.Field("tools")
	out = append(out, "", heading(s, fmt.Sprintf("Tools (%d)", tools.Len())))
	for _, t := range tools.Items {
		out = append(out, s.Detail.Role.Render(str(t.Field("name")))+s.Muted.Render(" — ")+s.Detail.Text.Render(str(t.Field("description"))))
	}
	out = append(out, "", heading(s, "Params"))
	for _, p := range r.Field("params").Members {
		out = append(out, label(s, p.Key, scalar(p.Value)))
	}
	return out
}

func tapeRequest(e jsonv.Value, s *theme.Styles) []string {
	out := []string{heading(s, "Arguments")}
	out = append(out, jsonLines(e.Field("args"), s)...)
	if k, ok := e.Get("kwargs"); ok {
		out = append(out, "", heading(s, "Keyword arguments"))
		out = append(out, jsonLines(k, s)...)
	}
	return out
}

func tapeResponse(e jsonv.Value, s *theme.Styles) []string {
	if errV, ok := e.Get("error"); ok {
		out := []string{s.Error.Render("Recorded error (replay throws it again)")}
		if errV.Kind == jsonv.Object {
			out = append(out, label(s, "name", scalar(errV.Field("name"))), label(s, "message", scalar(errV.Field("message"))))
			return out
		}
		return append(out, jsonLines(errV, s)...)
	}
	if r, ok := e.Get("result"); ok {
		return append([]string{heading(s, "Result")}, jsonLines(r, s)...)
	}
	return []string{s.Muted.Render("No result recorded (the call returned undefined / None).")}
}

func secretLines(d Data, s *theme.Styles, reveal bool) []string {
	if !d.SecretsChecked {
		return []string{s.Muted.Render("Secrets were not checked for this recording.")}
	}
	if len(d.Secrets) == 0 {
		return []string{s.StatusStyle("live").Render("● No secrets found.")}
	}
	out := []string{s.StatusStyle("secret").Render("⚠ " + frame.Count(len(d.Secrets), "secret") + " found")}
	if !reveal {
		out = append(out, s.Muted.Render("Masked on every tab. Press R to reveal them on screen."))
	}
	for _, f := range d.Secrets {
		v := f.Redacted
		if reveal && f.Value != "" {
			v = f.Value
		}
		out = append(out, "", s.Diff.Path.Render(visible.Line(f.JSONPath)), label(s, "rule", f.Rule), label(s, "value", v))
	}
	return out
}
