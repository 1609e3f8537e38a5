package provider

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// TestReadBodyHoldsOneCopy: a body whose Content-Length is known is
// read into one buffer of its size (io.ReadAll's doubling buffers took
// about 2.5 times a 10 MB answer while it was read), with the same bytes
// and errors as readBody.
func TestReadBodyHoldsOneCopy(t *testing.T) {
	body := bytes.Repeat([]byte("lorem ipsum "), 4<<20/12)
	res := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if data, err := readBody(bytes.NewReader(body), MaxBody, int64(len(body))); err != nil || len(data) != len(body) {
				b.Fatal(len(data), err)
			}
		}
	})
	if got := res.AllocedBytesPerOp(); got > int64(len(body))*11/10 {
		t.Errorf("%d bytes allocated to read a body of %d; want one buffer of its size", got, len(body))
	}
	data, err := readBody(bytes.NewReader(body[:100]), MaxBody, 200)
	if !errors.Is(err, io.ErrUnexpectedEOF) || len(data) != 100 {
		t.Errorf("a body shorter than its length: %d bytes, %v; want the 100 read and io.ErrUnexpectedEOF", len(data), err)
	}
	if data, err := readBody(bytes.NewReader(body), 1000, -1); !errors.Is(err, errTooLong) || len(data) != 1000 {
		t.Errorf("no length, over the limit: %d bytes, %v; want errTooLong at the limit", len(data), err)
	}
}

// TestReadBodyBeyondItsLength: a transport that says less than it
// sends has all of it read, up to the limit.
func TestReadBodyBeyondItsLength(t *testing.T) {
	t.Parallel()
	body := bytes.Repeat([]byte("x"), 5000)
	for _, size := range []int64{0, 10, 4999, 5000} {
		if data, err := readBody(bytes.NewReader(body), MaxBody, size); err != nil || !bytes.Equal(data, body) {
			t.Errorf("length %d: %d bytes, %v; want the 5000", size, len(data), err)
		}
		if data, err := readBody(bytes.NewReader(body), 1000, min(size, 1000)); !errors.Is(err, errTooLong) || len(data) != 1000 {
			t.Errorf("length %d, limit 1000: %d bytes, %v; want errTooLong at the limit", size, len(data), err)
		}
	}
}
