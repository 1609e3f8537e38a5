package jsonv

import (
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"
)

// countValues counts the values of v: itself, its items and members.
func countValues(v Value) int {
	n := 1
	for _, x := range v.Items {
		n += countValues(x)
	}
	for _, m := range v.Members {
		n += countValues(m.Value)
	}
	return n
}

// written counts the values written in data (a repeated key's earlier
// values included, which the decoded value no longer holds), as the
// budget counts them.
func written(data []byte) int {
	d := decoder{data: data, left: math.MaxInt}
	d.skipSpace()
	_ = d.skipValue(0)
	return math.MaxInt - d.left
}

// decoders are the three ways to decode a document, each with a budget;
// every one of them counts the same values, those a summary leaves out
// included.
var decoders = map[string]func(data []byte, budget int) (Value, error){
	"Decode": func(data []byte, budget int) (Value, error) {
		return DecodeWith(data, DecodeOptions{MaxValues: budget})
	},
	"DecodeSummary": func(data []byte, budget int) (Value, error) {
		return decodeDoc(data, DecodeOptions{MaxValues: budget}, true, false, nil)
	},
	"DecodeSummaryFunc": func(data []byte, budget int) (Value, error) {
		var body Value
		_, err := decodeDoc(data, DecodeOptions{MaxValues: budget}, true, false, func(v Value) { body = v.Clone() })
		return body, err
	},
}

func TestValueBudget(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		doc string
		// values is how many the document holds; the budget error of
		// one fewer is at line 1, column col.
		values, col int
	}{
		"scalars in an array":            {`[0, 1, 2]`, 4, 8},
		"empty containers":               {`[{}, [], {}]`, 4, 10},
		"members":                        {`{"a": 1, "b": {"c": "d"}}`, 4, 21},
		"strings":                        {`["x", "y"]`, 3, 7},
		"inside what a summary skips":    {`{"request_digest": [1, 2, 3], "x": 0}`, 6, 36},
		"inside response.raw":            {`{"response": {"raw": {"a": [true]}}}`, 5, 29},
		"one item":                       {`[7]`, 2, 2},
		"the crossing value is a string": {`{"response": {"raw": "x"}}`, 3, 22},
	}
	for name, tc := range tests {
		for dec, decode := range decoders {
			t.Run(dec+"/"+name, func(t *testing.T) {
				t.Parallel()
				if _, err := decode([]byte(tc.doc), tc.values); err != nil {
					t.Fatalf("within the budget of %d: %v", tc.values, err)
				}
				_, err := decode([]byte(tc.doc), tc.values-1)
				var pe *ParseError
				var te *TooManyValuesError
				if !errors.Is(err, ErrTooManyValues) || !errors.As(err, &pe) || !errors.As(err, &te) {
					t.Fatalf("one over the budget: %v; want ErrTooManyValues", err)
				}
				if pe.Line != 1 || pe.Column != tc.col || te.Limit != tc.values-1 || te.Size != len(tc.doc) {
					t.Errorf("error %v at %d:%d, limit %d; want 1:%d, limit %d", err, pe.Line, pe.Column, te.Limit, tc.col, tc.values-1)
				}
			})
		}
	}
}

func TestValueBudgetDefault(t *testing.T) {
	t.Parallel()
	if got, want := ValueBudget(64<<20), BudgetFloor+(64<<20)/BudgetBytesPerValue; got != want {
		t.Fatalf("ValueBudget(64 MiB) = %d, want %d", got, want)
	}
	// The floor: any document may hold that many values, however dense.
	within := "[" + strings.Repeat("0,", BudgetFloor-2) + "0]"
	if _, err := Decode([]byte(within)); err != nil {
		t.Fatalf("%d values: %v", BudgetFloor, err)
	}
	over := "[" + strings.Repeat("0,", BudgetFloor*2) + "0]"
	_, err := Decode([]byte(over))
	if !errors.Is(err, ErrTooManyValues) {
		t.Fatalf("%d values in %d bytes: %v; want ErrTooManyValues", BudgetFloor*2+2, len(over), err)
	}
	for _, want := range []string{"line 1 column", "more than 125,000 JSON values in a document of 400,003 bytes", "100,000 plus one per 16 bytes"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if _, err := DecodeWith([]byte(over), DecodeOptions{MaxValues: -1}); err != nil {
		t.Errorf("without a bound: %v", err)
	}
}

// TestValueBudgetBoundsMemory decodes documents made of the smallest
// values there are, as a hostile pull request would commit them: the
// decoder refuses them having built nothing (the values are counted
// first), instead of building every value (about 36 and 24 times the
// input, and more while its stacks grow).
func TestValueBudgetBoundsMemory(t *testing.T) {
	for name, item := range map[string]string{"[0,0,…]": "0,", "[{},{},…]": "{},"} {
		t.Run(name, func(t *testing.T) {
			data := []byte("[" + strings.Repeat(item, (8<<20)/len(item)) + "0]")
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := Decode(data)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, ErrTooManyValues) {
				t.Fatalf("Decode = %v; want ErrTooManyValues", err)
			}
			if got, most := after.TotalAlloc-before.TotalAlloc, uint64(len(data)/8); got > most {
				t.Errorf("allocated %d KiB for %d MiB of input, over %d KiB", got>>10, len(data)>>20, most>>10)
			}
		})
	}
}

// FuzzValueBudget decodes arbitrary bytes with a small budget and without
// one: the budget is never exceeded, never makes a decoder panic, and
// changes nothing for a document within it; a document over it fails with
// ErrTooManyValues, in every decoder at the same place.
func FuzzValueBudget(f *testing.F) {
	for _, seed := range []string{
		`[0,0,0,0]`, `[{},{},{}]`, `{"a": [1, {"b": null}], "c": "d"}`,
		`{"request_digest": [1, 2, 3], "response": {"raw": [[]], "text": "x"}}`,
		`[1, 2`, `"x"`, `{"a": 1, "a": 2}`, ``,
	} {
		f.Add([]byte(seed), uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, small uint8) {
		budget := int(small%16) + 1
		free, freeErr := DecodeWith(data, DecodeOptions{MaxValues: -1})
		values := written(data)
		over := map[string]string{} // decoder → its budget error
		for dec, decode := range decoders {
			v, err := decode(data, budget)
			if err == nil && (values > budget || dec == "Decode" && countValues(v) > budget) {
				t.Fatalf("%s: %d values decoded within a budget of %d", dec, values, budget)
			}
			switch {
			case freeErr == nil && values <= budget:
				if err != nil {
					t.Fatalf("%s: %v within the budget", dec, err)
				}
				if dec == "Decode" && !Equal(v, free) {
					t.Fatalf("%s: another value within the budget", dec)
				}
			case freeErr == nil:
				if !errors.Is(err, ErrTooManyValues) {
					t.Fatalf("%s: %v; want ErrTooManyValues for %d values", dec, err, values)
				}
			case err == nil:
				t.Fatalf("%s: decoded what fails without a budget (%v)", dec, freeErr)
			}
			if errors.Is(err, ErrTooManyValues) {
				over[dec] = err.Error()
			}
		}
		if len(over) > 0 && len(over) != len(decoders) {
			t.Fatalf("only some decoders are over the budget: %v", over)
		}
		for _, msg := range over {
			if msg != over["Decode"] {
				t.Fatalf("the decoders fail at different places: %v", over)
			}
		}
	})
}
