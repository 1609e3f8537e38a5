package ui

import (
	"fmt"
	"strings"
)

// KeyTable renders every binding of the keymap as a Markdown table, the
// key-bindings section of the README (kept current by TestREADMEKeyTable).
func KeyTable() string {
	var b strings.Builder
	b.WriteString("| where | key | does |\n|---|---|---|\n")
	for _, g := range DefaultKeyMap().Groups() {
		for _, k := range g.Bindings {
			keys := make([]string, len(k.Keys()))
			for i, s := range k.Keys() {
				keys[i] = "`" + s + "`"
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", g.Title, strings.Join(keys, " "), k.Help().Desc)
		}
	}
	return b.String()
}
