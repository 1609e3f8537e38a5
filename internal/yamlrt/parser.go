package yamlrt

import "fmt"

// eventKind is the kind of a parser event.
type eventKind uint8

const (
	eStreamStart eventKind = iota
	eStreamEnd
	eDocumentStart
	eDocumentEnd
	eAlias
	eScalar
	eSequenceStart
	eSequenceEnd
	eMappingStart
	eMappingEnd
)

// event is one parser event.
type event struct {
	kind       eventKind
	start, end Mark
	anchor     string // the anchor, or the alias's name
	hasAnchor  bool
	tag        Tag
	hasTag     bool
	// implicit: a scalar's (plain, quoted) pair; for a collection, the
	// first only.
	implicit [2]bool
	value    string
	style    rune
	flow     bool
}

// Tag is an explicit tag as written: its handle ("!", "!!", "!x!"; empty
// with NoHandle for a verbatim tag or a lone "!") and suffix, and the
// handles in force where it is written.
type Tag struct {
	Handle   string
	NoHandle bool
	Suffix   string
	handles  map[string]string
}

// String is the tag as ruamel spells it: the handle's prefix, then the
// suffix with its %-escapes decoded byte by byte.
func (t Tag) String() string {
	if t.NoHandle {
		return decodeURI(t.Suffix)
	}
	return t.handles[t.Handle] + decodeURI(t.Suffix)
}

// decodeURI decodes %XX escapes as ruamel does: each byte becomes the
// character of that code point.
func decodeURI(s string) string {
	out := make([]rune, 0, len(s))
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		if rs[i] == '%' && i+2 < len(rs) {
			v := hexVal(rs[i+1])*16 + hexVal(rs[i+2])
			out = append(out, rune(v))
			i += 2
			continue
		}
		out = append(out, rs[i])
	}
	return string(out)
}

func hexVal(c rune) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return 0
}

type parseState uint8

const (
	psNone parseState = iota
	psStreamStart
	psImplicitDocumentStart
	psDocumentStart
	psDocumentEnd
	psDocumentContent
	psBlockNode
	psBlockSequenceFirstEntry
	psBlockSequenceEntry
	psIndentlessSequenceEntry
	psBlockMappingFirstKey
	psBlockMappingKey
	psBlockMappingValue
	psFlowSequenceFirstEntry
	psFlowSequenceEntry
	psFlowSequenceEntryMappingKey
	psFlowSequenceEntryMappingValue
	psFlowSequenceEntryMappingEnd
	psFlowMappingFirstKey
	psFlowMappingKey
	psFlowMappingValue
	psFlowMappingEmptyValue
)

var defaultTags = map[string]string{"!": "!", "!!": "tag:yaml.org,2002:"}

// parser turns tokens into events as ruamel's round-trip parser does.
type parser struct {
	s      *scanner
	state  parseState
	states []parseState
	marks  []Mark
	// cur is the event peeked at, when has is set.
	cur     event
	has     bool
	handles map[string]string
}

func newParser(s *scanner) *parser {
	return &parser{s: s, state: psStreamStart, handles: defaultTags}
}

func (p *parser) fail(context string, contextMark *Mark, problem string, mark Mark) {
	p.s.fail(context, contextMark, problem, mark)
}

func (p *parser) failQuoting(context string, contextMark *Mark, problem, quote string, mark Mark) {
	p.s.failQuoting(context, contextMark, problem, quote, mark)
}

func (p *parser) checkEvent(kinds ...eventKind) bool {
	if !p.has && p.state != psNone {
		p.cur, p.has = p.next(), true
	}
	if !p.has {
		return false
	}
	for _, k := range kinds {
		if p.cur.kind == k {
			return true
		}
	}
	return len(kinds) == 0
}

func (p *parser) peekEvent() *event {
	if !p.has && p.state != psNone {
		p.cur, p.has = p.next(), true
	}
	if !p.has {
		return nil
	}
	return &p.cur
}

func (p *parser) getEvent() event {
	if !p.has && p.state != psNone {
		p.cur, p.has = p.next(), true
	}
	if !p.has {
		return event{kind: eStreamEnd}
	}
	p.has = false
	return p.cur
}

func (p *parser) popState() parseState {
	st := p.states[len(p.states)-1]
	p.states = p.states[:len(p.states)-1]
	return st
}

// moveComment is ruamel's move_token_comment: it peeks at the next token,
// which may read ahead.
func (p *parser) moveComment() { p.s.peekToken() }

func (p *parser) next() event {
	switch p.state { //nolint:exhaustive // psNone: after the end of the stream, only its end again
	case psStreamStart:
		t := p.s.getToken()
		p.moveComment()
		p.state = psImplicitDocumentStart
		return event{kind: eStreamStart, start: t.start, end: t.end}
	case psImplicitDocumentStart:
		return p.implicitDocumentStart()
	case psDocumentStart:
		return p.documentStart()
	case psDocumentEnd:
		return p.documentEnd()
	case psDocumentContent:
		if p.s.checkToken(tDirective, tDocumentStart, tDocumentEnd, tStreamEnd) {
			e := emptyScalar(p.s.peekToken().start)
			p.state = p.popState()
			return e
		}
		return p.node(true, false)
	case psBlockNode:
		return p.node(true, false)
	case psBlockSequenceFirstEntry:
		t := p.s.getToken()
		p.marks = append(p.marks, t.start)
		return p.blockSequenceEntry()
	case psBlockSequenceEntry:
		return p.blockSequenceEntry()
	case psIndentlessSequenceEntry:
		return p.indentlessSequenceEntry()
	case psBlockMappingFirstKey:
		t := p.s.getToken()
		p.marks = append(p.marks, t.start)
		return p.blockMappingKey()
	case psBlockMappingKey:
		return p.blockMappingKey()
	case psBlockMappingValue:
		return p.blockMappingValue()
	case psFlowSequenceFirstEntry:
		t := p.s.getToken()
		p.marks = append(p.marks, t.start)
		return p.flowSequenceEntry(true)
	case psFlowSequenceEntry:
		return p.flowSequenceEntry(false)
	case psFlowSequenceEntryMappingKey:
		t := p.s.getToken()
		if !p.s.checkToken(tValue, tFlowEntry, tFlowSequenceEnd) {
			p.states = append(p.states, psFlowSequenceEntryMappingValue)
			return p.node(false, false)
		}
		p.state = psFlowSequenceEntryMappingValue
		return emptyScalar(t.end)
	case psFlowSequenceEntryMappingValue:
		if p.s.checkToken(tValue) {
			t := p.s.getToken()
			if !p.s.checkToken(tFlowEntry, tFlowSequenceEnd) {
				p.states = append(p.states, psFlowSequenceEntryMappingEnd)
				return p.node(false, false)
			}
			p.state = psFlowSequenceEntryMappingEnd
			return emptyScalar(t.end)
		}
		p.state = psFlowSequenceEntryMappingEnd
		return emptyScalar(p.s.peekToken().start)
	case psFlowSequenceEntryMappingEnd:
		p.state = psFlowSequenceEntry
		m := p.s.peekToken().start
		return event{kind: eMappingEnd, start: m, end: m}
	case psFlowMappingFirstKey:
		t := p.s.getToken()
		p.marks = append(p.marks, t.start)
		return p.flowMappingKey(true)
	case psFlowMappingKey:
		return p.flowMappingKey(false)
	case psFlowMappingValue:
		if p.s.checkToken(tValue) {
			t := p.s.getToken()
			if !p.s.checkToken(tFlowEntry, tFlowMappingEnd) {
				p.states = append(p.states, psFlowMappingKey)
				return p.node(false, false)
			}
			p.state = psFlowMappingKey
			return emptyScalar(t.end)
		}
		p.state = psFlowMappingKey
		return emptyScalar(p.s.peekToken().start)
	case psFlowMappingEmptyValue:
		p.state = psFlowMappingKey
		return emptyScalar(p.s.peekToken().start)
	}
	return event{kind: eStreamEnd}
}

func emptyScalar(m Mark) event {
	return event{kind: eScalar, start: m, end: m, implicit: [2]bool{true, false}}
}

func (p *parser) implicitDocumentStart() event {
	if !p.s.checkToken(tDirective, tDocumentStart, tStreamEnd) {
		p.handles = defaultTags
		m := p.s.peekToken().start
		p.states = append(p.states, psDocumentEnd)
		p.state = psBlockNode
		return event{kind: eDocumentStart, start: m, end: m}
	}
	return p.documentStart()
}

func (p *parser) documentStart() event {
	for p.s.checkToken(tDocumentEnd) {
		p.s.getToken()
	}
	if p.s.checkToken(tStreamEnd) {
		t := p.s.getToken()
		p.state = psNone
		return event{kind: eStreamEnd, start: t.start, end: t.end}
	}
	p.processDirectives()
	if !p.s.checkToken(tDocumentStart) {
		t := p.s.peekToken()
		p.fail("", nil, "expected '<document start>', but found "+pyReprID(tokenIDs[t.kind]), t.start)
	}
	t := p.s.getToken()
	p.states = append(p.states, psDocumentEnd)
	p.state = psDocumentContent
	return event{kind: eDocumentStart, start: t.start, end: t.end}
}

func (p *parser) documentEnd() event {
	t := p.s.peekToken()
	start, end := t.start, t.start
	explicit := false
	if p.s.checkToken(tDocumentEnd) {
		tok := p.s.getToken()
		if pt := p.s.peekToken(); pt.kind != tStreamEnd && tok.end.Line == pt.start.Line {
			p.fail("", nil, "found non-comment content after document end marker, "+pyReprID(tokenIDs[pt.kind]), pt.start)
		}
		end = tok.end
		explicit = true
	}
	if p.s.is11() || !explicit {
		p.state = psDocumentStart
	} else {
		p.state = psImplicitDocumentStart
	}
	return event{kind: eDocumentEnd, start: start, end: end}
}

func (p *parser) processDirectives() {
	seenVersion := false
	var version token
	handles := map[string]string{}
	for p.s.checkToken(tDirective) {
		t := p.s.getToken()
		switch t.value {
		case "YAML":
			if seenVersion {
				p.fail("", nil, "found duplicate YAML directive", t.start)
			}
			if t.major != 1 {
				p.fail("", nil, "found incompatible YAML document (version 1.* is required)", t.start)
			}
			seenVersion, version = true, t
		case "TAG":
			if _, dup := handles[t.tagHandle]; dup {
				p.failQuoting("", nil, "duplicate tag handle ", pyReprID(t.tagHandle), t.start)
			}
			handles[t.tagHandle] = t.tagPrefix
		}
	}
	if seenVersion && version.minor != 1 && version.minor != 2 {
		// ruamel 0.18 and later only load YAML 1.1 and 1.2.
		panic(&Error{Kind: KindValue, Mark: version.start, Problem: fmt.Sprintf(
			"AssertionError: version minor part can only be 2 or 1, got (1, %d)", version.minor)})
	}
	// ruamel keeps the version of the last explicit document on its loader,
	// for every later document of this load and of the next ones.
	p.s.session.version = [2]int{}
	if seenVersion {
		p.s.session.version = [2]int{version.major, version.minor}
	}
	for k, v := range defaultTags {
		if _, ok := handles[k]; !ok {
			handles[k] = v
		}
	}
	p.handles = handles
}
