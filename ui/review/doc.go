// Package review is the interactive screen of `dryfire-tui review`: the
// recordings changed since git HEAD, grouped by suite and case (and tapes),
// each summarised in meaning, with keys to accept (stage), reject (restore
// the committed version), skip, act on everything left, and undo.
//
// # Ownership
//
// [Model] is a root model of its own. It keeps a *scan.Review as a handle
// to the core, but never calls its methods from Update: every git action
// runs in a tea.Cmd (cmds.go) that captures the handle and returns a
// message; Update then records the result. One action runs at a time, so
// the handle is never used by two goroutines at once, and the view reads
// only fields of the review that do not change after it is opened, plus the
// model's own copy of each item's state.
//
// # Keys
//
// [DefaultKeyMap] is the single source of dispatch, the footer, the ? help
// overlay and the key table in the README ([KeyTable]). Bindings that do not
// apply to the selection are disabled, so the footer and help stay true.
package review
