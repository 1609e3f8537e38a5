//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hostileTree is a project built at test time to attack the commands.
type hostileTree struct {
	name string
	// make builds the tree and returns the directory the commands run in.
	make func(t *testing.T) string
	// env are extra environment variables of every run.
	env []string
	// extra are runs made after everyCommand, before everyAction.
	extra [][]string
	// check looks at the tree and the runs afterwards (runs by their
	// arguments joined with spaces).
	check func(t *testing.T, dir string, runs map[string]run)
}

const (
	goldenProjectA = "testdata/golden/dryfire/project-A"
	caseDir        = ".dryfire/cassettes/refund_agent/parallel_lookups"
	liveCassette   = caseDir + "/01-3d3d451719dd1a54.json"
	// hostileName is where a hostile file stands among the recordings:
	// named like a cassette of a live case.
	hostileName = caseDir + "/02-0123456789abcdef.json"
)

// projectA copies golden project-A into a git repository with one commit.
func projectA(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "project")
	if err := os.CopyFS(dir, os.DirFS(goldenProjectA)); err != nil {
		t.Fatal(err)
	}
	gitIn(t, dir, "init", "-q", "-b", "main")
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "-c", "commit.gpgsign=false", "commit", "-q", "-m", "recordings")
	return dir
}

func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = hostileEnv()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// replaceWith removes path (if any) and makes it a special file.
func replaceWith(t *testing.T, path, kind string) {
	t.Helper()
	os.Remove(path)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	var err error
	switch kind {
	case "fifo":
		err = syscall.Mkfifo(path, 0o644)
	case "devzero":
		err = os.Symlink("/dev/zero", path)
	case "socket":
		err = syscall.Mknod(path, syscall.S_IFSOCK|0o644, 0)
	case "huge":
		var f *os.File
		if f, err = os.Create(path); err == nil {
			err = f.Truncate(10 << 30) // sparse: no disk used
			f.Close()
		}
	}
	if err != nil {
		t.Fatalf("make %s %s: %v", kind, path, err)
	}
}

// special is a tree with one special file at rel, which every command
// must report (saying what it is) and never read, remove or replace.
func special(name, kind, rel, says string, extra ...[]string) hostileTree {
	return hostileTree{
		name: name,
		make: func(t *testing.T) string {
			dir := projectA(t)
			replaceWith(t, filepath.Join(dir, rel), kind)
			return dir
		},
		extra: extra,
		check: func(t *testing.T, dir string, runs map[string]run) {
			if !mentionedAnywhere(runs, says) {
				t.Errorf("no run says %q about %s", says, rel)
			}
			if fi, err := os.Lstat(filepath.Join(dir, rel)); err != nil || fi.Mode().IsRegular() && kind != "huge" {
				t.Errorf("%s was removed or replaced: %v", rel, err)
			}
		},
	}
}

// mentionedAnywhere reports whether some run printed s.
func mentionedAnywhere(runs map[string]run, s string) bool {
	for _, r := range runs {
		if strings.Contains(r.stdout, s) || strings.Contains(r.stderr, s) {
			return true
		}
	}
	return false
}

const (
	fifoSays    = "named pipe (FIFO), not a regular file: not read"
	devzeroSays = "character device, not a regular file: not read"
)

var hostileTrees = []hostileTree{
	special("fifo named like a cassette", "fifo", hostileName, fifoSays, []string{"fingerprint", hostileName}),
	special("link to /dev/zero named like a cassette", "devzero", hostileName, devzeroSays, []string{"fingerprint", hostileName}),
	special("socket named like a cassette", "socket", hostileName, "socket, not a regular file: not read"),
	special("10 GiB sparse cassette", "huge", hostileName, "10 GiB, over the file size limit of 64 MiB"),
	special("fifo as a suite", "fifo", "evals/ops/incident.eval.yaml", fifoSays),
	special("link to /dev/zero as a suite", "devzero", "evals/ops/incident.eval.yaml", "leads into /dev through a symbolic link: not read"),
	special("fifo as a $ref target", "fifo", "evals/schemas/escalate_to_human.json", fifoSays),
	special("link to /dev/zero as a $ref target", "devzero", "evals/schemas/search_flights.schema.json", "leads into /dev through a symbolic link: not read"),
	special("fifo as dryfire.yaml", "fifo", "dryfire.yaml", fifoSays),
	special("link to /dev/zero as dryfire.yaml", "devzero", "dryfire.yaml", devzeroSays),
	special("fifo as the secrets baseline", "fifo", ".dryfire-tui-secrets.json", fifoSays),
	special("link to /dev/zero as the secrets baseline", "devzero", ".dryfire-tui-secrets.json", devzeroSays),
	special("fifo as a tape", "fifo", "tapes/chat.json", fifoSays),
	special("link to /dev/zero as a tape", "devzero", ".tapes/chat.json", devzeroSays),
	escapesEverywhere,
	rootIsTheProjectInAFreshRepository,
	rootIsTheParent,
	symlinkedRoot,
	globNames,
	loopsAndDepth,
	leftoversAndLinks,
	yamlExhaustion,
}

// Escape sequences a hostile recording or spec can carry: OSC 0 (window
// title), OSC 52 (the reader's clipboard), CSI 2J (clear the screen), SGR
// (colour), the one-byte CSI (C1), and U+202E (right-to-left override).
const (
	oscTitle     = "\x1b]0;pwned\x07"
	oscClipboard = "\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\x07"
	clearScreen  = "\x1b[2J\x1b[H"
	evilName     = "evil" + oscTitle + clearScreen + "\u202e" + "\x1b[31m"
)

// escapesEverywhere puts escape sequences in file and directory names
// (a newline too), suite and case names, recorded text, a tape, and a
// YAML line echoed in a spec error.
var escapesEverywhere = hostileTree{
	name: "escape sequences in every name and value",
	make: func(t *testing.T) string {
		dir := projectA(t)
		live, err := os.ReadFile(filepath.Join(dir, liveCassette))
		if err != nil {
			t.Fatal(err)
		}
		// Recorded text: JSON escapes, as dryfire writes them.
		evilText := `\u001b]52;c;Y3VybCBldmlsLnNo\u0007\u001b[2J\u202e\u009b2J `
		write(t, filepath.Join(dir, liveCassette), strings.ReplaceAll(string(live), `"text": "A-991`, `"text": "`+evilText+`A-991`))
		// Names: a misnamed file beside the live ones, and an orphaned
		// suite whose directory names hold escapes and a newline.
		write(t, filepath.Join(dir, caseDir, "03-0123456789abcdef"+oscTitle+".json"), string(live))
		write(t, filepath.Join(dir, ".dryfire/cassettes", evilName, "case\nremoved everything", "00-0123456789abcdef.json"), string(live))
		// Suite and case names, and an input, with escapes (YAML's \e).
		write(t, filepath.Join(dir, "evals/evil.eval.yaml"), `name: "evil\e]0;title\a\u202e"
cases:
  - name: "case\e[2J\nfake line"
    input: "hi \e]52;c;ZXZpbA==\a"
    expect:
      - final_contains: "\e[2J"
`)
		// A spec error whose source line, echoed with a caret, holds raw
		// escapes.
		write(t, filepath.Join(dir, "evals/broken.eval.yaml"), "name: broken\ncases: []\nretries: 2 # "+oscClipboard+clearScreen+"\n")
		write(t, filepath.Join(dir, "tapes/evil.json"), `{"version": 1, "name": "evil\u001b]0;t\u0007", "entries": {"0000000000000000": [{"args": ["\u202e\u001b[2J"], "result": "\u001b]52;c;eA==\u0007"}]}}`)
		return dir
	},
	extra: [][]string{
		everyJSON[0], everyJSON[1], everyJSON[2], everyJSON[3], everyJSON[4], everyJSON[5],
		{"show", caseDir + "/03-0123456789abcdef" + oscTitle + ".json"},
		{"show", liveCassette},
		{"review", "--accept", caseDir + "/03-0123456789abcdef" + oscTitle + ".json"},
	},
	check: func(t *testing.T, dir string, runs map[string]run) {
		for cmd, want := range map[string]string{
			"ls":                    `03-0123456789abcdef\x1b]0;pwned\x07.json`,
			"show " + liveCassette:  `\x1b]52;c;Y3VybCBldmlsLnNo\x07\x1b[2J\u202e\u009b2J A-991`,
			"replay":                `evil\x1b]0;title\x07\u202e`,
			"check --format github": `\x1b[2J`,
			"prune":                 `case\nremoved everything`,
		} {
			if r := runs[cmd]; !strings.Contains(r.stdout+r.stderr, want) {
				t.Errorf("%s does not show %q visibly\n%v", cmd, want, r)
			}
		}
		if !mentionedAnywhere(runs, `retries: 2 # \x1b]52;c;`) {
			t.Error("no run echoes the broken suite's line, escaped")
		}
	},
}

// refusesToChange checks that the runs that remove or rewrite files
// refused with exit 2, naming why.
func refusesToChange(t *testing.T, runs map[string]run, reason string) {
	t.Helper()
	for _, cmd := range []string{"prune", "prune --yes", "doctor --fix"} {
		if r := runs[cmd]; r.code != 2 || !strings.Contains(r.stderr, reason) {
			t.Errorf("%s: want exit 2 saying %q\n%v", cmd, reason, r)
		}
	}
}

// rootIsTheProjectInAFreshRepository: cassettes.dir "." in a repository
// with no commit, where dryfire's prune --yes removes the empty
// directories of .git and leaves git broken.
var rootIsTheProjectInAFreshRepository = hostileTree{
	name: "cassette root . in a fresh git repository",
	make: func(t *testing.T) string {
		dir := filepath.Join(t.TempDir(), "project")
		if err := os.CopyFS(dir, os.DirFS(goldenProjectA)); err != nil {
			t.Fatal(err)
		}
		gitIn(t, dir, "init", "-q", "-b", "main")
		config, _ := os.ReadFile(filepath.Join(dir, "dryfire.yaml"))
		write(t, filepath.Join(dir, "dryfire.yaml"), strings.Replace(string(config), "dir: .dryfire/cassettes", "dir: .", 1))
		return dir
	},
	check: func(t *testing.T, dir string, runs map[string]run) {
		refusesToChange(t, runs, "is the project root: refusing to remove or rewrite files there")
		gitIn(t, dir, "status", "--porcelain")
		for _, p := range []string{".git/refs/tags", ".git/objects/info", "evals/schemas/escalate_to_human.json"} {
			if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
				t.Errorf("%s is gone: %v", p, err)
			}
		}
	},
}

// rootIsTheParent: cassettes.dir ".." reaches files outside the project.
var rootIsTheParent = hostileTree{
	name: "cassette root .. outside the project",
	make: func(t *testing.T) string {
		dir := projectA(t)
		write(t, filepath.Join(filepath.Dir(dir), "other", "work", "00-0123456789abcdef.json"), `{"not": "yours"}`)
		config, _ := os.ReadFile(filepath.Join(dir, "dryfire.yaml"))
		write(t, filepath.Join(dir, "dryfire.yaml"), strings.Replace(string(config), "dir: .dryfire/cassettes", "dir: ..", 1))
		return dir
	},
	check: func(t *testing.T, dir string, runs map[string]run) {
		refusesToChange(t, runs, "contains the project root")
		if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "other", "work", "00-0123456789abcdef.json")); err != nil {
			t.Errorf("a file outside the project is gone: %v", err)
		}
	},
}

// symlinkedRoot: .dryfire/cassettes is a link, which dryfire follows.
var symlinkedRoot = hostileTree{
	name: "symlinked cassette root",
	make: func(t *testing.T) string {
		dir := projectA(t)
		elsewhere := filepath.Join(filepath.Dir(dir), "shared-cassettes")
		if err := os.Rename(filepath.Join(dir, ".dryfire/cassettes"), elsewhere); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(elsewhere, filepath.Join(dir, ".dryfire/cassettes")); err != nil {
			t.Fatal(err)
		}
		return dir
	},
	check: func(t *testing.T, dir string, runs map[string]run) {
		var doc struct{ Recordings []struct{ Status string } }
		if err := json.Unmarshal([]byte(runs["ls --json"].stdout), &doc); err != nil {
			t.Fatal(err)
		}
		live := 0
		for _, r := range doc.Recordings {
			if r.Status == "live" {
				live++
			}
		}
		if live != 42 {
			t.Errorf("%d live recordings through the link, want project-A's 42", live)
		}
		if r := runs["replay"]; r.code != 0 {
			t.Errorf("replay through the link misses\n%v", r)
		}
	},
}

// globNames are recordings named with glob characters: git must take
// them as literal paths.
var globNames = hostileTree{
	name: "file names with glob characters",
	make: func(t *testing.T) string {
		dir := projectA(t)
		live, _ := os.ReadFile(filepath.Join(dir, liveCassette))
		for _, n := range []string{"*.json", "[0-9]*.json", "0?-3d3d451719dd1a54.json", "04-3d3d451719dd1a54.json"} {
			write(t, filepath.Join(dir, caseDir, n), string(live))
		}
		return dir
	},
	extra: [][]string{{"review", "--accept", caseDir + "/*.json"}},
	check: func(t *testing.T, dir string, runs map[string]run) {
		staged := strings.Fields(gitIn(t, dir, "diff", "--cached", "--name-only"))
		if !slices.Equal(staged, []string{caseDir + "/*.json"}) {
			t.Errorf("review --accept of *.json staged %q", staged)
		}
	},
}

// loopsAndDepth: symbolic link loops and a deep tree.
var loopsAndDepth = hostileTree{
	name: "symlink loops and deep nesting",
	make: func(t *testing.T) string {
		dir := projectA(t)
		root := filepath.Join(dir, ".dryfire/cassettes")
		for link, target := range map[string]string{"loop": ".", "refund_agent/up": "..", "self.json": "self.json"} {
			if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
				t.Fatal(err)
			}
		}
		deep := root
		for range 300 {
			deep = filepath.Join(deep, "d")
		}
		write(t, filepath.Join(deep, "00-0123456789abcdef.json"), "{}")
		return dir
	},
	check: func(t *testing.T, dir string, runs map[string]run) {
		if !strings.Contains(runs["ls"].stderr, "symbolic link to a directory, not followed") {
			t.Errorf("the loops are not reported\n%v", runs["ls"])
		}
	},
}

// leftoversAndLinks: the temporary file of a killed write (doctor reports
// it, --fix removes it) and a cassette that is a link to a file holding a
// secret and a format problem (neither --fix nor --redact writes through
// it, and both say so).
var leftoversAndLinks = hostileTree{
	name: "leftover temporary files and linked cassettes",
	make: func(t *testing.T) string {
		dir := projectA(t)
		tmp := filepath.Join(dir, caseDir, "00-6e943a4a4125d90d.json.k3_x9a2z.tmp")
		write(t, tmp, `{"schema_ver`)
		old := time.Now().Add(-time.Hour)
		if err := os.Chtimes(tmp, old, old); err != nil {
			t.Fatal(err)
		}
		live, _ := os.ReadFile(filepath.Join(dir, liveCassette))
		secret := "hf_" + "q8ZkT3vN0pLr7WcY2mHs5JdX9bGf1RaE4u"
		target := filepath.Join(filepath.Dir(dir), "shared.json")
		write(t, target, strings.Replace(string(live), `"text": "A-991`, `"text": "token `+secret+` A-991`, 1)+"\n")
		link := filepath.Join(dir, liveCassette)
		os.Remove(link)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		return dir
	},
	check: func(t *testing.T, dir string, runs map[string]run) {
		if r := runs["doctor"]; !strings.Contains(r.stdout, "00-6e943a4a4125d90d.json.k3_x9a2z.tmp: temp:") {
			t.Errorf("doctor does not report the temporary file\n%v", r)
		}
		if _, err := os.Stat(filepath.Join(dir, caseDir, "00-6e943a4a4125d90d.json.k3_x9a2z.tmp")); !os.IsNotExist(err) {
			t.Errorf("doctor --fix left the temporary file: %v", err)
		}
		for _, cmd := range []string{"doctor --fix", "secrets --redact"} {
			if r := runs[cmd]; !strings.Contains(r.stdout, "is a symbolic link: not rewritten") {
				t.Errorf("%s does not say it left the link\n%v", cmd, r)
			}
		}
		if r := runs["secrets --redact"]; strings.Contains(r.stdout, "redacted 1 secret in "+liveCassette) {
			t.Errorf("secrets --redact claims the linked file\n%v", r)
		}
		if fi, err := os.Lstat(filepath.Join(dir, liveCassette)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link was replaced: %v", err)
		}
		if data, _ := os.ReadFile(filepath.Join(filepath.Dir(dir), "shared.json")); !bytes.Contains(data, []byte("hf_")) {
			t.Error("the link's target changed")
		}
	},
}
