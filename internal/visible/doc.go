// Package visible makes text safe to print: control characters, bidi
// controls and invalid UTF-8 are written as visible escapes, so that a
// name, a path or a value read from a file (and so, through a pull request,
// from anyone) cannot move the cursor, clear the screen, set the window
// title, write the clipboard (OSC 52), colour the output or reorder what
// the reader sees (U+202E, right-to-left override).
//
// # Escapes
//
//   - C0 controls (U+0000–U+001F) as \x1b, except \n, \t and \r, which are
//     written \n, \t and \r;
//   - DEL and the C1 controls (U+007F–U+009F, among them the one-byte CSI)
//     as \u007f … \u009f;
//   - the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E,
//     U+2066–U+2069), the line and paragraph separators (U+2028, U+2029)
//     and the invisible U+200B, U+2060 and U+FEFF as \u202e and so on;
//   - each byte that is not part of valid UTF-8 as \xff.
//
// Everything else, other scripts and emoji (with their joiners) included,
// is left as it is, and text that needs no escape is returned without a
// copy.
//
// # Entry points
//
// [Line] escapes everything above, newlines and tabs included: for names,
// paths, keys and one-line messages, so that a name cannot fake a line of
// output. [Text] keeps newlines and tabs: for values that are several lines
// (a response text, a diff). [NewWriter] applies Text to everything written
// through it: the command line wraps its standard output and error with
// it, so that nothing reaches the terminal unescaped whatever a writer
// forgot. The escapes it writes for DEL, C1 and the Unicode controls are
// JSON's own (\u202e), so a JSON document written through it stays valid
// JSON with the same values (a JSON encoder never writes C0 controls or
// invalid UTF-8 raw).
package visible
