// Package examples ships the example projects inside the binary, so that
// `dryfire-tui --demo` works from any directory. [Materialize] writes the
// demo out with its fake secret filled in, for the demo and for tests
// that need it as a user sees it.
package examples

import (
	"embed"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// Demo holds the demo project under the directory "demo" (its README.md
// says how each status was made).
//
//go:embed all:demo
var Demo embed.FS

// demoSecretPlaceholder marks where the demo's fake secret goes. The
// repository never holds a realistic-looking key: push protection and
// scanners would flag it.
const demoSecretPlaceholder = "@@DEMO_AWS_KEY_ID@@"

// demoSeed makes the fake secret the same on every run.
const demoSeed = 20260801

// Materialize copies the demo project into a new directory under dir
// (dir/dryfire-demo) and fills in its fake secret; prune and edits then act
// on the copy. It returns the copy's root.
func Materialize(dir string) (string, error) {
	root := filepath.Join(dir, "dryfire-demo")
	secret := fakeAWSKeyID(demoSeed)
	err := fs.WalkDir(Demo, "demo", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, "demo"), "/")
		dst := filepath.Join(root, filepath.FromSlash(rel))
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := Demo.ReadFile(p)
		if err != nil {
			return err
		}
		data = []byte(strings.ReplaceAll(string(data), demoSecretPlaceholder, secret))
		return os.WriteFile(dst, data, 0o644)
	})
	return root, err
}

// fakeAWSKeyID returns an AWS-shaped access key id made from seed: "AKIA"
// and 16 characters of the base32 alphabet. It grants nothing.
func fakeAWSKeyID(seed uint64) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	b := []byte("AKIA")
	for range 16 {
		b = append(b, alphabet[r.IntN(len(alphabet))])
	}
	return string(b)
}
