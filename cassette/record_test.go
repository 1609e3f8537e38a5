package cassette

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// TestRecordWritesDryfiresBytes rebuilds cassettes dryfire wrote (the
// record fixtures) from their parts, as a recording does, and writes them:
// the bytes must be dryfire's, path included.
func TestRecordWritesDryfiresBytes(t *testing.T) {
	t.Parallel()
	root := "../testdata/golden/record/gemini-B/expected-cassettes"
	var files []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if err != nil || len(files) < 50 {
		t.Fatalf("%d files (%v)", len(files), err)
	}
	out := t.TempDir()
	for _, p := range files {
		want, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Decode(want)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := ParseResponse(c.Response)
		if err != nil {
			t.Fatal(err)
		}
		rec := &Record{Key: c.Fingerprint, Suite: c.Suite, Case: c.Case, Turn: c.Turn, Provider: c.Provider,
			Model: c.Model, Digest: c.RequestDigest, Response: resp,
			RecordedAt: time.Date(2026, 8, 1, 12, 0, 0, 999_999_999, time.UTC)}
		rel, err := Write(out, rec.Cassette())
		if err != nil {
			t.Fatal(err)
		}
		wantRel, _ := filepath.Rel(root, p)
		if rel != filepath.ToSlash(wantRel) || rel != rec.RelPath() {
			t.Errorf("written to %s, dryfire wrote %s", rel, wantRel)
		}
		got, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(rel)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: bytes differ (%v)\n%s", rel, err, got)
		}
	}
	left, _ := filepath.Glob(filepath.Join(out, "*", "*", "*.tmp"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestResponseValueIsPydanticJSONMode: NaN and ±Infinity (a provider's
// payload and tool arguments are read leniently) become null; integers of
// any size and finite floats stay as they are; cache_hit is false.
func TestResponseValueIsPydanticJSONMode(t *testing.T) {
	t.Parallel()
	raw, err := jsonv.DecodeWith([]byte(`{"a": NaN, "b": [1e400, -Infinity, 1.5], "big": 123456789012345678901234567890}`),
		jsonv.DecodeOptions{AllowNonFinite: true})
	if err != nil {
		t.Fatal(err)
	}
	args, _ := jsonv.DecodeWith([]byte(`{"x": Infinity, "y": 2}`), jsonv.DecodeOptions{AllowNonFinite: true})
	r := Response{Text: jsonv.NullValue(), StopReason: "tool_use", Raw: raw, LatencyMS: 12,
		ToolCalls: []ToolCall{{ID: "c1", Name: "t", Arguments: args, MalformedArguments: jsonv.NullValue()}}}
	got, err := jsonv.EncodeDryfire(ResponseValue(r))
	if err != nil {
		t.Fatalf("not writable as dryfire writes (allow_nan=False): %v", err)
	}
	for _, want := range []string{`"a": null`, "null,\n      null,\n      1.5", `"big": 123456789012345678901234567890`,
		`"x": null`, `"y": 2`, `"cache_hit": false`, `"latency_ms": 12`} {
		if !strings.Contains(string(got), want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if raw.Field("a").Kind != jsonv.Number {
		t.Error("the response's own value was changed")
	}
}

func TestRecordedAt(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 8, 1, 14, 0, 59, 999_000_000, time.FixedZone("CEST", 2*3600))
	if got := RecordedAt(at); got != "2026-08-01T12:00:59Z" {
		t.Errorf("RecordedAt = %s, want dryfire's UTC seconds, truncated, with Z", got)
	}
}

// TestWriteStreamsALargeCassette: a cassette of a 4 MiB answer is
// written with its bytes as Encode makes them, measured and encoded into
// the file without a buffer of its size (Encode's doubling buffers took
// about three times the file), and the limit still refuses it unwritten.
func TestWriteStreamsALargeCassette(t *testing.T) {
	text := strings.Repeat("lorem \"ipsum\" dolor\n", 4<<20/20)
	rec := &Record{Key: "k", Suite: "s", Case: "c", Turn: 1, Provider: "anthropic", Model: "m",
		Digest: jsonv.ObjectValue(jsonv.M("model", jsonv.StringValue("m"))),
		Response: Response{Text: jsonv.StringValue(text), StopReason: "end_turn",
			Raw: jsonv.ObjectValue(jsonv.M("text", jsonv.StringValue(text)))},
		RecordedAt: time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC)}
	c := rec.Cassette()
	want, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	res := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := Write(out, c); err != nil {
				b.Fatal(err)
			}
		}
	})
	if got := res.AllocedBytesPerOp(); got > int64(len(want))/4 {
		t.Errorf("%d bytes allocated to write a cassette of %d; want no buffer of its size", got, len(want))
	}
	got, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(rec.RelPath())))
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("the file holds %d bytes (%v); Encode makes %d, and they differ", len(got), err, len(want))
	}
	safefile.SetMaxSize(1 << 20)
	defer safefile.SetMaxSize(0)
	var tooLarge *TooLargeError
	if _, err := Write(t.TempDir(), c); !errors.As(err, &tooLarge) || tooLarge.Size != int64(len(want)) {
		t.Errorf("over the limit: %v; want a TooLargeError of %d bytes", err, len(want))
	}
}
