package cassette

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// hashArgNames are the keyword arguments of dryfire's hashable_request, in
// its order: every one is required, and no other is accepted.
var hashArgNames = []string{"provider", "model", "system", "messages", "tools", "params"}

// HashArgsKey returns the key dryfire files the response to a request
// under, from the request's hash args, together with the canonical JSON
// that is hashed. The hash args are what dryfire's fingerprint takes: an
// object with exactly provider, model, system, messages, tools and params
// (dryfire raises a TypeError for a missing or an unknown one); a
// cassette's request_digest, which adds schema_version, is accepted too.
func HashArgsKey(hashArgs jsonv.Value) (key string, canonical []byte, err error) {
	if err := checkHashArgs(hashArgs); err != nil {
		return "", nil, err
	}
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

// checkHashArgs refuses what dryfire's fingerprint would refuse for its
// keyword arguments: a missing one, an unknown one.
func checkHashArgs(v jsonv.Value) error {
	if v.Kind != jsonv.Object {
		return fmt.Errorf("hash args must be an object, not %s", v.Kind)
	}
	for _, m := range v.Members {
		if !slices.Contains(hashArgNames, m.Key) && m.Key != "schema_version" {
			return fmt.Errorf("not dryfire hash args: unexpected key %s (they are %s)", strconv.Quote(m.Key), strings.Join(hashArgNames, ", "))
		}
	}
	var missing []string
	for _, k := range hashArgNames {
		if !v.Has(k) {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("not dryfire hash args: missing %s", strings.Join(missing, ", "))
	}
	return nil
}
