package cassette

import "github.com/dryfire-tui/dryfire-tui/internal/jsonv"

// HashArgsKey returns the key dryfire files the response to a request
// under, from the request's hash args (see [HashableRequest]), together
// with the canonical JSON that is hashed.
func HashArgsKey(hashArgs jsonv.Value) (key string, canonical []byte, err error) {
	req, err := HashableRequest(hashArgs)
	if err != nil {
		return "", nil, err
	}
	canonical, err = jsonv.Canonical(req)
	if err != nil {
		return "", nil, err
	}
	return FingerprintBytes(canonical), canonical, nil
}
