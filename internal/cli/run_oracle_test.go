package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/provider/providertest"
)

// oracleResult is one file of testdata/run/record/oracle: what the real
// dryfire made of a tree dryfire-tui recorded (testdata/run/README.md).
type oracleResult struct {
	Fixture   string `json:"fixture"`
	FailFirst int    `json:"fail_first"`
	Record    struct {
		ExitCode   int    `json:"exit_code"`
		Cassettes  int    `json:"cassettes"`
		TreeSHA256 string `json:"tree_sha256"`
		TreeEqual  bool   `json:"tree_equals_dryfires"`
		Requests   bool   `json:"requests_equal_dryfires"`
	} `json:"record"`
	Replay struct {
		ExitCode       int      `json:"exit_code"`
		Lookups        int      `json:"lookups"`
		Hits           int      `json:"hits"`
		Missed         []string `json:"missed"`
		VerdictsEqual  bool     `json:"verdicts_equal_recording_run"`
		DocumentsEqual bool     `json:"run_document_equals_dryfire_tui_replay"`
	} `json:"dryfire_replay"`
	Verdicts []map[string]any `json:"verdicts"`
}

// TestDryfireReplaysWhatWeRecord records every record fixture, plainly and
// with the provider failing its first two answers, and holds the result to
// what the real dryfire made of the same recording (oracle.sh): the tree
// dryfire replayed is the one written here (same digest), every one of
// its lookups hit, and its verdicts are the ones this recording run
// reports and the ones a replay here gives, message for message.
func TestDryfireReplaysWhatWeRecord(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"anthropic-A", "compat-S", "gemini-B", "judge-anthropic-F", "judge-openai-H", "openai-C"} {
		for _, failFirst := range []int{0, 2} {
			t.Run(fmt.Sprintf("%s/fail-first-%d", name, failFirst), func(t *testing.T) {
				t.Parallel()
				var want oracleResult
				if err := json.Unmarshal([]byte(readText(t, filepath.Join("testdata", "run", "record", "oracle",
					fmt.Sprintf("%s-fail-first-%d.json", name, failFirst)))), &want); err != nil {
					t.Fatal(err)
				}
				r := want.Replay
				if !want.Record.TreeEqual || !want.Record.Requests || r.Hits != r.Lookups || r.Lookups != want.Record.Cassettes ||
					len(r.Missed) > 0 || !r.VerdictsEqual || !r.DocumentsEqual {
					t.Fatalf("the oracle did not replay the recording fully: %+v %+v", want.Record, r)
				}
				checkAgainstOracle(t, name, failFirst, want)
			})
		}
	}
}

func checkAgainstOracle(t *testing.T, name string, failFirst int, want oracleResult) {
	t.Helper()
	srv := providertest.Golden(t, filepath.Join(recordFixtures, name))
	srv.FailFirst = failFirst
	dir := fixtureCopy(t, name, srv)
	var info fixtureInfo
	if err := json.Unmarshal([]byte(readText(t, filepath.Join(recordFixtures, name, "fixture.json"))), &info); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := recordRun{}.run(t, srv.Env(info.KeyEnv...), dir, "--cassette-mode", "record", "--yes",
		"--json-out", filepath.Join(dir, "record.json"))
	if code != want.Record.ExitCode {
		t.Errorf("recording: exit %d, want %d\n%s", code, want.Record.ExitCode, stderr)
	}
	n, digest := treeDigest(t, filepath.Join(dir, filepath.FromSlash(info.CassetteDir)))
	if n != want.Record.Cassettes || digest != want.Record.TreeSHA256 {
		t.Fatalf("wrote %d cassettes (digest %s); the tree dryfire replayed has %d (%s)", n, digest, want.Record.Cassettes, want.Record.TreeSHA256)
	}
	if diff := verdictDiff(t, stripMessages(want.Verdicts), runVerdicts(t, filepath.Join(dir, "record.json"), false)); diff != "" {
		t.Errorf("the recording run's verdicts differ from dryfire's replay of it:\n%s", diff)
	}

	code, _, stderr = recordRun{}.run(t, nil, dir, "--cassette-mode", "replay", "--json-out", filepath.Join(dir, "replay.json"))
	if code != want.Replay.ExitCode {
		t.Errorf("replay: exit %d, dryfire's %d\n%s", code, want.Replay.ExitCode, stderr)
	}
	if diff := verdictDiff(t, want.Verdicts, runVerdicts(t, filepath.Join(dir, "replay.json"), true)); diff != "" {
		t.Errorf("the replay's verdicts differ from dryfire's:\n%s", diff)
	}
	if strings.Contains(readText(t, filepath.Join(dir, "replay.json")), "CassetteMiss") {
		t.Error("a lookup of the replay missed")
	}
}

type fixtureInfo struct {
	CassetteDir string   `json:"cassette_dir"`
	KeyEnv      []string `json:"key_env"`
}

var recordedAtField = regexp.MustCompile(`"recorded_at": "[^"]*"`)

// treeDigest is oracle_check.py's digest of a cassette tree: SHA-256 over
// each file's slash path and text, in path order, recorded_at and
// latency_ms at the fixtures' pinned values.
func treeDigest(t *testing.T, root string) (int, string) {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		text := recordedAtField.ReplaceAllString(readText(t, p), `"recorded_at": "2026-08-01T12:00:00Z"`)
		files[filepath.ToSlash(rel)] = latencyField.ReplaceAllString(text, `"latency_ms": 0`)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	rels := make([]string, 0, len(files))
	for rel := range files {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	h := sha256.New()
	for _, rel := range rels {
		h.Write([]byte(rel + "\x00" + files[rel] + "\x00"))
	}
	return len(files), hex.EncodeToString(h.Sum(nil))
}

// runVerdicts is oracle_check.py's verdicts of a run document: each case's
// passed, error, termination, pass rate, assertions (kind, passed and,
// with messages, the message) and judges (key, score, passed, error).
func runVerdicts(t *testing.T, path string, messages bool) []map[string]any {
	t.Helper()
	var doc struct {
		Suites []struct {
			Cases []map[string]any `json:"cases"`
		} `json:"suites"`
	}
	if err := json.Unmarshal([]byte(readText(t, path)), &doc); err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			trace, _ := c["trace"].(map[string]any)
			v := map[string]any{"suite": c["suite_name"], "case": c["case_name"], "passed": c["passed"],
				"error": c["error"], "termination": trace["termination"], "assertions": []any{}, "judges": []any{}}
			if rate, ok := c["pass_rate"]; ok {
				v["pass_rate"] = rate
			}
			for _, a := range c["assertions"].([]any) {
				a := a.(map[string]any)
				row := []any{a["kind"], a["passed"]}
				if messages {
					row = append(row, a["message"])
				}
				v["assertions"] = append(v["assertions"].([]any), row)
			}
			judges, _ := trace["judge_verdicts"].(map[string]any)
			keys := make([]string, 0, len(judges))
			for k := range judges {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				j := judges[k].(map[string]any)
				v["judges"] = append(v["judges"].([]any), []any{k, j["score"], j["passed"], j["error"]})
			}
			out = append(out, v)
		}
	}
	return out
}

// verdictDiff is "" when want and got are the same JSON, else their
// differing lines.
func verdictDiff(t *testing.T, want, got []map[string]any) string {
	t.Helper()
	w, err := json.MarshalIndent(want, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	g, err := json.MarshalIndent(got, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if string(w) == string(g) {
		return ""
	}
	return lineDiff(string(w), string(g))
}

// stripMessages drops the assertion messages of the oracle's verdicts: a
// recording run quotes tool arguments in the provider's key order, a
// replay in the cassette's, in dryfire as here.
func stripMessages(verdicts []map[string]any) []map[string]any {
	out := make([]map[string]any, len(verdicts))
	for i, v := range verdicts {
		c := map[string]any{}
		for k, x := range v {
			c[k] = x
		}
		var as []any
		for _, a := range v["assertions"].([]any) {
			as = append(as, a.([]any)[:2])
		}
		if as == nil {
			as = []any{}
		}
		c["assertions"] = as
		out[i] = c
	}
	return out
}
