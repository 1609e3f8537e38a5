package cassette

// keyer computes the fingerprints of one case repetition turn after turn.
// A request's messages only ever grow by appending, and dryfire's call-id
// numbering walks them in order, so the canonical form of each message is
// computed once and the request's canonical JSON is assembled from cached
// parts: the fingerprint equals Fingerprint(HashArgs(...)) byte for byte
// without re-encoding the whole conversation at every turn.
type keyer struct {
	seen  map[string]string
	msgs  []byte // canonical messages so far, comma-separated
	nmsgs int
	tail  []byte // ,"model":…,"params":…,"provider":…,"schema_version":1,"system":…,"tools":…}
	buf   []byte
}

func newKeyer(provider, model string, system, tools Value, temperature float64) (*keyer, error) {
	k := &keyer{seen: map[string]string{}}
	parts := []struct {
		key string
		v   Value
	}{
		{"model", StringValue(model)},
		{"params", Value{Kind: Object, Members: []Member{
			{"temperature", FloatValue(temperature)},
			{"top_p", NullValue()},
			{"max_tokens", NullValue()},
			{"stop_sequences", ArrayValue()},
		}}},
		{"provider", StringValue(provider)},
		{"schema_version", IntValue(SchemaVersion)},
		{"system", system},
		{"tools", tools},
	}
	for _, p := range parts {
		k.tail = append(k.tail, ',', '"')
		k.tail = append(k.tail, p.key...)
		k.tail = append(k.tail, '"', ':')
		var err error
		if k.tail, err = AppendEncode(k.tail, p.v, EncodeOptions{SortKeys: true, NFC: true}); err != nil {
			return nil, err
		}
	}
	k.tail = append(k.tail, '}')
	return k, nil
}

// add appends messages (in hash form) to the conversation.
func (k *keyer) add(messages ...Value) error {
	for _, m := range messages {
		if k.nmsgs > 0 {
			k.msgs = append(k.msgs, ',')
		}
		var err error
		if k.msgs, err = AppendEncode(k.msgs, normaliseIDs(m, k.seen), EncodeOptions{SortKeys: true, NFC: true}); err != nil {
			return err
		}
		k.nmsgs++
	}
	return nil
}

// fingerprint returns the key of the conversation so far.
func (k *keyer) fingerprint() string {
	k.buf = append(k.buf[:0], `{"messages":[`...)
	k.buf = append(k.buf, k.msgs...)
	k.buf = append(k.buf, ']')
	k.buf = append(k.buf, k.tail...)
	return FingerprintBytes(k.buf)
}
