//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
)

// The hostile cases of secrets: keys in the names of files and
// directories, which every command prints, and a cassette of tens of
// thousands of distinct keys, which every surface that masks must mask in
// one pass. They run the built binary as the hostile-input suite does,
// under its deadline and address-space ceiling (runHostile).

// namedSecrets are the keys a tree plants in names, and where.
type namedSecrets struct {
	suiteDir, caseDir, cassette, tape, link, added secrettest.Secret
}

func (n namedSecrets) all() []secrettest.Secret {
	return []secrettest.Secret{n.suiteDir, n.caseDir, n.cassette, n.tape, n.link, n.added}
}

// secretNames builds project-A in a git repository with a key in the name
// of an orphaned suite's directory, an orphaned case's directory, a
// misnamed cassette, a tape and a link to a directory (not followed),
// then adds, uncommitted, a recording in a directory named after another
// key, for review.
func secretNames(t *testing.T) (string, namedSecrets) {
	t.Helper()
	g := secrettest.New(29)
	n := namedSecrets{suiteDir: g.Anthropic(), caseDir: g.OpenAI(), cassette: g.AWSKeyID(), tape: g.AWSKeyID(), link: g.AWSKeyID(), added: g.AWSKeyID()}
	dir := projectA(t)
	live, err := os.ReadFile(filepath.Join(dir, liveCassette))
	if err != nil {
		t.Fatal(err)
	}
	tapeData, err := os.ReadFile("testdata/golden/tapes/tapes/js-parity.json")
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(dir, ".dryfire/cassettes")
	write(t, filepath.Join(root, n.suiteDir.Text, "some_case", "00-0123456789abcdef.json"), string(live))
	write(t, filepath.Join(root, "refund_agent", n.caseDir.Text, "00-0123456789abcdef.json"), string(live))
	write(t, filepath.Join(dir, caseDir, n.cassette.Text+".json"), string(live))
	write(t, filepath.Join(dir, "tapes", n.tape.Text+".json"), string(tapeData))
	if err := os.MkdirAll(filepath.Join(dir, "elsewhere"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "elsewhere"), filepath.Join(root, n.link.Text)); err != nil {
		t.Fatal(err)
	}
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "-c", "commit.gpgsign=false", "commit", "-q", "-m", "names")
	write(t, filepath.Join(root, n.added.Text, "c", "00-0123456789abcdef.json"), string(live))
	return dir, n
}

// TestHostileSecretsInNames runs every command on a tree with keys in the
// names of directories and files: no command prints one (only --reveal
// does), secrets lists each as a finding of its name and fails, and prune
// removes the orphaned files through their real paths.
func TestHostileSecretsInNames(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir, n := secretNames(t)
	named := ".dryfire/cassettes/refund_agent/parallel_lookups/" + n.cassette.Text + ".json"
	added := ".dryfire/cassettes/" + n.added.Text + "/c/00-0123456789abcdef.json"
	revealing := [][]string{{"show", "--reveal", named}, {"review", "--reveal"}}
	all := slices.Concat(everyCommand, everyJSON, [][]string{
		{"show", named}, {"show", "--json", named}, {"ls", "--json"}, {"replay", "--json"},
		{"run", "--cassette-mode", "replay", "--reporter", "json"}, {"review", "--accept", added},
	}, revealing, everyAction)
	runs := map[string]run{}
	for _, args := range all {
		exec := runHostile
		if slices.Equal(args, []string{"review", "--reveal"}) {
			exec = runHostilePipe // on a terminal it opens the review browser
		}
		r := exec(t, dir, nil, args...)
		runs[strings.Join(args, " ")] = r
		if slices.ContainsFunc(revealing, func(a []string) bool { return slices.Equal(a, args) }) {
			continue
		}
		if leaked := secrettest.Leaked(r.stdout+r.stderr, n.all()); len(leaked) > 0 {
			t.Errorf("prints %v in clear\n%v", leaked, r)
		}
	}
	if r := runs["show --reveal "+named]; !strings.Contains(r.stdout, n.cassette.Text) {
		t.Errorf("show --reveal does not show the file's name\n%v", r)
	}
	if r := runs["review --reveal"]; !strings.Contains(r.stdout, n.added.Text) {
		t.Errorf("review --reveal does not show the added file's directory\n%v", r)
	}
	if r := runs["ls"]; !strings.Contains(r.stdout, "[aws-access-key-id AKIA") || !strings.Contains(r.stdout, "[anthropic-api-key sk-ant-api03-") {
		t.Errorf("ls does not show the names' masks\n%v", r)
	}
	if r := runs["review --accept "+added]; r.code != 1 || !strings.Contains(r.stderr, "adds 1 secret:") {
		t.Errorf("review --accept of a file named after a key: want it refused for the secret it adds\n%v", r)
	}
	checkNameFindings(t, runs["secrets --json"], n)
	if r := runs["secrets --redact"]; r.code != 1 || !strings.Contains(r.stdout, "a secret in the directory's name: rename it") {
		t.Errorf("secrets --redact: want the names listed as not redacted, exit 1\n%v", r)
	}
	// prune --yes removed the orphaned case's file by its real path.
	if _, err := os.Stat(filepath.Join(dir, ".dryfire/cassettes/refund_agent", n.caseDir.Text, "00-0123456789abcdef.json")); !os.IsNotExist(err) {
		t.Errorf("the orphaned case named after a key was not pruned: %v\n%v", err, runs["prune --yes"])
	}
	if _, err := os.Stat(filepath.Join(dir, liveCassette)); err != nil {
		t.Errorf("a live cassette was removed: %v", err)
	}
}

// checkNameFindings checks that secrets --json lists the secret of every
// name as a finding of that name, and fails.
func checkNameFindings(t *testing.T, r run, n namedSecrets) {
	t.Helper()
	var doc struct {
		Findings []struct {
			Path, JSONPath, Rule, Name string
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || r.code != 1 {
		t.Fatalf("secrets --json: exit %d, %v\n%v", r.code, err, r)
	}
	want := map[string]string{"anthropic-api-key": "directory", "openai-api-key": "directory"}
	got := map[string]int{}
	for _, f := range doc.Findings {
		if f.Name == "" {
			continue
		}
		got[f.Rule+" "+f.Name]++
		if w, ok := want[f.Rule]; ok && w != f.Name || f.JSONPath != "" || !strings.Contains(f.Path, "["+f.Rule+" ") {
			t.Errorf("finding %+v: want a %s name, no JSON path, the path masked", f, want[f.Rule])
		}
	}
	// The key ids: the misnamed cassette and the tape (files), the added
	// recording's directory; the link is not walked into, and its name is
	// not a recording's.
	for k, c := range map[string]int{"anthropic-api-key directory": 1, "openai-api-key directory": 1, "aws-access-key-id file": 2, "aws-access-key-id directory": 1} {
		if got[k] != c {
			t.Errorf("%d findings of %s, want %d (all: %v)", got[k], k, c, got)
		}
	}
}

// manyKeysCassette replaces the response text of the live cassette with n
// distinct AWS access key ids in one string, as an attacker's recording
// would carry them.
func manyKeysCassette(t *testing.T, n int) (string, []secrettest.Secret) {
	t.Helper()
	dir := projectA(t)
	g := secrettest.New(13)
	keys := make([]secrettest.Secret, 0, n)
	texts := make([]string, 0, n)
	seen := map[string]bool{}
	for len(keys) < n {
		k := g.AWSKeyID()
		if !seen[k.Text] {
			seen[k.Text] = true
			keys, texts = append(keys, k), append(texts, k.Text)
		}
	}
	secrettest.EditCassette(t, dir, liveCassette, func(body *jsonv.Value) {
		resp := body.Field("response")
		resp.Set("text", jsonv.StringValue(strings.Join(texts, " ")))
		body.Set("response", resp)
	})
	return dir, keys
}

// TestHostileManyDistinctKeys masks a 1.7 MB cassette of 80,000 distinct
// key ids on every surface that masks: show (text and JSON), the listing,
// the gate and the secrets scan end under the suite's deadline, memory
// ceiling and address-space cap (masking once cost the keys times the
// bytes: 80,000 took show 40 s), and print none of the keys.
func TestHostileManyDistinctKeys(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir, keys := manyKeysCassette(t, 80000)
	sample := keys[:200]
	for _, args := range [][]string{{"show", liveCassette}, {"show", "--json", liveCassette}, {"ls"}, {"secrets"}, {"check"}} {
		r := runHostile(t, dir, nil, args...)
		if leaked := secrettest.Leaked(r.stdout+r.stderr, sample); len(leaked) > 0 {
			t.Errorf("prints %d keys in clear, %v…\n%v", len(leaked), leaked[:min(3, len(leaked))], r)
		}
		if args[0] == "show" && !strings.Contains(r.stdout, "[aws-access-key-id AKIA") {
			t.Errorf("show does not mask the keys\n%.600s", r.stdout)
		}
	}
}
