package secrets

import (
	"errors"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/format"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// ScanStoreFile scans one file of a cassette store as the store read it:
// its name ([ScanName]), then its contents, a tape as a tape, a dryfire
// cassette as a cassette, other JSON as JSON. kind is what its bytes are
// (format.Tape, or a dryfire cassette, broken or not), c the cassette they
// decoded to (nil when they did not), readErr why data is nil or c is. The
// scan fails closed: a file that does not decode is scanned as text and
// listed ([ScanUndecodable]), one that could not be read is a
// [NotScanned] finding. rel names the file in the findings; path, the
// file on disk, is dropped from the errors they quote, which name it
// already.
func ScanStoreFile(rel, path string, kind format.Kind, c *cassette.Cassette, data []byte, readErr error) []Finding {
	return append(ScanName(rel, false), scanContents(rel, kind, c, data, withoutFilePath(readErr, path))...)
}

func scanContents(rel string, kind format.Kind, c *cassette.Cassette, data []byte, readErr error) []Finding {
	switch {
	case c == nil && data == nil:
		if readErr == nil {
			readErr = errors.New("not read")
		}
		return []Finding{NotScanned(rel, readErr)}
	case kind == format.Tape:
		t, err := tape.Decode(data)
		if err != nil {
			return ScanUndecodable(rel, data, err)
		}
		return ScanTape(rel, t)
	case c == nil:
		if readErr == nil {
			readErr = errors.New("does not decode")
		}
		return ScanUndecodable(rel, data, readErr)
	case format.Of(c.Body) == format.Dryfire:
		return ScanCassette(rel, c)
	}
	return ScanBytes(rel, data)
}

// withoutFilePath drops the file's path from an error about it, wherever
// the message carries it: the finding names the file already.
func withoutFilePath(err error, path string) error {
	if err == nil {
		return nil
	}
	err = withoutPath(err)
	if msg := err.Error(); path != "" && strings.Contains(msg, path+": ") {
		return errors.New(strings.ReplaceAll(msg, path+": ", ""))
	}
	return err
}

// withoutPath drops the file's path from a decode error.
func withoutPath(err error) error {
	var pe *jsonv.ParseError
	if errors.As(err, &pe) && pe.Path != "" {
		cp := *pe
		cp.Path = ""
		return &cp
	}
	return err
}
