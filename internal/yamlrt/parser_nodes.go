package yamlrt

// The parser's productions below the document: a node, and the entries
// of block and flow collections.

// node parses a node: an alias, or properties and content.
func (p *parser) node(block, indentless bool) event {
	if p.s.checkToken(tAlias) {
		t := p.s.getToken()
		p.state = p.popState()
		return event{kind: eAlias, anchor: t.value, hasAnchor: true, start: t.start, end: t.end}
	}
	var e event
	var start, end, tagMark Mark
	haveStart := false
	if p.s.checkToken(tAnchor) {
		t := p.s.getToken()
		p.moveComment()
		start, end, haveStart = t.start, t.end, true
		e.anchor, e.hasAnchor = t.value, true
		if p.s.checkToken(tTag) {
			t := p.s.getToken()
			tagMark, end = t.start, t.end
			e.tag, e.hasTag = Tag{Handle: t.handle, NoHandle: t.noHandle, Suffix: t.suffix, handles: p.handles}, true
		}
	} else if p.s.checkToken(tTag) {
		t := p.s.getToken()
		p.moveComment()
		start, tagMark, end, haveStart = t.start, t.start, t.end, true
		e.tag, e.hasTag = Tag{Handle: t.handle, NoHandle: t.noHandle, Suffix: t.suffix, handles: p.handles}, true
		if p.s.checkToken(tAnchor) {
			t := p.s.getToken()
			start, tagMark, end = t.start, t.start, t.end
			e.anchor, e.hasAnchor = t.value, true
		}
	}
	if e.hasTag && !e.tag.NoHandle {
		if _, ok := p.handles[e.tag.Handle]; !ok {
			p.failQuoting("while parsing a node", &start, "found undefined tag handle ", pyReprID(e.tag.Handle), tagMark)
		}
	}
	if !haveStart {
		start = p.s.peekToken().start
		end = start
	}
	implicit := !e.hasTag || e.tag.String() == "!"
	e.start, e.end = start, end
	if indentless && p.s.checkToken(tBlockEntry) {
		e.kind, e.implicit[0], e.end = eSequenceStart, implicit, p.s.peekToken().end
		p.state = psIndentlessSequenceEntry
		return e
	}
	switch {
	case p.s.checkToken(tScalar):
		t := p.s.getToken()
		e.kind, e.end, e.value, e.style = eScalar, t.end, t.value, t.style
		switch {
		case (t.plain && !e.hasTag) || (e.hasTag && e.tag.String() == "!"):
			e.implicit = [2]bool{true, false}
		case !e.hasTag:
			e.implicit = [2]bool{false, true}
		}
		p.state = p.popState()
	case p.s.checkToken(tFlowSequenceStart):
		e.kind, e.implicit[0], e.flow, e.end = eSequenceStart, implicit, true, p.s.peekToken().end
		p.state = psFlowSequenceFirstEntry
	case p.s.checkToken(tFlowMappingStart):
		e.kind, e.implicit[0], e.flow, e.end = eMappingStart, implicit, true, p.s.peekToken().end
		p.state = psFlowMappingFirstKey
	case block && p.s.checkToken(tBlockSequenceStart):
		e.kind, e.implicit[0], e.end = eSequenceStart, implicit, p.s.peekToken().start
		p.state = psBlockSequenceFirstEntry
	case block && p.s.checkToken(tBlockMappingStart):
		e.kind, e.implicit[0], e.end = eMappingStart, implicit, p.s.peekToken().start
		p.state = psBlockMappingFirstKey
	case e.hasAnchor || e.hasTag:
		e.kind, e.implicit = eScalar, [2]bool{implicit, false}
		p.state = p.popState()
	default:
		what := "flow"
		if block {
			what = "block"
		}
		t := p.s.peekToken()
		p.fail("while parsing a "+what+" node", &start, "expected the node content, but found "+pyReprID(tokenIDs[t.kind]), t.start)
	}
	return e
}

func (p *parser) blockSequenceEntry() event {
	if p.s.checkToken(tBlockEntry) {
		t := p.s.getToken()
		p.moveComment()
		if !p.s.checkToken(tBlockEntry, tBlockEnd) {
			p.states = append(p.states, psBlockSequenceEntry)
			return p.node(true, false)
		}
		p.state = psBlockSequenceEntry
		return emptyScalar(t.end)
	}
	if !p.s.checkToken(tBlockEnd) {
		t := p.s.peekToken()
		m := p.marks[len(p.marks)-1]
		p.fail("while parsing a block collection", &m, "expected <block end>, but found "+pyReprID(tokenIDs[t.kind]), t.start)
	}
	t := p.s.getToken()
	p.state = p.popState()
	p.marks = p.marks[:len(p.marks)-1]
	return event{kind: eSequenceEnd, start: t.start, end: t.end}
}

func (p *parser) indentlessSequenceEntry() event {
	if p.s.checkToken(tBlockEntry) {
		t := p.s.getToken()
		p.moveComment()
		if !p.s.checkToken(tBlockEntry, tKey, tValue, tBlockEnd) {
			p.states = append(p.states, psIndentlessSequenceEntry)
			return p.node(true, false)
		}
		p.state = psIndentlessSequenceEntry
		return emptyScalar(t.end)
	}
	m := p.s.peekToken().start
	p.state = p.popState()
	return event{kind: eSequenceEnd, start: m, end: m}
}

func (p *parser) blockMappingKey() event {
	if p.s.checkToken(tKey) {
		t := p.s.getToken()
		p.moveComment()
		if !p.s.checkToken(tKey, tValue, tBlockEnd) {
			p.states = append(p.states, psBlockMappingValue)
			return p.node(true, true)
		}
		p.state = psBlockMappingValue
		return emptyScalar(t.end)
	}
	if p.s.after11() && p.s.checkToken(tValue) {
		p.state = psBlockMappingValue
		return emptyScalar(p.s.peekToken().start)
	}
	if !p.s.checkToken(tBlockEnd) {
		t := p.s.peekToken()
		m := p.marks[len(p.marks)-1]
		p.fail("while parsing a block mapping", &m, "expected <block end>, but found "+pyReprID(tokenIDs[t.kind]), t.start)
	}
	t := p.s.getToken()
	p.moveComment()
	p.state = p.popState()
	p.marks = p.marks[:len(p.marks)-1]
	return event{kind: eMappingEnd, start: t.start, end: t.end}
}

func (p *parser) blockMappingValue() event {
	if p.s.checkToken(tValue) {
		t := p.s.getToken()
		if p.s.checkToken(tValue) {
			p.moveComment()
		} else if !p.s.checkToken(tKey) {
			p.moveComment()
		}
		if !p.s.checkToken(tKey, tValue, tBlockEnd) {
			p.states = append(p.states, psBlockMappingKey)
			return p.node(true, true)
		}
		p.state = psBlockMappingKey
		return emptyScalar(t.end)
	}
	p.state = psBlockMappingKey
	return emptyScalar(p.s.peekToken().start)
}

func (p *parser) flowSequenceEntry(first bool) event {
	if !p.s.checkToken(tFlowSequenceEnd) {
		if !first {
			if p.s.checkToken(tFlowEntry) {
				p.s.getToken()
			} else {
				t := p.s.peekToken()
				m := p.marks[len(p.marks)-1]
				p.fail("while parsing a flow sequence", &m, "expected ',' or ']', but got "+pyReprID(tokenIDs[t.kind]), t.start)
			}
		}
		if p.s.checkToken(tKey) {
			t := p.s.peekToken()
			p.state = psFlowSequenceEntryMappingKey
			return event{kind: eMappingStart, start: t.start, end: t.end, implicit: [2]bool{true}, flow: true}
		}
		if !p.s.checkToken(tFlowSequenceEnd) {
			p.states = append(p.states, psFlowSequenceEntry)
			return p.node(false, false)
		}
	}
	t := p.s.getToken()
	p.state = p.popState()
	p.marks = p.marks[:len(p.marks)-1]
	return event{kind: eSequenceEnd, start: t.start, end: t.end}
}

func (p *parser) flowMappingKey(first bool) event {
	if !p.s.checkToken(tFlowMappingEnd) {
		if !first {
			if p.s.checkToken(tFlowEntry) {
				p.s.getToken()
			} else {
				t := p.s.peekToken()
				m := p.marks[len(p.marks)-1]
				p.fail("while parsing a flow mapping", &m, "expected ',' or '}', but got "+pyReprID(tokenIDs[t.kind]), t.start)
			}
		}
		switch {
		case p.s.checkToken(tKey):
			t := p.s.getToken()
			if !p.s.checkToken(tValue, tFlowEntry, tFlowMappingEnd) {
				p.states = append(p.states, psFlowMappingValue)
				return p.node(false, false)
			}
			p.state = psFlowMappingValue
			return emptyScalar(t.end)
		case p.s.after11() && p.s.checkToken(tValue):
			p.state = psFlowMappingValue
			return emptyScalar(p.s.peekToken().end)
		case !p.s.checkToken(tFlowMappingEnd):
			p.states = append(p.states, psFlowMappingEmptyValue)
			return p.node(false, false)
		}
	}
	t := p.s.getToken()
	p.state = p.popState()
	p.marks = p.marks[:len(p.marks)-1]
	return event{kind: eMappingEnd, start: t.start, end: t.end}
}

// pyReprID quotes a name as Python's repr() of a string does.
func pyReprID(s string) string {
	if len(s) == 1 && s == "'" {
		return `"'"`
	}
	return "'" + s + "'"
}
