// Package visible makes what the command line prints safe for the place it
// goes to: content is escaped when it reaches a terminal and written as it
// is to a pipe or a file (as GNU ls and git do), the values of API keys
// are masked on every stream, a line that a CI runner would act on is
// neutralised on every stream, and the tool's own colours are added after
// all that, so they are never escaped and content can never forge them.
//
// # Escapes
//
// A name, a path or a value read from a file (and so, through a pull
// request, from anyone) must not move the cursor, clear the screen, set
// the window title, write the clipboard (OSC 52), colour the output or
// reorder what the reader sees (U+202E, right-to-left override). [Line]
// and [Text] write
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
// copy. [Line] escapes newlines and tabs too: for names, paths, keys and
// one-line messages, so that a name cannot fake a line of output. [Text]
// keeps them: for values that are several lines (a response text, a
// diff). The escapes of DEL, C1 and the Unicode controls are JSON's own
// (\u202e), so a JSON document escaped as Text stays valid JSON with the
// same values (a JSON encoder never writes C0 controls or invalid UTF-8
// raw).
//
// # Streams
//
// The command line wraps its standard output and error in a [Stream]
// each ([NewStream]), which applies the policy to every byte whatever a
// writer forgot: key masking ([Keys], split writes included), escaping
// as Text when [Options].Escape says the stream reaches a terminal, and
// the workflow guard (a line that begins with "::" after white space, or
// holds "##[" or "##vso[", gets one character written as its JSON
// escape). Writers ask the stream what it does: [LineFor] masks a name's
// keys and escapes it as a line only where the stream escapes (before a
// table measures it), [Paint] colours only where the stream colours,
// [WriteCommand] writes the tool's own workflow commands (check --format
// github), the only lines that may begin with "::".
package visible
