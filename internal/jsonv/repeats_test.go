package jsonv

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// fakeRepeats answers Seen true for every other container it is shown and
// knows the containers it was told to (by their bytes, at their place).
type fakeRepeats struct {
	wanted []string
	spans  []string // what Seen was shown, in order
	items  []bool   // at which place
	answer []bool   // what it answered
	know   map[bool][]string
	known  int
}

func (f *fakeRepeats) Wants(key string) bool {
	f.wanted = append(f.wanted, key)
	return key != "skip"
}

func (f *fakeRepeats) Known(rest []byte, item bool) int {
	n := knownIn(f.know[item], rest)
	if n > 0 {
		f.known++
	}
	return n
}

// knownIn is the length of the container of spans that rest begins with,
// 0 when there is none.
func knownIn(spans []string, rest []byte) int {
	for _, s := range spans {
		if bytes.HasPrefix(rest, []byte(s)) {
			return len(s)
		}
	}
	return 0
}

func (f *fakeRepeats) Seen(span []byte, item bool) bool {
	ok := len(f.spans)%2 == 0
	f.spans = append(f.spans, string(span))
	f.items = append(f.items, item)
	f.answer = append(f.answer, ok)
	if ok {
		if f.know == nil {
			f.know = map[bool][]string{}
		}
		f.know[item] = append(f.know[item], string(span))
	}
	return ok
}

// leftOut is body with the containers the answers say left out emptied,
// visited in the decoder's order: each object value of a member of
// request_digest but "skip", and each container item of such a member's
// array. It checks that each span shown decodes to the value it stands
// for.
func leftOut(t *testing.T, body Value, f *fakeRepeats) Value {
	t.Helper()
	out := body.Clone()
	i := 0
	take := func(v *Value) {
		if i >= len(f.spans) {
			t.Fatalf("the decoder showed %d containers, the body has more", len(f.spans))
		}
		span, err := Decode([]byte(f.spans[i]))
		if err != nil || !reflect.DeepEqual(span, *v) {
			t.Fatalf("container %d, %q, is not the body's value %+v (%v)", i, f.spans[i], *v, err)
		}
		if f.answer[i] {
			*v = Value{Kind: v.Kind, Members: []Member{}}
			if v.Kind == Array {
				*v = Value{Kind: Array, Items: []Value{}}
			}
		}
		i++
	}
	for j := range out.Members {
		if out.Members[j].Key != "request_digest" || out.Members[j].Value.Kind != Object {
			continue
		}
		for k := range out.Members[j].Value.Members {
			m := &out.Members[j].Value.Members[k]
			switch {
			case m.Key == "skip":
			case m.Value.Kind == Object:
				take(&m.Value)
			case m.Value.Kind == Array:
				for n := range m.Value.Items {
					if it := &m.Value.Items[n]; it.Kind == Object || it.Kind == Array {
						take(it)
					}
				}
			}
		}
	}
	if i != len(f.spans) {
		t.Fatalf("the decoder showed %d containers, the body has %d", len(f.spans), i)
	}
	return out
}

// TestDecodeFuncRepeatsLeavesOutWhatItIsTold: on the real dryfire's
// cassettes, a decode with a Repeats shows it exactly the containers of
// the request digest that its documentation names, in document order,
// each span the bytes of its value; the body is the whole body with those
// it answered true for emptied; and a second decode, whose Repeats knows
// those, takes them without showing them again, to the same body.
func TestDecodeFuncRepeatsLeavesOutWhatItIsTold(t *testing.T) {
	t.Parallel()
	paths, _ := filepath.Glob("../../testdata/golden/dryfire/project-*/.dryfire/cassettes/*/*/*.json")
	if len(paths) < 100 {
		t.Fatalf("%d golden cassettes", len(paths))
	}
	shown, known := 0, 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		// A member Wants turns down, beside the real ones.
		data = bytes.Replace(data, []byte(`"request_digest": {`), []byte(`"request_digest": {"skip": {"a": [1, 2]}, `), 1)
		var whole Value
		if err := DecodeFunc(data, true, func(v Value) { whole = v.Clone() }); err != nil {
			continue // the golden projects hold broken files on purpose
		}
		f := &fakeRepeats{}
		var got Value
		if err := DecodeFuncRepeats(data, f, func(v Value) { got = v.Clone() }); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		var keys []string
		for _, m := range whole.Field("request_digest").Members {
			keys = append(keys, m.Key)
		}
		if !slices.Equal(f.wanted, keys) {
			t.Fatalf("%s: Wants was asked about %q, the digest's members are %q", p, f.wanted, keys)
		}
		if want := leftOut(t, whole, f); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the body with a Repeats\n%+v\nwant\n%+v", p, got, want)
		}
		shown += len(f.spans)
		again := &fakeRepeats{know: map[bool][]string{false: slices.Clone(f.know[false]), true: slices.Clone(f.know[true])}}
		var second Value
		if err := DecodeFuncRepeats(data, again, func(v Value) { second = v.Clone() }); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		known += again.known
		// What the first answered true for is known, and only the rest is
		// shown again, in the same order.
		var rest []string
		for i, sp := range f.spans {
			if !slices.Contains(f.know[f.items[i]], sp) {
				rest = append(rest, sp)
			}
		}
		if !slices.Equal(again.spans, rest) || again.known != len(f.spans)-len(rest) {
			t.Fatalf("%s: the second decode knew %d and showed %q, want %d known and %q shown",
				p, again.known, again.spans, len(f.spans)-len(rest), rest)
		}
		if want := leftOut(t, whole, mergeAnswers(f, again)); !reflect.DeepEqual(second, want) {
			t.Fatalf("%s: the second body with a Repeats\n%+v\nwant\n%+v", p, second, want)
		}
	}
	if shown < 200 || known < 100 {
		t.Fatalf("%d containers shown, %d known on the second decode: too few to tell", shown, known)
	}
}

// mergeAnswers is what a first and a second decode said of each container
// of the document, in order: left out when the first answered true (the
// second knew it) or the second did.
func mergeAnswers(first, second *fakeRepeats) *fakeRepeats {
	m := &fakeRepeats{}
	j := 0
	for i, sp := range first.spans {
		left := slices.Contains(first.know[first.items[i]], sp)
		if !left {
			left = second.answer[j]
			j++
		}
		m.spans = append(m.spans, sp)
		m.answer = append(m.answer, left)
	}
	return m
}

// TestDecodeFuncRepeatsIsAsStrictAsDecode: with a Repeats that answers
// true to everything and knows what it saw, a document fails with the
// error DecodeFunc gives it (message, line and column), whatever broken
// value sits in a container it is asked about, or beside one; and a valid
// one decodes to the body with those containers emptied.
func TestDecodeFuncRepeatsIsAsStrictAsDecode(t *testing.T) {
	t.Parallel()
	pad := `"pad": "` + strings.Repeat("p", 40) + `"`
	places := []string{
		`{"request_digest": {"m": {` + pad + `, "k": %s}, "n": 1}}`,
		`{"request_digest": {"m": [{` + pad + `}, [%s], {` + pad + `}]}}`,
		`{"request_digest": {"m": [%s, {` + pad + `}]}, "turn": 0}`,
		"{\"request_digest\": {\"m\": [{\"k\": %s,\n " + pad + "}],\n \"n\": [1]}}",
		`{"request_digest": {"m": %s}}`,
	}
	everything := &alwaysRepeats{known: map[bool][]string{}}
	for _, place := range places {
		for _, snippet := range summarySnippets {
			data := []byte(strings.Replace(place, "%s", snippet, 1))
			checkRepeats(t, data, everything)
			checkRepeats(t, data, everything) // now with what it saw known
		}
	}
	for _, n := range []int{maxDepth - 4, maxDepth - 3, maxDepth - 2, maxDepth - 1} {
		deep := strings.Repeat("[", n) + strings.Repeat("]", n)
		checkRepeats(t, []byte(`{"request_digest": {"m": [`+deep+`]}}`), everything)
		checkRepeats(t, []byte(`{"request_digest": {"m": {"a": `+deep+`}}}`), everything)
	}
	if everything.seen < 50 || everything.hits < 20 {
		t.Fatalf("%d containers seen, %d known: too few to tell", everything.seen, everything.hits)
	}
}

// alwaysRepeats wants every member, sees every container and knows what
// it saw.
type alwaysRepeats struct {
	known      map[bool][]string
	seen, hits int
}

func (a *alwaysRepeats) Wants(string) bool { return true }

func (a *alwaysRepeats) Known(rest []byte, item bool) int {
	n := knownIn(a.known[item], rest)
	if n > 0 {
		a.hits++
	}
	return n
}

func (a *alwaysRepeats) Seen(span []byte, item bool) bool {
	a.seen++
	a.known[item] = append(a.known[item], string(span))
	return true
}

func checkRepeats(t *testing.T, data []byte, r Repeats) {
	t.Helper()
	var want, got Value
	wantErr := DecodeFunc(data, true, func(v Value) { want = v.Clone() })
	gotErr := DecodeFuncRepeats(data, r, func(v Value) { got = v.Clone() })
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
		t.Fatalf("%q: with a Repeats %v, without %v", data, gotErr, wantErr)
	}
	if wantErr != nil {
		return
	}
	digest := want.Field("request_digest")
	for i := range digest.Members {
		m := &digest.Members[i]
		switch m.Value.Kind { //nolint:exhaustive // only containers are left out
		case Object:
			m.Value.Members = []Member{}
		case Array:
			for j := range m.Value.Items {
				switch it := &m.Value.Items[j]; it.Kind { //nolint:exhaustive // only containers are left out
				case Object:
					it.Members = []Member{}
				case Array:
					it.Items = []Value{}
				}
			}
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: the body with a Repeats\n%+v\nwant\n%+v", data, got, want)
	}
}
