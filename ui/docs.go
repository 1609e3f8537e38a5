package ui

import (
	"fmt"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/ui/browse"
	"github.com/dryfire-tui/dryfire-tui/ui/help"
	"github.com/dryfire-tui/dryfire-tui/ui/review"
)

// KeyTable renders every binding of the browse page as a Markdown table
// (the browse section of docs/keys.md).
func KeyTable() string { return keyTable(DefaultBrowseKeyMap().Groups(), browseDocs) }

// browseDocs are the docs' words for keys whose key line word is not
// enough on its own.
var browseDocs = map[string]string{
	"edit":           "open in $EDITOR: for a stale recording, the suite (or dryfire.yaml) at the line of its change; else the recording's file",
	"edit recording": "open the recording's own file in $EDITOR (when e opens the suite)",
	"go to the miss": "Diff tab of a turn replay never reaches: go to the turn where its case misses",
	"open in $PAGER": "open the tab's text in $PAGER (less by default), unwrapped and unstyled",
	"search":         "search the tab's text (with the pane focused; in the tree / filters); smart case",
	"status":         "pick a status to show alone, what needs attention first (type to narrow; its last row shows every recording again)",
	"next problem":   "next problem: the next of the kind being walked, the most urgent kind first, then the next kind",
	"problems":       "the problem summary: each kind with its count; enter goes to the first and n walks that kind, or all of them in tree order",
}

// reviewDocs are the docs' words for keys whose key line word is not
// enough.
var reviewDocs = map[string]string{
	"accept":              "accept: stage the change (`git add`)",
	"reject":              "reject: restore the committed version; a file git has no copy of is removed after a confirmation",
	"skip":                "skip: leave the change as it is and move on",
	"accept all":          "accept every change not yet decided (asks first, listing the files)",
	"reject all":          "reject every change not yet decided (asks first, listing the files)",
	"undo":                "undo the last action of this session (a whole A or X at once)",
	"reload":              "read `git status` again (decisions kept, undo history cleared)",
	"reveal":              "show the secrets of the change on screen instead of their masks (again to hide)",
	"redact secrets":      "replace the secrets the change adds with [REDACTED:<rule>] in place, proven safe by replaying every case (asks first; u does not undo it, reject does)",
	"secrets to baseline": "accept the secrets the change adds as known fakes in .dryfire-tui-secrets.json (asks first)",
	"open":                "move into the detail pane (full screen on narrow terminals)",
}

// ReviewKeyTable renders every binding of the review page as a Markdown
// table, with the longer words the docs use for the review's actions (the
// review section of docs/keys.md).
func ReviewKeyTable() string { return keyTable(DefaultReviewKeyMap().Groups(), reviewDocs) }

// DefaultReviewKeyMap returns the keys of the review page (ui/review),
// from which docs/keys.md is generated.
func DefaultReviewKeyMap() review.KeyMap { return review.DefaultKeyMap() }

// DefaultBrowseKeyMap returns the keys of the browse page (ui/browse),
// from which docs/keys.md is generated.
func DefaultBrowseKeyMap() browse.KeyMap { return browse.DefaultKeyMap() }

// KeysDoc is docs/keys.md: the keys of both pages, from their keymaps
// (kept current by TestKeysDoc).
func KeysDoc() string {
	return `# Keys

<!-- Generated from the keymaps of the ui package (ui.DefaultBrowseKeyMap, ui.DefaultReviewKeyMap)
by TestKeysDoc; run go test ./ui -run TestKeysDoc -update after changing a key. -->

Both pages show the keys that apply now on the bottom line, and all of them with ` + "`?`" + `.
A key that does not apply (nothing marked, nothing to undo) does nothing and is not shown.

## Browse (` + "`dryfire-tui browse`" + `)

` + KeyTable() + `
## Review (` + "`dryfire-tui review`" + `)

` + ReviewKeyTable()
}

// keyTable renders groups as a Markdown table; docs replaces a binding's
// short description where the table needs more words.
func keyTable(groups []help.Group, docs map[string]string) string {
	var b strings.Builder
	b.WriteString("| where | key | does |\n|---|---|---|\n")
	for _, g := range groups {
		for _, k := range g.Bindings {
			keys := make([]string, len(k.Keys()))
			for i, s := range k.Keys() {
				keys[i] = "`" + s + "`"
			}
			desc := k.Help().Desc
			if d, ok := docs[desc]; ok {
				desc = d
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", g.Title, strings.Join(keys, " "), desc)
		}
	}
	return b.String()
}
