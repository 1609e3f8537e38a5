package yamlrt

// Block scalars: literal (|) and folded (>), with their indicators,
// indentation and line breaks.

func (s *scanner) scanBlockScalar(folded bool) token {
	r := s.r
	style := '|'
	if folded {
		style = '>'
	}
	b := s.newValue()
	start := r.Mark()
	r.Forward(1)
	chomping, increment := s.scanBlockScalarIndicators(start)
	s.scanIgnoredLine("while scanning a block scalar", start)
	minIndent := s.indent + 1
	var breaks []string
	var end Mark
	var indent int
	if increment == 0 {
		var maxIndent int
		breaks, maxIndent, end = s.scanBlockScalarIndentation()
		indent = max(minIndent, maxIndent)
	} else {
		if minIndent < 1 {
			minIndent = 1
		}
		indent = minIndent + increment - 1
		breaks, end = s.scanBlockScalarBreaks(indent)
	}
	lineBreak := ""
	for r.Column() == indent && r.Ch() != 0 {
		for _, br := range breaks {
			b.add(br)
		}
		leadingNonSpace := r.Ch() != ' ' && r.Ch() != '\t'
		n := 0
		for !isEnd(r.Peek(n)) {
			n++
		}
		b.addNext(r, n)
		r.Forward(n)
		lineBreak = s.scanLineBreak(false)
		breaks, end = s.scanBlockScalarBreaks(indent)
		if minIndent == 0 && (s.checkDocumentIndicator("---") || s.checkDocumentIndicator("...")) {
			break
		}
		if r.Column() != indent || r.Ch() == 0 {
			break
		}
		if folded && lineBreak == "\n" && leadingNonSpace && r.Ch() != ' ' && r.Ch() != '\t' {
			if len(breaks) == 0 {
				b.add(" ")
			}
		} else {
			b.add(lineBreak)
		}
	}
	var trailing []string
	if chomping != '-' {
		b.add(lineBreak)
	}
	if chomping == '+' {
		for _, br := range breaks {
			b.add(br)
		}
	} else {
		trailing = breaks
	}
	t := token{kind: tScalar, value: s.valueString(&b), style: style, start: start, end: end}
	if len(trailing) > 0 {
		// ruamel keeps the blank lines and comments after the scalar as
		// its comment, swallowing them here.
		for {
			if _, _, ok := s.scanToNextToken(); !ok {
				break
			}
		}
	}
	return t
}

// scanBlockScalarIndicators reads the chomping ('+', '-' or 0) and
// indentation (1-9, or 0 for none) indicators.
func (s *scanner) scanBlockScalarIndicators(start Mark) (rune, int) {
	r := s.r
	var chomping rune
	increment := 0
	readIncrement := func() {
		if c := r.Ch(); c >= '0' && c <= '9' {
			if c == '0' {
				s.fail("while scanning a block scalar", &start, "expected indentation indicator in the range 1-9, but found 0", r.Mark())
			}
			increment = int(c - '0')
			r.Forward(1)
		}
	}
	if c := r.Ch(); c == '+' || c == '-' {
		chomping = c
		r.Forward(1)
		readIncrement()
	} else if c >= '0' && c <= '9' {
		readIncrement()
		if c := r.Ch(); c == '+' || c == '-' {
			chomping = c
			r.Forward(1)
		}
	}
	if c := r.Ch(); !in(c, "\x00 \r\n\u0085\u2028\u2029") {
		s.fail("while scanning a block scalar", &start, "expected chomping or indentation indicators, but found "+pyReprChar(c), r.Mark())
	}
	return chomping, increment
}

// scanBlockScalarIndentation skips the leading empty lines of a block
// scalar without an indentation indicator and finds its indentation; like
// ruamel it refuses a first empty line with spaces followed by a deeper
// line.
func (s *scanner) scanBlockScalarIndentation() ([]string, int, Mark) {
	r := s.r
	var chunks []string
	firstIndent, maxIndent := -1, 0
	end := r.Mark()
	for c := r.Ch(); c == ' ' || isBreak(c); c = r.Ch() {
		if c != ' ' {
			if firstIndent < 0 {
				firstIndent = r.Column()
			}
			chunks = append(chunks, s.scanLineBreak(false))
			end = r.Mark()
		} else {
			r.Forward(1)
			if r.Column() > maxIndent {
				maxIndent = r.Column()
			}
		}
	}
	if firstIndent > 0 && maxIndent > firstIndent {
		m := r.Mark()
		panic(&Error{Kind: KindSyntax, Context: "more indented follow up line than first in a block scalar", ContextMark: m, HasContext: true, Mark: m})
	}
	return chunks, maxIndent, end
}

func (s *scanner) scanBlockScalarBreaks(indent int) ([]string, Mark) {
	r := s.r
	var chunks []string
	end := r.Mark()
	for r.Column() < indent && r.Ch() == ' ' {
		r.Forward(1)
	}
	for isBreak(r.Ch()) {
		chunks = append(chunks, s.scanLineBreak(false))
		end = r.Mark()
		for r.Column() < indent && r.Ch() == ' ' {
			r.Forward(1)
		}
	}
	return chunks, end
}
