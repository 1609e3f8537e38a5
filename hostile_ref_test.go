//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func init() {
	hostileTrees = append(hostileTrees, refsReadTheMachine, yamlNodeBudget)
}

// hostileCanary is a key-shaped value planted where a $ref must never
// reach: in the environment of every run (so in /proc/self/environ) and
// in a file beside the project.
const hostileCanary = "sk-ant-api03-hostilecanary0123456789abcdef"

// refsReadTheMachine: suites whose $refs name files outside the project
// (the process's environment in /proc/self/environ, /etc/passwd by an
// absolute path and by "..", a credentials file beside the project by
// its path and through a link, /dev/stdin), and one whose $ref'd file
// inside the project is broken on a line that holds a key. Each $ref
// outside is refused at its position, naming the suite and the reason,
// the broken file's error shows neither its line nor what the parser
// would quote, no run prints the key, and the other suites still run.
var refsReadTheMachine = hostileTree{
	name: "$refs that would read the machine",
	env:  []string{"DRYFIRE_HOSTILE_CANARY=" + hostileCanary},
	make: func(t *testing.T) string {
		dir := projectA(t)
		outside := filepath.Join(filepath.Dir(dir), "credentials")
		write(t, outside, "[default]\naws_secret_access_key = "+hostileCanary+"\n")
		evals := filepath.Join(dir, "evals", "hostile")
		refs := map[string]string{
			"environ": "/proc/self/environ",
			"passwd":  "/etc/passwd",
			"dotdot":  strings.Repeat("../", 12) + "etc/passwd",
			"outside": outside,
			"link":    "credentials.yaml",
			"stdin":   "/dev/stdin",
			"broken":  "broken.yaml",
		}
		for name, ref := range refs {
			write(t, filepath.Join(evals, name+".eval.yaml"), hostileCase(name, "tools:\n- $ref: "+ref+"\n"))
		}
		if err := os.Symlink(outside, filepath.Join(evals, "credentials.yaml")); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(evals, "broken.yaml"), "name: !"+hostileCanary+" {a: !!int x}\nkey: "+hostileCanary+"\n")
		return dir
	},
	check: func(t *testing.T, dir string, runs map[string]run) {
		outside := filepath.Join(filepath.Dir(dir), "credentials")
		root, err := filepath.EvalSymlinks(dir)
		if err != nil {
			t.Fatal(err)
		}
		r := runs["check"]
		for _, says := range []string{
			"evals/hostile/environ.eval.yaml:7:3   (tools[0].$ref)\n     |\n   7 | - $ref: /proc/self/environ\n",
			"error: $ref target '/proc/self/environ' is in /proc: not read\n",
			"error: $ref target '/etc/passwd' is outside the project root: not read\n  --> " + root + "/evals/hostile/passwd.eval.yaml:7:3",
			"error: $ref target '" + strings.Repeat("../", 12) + "etc/passwd' is outside the project root: not read\n  --> " + root + "/evals/hostile/dotdot.eval.yaml:7:3",
			"error: $ref target '" + outside + "' is outside the project root: not read\n  --> " + root + "/evals/hostile/outside.eval.yaml:7:3",
			"error: $ref target 'credentials.yaml' leads outside the project root through a symbolic link: not read\n  --> " + root + "/evals/hostile/link.eval.yaml:7:3",
			"error: $ref target '/dev/stdin' is in /dev: not read\n  --> " + root + "/evals/hostile/stdin.eval.yaml:7:3",
			"error: in $ref target broken.yaml: could not determine a constructor for the tag '…' (read by the $ref at evals/hostile/broken.eval.yaml:7:3)\n  --> " +
				root + "/evals/hostile/broken.yaml:1:7\n   = note: line 1, column 7 of evals/hostile/broken.yaml, which a $ref brought in (its lines are not shown)\n",
			"   = help: dryfire-tui reads a $ref only inside the project root",
		} {
			if !strings.Contains(r.stderr, says) && !strings.Contains(r.stdout, says) {
				t.Errorf("check does not say %q\n%v", says, r)
			}
		}
		for name, r := range runs {
			for _, leak := range []string{hostileCanary, "root:x:0:0", "aws_secret_access_key"} {
				if strings.Contains(r.stdout, leak) || strings.Contains(r.stderr, leak) {
					t.Errorf("%s prints %q\n%v", name, leak, r)
				}
			}
		}
		if r := runs["replay"]; !strings.Contains(r.stdout, "refund_agent") {
			t.Errorf("the other suites were not replayed\n%v", r)
		}
	},
}

// yamlNodeBudget: a 2 MB suite whose tags are a flow sequence of a million
// scalars (no alias, two levels deep), which cost every command about
// 476 MB, and a suite that $refs a file of 150,000 nodes twice (each
// within the limit, not the two). Both are refused while they are read,
// at the node or the $ref that crosses the limit, naming it, and every
// run stays under the memory ceiling.
var yamlNodeBudget = hostileTree{
	name: "a million scalars in one suite, and $refs that add up",
	make: func(t *testing.T) string {
		dir := projectA(t)
		evals := filepath.Join(dir, "evals", "hostile")
		write(t, filepath.Join(evals, "tags.eval.yaml"), hostileCase("tags", "tags: ["+strings.TrimSuffix(strings.Repeat("a,", 1_000_000), ",")+"]\n"))
		write(t, filepath.Join(evals, "big.yaml"), "type: object\nenum: ["+strings.TrimSuffix(strings.Repeat("a,", 150_000), ",")+"]\n")
		write(t, filepath.Join(evals, "twice.eval.yaml"), hostileCase("twice", "tools:\n- name: a\n  input_schema: {$ref: big.yaml}\n- name: b\n  input_schema: {$ref: big.yaml}\n"))
		return dir
	},
	check: func(t *testing.T, dir string, runs map[string]run) {
		// 17 nodes before the tags' scalars (the mapping, its keys, the
		// case): the 250,001st is scalar 249,983, at column 8 + 2 x that.
		r := runs["check"]
		for _, says := range []string{
			fmt.Sprintf("evals/hostile/tags.eval.yaml:6:%d: this document holds more than 250,000 nodes (the limit on nodes per document)", 8+2*249_983),
			"evals/hostile/twice.eval.yaml:10:18: $ref target 'big.yaml' brings the suite and the files it $refs to more than 250,000 nodes (the limit on nodes per document holds for them together)",
		} {
			if !strings.Contains(r.stderr, says) && !strings.Contains(r.stdout, says) {
				t.Errorf("check does not say %q\n%v", says, r)
			}
		}
		if r := runs["replay"]; !strings.Contains(r.stdout, "refund_agent") {
			t.Errorf("the other suites were not replayed\n%v", r)
		}
	},
}
