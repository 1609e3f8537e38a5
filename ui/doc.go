// Package ui is the interactive app of dryfire-tui, on bubbletea v2, and
// the only package besides internal/cli's program start that imports charm
// libraries. It has two pages:
//
//   - browse ([PageBrowse], `dryfire-tui browse`): the tree of every
//     recording of the project (or folder) it opens with its status,
//     opening on the first problem (n and N go through them, p lists
//     them), the detail of the selected one in five tabs (the Diff tab
//     says where a change is written; the pane searches, folds JSON and
//     copies from it), filters, marks and prune, and a palette (:) of the command-line commands;
//   - review ([PageReview], `dryfire-tui review`): the recordings changed
//     since git HEAD, grouped by case, each summarised in meaning, with keys
//     to accept (stage), reject (restore), skip, act on everything left,
//     and undo.
//
// The packages are in the shape of pages built from shared components.
// The root package holds [New], [Options] and the root [Model], which
// only routes: it decides which page is on screen, handles the terminal's
// size and background and ctrl+c, switches between the pages, and gives
// every other message to the pages, each of which reads its own. The
// pages are packages of their own, which never import each other:
// ui/browse and ui/review. Both are built from ui/page (the screen every
// page embeds: layout, focus, the detail pane, the overlays and the status
// line; the keys every page shares; the message that crosses pages) and
// from the components, each a value type in its own package: ui/tree and
// ui/list (the left pane), ui/detail (the right pane), ui/dialog
// (confirmations), ui/picker (a box of choices), ui/help (the key line and
// the ? overlay), over the leaves ui/frame (layout and text fitting) and
// ui/theme (every style). The pages run the core (command, scan, gitreview,
// diff, secrets) only inside tea.Cmds, through
// ui/backend: the Backend and Recorder interfaces, and Core and
// CoreRecorder that implement them over the core (tests pass fakes).
// ARCHITECTURE.md describes the ownership of state, the routing, the Cmds
// and the cost model.
//
// # Keys
//
// Each page has one keymap (browse.KeyMap, which [DefaultBrowseKeyMap]
// returns; review.KeyMap, which [DefaultReviewKeyMap] returns) made of
// the keys every page shares (page.KeyMap), its own actions and its
// components' keymaps. It drives dispatch, the key line, the ? overlay
// and docs/keys.md ([KeysDoc]); bindings that do not apply now are
// disabled, so the key line and the overlay say only what works.
package ui
