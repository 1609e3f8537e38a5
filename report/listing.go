package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/dryfire-tui/dryfire-tui/internal/format"
)

// Listing is the ls document: every recording with its status.
type Listing struct {
	Recordings []Recording `json:"recordings"`
	// Statuses are the status names in the order the text summary counts
	// them.
	Statuses []string `json:"-"`
}

// Recording is one cassette file or one tape entry, as ls lists it.
type Recording struct {
	// Path is relative to the project root, slash-separated.
	Path string `json:"path"`
	// Format is format.Dryfire or format.Tape (JSON: "dryfire", "tape").
	Format format.Kind `json:"format"`
	// Suite and Case are the dryfire suite and case (the tape's name and ""
	// for a tape entry).
	Suite string `json:"suite"`
	Case  string `json:"case"`
	// Turn is the dryfire turn, or the entry's index under its tape key.
	Turn        int    `json:"turn"`
	RepeatIndex int    `json:"repeat_index"`
	Key         string `json:"key"`
	Status      string `json:"status"`
	Reason      string `json:"reason"`
	// Secrets is the number of secrets found in the recording.
	Secrets int `json:"secrets"`
	// RecordPath, for an unrecorded row (status "unrecorded", Path ""),
	// is the file `run --cassette-mode auto` writes for it; "" (absent from
	// the JSON) for a recording.
	RecordPath string `json:"record_path,omitempty"`
	// Entry is the index of a tape entry under its key, -1 for a dryfire
	// file or a whole tape.
	Entry int `json:"-"`
}

// Label is the recording's path, plus the key and entry for a tape entry;
// for an unrecorded row, the file a recording of it is written to, said
// to be missing.
func (r *Recording) Label() string {
	switch {
	case r.Format == format.Tape && r.Entry >= 0:
		return fmt.Sprintf("%s %s[%d]", r.Path, r.Key, r.Entry)
	case r.Path == "" && r.RecordPath != "":
		return r.RecordPath + " (no file)"
	}
	return r.Path
}

// WriteText writes one line per recording (status, label, reason) and a
// count per status.
func (l *Listing) WriteText(w io.Writer) error {
	t := newText(w)
	if len(l.Recordings) == 0 {
		t.println("no recordings")
		return t.err
	}
	tw := tabwriter.NewWriter(t, 0, 0, 2, ' ', 0)
	counts := map[string]int{}
	for i := range l.Recordings {
		r := &l.Recordings[i]
		counts[r.Status]++
		fmt.Fprintf(tw, "%s\t%s\t%s\n", t.line(r.Status), t.line(r.Label()), t.line(r.Reason))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	var parts []string
	for _, st := range l.Statuses {
		if counts[st] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[st], st))
		}
	}
	// An unrecorded row is no recording: it is counted by its status
	// alone.
	t.printf("\n%s: %s\n", count(len(l.Recordings)-counts["unrecorded"], "recording"), strings.Join(parts, ", "))
	return t.err
}

// writeJSON writes {"recordings": [...]} exactly as encodeJSON would write
// it, appended by hand: on a large store the reflective encoder with
// indentation was a large part of ls --json, after everything else was
// done.
func (l *Listing) writeJSON(out io.Writer) error {
	if len(l.Recordings) == 0 {
		_, err := io.WriteString(out, "{\n  \"recordings\": []\n}\n")
		return err
	}
	buf := make([]byte, 0, 64<<10)
	buf = append(buf, "{\n  \"recordings\": [\n"...)
	for i := range l.Recordings {
		if i > 0 {
			buf = append(buf, ",\n"...)
		}
		buf = appendRecording(buf, &l.Recordings[i])
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

// appendRecording appends one element of the recordings array, indented
// as encodeJSON indents it.
func appendRecording(b []byte, r *Recording) []byte {
	b = append(b, "    {\n      \"path\": "...)
	b = appendJSONString(b, r.Path)
	b = append(b, ",\n      \"format\": "...)
	b = appendJSONString(b, r.Format.String())
	b = append(b, ",\n      \"suite\": "...)
	b = appendJSONString(b, r.Suite)
	b = append(b, ",\n      \"case\": "...)
	b = appendJSONString(b, r.Case)
	b = append(b, ",\n      \"turn\": "...)
	b = strconv.AppendInt(b, int64(r.Turn), 10)
	b = append(b, ",\n      \"repeat_index\": "...)
	b = strconv.AppendInt(b, int64(r.RepeatIndex), 10)
	b = append(b, ",\n      \"key\": "...)
	b = appendJSONString(b, r.Key)
	b = append(b, ",\n      \"status\": "...)
	b = appendJSONString(b, r.Status)
	b = append(b, ",\n      \"reason\": "...)
	b = appendJSONString(b, r.Reason)
	b = append(b, ",\n      \"secrets\": "...)
	b = strconv.AppendInt(b, int64(r.Secrets), 10)
	if r.RecordPath != "" {
		b = append(b, ",\n      \"record_path\": "...)
		b = appendJSONString(b, r.RecordPath)
	}
	return append(b, "\n    }"...)
}
