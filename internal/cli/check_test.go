package cli

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
)

// checkSecretCassette is the cassette the secret is planted in.
const checkSecretCassette = ".dryfire/cassettes/refund_agent/parallel_lookups/01-3d3d451719dd1a54.json"

// checkFakeKey generates an Anthropic-shaped key from a seed. It is random,
// never issued to anyone, and never written down in the repository.
func checkFakeKey(seed uint64) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
	r := rand.New(rand.NewPCG(seed, seed^0xc4ec))
	b := make([]byte, 93)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return "sk-" + "ant-api03-" + string(b) + "AA"
}

// plantInResponse appends text to the recorded response text of one
// cassette, keeping the file exactly as dryfire writes it: only the secret
// scan can notice.
func plantInResponse(t *testing.T, dir, rel, text string) {
	t.Helper()
	secrettest.EditCassette(t, dir, rel, func(body *jsonv.Value) {
		v := body.Field("response")
		v.Set("text", jsonv.StringValue(v.Field("text").Str()+" "+text))
		body.Set("response", v)
	})
}

// secretProject is project-A with one generated key in a recorded response.
func secretProject(t *testing.T) (dir, key string) {
	t.Helper()
	dir = copyProject(t, "project-A")
	key = checkFakeKey(6)
	found := false
	secrets.ScanValue(jsonv.StringValue("token "+key), "", func(secrets.Finding) { found = true })
	if !found {
		t.Fatal("the generated key is not one the secret rules find")
	}
	plantInResponse(t, dir, checkSecretCassette, "use "+key)
	return dir, key
}

type checkJSON struct {
	OK      bool            `json:"ok"`
	Replay  json.RawMessage `json:"replay"`
	Run     json.RawMessage `json:"run"`
	Secrets json.RawMessage `json:"secrets"`
	Prune   json.RawMessage `json:"prune"`
	Doctor  json.RawMessage `json:"doctor"`
}

func decodeAny(t *testing.T, data []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, data)
	}
	return v
}

// TestCheckProjects runs check on a clean project, a stale one, one with
// orphans and one with a secret: exit status, the failing parts, and each
// JSON part equal to what its own command prints with --json.
func TestCheckProjects(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		dir      func(t *testing.T) string
		code     int
		problems map[string]int // failing parts and their problem counts
		text     []string
	}{
		"clean": {
			dir:  func(t *testing.T) string { return copyProject(t, "project-A") },
			code: exitOK,
			// The case that ends in unmocked_tool passes, as dryfire
			// passes it, and check says so (issue 24, item 4).
			text: []string{"replay   ok  19 repetitions hit, 1 skipped\n",
				"run      ok  18 cases passed; 1 of the passed ended in unmocked_tool (dryfire passes it; its JUnit file counts it as an error)\n",
				"secrets  ok  42 files scanned\n",
				"prune    ok  nothing to prune\n", "doctor   ok  42 files checked\n", "check passed\n"},
		},
		// Five cases miss: five problems, on the suite line that changed
		// (the case's line after it), and the run part says that they
		// fail by those misses without counting them again (issue 24,
		// item 18: before, "10 problems (replay 5, run 5)").
		"stale": {
			dir:      func(t *testing.T) string { return copyProject(t, "project-B-tool-description") },
			code:     exitFindings,
			problems: map[string]int{"replay": 5, "run": 5},
			text: []string{"replay   5 problems\n",
				"  refund_agent::parallel_lookups  miss at turn 0 (key 655f68744ead8cf8): tool lookup_order: description changed\n" +
					"    evals/support/refund_agent.eval.yaml:10 tool lookup_order: description · case at line 58 · recorded .dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json\n",
				"run      13 cases passed; 5 failed by the replay problems above (counted there); 1 of the passed ended in unmocked_tool (dryfire passes it; its JUnit file counts it as an error)\n",
				"check failed: 5 problems (replay 5)\n"},
		},
		"orphans": {
			dir:      func(t *testing.T) string { return copyProject(t, "project-H-suite-deleted") },
			code:     exitFindings,
			problems: map[string]int{"prune": 5},
			text: []string{"prune    5 problems\n",
				"  .dryfire/cassettes/checkout_flow_v2-29a2d01e/add_to_cart-31900a39/00-18e3b46f79267a2b.json (orphaned suite)\n",
				"  fix: dryfire-tui prune --yes\n", "check failed: 5 problems (prune 5)\n"},
		},
		"secret": {
			dir: func(t *testing.T) string {
				dir, _ := secretProject(t)
				return dir
			},
			code:     exitFindings,
			problems: map[string]int{"secrets": 1},
			text: []string{"secrets  1 problem\n",
				"  " + checkSecretCassette + "  response.text  anthropic-api-key  sha256:",
				"check failed: 1 problem (secrets 1)\n"},
		},
		"schema and integrity": {
			dir:      func(t *testing.T) string { return copyProject(t, "project-K-schema-version-bumped") },
			code:     exitFindings,
			problems: map[string]int{"replay": 1, "prune": 1, "doctor": 1},
			text:     []string{"check failed: 3 problems (replay 1, prune 1, doctor 1)\n"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := tc.dir(t)
			out, errOut, code := runCmd(t, "check", dir)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			for _, want := range tc.text {
				if !strings.Contains(out, want) {
					t.Errorf("text report lacks %q:\n%s", want, out)
				}
			}
			for _, part := range report.CheckParts {
				line := part + strings.Repeat(" ", 9-len(part))
				if _, bad := tc.problems[part]; !bad && !strings.Contains(out, "\n"+line+"ok  ") && !strings.HasPrefix(out, line+"ok  ") {
					t.Errorf("%s should be ok:\n%s", part, out)
				}
			}

			jsonOut, _, jcode := runCmd(t, "check", "--json", dir)
			if jcode != tc.code {
				t.Errorf("--json: exit %d, want %d", jcode, tc.code)
			}
			var doc checkJSON
			if err := json.Unmarshal([]byte(jsonOut), &doc); err != nil {
				t.Fatalf("check --json: %v\n%s", err, jsonOut)
			}
			if doc.OK != (tc.code == exitOK) {
				t.Errorf("ok = %v, exit %d", doc.OK, tc.code)
			}
			parts := map[string]json.RawMessage{"replay": doc.Replay, "secrets": doc.Secrets, "prune": doc.Prune, "doctor": doc.Doctor}
			var run report.RunCheck
			if err := json.Unmarshal(doc.Run, &run); err != nil || run.Failed != tc.problems["run"] || run.Passed+run.Failed == 0 {
				t.Errorf("check's run part %s, want %d failing cases", doc.Run, tc.problems["run"])
			}
			for _, part := range report.CheckParts {
				if part == report.PartRun {
					continue // the run part sums up the verdicts; run prints the whole run document
				}
				own, _, _ := runCmd(t, part, "--json", dir)
				if got, want := decodeAny(t, parts[part]), decodeAny(t, []byte(own)); !reflect.DeepEqual(got, want) {
					t.Errorf("check's %s part differs from %s --json:\ncheck: %s\nown:   %s", part, part, parts[part], own)
				}
			}
			formatOut, _, _ := runCmd(t, "check", "--format", "json", dir)
			if formatOut != jsonOut {
				t.Errorf("--format json and --json differ")
			}
		})
	}
}

// TestCheckNeverPrintsTheSecret looks at every output format.
func TestCheckNeverPrintsTheSecret(t *testing.T) {
	t.Parallel()
	dir, key := secretProject(t)
	for _, args := range [][]string{{"check", dir}, {"check", "--json", dir}, {"check", "--format", "github", dir}} {
		out, errOut, code := runCmd(t, args...)
		if code != exitFindings {
			t.Errorf("%v: exit %d", args, code)
		}
		for _, half := range []string{key, key[:40], key[40:]} {
			if strings.Contains(out+errOut, half) {
				t.Errorf("%v prints (part of) the secret", args)
			}
		}
	}
}

// TestCheckBaseline accepts the planted secret through the default baseline
// file, then through --baseline.
func TestCheckBaseline(t *testing.T) {
	t.Parallel()
	dir, _ := secretProject(t)
	if _, errOut, code := runCmd(t, "secrets", "--write-baseline", filepath.Join(dir, secrets.DefaultBaselineFile), dir); code != exitOK {
		t.Fatalf("write baseline: exit %d: %s", code, errOut)
	}
	out, _, code := runCmd(t, "check", dir)
	if code != exitOK || !strings.Contains(out, "secrets  ok  42 files scanned, 1 accepted by "+secrets.DefaultBaselineFile+"\n") {
		t.Errorf("default baseline not used: exit %d\n%s", code, out)
	}
	other := filepath.Join(t.TempDir(), "accepted.json")
	if err := os.Rename(filepath.Join(dir, secrets.DefaultBaselineFile), other); err != nil {
		t.Fatal(err)
	}
	if _, _, code := runCmd(t, "check", dir); code != exitFindings {
		t.Errorf("without a baseline: exit %d, want 1", code)
	}
	out, _, code = runCmd(t, "check", "--baseline", other, "--json", dir)
	var doc struct {
		OK      bool `json:"ok"`
		Secrets struct {
			Findings   []any  `json:"findings"`
			Suppressed int    `json:"suppressed"`
			Baseline   string `json:"baseline"`
		} `json:"secrets"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if code != exitOK || !doc.OK || doc.Secrets.Suppressed != 1 || len(doc.Secrets.Findings) != 0 || doc.Secrets.Baseline != other {
		t.Errorf("--baseline: exit %d, %+v", code, doc)
	}
	if _, errOut, code := runCmd(t, "check", "--baseline", filepath.Join(dir, "missing.json"), dir); code != exitUsage {
		t.Errorf("missing baseline: exit %d, want 2 (%s)", code, errOut)
	}
}

func TestCheckSkip(t *testing.T) {
	t.Parallel()
	orphans := copyProject(t, "project-H-suite-deleted")
	out, _, code := runCmd(t, "check", "--skip", "prune", orphans)
	if code != exitOK || !strings.Contains(out, "prune    skipped\n") || !strings.Contains(out, "check passed\n") {
		t.Errorf("--skip prune: exit %d\n%s", code, out)
	}
	out, _, code = runCmd(t, "check", "--skip", "prune", "--skip=secrets,doctor", "--json", orphans)
	var doc checkJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if code != exitOK || !doc.OK || string(doc.Prune) != "null" || string(doc.Secrets) != "null" || string(doc.Doctor) != "null" || string(doc.Replay) == "null" {
		t.Errorf("--skip prune --skip=secrets,doctor: exit %d\n%s", code, out)
	}
	stale := copyProject(t, "project-B-tool-description")
	if _, _, code := runCmd(t, "check", "--skip", "replay,run", stale); code != exitOK {
		t.Errorf("stale project with --skip replay,run: exit %d, want 0", code)
	}
	for name, args := range map[string][]string{
		"unknown part":  {"check", "--skip", "lint", orphans},
		"all skipped":   {"check", "--skip", "replay,run,secrets,prune,doctor", orphans},
		"bad format":    {"check", "--format", "sarif", orphans},
		"json conflict": {"check", "--json", "--format", "github", orphans},
		"two paths":     {"check", orphans, orphans},
		"no such path":  {"check", filepath.Join(orphans, "nope")},
	} {
		if _, errOut, code := runCmd(t, args...); code != exitUsage || !strings.Contains(errOut, "dryfire-tui: error: ") {
			t.Errorf("%s: exit %d, want 2; stderr %q", name, code, errOut)
		}
	}
}

// TestCheckSpecError: a suite that does not parse is a spec error (exit 2),
// positioned on stderr as replay prints it; the rest is still checked.
func TestCheckSpecError(t *testing.T) {
	t.Parallel()
	dir := copyProject(t, "project-A")
	suite := filepath.Join(dir, "evals", "support", "refund_agent.eval.yaml")
	data, err := os.ReadFile(suite)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), "  - name: escalates_refund_over_limit\n", "  - name: escalates_refund_over_limit\n    max_turns: lots\n", 1)
	if err := os.WriteFile(suite, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCmd(t, "check", dir)
	if code != exitUsage {
		t.Fatalf("exit %d, want 2\n%s%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "error: expected an integer\n  --> "+filepath.Join(realDir(t, dir), "evals/support/refund_agent.eval.yaml")+
		":40:5   (cases[0].max_turns)\n      |\n   40 |     max_turns: lots\n      |     ^\n") {
		t.Errorf("stderr lacks the positioned error:\n%s", errOut)
	}
	if !strings.Contains(out, "doctor   ok  42 files checked\n") {
		t.Errorf("the other parts should still run:\n%s", out)
	}
	gh, _, _ := runCmd(t, "check", "--format", "github", dir)
	if !strings.Contains(gh, "::error file=evals/support/refund_agent.eval.yaml,line=40,col=5,title=spec error::expected an integer\n") {
		t.Errorf("no spec error annotation:\n%s", gh)
	}
}

// TestCheckAnnotations runs --format github in a project inside a git
// repository: paths are relative to the repository root, each problem is
// annotated on the file to fix.
func TestCheckAnnotations(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	place := func(t *testing.T, src string) string {
		dst := filepath.Join(repo, filepath.Base(src))
		if err := os.Rename(src, dst); err != nil {
			t.Fatal(err)
		}
		return dst
	}
	annotations := func(out string) []string {
		var lines []string
		for l := range strings.SplitSeq(out, "\n") {
			if strings.HasPrefix(l, "::") {
				lines = append(lines, l)
			}
		}
		return lines
	}

	stale := place(t, copyProject(t, "project-B-tool-description"))
	p := filepath.Base(stale)
	out, _, code := runCmd(t, "check", "--format", "github", stale)
	got := annotations(out)
	// A miss is annotated on the suite line its change comes from (the
	// description of lookup_order, line 10), as the Diff tab places it,
	// once: the case that fails by it gets no second annotation (before:
	// ten annotations, each on the case's line).
	want := "::error file=" + p + "/evals/support/refund_agent.eval.yaml,line=10,title=cassette miss::" +
		"refund_agent::parallel_lookups misses at turn 0: no recording for key 655f68744ead8cf8; the case is at evals/support/refund_agent.eval.yaml:58" +
		"%0Atool lookup_order: description changed" +
		"%0Arecorded as .dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json" +
		"%0Aexplain: dryfire-tui diff; fix: dryfire-tui run --cassette-mode auto re-records what misses"
	if code != exitFindings || len(got) != 5 || got[3] != want {
		t.Errorf("stale: exit %d, %d annotations, want 5 with\n%s\ngot:\n%s", code, len(got), want, strings.Join(got, "\n"))
	}
	if !strings.Contains(out, "\nreplay   5 problems\n") {
		t.Errorf("the text report should follow the annotations:\n%s", out)
	}

	orphans := place(t, copyProject(t, "project-H-suite-deleted"))
	p = filepath.Base(orphans)
	out, _, _ = runCmd(t, "check", "--format", "github", orphans)
	got = annotations(out)
	want = "::warning file=" + p + "/.dryfire/cassettes/checkout_flow_v2-29a2d01e/add_to_cart-31900a39/00-18e3b46f79267a2b.json," +
		"title=prune (orphaned suite)::replay never reads this recording (orphaned suite); remove it with dryfire-tui prune --yes"
	if len(got) != 5 || got[0] != want {
		t.Errorf("orphans: want 5 warnings, the first\n%s\ngot:\n%s", want, strings.Join(got, "\n"))
	}

	secretDir, _ := secretProject(t)
	withSecret := place(t, secretDir)
	p = filepath.Base(withSecret)
	out, _, _ = runCmd(t, "check", "--format", "github", withSecret)
	got = annotations(out)
	prefix := "::error file=" + p + "/" + checkSecretCassette + ",title=secret (anthropic-api-key)::anthropic-api-key at response.text, in the recorded response (sha256 "
	if len(got) != 1 || !strings.HasPrefix(got[0], prefix) || !strings.HasSuffix(got[0], "%0Aredact it (dryfire-tui secrets --redact) or accept it in "+secrets.DefaultBaselineFile) {
		t.Errorf("secret: want one annotation starting\n%s\ngot:\n%s", prefix, strings.Join(got, "\n"))
	}

	broken := place(t, copyProject(t, "project-A"))
	p = filepath.Base(broken)
	bad := ".dryfire/cassettes/refund_agent/parallel_lookups/00-0123456789abcdef.json"
	if err := os.WriteFile(filepath.Join(broken, filepath.FromSlash(bad)), []byte("{\n  \"fingerprint\": tru\n}"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code = runCmd(t, "check", "--format", "github", broken)
	got = annotations(out)
	prefix = "::error file=" + p + "/" + bad + ",line=2,col=18,title=doctor parse::"
	if code != exitFindings || len(got) == 0 || !strings.HasPrefix(got[0], prefix) {
		t.Errorf("parse error: exit %d, want an annotation starting\n%s\ngot:\n%s", code, prefix, strings.Join(got, "\n"))
	}
}

// TestCheckCountsAMissOnce: a case that fails because its replay missed is
// one problem, the replay part's (issue 24, item 18: before, five misses
// were "10 problems (replay 5, run 5)"); with the replay part skipped, the
// run part counts it.
func TestCheckCountsAMissOnce(t *testing.T) {
	t.Parallel()
	stale := copyProject(t, "project-B-tool-description")
	out, _, code := runCmd(t, "check", stale)
	if code != exitFindings || !strings.HasSuffix(out, "check failed: 5 problems (replay 5)\n") || strings.Contains(out, "run      5 problems") {
		t.Errorf("exit %d\n%s", code, out)
	}
	out, _, code = runCmd(t, "check", "--skip", "replay", stale)
	if code != exitFindings || !strings.Contains(out, "\nrun      5 problems\n") || !strings.HasSuffix(out, "check failed: 5 problems (run 5)\n") {
		t.Errorf("--skip replay: exit %d\n%s", code, out)
	}
}
