package workspace

import (
	"errors"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// scanStoreFile scans one file of the cassette store: a tape as a tape, a
// dryfire cassette as a cassette, other JSON as JSON. The scan fails
// closed: a file that does not decode is scanned as text and listed
// (secrets.ScanUndecodable), one that could not be read (data nil, ferr
// why) is a not-scanned finding. rel names the file in the findings.
func scanStoreFile(rel string, kind format.Kind, c *cassette.Cassette, data []byte, ferr error) []secrets.Finding {
	switch {
	case c == nil && data == nil:
		if ferr == nil {
			ferr = errors.New("not read")
		}
		return []secrets.Finding{secrets.NotScanned(rel, ferr)}
	case kind == format.Tape:
		t, err := tape.Decode(data)
		if err != nil {
			return secrets.ScanUndecodable(rel, data, withoutPath(err))
		}
		return secrets.ScanTape(rel, t)
	case c == nil:
		return secrets.ScanUndecodable(rel, data, withoutPath(ferr))
	case format.Of(c.Body) == format.Dryfire:
		return secrets.ScanCassette(rel, c)
	}
	return secrets.ScanBytes(rel, data)
}

// withoutFilePath drops the file's path from an error about it, wherever
// the message carries it: the finding names the file already, relative to
// the root.
func withoutFilePath(err error, path string) error {
	if err == nil {
		return nil
	}
	err = withoutPath(err)
	if msg := err.Error(); strings.Contains(msg, path+": ") {
		return errors.New(strings.ReplaceAll(msg, path+": ", ""))
	}
	return err
}

// withoutPath drops the file's path from a decode error: the finding names
// the file already.
func withoutPath(err error) error {
	var pe *jsonv.ParseError
	if errors.As(err, &pe) && pe.Path != "" {
		cp := *pe
		cp.Path = ""
		return &cp
	}
	if err == nil {
		return errors.New("does not decode")
	}
	return err
}

// openCount counts the secrets no baseline suppressed (a file that could
// not be scanned is no secret: its status says what is wrong with it).
func openCount(fs []secrets.Finding) int {
	n := 0
	for _, f := range fs {
		if !f.Suppressed && !f.Unscanned() {
			n++
		}
	}
	return n
}
