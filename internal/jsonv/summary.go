package jsonv

// DecodeSummary decodes a cassette body as strictly as [Decode] but leaves
// out the contents of request_digest and response.raw (kept as empty values
// of their kind), which the store's summary and replay never read: they are
// checked without being built. validUTF8 says the caller has checked that
// all of data is UTF-8, so strings need no check of their own.
func DecodeSummary(data []byte, validUTF8 bool) (Value, error) {
	return decodeDoc(data, DecodeOptions{}, true, validUTF8, nil)
}

// DecodeSummaryFunc is [DecodeSummary] for a caller that keeps little of the
// body: it calls fn with the body when data decodes (and returns the syntax
// error otherwise). The body's arrays and objects live in scratch space that
// the next document decoded reuses, so they are valid only until fn
// returns: fn must [Value.Clone] any array or object it keeps. Strings are
// fn's own. This spares a store load the allocation of every container of
// every file, nearly all of which is dropped as soon as it is read.
func DecodeSummaryFunc(data []byte, validUTF8 bool, fn func(body Value)) error {
	_, err := decodeDoc(data, DecodeOptions{}, true, validUTF8, fn)
	return err
}

// DecodeFunc is [Decode] for a caller that keeps nothing of the document's
// arrays and objects: it calls fn with the value when data decodes (and
// returns the syntax error otherwise), the containers in the same scratch
// space as [DecodeSummaryFunc], valid only until fn returns. The strings
// (keys, texts, number spellings) inside request_digest and response.raw,
// which a store keeps nothing of, are views of data, valid while data is
// unchanged: fn must copy any it keeps (a formatted or concatenated string
// is a copy). validUTF8 says
// the caller has checked that all of data is UTF-8. A store load that scans
// every body (secrets, doctor) decodes each file this way: the containers
// of a whole body were most of what it allocated.
func DecodeFunc(data []byte, validUTF8 bool, fn func(body Value)) error {
	_, err := decodeDoc(data, DecodeOptions{}, false, validUTF8, fn)
	return err
}

// lent reports whether the member key at depth is one whose strings a
// scoped full decode lends from the document's bytes ([DecodeFunc]).
func (d *decoder) lent(depth int, key string) bool {
	return d.scoped && !d.summary && d.borrow == 0 &&
		(depth == 0 && key == "request_digest" || depth == 1 && d.topKey == "response" && key == "raw")
}

// skipped reports whether the member key at depth is left out by a summary.
func (d *decoder) skipped(depth int, key string) bool {
	return d.summary && d.discard == 0 &&
		(depth == 0 && key == "request_digest" || depth == 1 && d.topKey == "response" && key == "raw")
}
