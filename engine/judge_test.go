package engine

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/engine/internal/pyjson"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

func decodeLenient(t *testing.T, name string) jsonv.Value {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonv.DecodeWith(data, jsonv.DecodeOptions{AllowNonFinite: true})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func sameFloat(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }

// TestJudgeAnswersAgainstDryfire reads every judge answer of
// testdata/judge-answers.json as dryfire's evaluator read it (made by
// python-golden.py): the score, the reasoning, or the error of an answer
// that is not a score (no JSON, JSON that is not an object, no score, a
// score that is not a number).
func TestJudgeAnswersAgainstDryfire(t *testing.T) {
	t.Parallel()
	golden := decodeLenient(t, "judge-answers.json")
	for _, a := range golden.Field("answers").Items {
		text := a.Field("text").Str()
		score, reasoning, errRepr := parseJudgeAnswer(text)
		wantErr := a.Field("error")
		if wantErr.Kind == jsonv.String {
			if got := "unparseable judge response: " + errRepr; errRepr == "" || got != wantErr.Text {
				t.Errorf("%q: error %q, dryfire %q", text, got, wantErr.Text)
			}
			continue
		}
		wantScore, _ := a.Field("score").Float()
		if errRepr != "" || !sameFloat(score, wantScore) || reasoning != a.Field("reasoning").Str() || (score >= 0.7) != a.Field("passed").Bool {
			t.Errorf("%q: %v %q %q, dryfire %v %q", text, score, reasoning, errRepr, wantScore, a.Field("reasoning").Str())
		}
	}
	for _, h := range golden.Field("rubric_hashes").Items {
		th, _ := h.Field("threshold").Float()
		if got := RubricHash(h.Field("text").Str(), th); got != h.Field("hash").Str() {
			t.Errorf("rubric %q threshold %v: hash %s, dryfire %s", h.Field("text").Str(), th, got, h.Field("hash").Str())
		}
	}
}

// TestWilsonIntervalAgainstDryfire compares the interval bit for bit with
// dryfire's, at the edges (0/N, N/N, N = 1) and in between, and its errors.
func TestWilsonIntervalAgainstDryfire(t *testing.T) {
	t.Parallel()
	golden := decodeLenient(t, "wilson.json")
	for _, w := range golden.Field("intervals").Items {
		p, _ := w.Field("passes").Int()
		n, _ := w.Field("total").Int()
		lo, hi, err := WilsonInterval(int(p), int(n))
		wantLo, _ := strconv.ParseFloat(w.Field("lo").Str(), 64)
		wantHi, _ := strconv.ParseFloat(w.Field("hi").Str(), 64)
		if err != nil || lo != wantLo || hi != wantHi {
			t.Errorf("%d/%d: [%v, %v] %v, dryfire [%v, %v]", p, n, lo, hi, err, wantLo, wantHi)
		}
		if s := strconv.FormatFloat(lo, 'f', 2, 64) + "–" + strconv.FormatFloat(hi, 'f', 2, 64); s != w.Field("lo2").Str()+"–"+w.Field("hi2").Str() {
			t.Errorf("%d/%d printed %s", p, n, s)
		}
	}
	for _, e := range golden.Field("errors").Items {
		p, _ := e.Field("passes").Int()
		n, _ := e.Field("total").Int()
		if _, _, err := WilsonInterval(int(p), int(n)); err == nil || err.Error() != e.Field("error").Str() {
			t.Errorf("%d/%d: %v, dryfire %q", p, n, err, e.Field("error").Str())
		}
	}
}

func TestPyFormatG(t *testing.T) {
	t.Parallel()
	tests := map[float64]string{0.4: "0.4", 1: "1", 0.7: "0.7", 1e-05: "1e-05", 12345678.5: "1.23457e+07",
		100000: "100000", 1e6: "1e+06", math.Inf(1): "inf", math.NaN(): "nan", -0.25: "-0.25", 0.1 + 0.2: "0.3"}
	for f, want := range tests {
		if got := PyFormatG(f); got != want {
			t.Errorf("format(%v, 'g') = %q, Python %q", f, got, want)
		}
	}
}

// FuzzJudgeAnswer: any answer is a score or a judge error, never a panic.
func FuzzJudgeAnswer(f *testing.F) {
	for _, s := range []string{`{"score": 1}`, "```json\n{\"score\": 0.5}\n```", `{"score": "1_0"}`, `"\ud83d"`, `{"a": [1, {`, "\\u", `{"score": 1e999}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		score, _, errRepr := parseJudgeAnswer(text)
		if errRepr != "" && score != 0 {
			t.Errorf("%q: an error with a score %v", text, score)
		}
		if _, err := pyjson.Loads(text); err != nil && err.Error() == "" {
			t.Errorf("%q: an error without a message", text)
		}
	})
}
