package yamlrt

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// simpleKey is a place where a simple key (one without "?") may start.
type simpleKey struct {
	tokenNumber int
	required    bool
	index, line int
	column      int
	mark        Mark
}

// levelKey is a possible simple key and its flow level; the list of them
// keeps the order of insertion, which decides which stale key is reported.
type levelKey struct {
	level int
	key   simpleKey
}

// scanner turns characters into tokens, lazily, as ruamel's round-trip
// scanner does: the parser asks for tokens and the scanner reads only as
// far as it must, which decides which error of a broken file comes first.
type scanner struct {
	r              *reader
	done           bool
	flow           []rune
	tokens         tokenQueue
	tokensTaken    int
	indent         int
	indents        []int
	allowSimpleKey bool
	possible       []levelKey
	version        [2]int // from a %YAML directive; {0, 0} when none
	session        *Session
	// scratch is where values that are not a stretch of the text are
	// built (see [value]).
	scratch []byte
}

func newScanner(r *reader, session *Session, b *buffers) *scanner {
	s := &scanner{r: r, indent: -1, allowSimpleKey: true, session: session, scratch: b.scratch[:0]}
	s.tokens.buf = b.tokens[:0]
	m := r.mark()
	s.tokens.push(token{kind: tStreamStart, start: m, end: m})
	return s
}

// processingVersion is the YAML version the document is read with.
func (s *scanner) processingVersion() [2]int {
	if s.version != ([2]int{}) {
		return s.version
	}
	if s.session.version != ([2]int{}) {
		return s.session.version
	}
	return [2]int{1, 2}
}

func (s *scanner) is11() bool { return s.processingVersion() == [2]int{1, 1} }

// after11 is ruamel's processing_version > (1, 1).
func (s *scanner) after11() bool {
	v := s.processingVersion()
	return v[0] > 1 || (v[0] == 1 && v[1] > 1)
}

func (s *scanner) fail(context string, contextMark *Mark, problem string, mark Mark) {
	e := &Error{Kind: KindSyntax, Context: context, Problem: problem, Mark: mark}
	if contextMark != nil {
		e.ContextMark, e.HasContext = *contextMark, true
	}
	panic(e)
}

func (s *scanner) flowLevel() int { return len(s.flow) }

// Public token access, as ruamel's RoundTripScanner has it.

func (s *scanner) checkToken(kinds ...tokenKind) bool {
	for s.needMoreTokens() {
		s.fetchMoreTokens()
	}
	s.gatherComments()
	if s.tokens.len() > 0 {
		if len(kinds) == 0 {
			return true
		}
		for _, k := range kinds {
			if s.tokens.at(0).kind == k {
				return true
			}
		}
	}
	return false
}

func (s *scanner) peekToken() *token {
	for s.needMoreTokens() {
		s.fetchMoreTokens()
	}
	s.gatherComments()
	if s.tokens.len() > 0 {
		return s.tokens.at(0)
	}
	return nil
}

// gatherComments drops the comment tokens before the next token, reading
// on as ruamel does (its comments are attached to the next token).
func (s *scanner) gatherComments() {
	if s.tokens.len() == 0 {
		return
	}
	if s.tokens.at(0).kind == tComment {
		s.tokens.pop()
		s.tokensTaken++
	}
	for s.needMoreTokens() {
		s.fetchMoreTokens()
		if s.tokens.len() == 0 {
			return
		}
		if s.tokens.at(0).kind == tComment {
			s.tokensTaken++
			s.tokens.pop()
		}
	}
	if !s.done && s.tokens.len() < 2 {
		s.fetchMoreTokens()
	}
}

func (s *scanner) getToken() token {
	for s.needMoreTokens() {
		s.fetchMoreTokens()
	}
	s.gatherComments()
	if s.tokens.len() == 0 {
		return token{kind: tStreamEnd}
	}
	t0 := s.tokens.at(0).kind
	if s.tokens.len() > 1 && s.tokens.at(1).kind == tComment {
		switch {
		case (t0 == tScalar || t0 == tValue || t0 == tFlowSequenceEnd || t0 == tFlowMappingEnd) &&
			s.tokens.at(0).end.Line == s.tokens.at(1).start.Line:
			s.takeTrailingComments()
		case t0 == tScalar && s.tokens.at(0).end.Line != s.tokens.at(1).start.Line:
			s.takeTrailingComments()
		}
	}
	s.tokensTaken++
	return s.tokens.pop()
}

// takeTrailingComments attaches the comments after the next token to it,
// reading a token further after each, as ruamel does.
func (s *scanner) takeTrailingComments() {
	s.tokensTaken++
	s.tokens.removeAt(1)
	s.fetchMoreTokens()
	for s.tokens.len() > 1 && s.tokens.at(1).kind == tComment {
		s.tokensTaken++
		s.tokens.removeAt(1)
		s.fetchMoreTokens()
	}
}

func (s *scanner) needMoreTokens() bool {
	if s.done {
		return false
	}
	if s.tokens.len() == 0 {
		return true
	}
	s.staleSimpleKeys()
	if n, ok := s.nextPossibleSimpleKey(); ok && n == s.tokensTaken {
		return true
	}
	return false
}

func (s *scanner) fetchMoreTokens() {
	if start, end, ok := s.scanToNextToken(); ok {
		s.tokens.push(token{kind: tComment, start: start, end: end})
		return
	}
	s.staleSimpleKeys()
	s.unwindIndent(s.r.col)
	ch := s.r.ch()
	switch {
	case ch == 0:
		s.fetchStreamEnd()
	case ch == '%' && s.r.col == 0:
		s.fetchDirective()
	case ch == '-' && s.checkDocumentIndicator("---"):
		s.fetchDocumentIndicator(tDocumentStart)
	case ch == '.' && s.checkDocumentIndicator("..."):
		s.fetchDocumentIndicator(tDocumentEnd)
	case ch == '[':
		s.fetchFlowCollectionStart(tFlowSequenceStart, '[')
	case ch == '{':
		s.fetchFlowCollectionStart(tFlowMappingStart, '{')
	case ch == ']':
		s.fetchFlowCollectionEnd(tFlowSequenceEnd)
	case ch == '}':
		s.fetchFlowCollectionEnd(tFlowMappingEnd)
	case ch == ',':
		s.fetchFlowEntry()
	case ch == '-' && isEndSpaceTab(s.r.peek(1)):
		s.fetchBlockEntry()
	case ch == '?' && (s.flowLevel() > 0 || isEndSpaceTab(s.r.peek(1))):
		s.fetchKey()
	case ch == ':' && s.checkValue():
		s.fetchValue()
	case ch == '*':
		s.saveSimpleKey()
		s.allowSimpleKey = false
		s.tokens.push(s.scanAnchor(tAlias))
	case ch == '&':
		s.saveSimpleKey()
		s.allowSimpleKey = false
		s.tokens.push(s.scanAnchor(tAnchor))
	case ch == '!':
		s.saveSimpleKey()
		s.allowSimpleKey = false
		s.tokens.push(s.scanTag())
	case (ch == '|' || ch == '>') && s.flowLevel() == 0:
		s.allowSimpleKey = true
		s.removeSimpleKey()
		s.tokens.push(s.scanBlockScalar(ch == '>'))
	case ch == '\'' || ch == '"':
		s.saveSimpleKey()
		s.allowSimpleKey = false
		s.tokens.push(s.scanFlowScalar(ch == '"'))
	case s.checkPlain():
		s.saveSimpleKey()
		s.allowSimpleKey = false
		s.tokens.push(s.scanPlain())
	default:
		s.fail("while scanning for the next token", nil,
			"found character "+pyReprChar(ch)+" that cannot start any token", s.r.mark())
	}
}

// Simple keys.

func (s *scanner) nextPossibleSimpleKey() (int, bool) {
	best, ok := 0, false
	for _, lk := range s.possible {
		if !ok || lk.key.tokenNumber < best {
			best, ok = lk.key.tokenNumber, true
		}
	}
	return best, ok
}

func (s *scanner) staleSimpleKeys() {
	for i := range s.possible {
		if k := &s.possible[i].key; k.line != s.r.line || s.r.pos-k.index > 1024 {
			s.dropStaleSimpleKeys()
			return
		}
	}
}

// dropStaleSimpleKeys drops the possible simple keys that can no longer
// be keys (the line ended, or 1,024 characters passed); one that must be
// a key fails.
func (s *scanner) dropStaleSimpleKeys() {
	kept := s.possible[:0]
	for _, lk := range s.possible {
		if lk.key.line != s.r.line || s.r.pos-lk.key.index > 1024 {
			if lk.key.required {
				m := lk.key.mark
				s.fail("while scanning a simple key", &m, "could not find expected ':'", s.r.mark())
			}
			continue
		}
		kept = append(kept, lk)
	}
	s.possible = kept
}

func (s *scanner) saveSimpleKey() {
	required := s.flowLevel() == 0 && s.indent == s.r.col
	if !s.allowSimpleKey {
		return
	}
	s.removeSimpleKey()
	m := s.r.mark()
	s.possible = append(s.possible, levelKey{level: s.flowLevel(), key: simpleKey{
		tokenNumber: s.tokensTaken + s.tokens.len(), required: required,
		index: s.r.pos, line: s.r.line, column: s.r.col, mark: m,
	}})
}

func (s *scanner) removeSimpleKey() {
	for i, lk := range s.possible {
		if lk.level == s.flowLevel() {
			if lk.key.required {
				m := lk.key.mark
				s.fail("while scanning a simple key", &m, "could not find expected ':'", s.r.mark())
			}
			s.possible = append(s.possible[:i], s.possible[i+1:]...)
			return
		}
	}
}

// Indentation.

func (s *scanner) unwindIndent(column int) {
	if s.flowLevel() > 0 {
		return
	}
	for s.indent > column {
		m := s.r.mark()
		s.indent = s.indents[len(s.indents)-1]
		s.indents = s.indents[:len(s.indents)-1]
		s.tokens.push(token{kind: tBlockEnd, start: m, end: m})
	}
}

func (s *scanner) addIndent(column int) bool {
	if s.indent < column {
		s.indents = append(s.indents, s.indent)
		s.indent = column
		return true
	}
	return false
}

// Fetchers.

func (s *scanner) simple(kind tokenKind) {
	start := s.r.mark()
	s.r.forward(1)
	s.tokens.push(token{kind: kind, start: start, end: s.r.mark()})
}

func (s *scanner) fetchStreamEnd() {
	s.unwindIndent(-1)
	s.removeSimpleKey()
	s.allowSimpleKey = false
	s.possible = s.possible[:0]
	m := s.r.mark()
	s.tokens.push(token{kind: tStreamEnd, start: m, end: m})
	s.done = true
}

func (s *scanner) fetchDirective() {
	s.unwindIndent(-1)
	s.removeSimpleKey()
	s.allowSimpleKey = false
	s.tokens.push(s.scanDirective())
}

func (s *scanner) checkDocumentIndicator(ind string) bool {
	return s.r.col == 0 && s.r.prefix(3) == ind && isEndSpaceTab(s.r.peek(3))
}

func (s *scanner) fetchDocumentIndicator(kind tokenKind) {
	s.unwindIndent(-1)
	s.removeSimpleKey()
	s.allowSimpleKey = false
	start := s.r.mark()
	s.r.forward(3)
	s.tokens.push(token{kind: kind, start: start, end: s.r.mark()})
}

func (s *scanner) fetchFlowCollectionStart(kind tokenKind, push rune) {
	s.saveSimpleKey()
	s.flow = append(s.flow, push)
	s.allowSimpleKey = true
	s.simple(kind)
}

func (s *scanner) fetchFlowCollectionEnd(kind tokenKind) {
	s.removeSimpleKey()
	if len(s.flow) > 0 {
		s.flow = s.flow[:len(s.flow)-1]
	}
	s.allowSimpleKey = false
	s.simple(kind)
}

func (s *scanner) fetchFlowEntry() {
	s.allowSimpleKey = true
	s.removeSimpleKey()
	s.simple(tFlowEntry)
}

func (s *scanner) fetchBlockEntry() {
	if s.flowLevel() == 0 {
		if !s.allowSimpleKey {
			s.fail("", nil, "sequence entries are not allowed here", s.r.mark())
		}
		if s.addIndent(s.r.col) {
			m := s.r.mark()
			s.tokens.push(token{kind: tBlockSequenceStart, start: m, end: m})
		}
	}
	s.allowSimpleKey = true
	s.removeSimpleKey()
	s.simple(tBlockEntry)
}

func (s *scanner) fetchKey() {
	if s.flowLevel() == 0 {
		if !s.allowSimpleKey {
			s.fail("", nil, "mapping keys are not allowed here", s.r.mark())
		}
		if s.addIndent(s.r.col) {
			m := s.r.mark()
			s.tokens.push(token{kind: tBlockMappingStart, start: m, end: m})
		}
	}
	s.allowSimpleKey = s.flowLevel() == 0
	s.removeSimpleKey()
	s.simple(tKey)
}

func (s *scanner) fetchValue() {
	idx := -1
	for i, lk := range s.possible {
		if lk.level == s.flowLevel() {
			idx = i
			break
		}
	}
	if idx >= 0 {
		key := s.possible[idx].key
		s.possible = append(s.possible[:idx], s.possible[idx+1:]...)
		s.insertToken(key.tokenNumber-s.tokensTaken, token{kind: tKey, start: key.mark, end: key.mark})
		if s.flowLevel() == 0 && s.addIndent(key.column) {
			s.insertToken(key.tokenNumber-s.tokensTaken, token{kind: tBlockMappingStart, start: key.mark, end: key.mark})
		}
		s.allowSimpleKey = false
	} else {
		if s.flowLevel() == 0 {
			if !s.allowSimpleKey {
				s.fail("", nil, "mapping values are not allowed here", s.r.mark())
			}
			if s.addIndent(s.r.col) {
				m := s.r.mark()
				s.tokens.push(token{kind: tBlockMappingStart, start: m, end: m})
			}
		}
		s.allowSimpleKey = s.flowLevel() == 0
		s.removeSimpleKey()
	}
	s.simple(tValue)
}

func (s *scanner) insertToken(at int, t token) { s.tokens.insert(at, t) }

// Checkers.

func (s *scanner) checkValue() bool {
	if s.flowLevel() == 0 {
		return isEndSpaceTab(s.r.peek(1))
	}
	if s.is11() {
		return true
	}
	// YAML 1.2 in flow context: after '[', or in a mapping's value, ':'
	// must be followed by a space.
	n := s.tokens.len()
	if s.flow[len(s.flow)-1] == '[' || (n > 0 && s.tokens.at(n-1).kind == tValue) {
		return isEndSpaceTab(s.r.peek(1))
	}
	return true
}

func (s *scanner) checkPlain() bool {
	ch := s.r.ch()
	const special = "\x00 \t\r\n\u0085\u2028\u2029-?:,[]{}#&*!|>'\"%@`"
	if s.is11() {
		return !in(ch, special) || (!isEndSpaceTab(s.r.peek(1)) && (ch == '-' || (s.flowLevel() == 0 && (ch == '?' || ch == ':'))))
	}
	if !in(ch, special) {
		return true
	}
	ch1 := s.r.peek(1)
	if ch == '-' && !isEndSpaceTab(ch1) {
		return true
	}
	if ch == ':' && s.flowLevel() > 0 && ch1 != ' ' && ch1 != '\t' {
		return true
	}
	return !isEndSpaceTab(ch1) && (ch == '-' || (s.flowLevel() == 0 && (ch == '?' || ch == ':')))
}

// scanToNextToken skips spaces, line breaks and comments. Like ruamel's
// round-trip scanner it stops after a comment, or after a line break
// followed by empty lines (whose spaces and tabs it swallows, the next
// line's indentation included), and reports that as a comment token.
func (s *scanner) scanToNextToken() (Mark, Mark, bool) {
	r := s.r
	if r.pos == 0 && r.ch() == 0xFEFF {
		r.forward(1)
	}
	tabs := s.flowLevel() > 0 // in flow context tabs are white space too
	for {
		for r.ch() == ' ' || (tabs && r.ch() == '\t') {
			r.forward(1)
		}
		if r.ch() == '#' {
			start := r.mark()
			r.forward(1)
			for !isEnd(r.ch()) {
				r.forward(1)
			}
			for s.scanLineBreak(false) != "" {
			}
			if s.flowLevel() == 0 {
				s.allowSimpleKey = true
			}
			return start, r.mark(), true
		}
		if s.scanLineBreak(false) == "" {
			return Mark{}, Mark{}, false
		}
		if s.flowLevel() == 0 {
			s.allowSimpleKey = true
		}
		if r.ch() == '\n' {
			start := r.mark()
			for s.scanLineBreak(true) != "" {
			}
			return start, r.mark(), true
		}
	}
}

// scanLineBreak reads one line break: CR LF, CR, LF and NEL give "\n", LS
// and PS themselves; in empty lines a space or a tab counts too.
func (s *scanner) scanLineBreak(emptyLine bool) string {
	r := s.r
	switch ch := r.ch(); {
	case ch == '\r' || ch == '\n' || ch == 0x85:
		if ch == '\r' && r.peek(1) == '\n' {
			r.forward(2)
		} else {
			r.forward(1)
		}
		return "\n"
	case ch == 0x2028 || ch == 0x2029:
		r.forward(1)
		return string(ch)
	case emptyLine && (ch == '\t' || ch == ' '):
		r.forward(1)
		return string(ch)
	}
	return ""
}

// Directives.

func (s *scanner) scanDirective() token {
	r := s.r
	start := r.mark()
	r.forward(1)
	name := s.scanDirectiveName(start)
	t := token{kind: tDirective, value: name, start: start}
	switch name {
	case "YAML":
		t.major, t.minor = s.scanYAMLDirectiveValue(start)
		t.end = r.mark()
	case "TAG":
		t.tagHandle, t.tagPrefix = s.scanTagDirectiveValue(start)
		t.end = r.mark()
	default:
		t.end = r.mark()
		for !isEnd(r.ch()) {
			r.forward(1)
		}
	}
	s.scanIgnoredLine("while scanning a directive", start)
	return t
}

func isWordChar(ch rune) bool {
	return ch >= '0' && ch <= '9' || ch >= 'A' && ch <= 'Z' || ch >= 'a' && ch <= 'z'
}

func (s *scanner) scanDirectiveName(start Mark) string {
	r := s.r
	n := 0
	for ch := r.peek(n); isWordChar(ch) || in(ch, "-_:."); ch = r.peek(n) {
		n++
	}
	if n == 0 {
		s.fail("while scanning a directive", &start, "expected alphabetic or numeric character, but found "+pyReprChar(r.peek(0)), r.mark())
	}
	v := r.prefix(n)
	r.forward(n)
	if ch := r.ch(); !in(ch, "\x00 \r\n\u0085\u2028\u2029") {
		s.fail("while scanning a directive", &start, "expected alphabetic or numeric character, but found "+pyReprChar(ch), r.mark())
	}
	return v
}

func (s *scanner) scanYAMLDirectiveValue(start Mark) (int, int) {
	r := s.r
	for r.ch() == ' ' {
		r.forward(1)
	}
	major := s.scanYAMLDirectiveNumber(start)
	if r.ch() != '.' {
		s.fail("while scanning a directive", &start, "expected a digit or '.', but found "+pyReprChar(r.ch()), r.mark())
	}
	r.forward(1)
	minor := s.scanYAMLDirectiveNumber(start)
	if !in(r.ch(), "\x00 \r\n\u0085\u2028\u2029") {
		s.fail("while scanning a directive", &start, "expected a digit or '.', but found "+pyReprChar(r.ch()), r.mark())
	}
	s.version = [2]int{major, minor}
	return major, minor
}

func (s *scanner) scanYAMLDirectiveNumber(start Mark) int {
	r := s.r
	if ch := r.ch(); ch < '0' || ch > '9' {
		s.fail("while scanning a directive", &start, "expected a digit, but found "+pyReprChar(ch), r.mark())
	}
	n := 0
	for ch := r.peek(n); ch >= '0' && ch <= '9'; ch = r.peek(n) {
		n++
	}
	v, err := strconv.Atoi(r.prefix(n))
	if err != nil {
		v = 1 << 30 // a version number too long for an int is not 1 either
	}
	r.forward(n)
	return v
}

func (s *scanner) scanTagDirectiveValue(start Mark) (string, string) {
	r := s.r
	for r.ch() == ' ' {
		r.forward(1)
	}
	handle := s.scanTagHandle("directive", start)
	if r.ch() != ' ' {
		s.fail("while scanning a directive", &start, "expected ' ', but found "+pyReprChar(r.ch()), r.mark())
	}
	for r.ch() == ' ' {
		r.forward(1)
	}
	prefix := s.scanTagURI("directive", start)
	if !in(r.ch(), "\x00 \r\n\u0085\u2028\u2029") {
		s.fail("while scanning a directive", &start, "expected ' ', but found "+pyReprChar(r.ch()), r.mark())
	}
	return handle, prefix
}

// scanIgnoredLine skips the rest of a line after a directive or a block
// scalar's header: blanks and a comment, then the line break; anything else
// fails "while" (ruamel's two copies differ only in that context).
func (s *scanner) scanIgnoredLine(while string, start Mark) {
	r := s.r
	for r.ch() == ' ' {
		r.forward(1)
	}
	if r.ch() == '#' {
		for !isEnd(r.ch()) {
			r.forward(1)
		}
	}
	if !isEnd(r.ch()) {
		s.fail(while, &start, "expected a comment or a line break, but found "+pyReprChar(r.ch()), r.mark())
	}
	s.scanLineBreak(false)
}

// Anchors, aliases and tags.

// anchorChar is ruamel's check_anchorname_char: a printable character
// other than a space, a flow indicator and the byte-order mark. LS and PS
// are in (a name runs on through them), NEL is not.
func anchorChar(ch rune) bool {
	switch {
	case in(ch, ",[]{}"):
		return false
	case ch >= 0x21 && ch <= 0x7E, ch >= 0xA0 && ch <= 0xD7FF, ch >= 0x10000 && ch <= 0x10FFFF:
		return true
	case ch >= 0xE000 && ch <= 0xFFFD:
		return ch != 0xFEFF
	}
	return false
}

func (s *scanner) scanAnchor(kind tokenKind) token {
	r := s.r
	start := r.mark()
	name := "anchor"
	if r.ch() == '*' {
		name = "alias"
	}
	r.forward(1)
	n := 0
	for anchorChar(r.peek(n)) {
		n++
	}
	ch := r.peek(n)
	if n == 0 {
		s.fail("while scanning an "+name, &start, "expected alphabetic or numeric character, but found "+pyReprChar(ch), r.mark())
	}
	v := r.prefix(n)
	r.forward(n)
	if !in(ch, "\x00 \t\r\n\u0085\u2028\u2029?:,[]{}%@`") {
		s.fail("while scanning an "+name, &start, "expected alphabetic or numeric character, but found "+pyReprChar(ch), r.mark())
	}
	return token{kind: kind, value: v, start: start, end: r.mark()}
}

func (s *scanner) scanTag() token {
	r := s.r
	start := r.mark()
	t := token{kind: tTag, start: start}
	short := "!"
	ch := r.peek(1)
	if ch == '!' {
		short = "!!"
		r.forward(1)
		ch = r.peek(1)
	}
	switch {
	case ch == '<':
		t.noHandle = true
		r.forward(2)
		t.suffix = s.scanTagURI("tag", start)
		if r.ch() != '>' {
			s.fail("while parsing a tag", &start, "expected '>' but found "+pyReprChar(r.ch()), r.mark())
		}
		r.forward(1)
	case isEndSpaceTab(ch):
		t.noHandle = true
		t.suffix = short
		r.forward(1)
	default:
		n, useHandle := 1, false
		for !in(ch, "\x00 \r\n\u0085\u2028\u2029") {
			if ch == '!' {
				useHandle = true
				break
			}
			n++
			ch = r.peek(n)
		}
		if useHandle {
			t.handle = s.scanTagHandle("tag", start)
		} else {
			t.handle = short
			r.forward(1)
		}
		t.suffix = s.scanTagURI("tag", start)
	}
	if !in(r.ch(), "\x00 \r\n\u0085\u2028\u2029") {
		s.fail("while scanning a tag", &start, "expected ' ', but found "+pyReprChar(r.ch()), r.mark())
	}
	t.end = r.mark()
	return t
}

func (s *scanner) scanTagHandle(name string, start Mark) string {
	r := s.r
	if r.ch() != '!' {
		s.fail("while scanning an "+name, &start, "expected '!', but found "+pyReprChar(r.ch()), r.mark())
	}
	n := 1
	ch := r.peek(n)
	if ch != ' ' {
		for isWordChar(ch) || ch == '-' || ch == '_' {
			n++
			ch = r.peek(n)
		}
		if ch != '!' {
			r.forward(n)
			s.fail("while scanning an "+name, &start, "expected '!', but found "+pyReprChar(ch), r.mark())
		}
		n++
	}
	v := r.prefix(n)
	r.forward(n)
	return v
}

func (s *scanner) scanTagURI(name string, start Mark) string {
	r := s.r
	var chunks []byte
	n := 0
	ch := r.peek(n)
	for isWordChar(ch) || in(ch, "-;/?:@&=+$,_.!~*'()[]%") || (s.after11() && ch == '#') {
		if ch == '%' {
			chunks = append(chunks, r.prefix(n)...)
			r.forward(n)
			n = 0
			chunks = append(chunks, s.scanURIEscapes(name, start)...)
		} else {
			n++
		}
		ch = r.peek(n)
	}
	if n != 0 {
		chunks = append(chunks, r.prefix(n)...)
		r.forward(n)
	}
	if len(chunks) == 0 {
		s.fail("while parsing an "+name, &start, "expected URI, but found "+pyReprChar(ch), r.mark())
	}
	return string(chunks)
}

// scanURIEscapes reads %XX escapes and keeps them as written (the
// round-trip scanner does not decode them; [Tag.String] does), checking
// that the bytes they encode are UTF-8.
func (s *scanner) scanURIEscapes(name string, start Mark) string {
	r := s.r
	var raw []rune
	var b []byte
	m := r.mark()
	for r.ch() == '%' {
		raw = append(raw, '%')
		r.forward(1)
		for k := range 2 {
			if !isHex(r.peek(k)) {
				s.fail("while scanning an "+name, &start,
					"expected URI escape sequence of 2 hexdecimal numbers, but found "+pyReprChar(r.peek(k)), r.mark())
			}
		}
		b = append(b, byte(hexVal(r.peek(0))*16+hexVal(r.peek(1))))
		raw = append(raw, r.peek(0), r.peek(1))
		r.forward(2)
	}
	if !utf8.Valid(b) {
		s.fail("while scanning an "+name, &start, "'utf-8' codec can't decode the escaped bytes", m)
	}
	return string(raw)
}

func isHex(c rune) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// pyReprChar spells a character as Python's repr() of a one-character
// string does, for messages.
func pyReprChar(c rune) string {
	switch c {
	case 0:
		return `'\x00'`
	case '\'':
		return `"'"`
	case '\\':
		return `'\\'`
	case '\t':
		return `'\t'`
	case '\n':
		return `'\n'`
	case '\r':
		return `'\r'`
	}
	if c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) {
		return fmt.Sprintf(`'\x%02x'`, c)
	}
	if c == 0x2028 || c == 0x2029 || c == 0xfeff {
		return fmt.Sprintf(`'\u%04x'`, c)
	}
	return "'" + string(c) + "'"
}
