// Package browse is the browse page of the app (`dryfire-tui browse`, the
// default command): the tree of every recording of the project (or folder)
// it opens with its status, opening on the first problem of the most
// urgent kind (n and N
// walk them one kind at a time, each on the tab that explains it; p lists
// them), the detail of the selected one in five tabs, filters (s picks a
// status), marks and prune, $EDITOR and $PAGER, a palette (:) of the command-line commands,
// and re-recording cases (w) with the review of what that changed.
//
// [Page] is built like the review page: a ui/page Screen (layout, focus,
// the detail pane, the ? overlay, the dialog, the status line) with a
// ui/tree on the left, and one keymap ([KeyMap]) that drives dispatch,
// the key line, the overlay and docs/keys.md. It runs the core only
// inside Cmds (cmds.go), through the backend.Backend and backend.Recorder
// of its [Options]; each Cmd returns one of the page's unexported
// messages (msgs.go), which only [Page.Update] reads, dropping a scan's
// batches and a detail that are stale.
//
// The root model (package ui) owns which page is on screen: it makes the
// page with [New], starts its scan with [Page.Init], gives it the
// terminal's size ([Page.SetSize]) and styles, routes input and every
// result to it, and calls [Page.Interrupt] on ctrl+c. The page asks for
// the review page with [OpenReviewMsg] after a re-recording, and scans
// the recordings again on page.BackToBrowseMsg when the review is left.
package browse
