package yamlrt

import "github.com/dryfire-tui/dryfire-tui/internal/yamlrt/chars"

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
	r              *chars.Reader
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
	// strs are the short values met so far, in this document and the
	// ones read before it with the same buffers, each once (see
	// [scanner.valueString]).
	strs map[string]string
}

func newScanner(r *chars.Reader, session *Session, b *buffers) *scanner {
	if b.strs == nil {
		b.strs = map[string]string{}
	}
	s := &scanner{r: r, indent: -1, allowSimpleKey: true, session: session, scratch: b.scratch[:0], strs: b.strs}
	s.tokens.buf = b.tokens[:0]
	m := r.Mark()
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
	s.failQuoting(context, contextMark, problem, "", mark)
}

// failQuoting is fail for a problem that ends with quote, the document's
// text as quoted (see [Error.Quote]).
func (s *scanner) failQuoting(context string, contextMark *Mark, problem, quote string, mark Mark) {
	e := &Error{Kind: KindSyntax, Context: context, Problem: problem + quote, Quote: quote, Mark: mark}
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
	s.unwindIndent(s.r.Column())
	ch := s.r.Ch()
	switch {
	case ch == 0:
		s.fetchStreamEnd()
	case ch == '%' && s.r.Column() == 0:
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
	case ch == '-' && isEndSpaceTab(s.r.Peek(1)):
		s.fetchBlockEntry()
	case ch == '?' && (s.flowLevel() > 0 || isEndSpaceTab(s.r.Peek(1))):
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
			"found character "+pyReprChar(ch)+" that cannot start any token", s.r.Mark())
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
		if k := &s.possible[i].key; k.line != s.r.Line() || s.r.Index()-k.index > 1024 {
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
		if lk.key.line != s.r.Line() || s.r.Index()-lk.key.index > 1024 {
			if lk.key.required {
				m := lk.key.mark
				s.fail("while scanning a simple key", &m, "could not find expected ':'", s.r.Mark())
			}
			continue
		}
		kept = append(kept, lk)
	}
	s.possible = kept
}

func (s *scanner) saveSimpleKey() {
	required := s.flowLevel() == 0 && s.indent == s.r.Column()
	if !s.allowSimpleKey {
		return
	}
	s.removeSimpleKey()
	m := s.r.Mark()
	s.possible = append(s.possible, levelKey{level: s.flowLevel(), key: simpleKey{
		tokenNumber: s.tokensTaken + s.tokens.len(), required: required,
		index: s.r.Index(), line: s.r.Line(), column: s.r.Column(), mark: m,
	}})
}

func (s *scanner) removeSimpleKey() {
	for i, lk := range s.possible {
		if lk.level == s.flowLevel() {
			if lk.key.required {
				m := lk.key.mark
				s.fail("while scanning a simple key", &m, "could not find expected ':'", s.r.Mark())
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
		m := s.r.Mark()
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
	start := s.r.Mark()
	s.r.Forward(1)
	s.tokens.push(token{kind: kind, start: start, end: s.r.Mark()})
}

func (s *scanner) fetchStreamEnd() {
	s.unwindIndent(-1)
	s.removeSimpleKey()
	s.allowSimpleKey = false
	s.possible = s.possible[:0]
	m := s.r.Mark()
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
	return s.r.Column() == 0 && s.r.Prefix(3) == ind && isEndSpaceTab(s.r.Peek(3))
}

func (s *scanner) fetchDocumentIndicator(kind tokenKind) {
	s.unwindIndent(-1)
	s.removeSimpleKey()
	s.allowSimpleKey = false
	start := s.r.Mark()
	s.r.Forward(3)
	s.tokens.push(token{kind: kind, start: start, end: s.r.Mark()})
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
			s.fail("", nil, "sequence entries are not allowed here", s.r.Mark())
		}
		if s.addIndent(s.r.Column()) {
			m := s.r.Mark()
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
			s.fail("", nil, "mapping keys are not allowed here", s.r.Mark())
		}
		if s.addIndent(s.r.Column()) {
			m := s.r.Mark()
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
				s.fail("", nil, "mapping values are not allowed here", s.r.Mark())
			}
			if s.addIndent(s.r.Column()) {
				m := s.r.Mark()
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
		return isEndSpaceTab(s.r.Peek(1))
	}
	if s.is11() {
		return true
	}
	// YAML 1.2 in flow context: after '[', or in a mapping's value, ':'
	// must be followed by a space.
	n := s.tokens.len()
	if s.flow[len(s.flow)-1] == '[' || (n > 0 && s.tokens.at(n-1).kind == tValue) {
		return isEndSpaceTab(s.r.Peek(1))
	}
	return true
}

func (s *scanner) checkPlain() bool {
	ch := s.r.Ch()
	const special = "\x00 \t\r\n\u0085\u2028\u2029-?:,[]{}#&*!|>'\"%@`"
	if s.is11() {
		return !in(ch, special) || (!isEndSpaceTab(s.r.Peek(1)) && (ch == '-' || (s.flowLevel() == 0 && (ch == '?' || ch == ':'))))
	}
	if !in(ch, special) {
		return true
	}
	ch1 := s.r.Peek(1)
	if ch == '-' && !isEndSpaceTab(ch1) {
		return true
	}
	if ch == ':' && s.flowLevel() > 0 && ch1 != ' ' && ch1 != '\t' {
		return true
	}
	return !isEndSpaceTab(ch1) && (ch == '-' || (s.flowLevel() == 0 && (ch == '?' || ch == ':')))
}
