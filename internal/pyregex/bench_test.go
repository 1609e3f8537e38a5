package pyregex

import (
	"strings"
	"testing"
)

var benchPatterns = []string{`T-\d+`, `\bescalated\b`, `(?i)straße`, `(?<=ticket )T-\d+`, `^(\w+) \1`}

// BenchmarkCompile is the cost of one pattern, paid once per suite load.
func BenchmarkCompile(b *testing.B) {
	for _, p := range benchPatterns {
		b.Run(p, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Compile(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMatch is one search of a final text of about 2 KB, paid per
// case and repetition.
func BenchmarkMatch(b *testing.B) {
	text := strings.Repeat("I've escalated your refund, ticket T-55. ", 40) + "Straße İstanbul."
	for _, p := range benchPatterns {
		re, err := Compile(p)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(p, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := re.MatchString(text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
