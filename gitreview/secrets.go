package gitreview

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// The review stops a secret at the door: a change that adds a secret (one
// its committed version does not hold, by hash, and that the project's
// baseline does not accept) is not accepted without saying so. It can be
// accepted anyway, redacted in place (with the same replay proof as
// `secrets --redact`), or its secrets added to the baseline.

// ErrAddsSecrets is what [Review.Accept] refuses: the change adds secrets.
var ErrAddsSecrets = errors.New("adds secrets")

// SecretsError names the secrets a refused change adds (rule, place,
// preview and hash: never the secret).
type SecretsError struct {
	Path     string
	Findings []secrets.Finding
}

func (e *SecretsError) Error() string {
	var parts []string
	for _, f := range e.Findings {
		parts = append(parts, secrets.Mask(f)+" at "+findingPlace(f))
	}
	return fmt.Sprintf("%s adds %d %s: %s", secrets.MaskPath(e.Path), len(e.Findings), secretWord(len(e.Findings)), strings.Join(parts, ", "))
}

// Is reports whether target is ErrAddsSecrets.
func (e *SecretsError) Is(target error) bool { return target == ErrAddsSecrets }

func findingPlace(f secrets.Finding) string {
	switch {
	case f.JSONPath != "":
		return f.JSONPath
	case f.Line > 0:
		return fmt.Sprintf("line %d", f.Line)
	case f.Name != secrets.InContents:
		return "its " + f.Name.String() + " name"
	}
	return "the file"
}

// addedNameSecrets are the secrets in the names of a change's path that
// its committed path (the same for a modification, the old one for a
// rename) did not have: an added file, or one moved, into a directory
// named after a key. Those the baseline accepts are left out.
func (r *Review) addedNameSecrets(it *ReviewItem) []secrets.Finding {
	if it.Kind != Added && it.Kind != Renamed {
		return nil
	}
	had := map[string]bool{}
	if it.Kind == Renamed {
		for _, f := range secrets.ScanPath(it.OldPath) {
			had[f.Hash] = true
		}
	}
	var out []secrets.Finding
	for _, f := range secrets.ScanPath(it.Path) {
		if !had[f.Hash] && !r.Baseline.AcceptsFinding(f) {
			had[f.Hash] = true
			out = append(out, f)
		}
	}
	return out
}

// loadBaseline reads the project's baseline, when there is one. A baseline
// that cannot be read accepts nothing: the gate stays closed.
func (r *Review) loadBaseline() {
	b, err := secrets.ReadBaseline(filepath.Join(r.Root, secrets.DefaultBaselineFile))
	if err == nil {
		r.Baseline = b
	}
}

// addedSecrets returns the secrets the new version holds that the old one
// did not (by hash) and the baseline does not accept. Each secret is
// listed once.
func (r *Review) addedSecrets(rel string, oldData []byte, oldOK bool, newData []byte, newOK bool) []secrets.Finding {
	if !newOK {
		return nil
	}
	had := map[string]bool{}
	if oldOK {
		for _, f := range fileSecrets(rel, oldData) {
			had[f.Hash] = true
		}
	}
	var out []secrets.Finding
	for _, f := range fileSecrets(rel, newData) {
		if f.Unscanned() || had[f.Hash] {
			continue
		}
		had[f.Hash] = true
		if !r.Baseline.AcceptsFinding(f) {
			out = append(out, f)
		}
	}
	return out
}

// fileSecrets scans the bytes of a tape or a dryfire cassette; bytes that
// do not decode are scanned as text.
func fileSecrets(rel string, data []byte) []secrets.Finding {
	return secrets.ScanBytes(rel, data)
}

// maskerOf knows the secrets of both versions of a change, so that a
// secret found in one is masked in the other too.
func maskerOf(bodies ...jsonv.Value) *secrets.Masker {
	return (*secrets.Masker)(nil).Learn(bodies...)
}

// maskCassette returns c with every secret k knows or finds masked.
func maskCassette(k *secrets.Masker, c *cassette.Cassette) *cassette.Cassette {
	if c == nil {
		return nil
	}
	body, _ := k.Apply(c.Body)
	return cassette.FromBody(body)
}

// maskTape returns t with every secret k knows or finds masked.
func maskTape(k *secrets.Masker, t *tape.File) *tape.File {
	if t == nil {
		return nil
	}
	body, _ := k.Apply(t.Body)
	data, err := jsonv.Encode(body, jsonv.EncodeOptions{AllowNonFinite: true})
	if err != nil {
		return t
	}
	m, err := tape.Decode(data)
	if err != nil {
		return t
	}
	return m
}

// Unchanged reports, for the change at p, an error when its file is no
// longer what the review summarised (edited, replaced or removed since):
// what acts on it asks first, as accept and reject do.
func (r *Review) Unchanged(p string) error {
	if err := r.writable(); err != nil {
		return err
	}
	it, ok := r.Item(p)
	if !ok {
		return fmt.Errorf("%s: not among the changed recordings", p)
	}
	return r.unchanged(it)
}

// AddToBaseline accepts the secrets the named changes add: it adds them to
// the project's baseline file (written in the current format, its other
// entries kept) and returns the file and how many secrets were new to it.
// The items are summarised again, so that they can then be accepted.
func (r *Review) AddToBaseline(ctx context.Context, paths []string) (string, int, error) {
	if err := r.writable(); err != nil {
		return "", 0, err
	}
	var found []secrets.Finding
	for _, p := range paths {
		it, ok := r.Item(p)
		if !ok {
			return "", 0, fmt.Errorf("%s: not among the changed recordings", p)
		}
		found = append(found, it.Secrets...)
	}
	file := filepath.Join(r.Root, secrets.DefaultBaselineFile)
	b, err := secrets.ReadBaseline(file)
	switch {
	case errors.Is(err, os.ErrNotExist):
		b = secrets.NewBaseline(nil, "")
	case err != nil:
		return file, 0, err
	}
	n := b.Add(found, "")
	if err := secrets.WriteBaseline(file, b); err != nil {
		return file, 0, err
	}
	r.Baseline = b
	return file, n, r.Refresh(ctx, paths)
}

// Refresh summarises the named items again from their files (after a
// redaction rewrote them).
func (r *Review) Refresh(ctx context.Context, paths []string) error {
	headDirs := map[string][]string{}
	for _, p := range paths {
		it, ok := r.Item(p)
		if !ok {
			continue
		}
		it.Summary, it.Details, it.Secrets, it.revealed = nil, nil, nil, revealed{}
		if err := r.summarise(ctx, it, headDirs); err != nil {
			return err
		}
	}
	r.Cases = groupCases(r.Items)
	return nil
}

// secretWord is "secret", or "secrets" unless n is 1.
func secretWord(n int) string {
	if n == 1 {
		return "secret"
	}
	return "secrets"
}
