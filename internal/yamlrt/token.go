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
