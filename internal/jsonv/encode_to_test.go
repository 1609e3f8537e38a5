package jsonv

import (
	"bytes"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// maxWriter records the bytes written to it and the largest write.
type maxWriter struct {
	bytes.Buffer
	largest int
}

func (w *maxWriter) Write(p []byte) (int, error) {
	w.largest = max(w.largest, len(p))
	return w.Buffer.Write(p)
}

// TestEncodeToWritesWhatEncodeReturns: the streaming encoder writes the
// bytes of Encode for every option, in writes of at most a chunk and a
// little, however long the strings (plain, escaped, non-ASCII) and
// however many the items.
func TestEncodeToWritesWhatEncodeReturns(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("lorem ipsum dolor sit amet ", 200_000)
	items := make([]Value, 50_000)
	for i := range items {
		items[i] = ObjectValue(M("n", IntValue(int64(i))), M("b", StringValue("x\ny")))
	}
	doc := ObjectValue(
		M("text", StringValue(long)),
		M("escaped", StringValue(strings.Repeat("a\"\n\t\\", 100_000))),
		M("wide", StringValue(strings.Repeat("é✓🙂", 50_000))),
		M("items", ArrayValue(items...)),
		M("ordered", Value{Kind: Object, Ordered: true, Members: []Member{{Key: "2", Value: IntValue(2)}, {Key: "10", Value: IntValue(10)}}}),
		M("empty", ObjectValue()), M("none", ArrayValue()), M("f", FloatValue(1.5)),
	)
	for _, o := range []EncodeOptions{{}, {Indent: true, SortKeys: true}, {SortKeys: true, NFC: true}, {Dialect: JS, Indent: true}} {
		want, err := Encode(doc, o)
		if err != nil {
			t.Fatal(err)
		}
		var w maxWriter
		if err := EncodeTo(&w, doc, o); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(w.Bytes(), want) {
			t.Errorf("%+v: %d bytes streamed, Encode gives %d, and they differ", o, w.Len(), len(want))
		}
		if w.largest > streamChunk+64 {
			t.Errorf("%+v: a write of %d bytes, over the chunk of %d", o, w.largest, streamChunk)
		}
	}
}

// failAfter fails every write once n bytes were written.
type failAfter struct{ n int }

var errFull = errors.New("disk full")

func (w *failAfter) Write(p []byte) (int, error) {
	if w.n < len(p) {
		return 0, errFull
	}
	w.n -= len(p)
	return len(p), nil
}

// TestEncodeToStops: a failing writer's error and the value's own errors
// stop the encoding.
func TestEncodeToStops(t *testing.T) {
	t.Parallel()
	doc := ArrayValue(StringValue(strings.Repeat("x", 1<<20)), FloatValue(1))
	if err := EncodeTo(&failAfter{n: 1000}, doc, EncodeOptions{}); !errors.Is(err, errFull) {
		t.Errorf("a full disk: %v", err)
	}
	if err := EncodeTo(&maxWriter{}, ArrayValue(FloatValue(math.NaN())), EncodeOptions{}); !errors.Is(err, ErrNonFinite) {
		t.Errorf("NaN: %v", err)
	}
}

// TestEncodeRefusesWhatPythonCannotWrite: an integer of more than 4,300
// digits, which Python's json.dumps refuses (ValueError), is refused in
// the Python dialect; 4,300 digits, a negative sign aside, are written.
func TestEncodeRefusesWhatPythonCannotWrite(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		lit string
		err error
	}{
		{strings.Repeat("9", 4300), nil},
		{"-" + strings.Repeat("9", 4300), nil},
		{strings.Repeat("9", 4301), ErrIntDigits},
		{"-" + strings.Repeat("9", 4301), ErrIntDigits},
	} {
		_, err := Encode(Value{Kind: Number, Text: tc.lit}, EncodeOptions{})
		if !errors.Is(err, tc.err) {
			t.Errorf("%d characters: %v, want %v", len(tc.lit), err, tc.err)
		}
	}
}

// TestEncodedLen: the length counted is Encode's, and its errors are
// Encode's.
func TestEncodedLen(t *testing.T) {
	t.Parallel()
	doc := ObjectValue(M("text", StringValue(strings.Repeat("é\"x", 100_000))), M("n", ArrayValue(IntValue(1), FloatValue(2.5))))
	want, _ := Encode(doc, DryfireEncoding)
	if n, err := EncodedLen(doc, DryfireEncoding); n != int64(len(want)) || err != nil {
		t.Errorf("EncodedLen = %d, %v; Encode writes %d bytes", n, err, len(want))
	}
	if _, err := EncodedLen(ArrayValue(FloatValue(math.Inf(1))), EncodeOptions{}); !errors.Is(err, ErrNonFinite) {
		t.Errorf("Inf: %v", err)
	}
}

// TestPyFloatIsPythonsRepr: PyFloat and AppendPyFloat spell 3,500 floats
// (edges of the fixed notation, subnormals, random bit patterns, rounded
// decimals) as CPython's repr does; testdata/pyfloat_repr.txt was made
// with CPython, and AppendPyFloat allocates nothing into a buffer with room.
func TestPyFloatIsPythonsRepr(t *testing.T) {
	data, err := os.ReadFile("testdata/pyfloat_repr.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	buf := make([]byte, 0, 64)
	for line := range strings.SplitSeq(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		bits, repr, ok := strings.Cut(line, " ")
		u, err := strconv.ParseUint(bits, 16, 64)
		if !ok || err != nil {
			t.Fatalf("bad line %q", line)
		}
		f := math.Float64frombits(u)
		if got := PyFloat(f); got != repr {
			t.Errorf("PyFloat(%v) = %s, Python's repr %s", f, got, repr)
		}
		if got := AppendPyFloat(buf[:0], f); string(got) != repr {
			t.Errorf("AppendPyFloat(%v) = %s, Python's repr %s", f, got, repr)
		}
		n++
	}
	if n < 3000 {
		t.Fatalf("only %d floats", n)
	}
	if allocs := testing.AllocsPerRun(100, func() { buf = AppendPyFloat(buf[:0], 41.5e-7) }); allocs != 0 {
		t.Errorf("AppendPyFloat allocates %v times", allocs)
	}
}
