// Package redact finds credentials and key values in what a provider is
// sent and answers, and replaces them, whatever their shape: in clear in
// any string or object key, behind JSON escapes (a tool call's arguments
// are JSON text inside a JSON string; escapes are decoded before the
// search, up to four levels, and the escaped span replaced), and split
// across the text pieces a response's text is the join of (each piece of
// it is replaced, and the text stays the pieces' join).
//
// A [Redactor] ([New]) is a gateway's own: it replaces each of its
// credentials, and any run of 8 or more of their characters, with
// [Redacted], in error messages ([Redactor.Text]), in a response's raw
// payload ([Redactor.Value]) and in text sent in pieces
// ([Redactor.Joined]).
//
// A [KeySet] ([NewKeySet]) is what records a cassette: it looks for the
// exact values of the key variables (each a [NamedKey], of at least
// [MinRecordedKey] bytes) in any JSON value or response, replaces each
// with a placeholder of its variable's name, and says where each was
// ([KeyHit]), never holding the value in what it reports.
//
// The package knows the wire families only as far as their text pieces
// go: Anthropic's text blocks, the parts of Gemini's first candidate; the
// OpenAI wire has one content string. It prints nothing and logs nothing.
package redact
