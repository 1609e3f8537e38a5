package yamlrt

// tokenKind is the kind of a scanner token.
type tokenKind uint8

const (
	tStreamStart tokenKind = iota
	tStreamEnd
	tDirective
	tDocumentStart
	tDocumentEnd
	tBlockSequenceStart
	tBlockMappingStart
	tBlockEnd
	tFlowSequenceStart
	tFlowMappingStart
	tFlowSequenceEnd
	tFlowMappingEnd
	tBlockEntry
	tFlowEntry
	tKey
	tValue
	tAlias
	tAnchor
	tTag
	tScalar
	tComment
)

// tokenIDs are the names ruamel gives tokens in its messages.
var tokenIDs = [...]string{
	tStreamStart:        "<stream start>",
	tStreamEnd:          "<stream end>",
	tDirective:          "<directive>",
	tDocumentStart:      "<document start>",
	tDocumentEnd:        "<document end>",
	tBlockSequenceStart: "<block sequence start>",
	tBlockMappingStart:  "<block mapping start>",
	tBlockEnd:           "<block end>",
	tFlowSequenceStart:  "[",
	tFlowMappingStart:   "{",
	tFlowSequenceEnd:    "]",
	tFlowMappingEnd:     "}",
	tBlockEntry:         "-",
	tFlowEntry:          ",",
	tKey:                "?",
	tValue:              ":",
	tAlias:              "<alias>",
	tAnchor:             "<anchor>",
	tTag:                "<tag>",
	tScalar:             "<scalar>",
	tComment:            "<comment>",
}

// token is one scanner token. Only the fields of its kind are set.
type token struct {
	kind       tokenKind
	start, end Mark
	// value: a scalar's text, an anchor's or alias's name, a directive's
	// name.
	value string
	plain bool
	style rune // a scalar's quote or block indicator; 0 for plain
	// A tag: handle ("" with noHandle for a verbatim or lone "!" tag) and
	// suffix.
	handle   string
	noHandle bool
	suffix   string
	// A %YAML directive's version, a %TAG directive's handle and prefix.
	major, minor         int
	tagHandle, tagPrefix string
}

// tokenQueue is the scanner's queue of tokens not yet taken: tokens are
// taken from the front and added at the back (a simple key's KEY token is
// inserted), and the queue is short, so it reuses one array rather than
// reslicing it away.
type tokenQueue struct {
	buf  []token
	head int
}

func (q *tokenQueue) len() int { return len(q.buf) - q.head }

// at is the i-th token of the queue.
func (q *tokenQueue) at(i int) *token { return &q.buf[q.head+i] }

func (q *tokenQueue) push(t token) {
	switch {
	case q.head == len(q.buf):
		q.buf, q.head = q.buf[:0], 0
	case q.head >= 32 && 2*q.head >= len(q.buf):
		n := copy(q.buf, q.buf[q.head:])
		clear(q.buf[n:])
		q.buf, q.head = q.buf[:n], 0
	}
	q.buf = append(q.buf, t)
}

func (q *tokenQueue) pop() token {
	t := q.buf[q.head]
	q.buf[q.head] = token{}
	q.head++
	return t
}

// removeAt drops the i-th token.
func (q *tokenQueue) removeAt(i int) {
	j := q.head + i
	copy(q.buf[j:], q.buf[j+1:])
	q.buf[len(q.buf)-1] = token{}
	q.buf = q.buf[:len(q.buf)-1]
}

// insert puts t before the i-th token.
func (q *tokenQueue) insert(i int, t token) {
	q.buf = append(q.buf, token{})
	j := q.head + i
	copy(q.buf[j+1:], q.buf[j:])
	q.buf[j] = t
}
