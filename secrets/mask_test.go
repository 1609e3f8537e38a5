package secrets

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/cputime"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

// awsKeyIDs returns n distinct AWS access key ids.
func awsKeyIDs(g *gen, n int) []string {
	seen := map[string]bool{}
	out := make([]string, 0, n)
	for len(out) < n {
		k := "AKIA" + g.str(genUpper, 16)
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// manyKeys is a dryfire cassette body whose raw response holds keys, as
// one string each (shape "array"), joined in one string ("joined"), or
// joined in pairs of a key id and a 40-character secret beside it
// ("pairs": half the keys are taken as secrets).
func manyKeys(keys []string, shape string) jsonv.Value {
	var raw jsonv.Value
	switch shape {
	case "pairs":
		g := newGen(uint64(len(keys)))
		var b strings.Builder
		for _, k := range keys[:len(keys)/2] {
			b.WriteString(k + " " + g.str(genB64, 40) + " ")
		}
		raw = S(b.String())
	case "array":
		items := make([]jsonv.Value, len(keys))
		for i, k := range keys {
			items[i] = S(k)
		}
		raw = Arr(items...)
	default:
		raw = S(strings.Join(keys, " "))
	}
	return Obj(M("case", S("c")), M("response", Obj(M("raw", raw), M("text", S("ok")))))
}

// TestMaskLearnsSecretsFoundElsewhere masks a password found under its
// name where it appears again without one, in the same value and in text.
func TestMaskLearnsSecretsFoundElsewhere(t *testing.T) {
	t.Parallel()
	pw := newGen(1).str(genAlnum, 24)
	v := Obj(M("request_digest", Obj(M("password", S(pw)))), M("response", Obj(M("text", S("it was "+pw+", right?")))))
	out, n := (*Masker)(nil).Value(v)
	text := out.Field("response").Field("text").Str()
	if n != 2 || strings.Contains(text, pw[4:20]) || !strings.HasPrefix(text, "it was [generic-secret ") || !strings.HasSuffix(text, "], right?") {
		t.Errorf("masked %d, response text %q", n, text)
	}
	k := (*Masker)(nil).Learn(v)
	if got, n := k.Text("echo " + pw + "!"); n != 1 || strings.Contains(got, pw[4:20]) {
		t.Errorf("Text: %d masked, %q", n, got)
	}
}

// TestMaskOverlappingSecrets masks every byte of secrets that overlap:
// an environment value that begins inside a key a rule finds, and two
// known values that share bytes. Each shows as its own mask.
func TestMaskOverlappingSecrets(t *testing.T) {
	t.Parallel()
	g := newGen(2)
	key := awsKeyIDs(g, 1)[0]
	tail, a, b := g.str(genAlnum, 12), g.str(genAlnum, 10), g.str(genAlnum, 10)
	shared := g.str(genAlnum, 8)
	var k Masker
	k.AddEnv("DEPLOY_TOKEN", key[12:]+"/"+tail)
	k.AddEnv("FIRST_API_KEY", a+shared)
	k.AddEnv("SECOND_API_KEY", shared+b)
	for _, s := range []string{key + "/" + tail, a + shared + b, "x" + shared + b + " " + key + "/" + tail + a + shared} {
		out, n := k.Apply(S(s))
		got := out.Str()
		for _, part := range []string{key[4:12], tail, a, shared, b} {
			if strings.Contains(got, part) {
				t.Errorf("%q masks as %q: %q shows", s, got, part)
			}
		}
		if text, m := k.Text(s); text != got || m != n {
			t.Errorf("Text(%q) = %q (%d), Apply gives %q (%d)", s, text, m, got, n)
		}
	}
	out, n := k.Apply(S(key + "/" + tail))
	if want := "[aws-access-key-id "; n != 2 || !strings.HasPrefix(out.Str(), want) || !strings.Contains(out.Str(), "][env:DEPLOY_TOKEN ") {
		t.Errorf("got %q (%d masks), want the key's mask, then the variable's", out.Str(), n)
	}
}

// TestKnownSetFindsEveryByte compares the known-secret search with the
// obvious one on random text over a small alphabet, where secrets overlap,
// nest and repeat: the places found cover exactly the bytes of every
// occurrence of every secret.
func TestKnownSetFindsEveryByte(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 3))
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abc"[r.IntN(3)]
		}
		return string(b)
	}
	for trial := range 300 {
		var known []knownSecret
		seen := map[string]bool{}
		for range 1 + r.IntN(6) {
			if w := word(1 + r.IntN(5)); !seen[w] {
				seen[w] = true
				known = append(known, knownSecret{rule: fmt.Sprint(len(known)), value: w})
			}
		}
		s := word(r.IntN(40))
		want := make([]bool, len(s))
		for _, k := range known {
			for i := 0; i+len(k.value) <= len(s); i++ {
				if s[i:i+len(k.value)] == k.value {
					for j := i; j < i+len(k.value); j++ {
						want[j] = true
					}
				}
			}
		}
		got := make([]bool, len(s))
		ms := newKnownSet(known).appendMatches(s, nil)
		for i, m := range ms {
			if m.End-m.Start < 1 || s[m.Start:m.End] != valueOf(known, m) || i > 0 && (m.Start <= ms[i-1].Start || m.End <= ms[i-1].End) {
				t.Fatalf("trial %d: %v in %q: bad place %+v among %+v", trial, known, s, m, ms)
			}
			for j := m.Start; j < m.End; j++ {
				got[j] = true
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("trial %d: secrets %v in %q: covered %v, want %v", trial, known, s, got, want)
		}
	}
}

// valueOf returns the value of the known secret a place is of.
func valueOf(known []knownSecret, m detect.Match) string {
	for _, k := range known {
		if k.rule == m.Rule {
			return k.value
		}
	}
	return ""
}

// knownSteps masks v with a masker that learned it and returns the steps
// its known-secret searches took.
func knownSteps(t *testing.T, keys []string, shape string) int {
	t.Helper()
	v := manyKeys(keys, shape)
	steps := 0
	testOnlyKnownSteps = func(n int) { steps += n }
	defer func() { testOnlyKnownSteps = nil }()
	k := (*Masker)(nil).Learn(v)
	steps = 0 // learning searched with the masker's own set: none
	out, n := k.Apply(v)
	if n != len(keys) || strings.Contains(out.Field("response").Field("raw").Str(), keys[0]) {
		t.Fatalf("%s: masked %d of %d keys", shape, n, len(keys))
	}
	return steps
}

// TestMaskIsLinear masks values that hold n and 4n distinct keys (each
// learned, then looked for in every string) and counts the steps of the
// known-secret search: 4 times the keys must cost about 4 times the
// steps, not 16 (as it did when each known secret was looked for in each
// string in turn). The count is of steps, not time, so that the test is
// the same on any machine. The tests that set the counter do not run in
// parallel.
func TestMaskIsLinear(t *testing.T) {
	for _, shape := range []string{"array", "joined", "pairs"} {
		keys := awsKeyIDs(newGen(4), 4000)
		small, large := knownSteps(t, keys[:1000], shape), knownSteps(t, keys, shape)
		t.Logf("%s: %d steps for 1000 keys, %d for 4000", shape, small, large)
		if ratio := float64(large) / float64(small); ratio > 6 {
			t.Errorf("%s: %d steps for 1000 keys, %d for 4000: %.1f times, want about 4", shape, small, large, ratio)
		}
		if per := large / (len(keys) * 21); per > 8 {
			t.Errorf("%s: %d steps per byte of text", shape, per)
		}
	}
}

// BenchmarkMaskValue masks a value that holds many distinct keys (each a
// finding, each learned and looked for everywhere), as show and the
// browser's detail pane do. The time per finding says whether masking
// grows with the number of keys times the bytes (it did: 80,000 keys in
// one string took 40 s, 500 times the time per finding of 10,000).
func BenchmarkMaskValue(b *testing.B) {
	keys := awsKeyIDs(newGen(5), 80000)
	for _, n := range []int{10000, 80000} {
		for _, shape := range []string{"array", "joined", "pairs"} {
			v := manyKeys(keys[:n], shape)
			want := 0
			ScanValue(v, "", func(Finding) { want++ })
			b.Run(fmt.Sprintf("%dk/%s", n/1000, shape), func(b *testing.B) {
				b.ReportAllocs()
				start := cputime.Used()
				for b.Loop() {
					if _, m := (*Masker)(nil).Value(v); m != want || want < n*9/10 {
						b.Fatalf("masked %d of %d findings, for %d keys", m, want, n)
					}
				}
				// CPU time per finding: the same at 10k and 80k when masking
				// is linear, whatever else the machine does.
				b.ReportMetric(float64((cputime.Used()-start).Nanoseconds())/float64(b.N)/float64(n), "cpu-ns/finding")
			})
		}
	}
}
