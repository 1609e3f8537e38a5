//go:build linux

package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// aliasBomb is a "billion laughs" suite: each level repeats the one before
// ten times, so 10^levels strings in a few hundred bytes.
func aliasBomb(levels int) string {
	var b strings.Builder
	b.WriteString("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", "))
	}
	return b.String()
}

// hostileCase is a suite of one case with extra lines at its end.
func hostileCase(name, extra string) string {
	return "name: " + name + "\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n" + extra
}

// yamlExhaustion: suites that would exhaust the loader (an alias bomb, in
// the suite and behind a $ref; 40 KB of nested brackets; repeat and
// max_turns of two billion) and suites dryfire itself cannot read (a NUL, a
// byte that is not UTF-8, an integer past Python's 4,300 digits). Each is
// refused on its own, naming the limit or dryfire's reason, and the other
// suites still run.
var yamlExhaustion = hostileTree{
	name: "YAML that would exhaust the loader, and suites dryfire cannot read",
	make: func(t *testing.T) string {
		dir := projectA(t)
		evals := filepath.Join(dir, "evals", "hostile")
		write(t, filepath.Join(evals, "bomb.eval.yaml"), "name: bomb\n"+aliasBomb(12))
		write(t, filepath.Join(evals, "ref_bomb.eval.yaml"), hostileCase("ref_bomb", "tools:\n- name: t\n  input_schema: {$ref: bomb.yaml}\n"))
		write(t, filepath.Join(evals, "bomb.yaml"), aliasBomb(12))
		write(t, filepath.Join(evals, "deep.eval.yaml"), "name: deep\nx: "+strings.Repeat("[", 40_000)+"\n")
		write(t, filepath.Join(evals, "repeat.eval.yaml"), hostileCase("repeat", "  repeat: 2000000000\n"))
		write(t, filepath.Join(evals, "turns.eval.yaml"), hostileCase("turns", "  max_turns: 2000000000\n"))
		write(t, filepath.Join(evals, "nul.eval.yaml"), hostileCase("nul", "  description: a\x00b\n"))
		write(t, filepath.Join(evals, "latin1.eval.yaml"), hostileCase("latin1", "  description: caf\xe9\n"))
		write(t, filepath.Join(evals, "big.eval.yaml"), hostileCase("big", "  max_turns: "+strings.Repeat("9", 4301)+"\n"))
		return dir
	},
	check: func(t *testing.T, dir string, runs map[string]run) {
		r := runs["check"]
		for _, says := range []string{
			"evals/hostile/bomb.eval.yaml:", "the limit on alias expansion",
			"evals/hostile/bomb.yaml:5:45: in $ref target bomb.yaml: the aliases of this document repeat more than 100,000 nodes (the limit on alias expansion)",
			"evals/hostile/deep.eval.yaml:", "the limit on nesting depth",
			"evals/hostile/repeat.eval.yaml:6:3: repeat exceeds dryfire-tui's limit on repeat (1,000)",
			"evals/hostile/turns.eval.yaml:6:3: max_turns exceeds dryfire-tui's limit on max_turns (1,000)",
			"evals/hostile/nul.eval.yaml:6:17: unacceptable character #x0000: special characters are not allowed",
			"evals/hostile/latin1.eval.yaml:", "'utf-8' codec can't decode byte 0xe9",
			"evals/hostile/big.eval.yaml:6:14: ValueError: Exceeds the limit (4300 digits) for integer string conversion",
		} {
			if !strings.Contains(r.stderr, says) && !strings.Contains(r.stdout, says) {
				t.Errorf("check does not say %q\n%v", says, r)
			}
		}
		if len(r.stderr) > 64<<10 {
			t.Errorf("check printed %d bytes on stderr: an echoed source line is not clipped", len(r.stderr))
		}
		// The project's own suites still replay: every case of project-A
		// but those of the refused suites.
		if r := runs["replay"]; !strings.Contains(r.stdout, "refund_agent") {
			t.Errorf("the other suites were not replayed\n%v", r)
		}
	},
}
