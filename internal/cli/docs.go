package cli

import (
	"bytes"
	"fmt"
	"io"
)

// CommandsDocPath is where the command reference lives, from the
// repository root.
const CommandsDocPath = "docs/commands.md"

// writeCommandsDoc writes docs/commands.md: the overview and every
// command's help, exactly as 'dryfire-tui help' and 'dryfire-tui help
// COMMAND' print them, so that the reference and the tool never disagree.
func writeCommandsDoc(w io.Writer) error {
	var b bytes.Buffer
	b.WriteString("# Commands\n\n")
	b.WriteString("<!-- Generated from the help that dryfire-tui prints; do not edit. After changing a\n")
	b.WriteString("command's usage text or flags, run `go generate ./internal/cli` (go test fails until then). -->\n\n")
	b.WriteString("Every command, as `dryfire-tui help COMMAND` (or `dryfire-tui COMMAND -h`) prints it. What the\n")
	b.WriteString("commands are for, with examples on the golden projects, is in [guide.md](guide.md); the\n")
	b.WriteString("`--json` documents field by field in [json.md](json.md).\n\n")
	for _, n := range commandNames() {
		fmt.Fprintf(&b, "- [%s](#%s): %s\n", n, n, commands[n].summary)
	}
	b.WriteString("\n```console\n$ dryfire-tui help\n")
	printOverview(&b)
	b.WriteString("```\n")
	for _, n := range commandNames() {
		fmt.Fprintf(&b, "\n## %s\n\n```console\n$ dryfire-tui help %s\n", n, n)
		printHelp(&b, n, commands[n])
		b.WriteString("```\n")
	}
	_, err := w.Write(b.Bytes())
	return err
}
