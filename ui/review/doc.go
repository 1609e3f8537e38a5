// Package review is the review page of the app (`dryfire-tui review`, and
// the review the browser opens after a re-recording): the recordings
// changed since git HEAD, grouped by case, each summarised in meaning,
// with keys to accept (stage), reject (restore the committed version),
// skip, act on everything left, redact or baseline the secrets a change
// adds, and undo. Over a range (review --base REV [--head REV2], range.go)
// the header says the two revisions and the detail why each recording
// changed; when the head is a commit the review is read-only: the keys
// that would change the working tree are off, one pressed says why, and
// each removed recording a re-recording replaces is said under it rather
// than listed.
//
// [Page] is built like the browser: a ui/page Screen (layout, focus, the
// detail pane, the ? overlay, the dialog, the status line) with a
// ui/list on the left, and one keymap ([KeyMap]) that drives dispatch,
// the key line, the overlay and docs/keys.md. It keeps the
// *gitreview.Review as a handle for Cmds (cmds.go) and never calls its
// methods from Update: every git action runs in a Cmd whose result comes
// back to [Page.Update], dropped when the review was reloaded since, and
// one action runs at a time. The page copies what it shows of each item
// when the review is opened and keeps its own copy of each item's state,
// so the view never reads what a Cmd may be changing.
//
// The root model (package ui) owns which page is on screen: it makes the
// page with [New], gives it the terminal's size ([Page.SetSize]) and
// styles, routes input and the page's results to it, and reads the
// [Tally] the command line prints at exit. A page opened from the
// browser ([Options].FromBrowse) says so on q, which sends
// page.BackToBrowseMsg to the root.
package review
