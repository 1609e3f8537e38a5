// Package page is what every page of the app is made of, below the pages
// themselves (ui/browse, ui/review) and above the components they are
// built from.
//
//   - [Screen], embedded by each page: the layout and styles, which pane
//     has the keys ([Focus]), the detail pane, the two overlays (the ?
//     help and the confirmation dialog) and the status line, with the
//     body view that lays them out and the mouse's geometry.
//   - [Asked] remembers what each dialog asked, by dialog ID, so that a
//     page acts on exactly what the dialog listed when it was opened.
//   - [KeyMap] holds the keys every page has with the same meaning (quit,
//     help, pane, open); [Enabled], [Summary] and [Press] build key lines.
//   - [BackToBrowseMsg] is the message that crosses pages: a review opened
//     from the browser asks the root model to go back to it.
//
// A page embeds a Screen and owns its left pane; the root model only
// decides which page is on screen.
package page
