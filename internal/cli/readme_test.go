package cli

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// consoleExample is one "$ dryfire-tui …" line of a console block in a
// document, with the output printed under it.
type consoleExample struct {
	doc, command string
	line         int
	args         []string
	want         string
}

// consoleExamples reads the ```console blocks of a Markdown file. A command
// line is "$ dryfire-tui ARGS", optionally followed by "# a comment";
// arguments are split on spaces, with double quotes grouping. Lines up to
// the next command or the end of the block are its expected stdout.
func consoleExamples(t *testing.T, path string) []consoleExample {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []consoleExample
	var cur *consoleExample
	in := false
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case !in && line == "```console":
			in = true
		case in && line == "```":
			flush()
			in = false
		case in && strings.HasPrefix(line, "$ "):
			flush()
			cmd := strings.TrimPrefix(line, "$ ")
			if i := strings.Index(cmd, "  #"); i >= 0 {
				cmd = strings.TrimSpace(cmd[:i])
			}
			args := splitArgs(cmd)
			if len(args) == 0 || args[0] != "dryfire-tui" {
				t.Fatalf("%s:%d: a console example must run dryfire-tui: %q", path, n, line)
			}
			cur = &consoleExample{doc: path, command: cmd, line: n, args: args[1:]}
		case in && cur != nil:
			cur.want += line + "\n"
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// splitArgs splits a command line on spaces, with double quotes grouping.
func splitArgs(s string) []string {
	var args []string
	var b strings.Builder
	quoted, pending := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, pending = !quoted, true
		case r == ' ' && !quoted:
			if pending {
				args = append(args, b.String())
				b.Reset()
				pending = false
			}
		default:
			b.WriteRune(r)
			pending = true
		}
	}
	if pending {
		args = append(args, b.String())
	}
	return args
}

// TestREADMEExamples runs every console example of the README from the
// repository root, as a reader of a fresh clone would, and compares what it
// prints with what the README shows: the front page never shows output the
// tool no longer gives.
func TestREADMEExamples(t *testing.T) {
	examples := consoleExamples(t, "README.md")
	if len(examples) == 0 {
		t.Fatal("the README has no console example")
	}
	for _, ex := range examples {
		t.Run(ex.command, func(t *testing.T) {
			out, errOut, _ := runCmd(t, ex.args...)
			if out != ex.want {
				t.Errorf("%s:%d: $ %s prints\n%s\nthe README shows\n%s\n(stderr: %s)", ex.doc, ex.line, ex.command, out, ex.want, errOut)
			}
		})
	}
}

// TestGoRunInTheCloneSaysThereIsNoProjectHere: `go run .` in a fresh
// clone browses the repository's root, which is no project: it is
// refused at once, naming the demo project the repository ships and
// --demo, where it used to list the repository's own files as recordings.
func TestGoRunInTheCloneSaysThereIsNoProjectHere(t *testing.T) {
	for _, args := range [][]string{nil, {"ls"}, {"doctor"}} {
		out, errOut, code := runCmd(t, args...)
		if code != exitUsage || out != "" ||
			!strings.HasPrefix(errOut, "dryfire-tui: error: . holds no recordings: no dryfire.yaml at or above it") ||
			!strings.Contains(errOut, "dryfire-tui: hint: pass the project's directory (examples/demo") ||
			!strings.Contains(errOut, "or try 'dryfire-tui --demo'") {
			t.Errorf("%v: exit %d\nstdout %q\nstderr %q", args, code, out, errOut)
		}
	}
}
