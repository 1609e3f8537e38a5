package command

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

func doctorKinds(r *doctorReport) map[string][]string {
	out := map[string][]string{}
	for _, p := range r.Problems {
		out[p.Path] = append(out[p.Path], p.Kind.String())
	}
	return out
}

func TestDoctorGoldenProjects(t *testing.T) {
	t.Parallel()
	tests := map[string]map[string][]string{
		"project-A": {},
		"project-K-schema-version-bumped": {
			"refund_agent/parallel_lookups/01-3d3d451719dd1a54.json": {"schema"},
		},
		"project-L-fingerprint-mismatch": {
			"refund_agent/escalates_refund_over_limit/00-0596134f6ae68949.json": {"key", "digest"},
			"incident_triage/truncated_by_max_tokens/00-ffffffffffffffff.json":  {"key"},
		},
	}
	for project, want := range tests {
		t.Run(project, func(t *testing.T) {
			t.Parallel()
			r, err := runDoctor(context.Background(), DoctorRequest{Path: filepath.Join(golden, project, ".dryfire/cassettes")})
			if err != nil {
				t.Fatal(err)
			}
			got := doctorKinds(r)
			if r.Files != 42 || len(got) != len(want) || len(r.Notes) != 0 {
				t.Errorf("%d files, problems %v, notes %v; want %v", r.Files, got, r.Notes, want)
			}
			for path, kinds := range want {
				if strings.Join(got[path], ",") != strings.Join(kinds, ",") {
					t.Errorf("%s: %v, want %v", path, got[path], kinds)
				}
			}
		})
	}
}

// copyProjectA copies project-A's cassettes into a temporary root.
func copyProjectA(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	err := os.CopyFS(root, os.DirFS(golden+"/project-A/.dryfire/cassettes"))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func TestDoctorFixesFormatOnly(t *testing.T) {
	t.Parallel()
	root := copyProjectA(t)
	reformatted := filepath.Join(root, "refund_agent/parallel_lookups/00-6e943a4a4125d90d.json")
	orig, _ := os.ReadFile(reformatted)
	c, _ := cassette.Decode(orig)
	compact, _ := jsonv.Encode(c.Body, jsonv.EncodeOptions{})
	os.WriteFile(reformatted, compact, 0o644)

	newline := filepath.Join(root, "refund_agent/parallel_lookups/01-3d3d451719dd1a54.json")
	orig2, _ := os.ReadFile(newline)
	os.WriteFile(newline, append(bytes.Clone(orig2), '\n'), 0o644)

	// A format problem next to another problem is reported, not fixed.
	keyAndFormat := filepath.Join(root, "travel_booking/no_flights_found")
	entries, _ := os.ReadDir(keyAndFormat)
	other := filepath.Join(keyAndFormat, entries[0].Name())
	orig3, _ := os.ReadFile(other)
	broken := bytes.Replace(orig3, []byte(`"schema_version": 1`), []byte(`"schema_version": 2`), 1)
	os.WriteFile(other, append(broken, '\n'), 0o644)

	r, err := runDoctor(context.Background(), DoctorRequest{Path: root, Fix: true})
	if err != nil {
		t.Fatal(err)
	}
	got := doctorKinds(r)
	if len(got) != 3 || r.Remaining() != 2 {
		t.Fatalf("problems %v, %d remaining", got, r.Remaining())
	}
	for _, p := range r.Problems {
		wantFixed := p.Kind == cassette.ProblemFormat && !strings.HasPrefix(p.Path, "travel_booking")
		if p.Fixed != wantFixed || p.Fixable != wantFixed {
			t.Errorf("%s %s: fixable %v fixed %v", p.Path, p.Kind, p.Fixable, p.Fixed)
		}
		if p.Path == "refund_agent/parallel_lookups/01-3d3d451719dd1a54.json" && p.Line == 0 {
			t.Errorf("no position for the trailing newline")
		}
	}
	for path, want := range map[string][]byte{reformatted: orig, newline: orig2, other: append(broken, '\n')} {
		if data, _ := os.ReadFile(path); !bytes.Equal(data, want) {
			t.Errorf("%s: not as expected after --fix", path)
		}
	}
	leftovers, _ := filepath.Glob(filepath.Join(root, "*/*/*.tmp"))
	if len(leftovers) != 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
	if r, _ := runDoctor(context.Background(), DoctorRequest{Path: root}); r.Remaining() != 2 {
		t.Errorf("after the fix: %v", doctorKinds(r))
	}
}

func TestChecks(t *testing.T) {
	t.Parallel()
	stub := `{
  "case": "ping",
  "fingerprint": "cea902a92f6075d1",
  "model": "m",
  "provider": "fake",
  "recorded_at": "2026-01-01T00:00:00Z",
  "request_digest": {
    "messages": []
  },
  "response": ` + strings.ReplaceAll(response("pong"), ",", ",\n") + `,
  "schema_version": 1,
  "suite": "demo",
  "turn": 0
}`
	root := writeTree(t, map[string]string{
		"demo/ping/00-cea902a92f6075d1.json": stub,
		"demo/ping/01-cea902a92f6075d1.json": "{\n  \"a\": ",
		"demo/ping/notes.json":               "{}",
		"demo/ping/02-00000000000000aa.json": `{"fingerprint": "00000000000000aa", "schema_version": 1, "response": {}}`,
	})
	r, err := runDoctor(context.Background(), DoctorRequest{Path: root})
	if err != nil {
		t.Fatal(err)
	}
	got := doctorKinds(r)
	want := map[string]string{
		"demo/ping/00-cea902a92f6075d1.json": "format",
		"demo/ping/01-cea902a92f6075d1.json": "parse",
		"demo/ping/02-00000000000000aa.json": "response,format",
		"demo/ping/notes.json":               "name,key,schema,response",
	}
	for path, kinds := range want {
		if strings.Join(got[path], ",") != kinds {
			t.Errorf("%s: %v, want %s", path, got[path], kinds)
		}
	}
	for _, p := range r.Problems {
		if p.Kind == cassette.ProblemParse && (p.Line != 2 || p.Column != 8) {
			t.Errorf("parse problem at %d:%d, want 2:8", p.Line, p.Column)
		}
	}
	// The v0.2 stub digest is noted, not flagged.
	if len(r.Notes) == 0 || !strings.Contains(r.Notes[0].Message, "incomplete digest") || r.Notes[0].Path != "demo/ping/00-cea902a92f6075d1.json" {
		t.Errorf("notes %v", r.Notes)
	}
	// One file as the root.
	one, err := runDoctor(context.Background(), DoctorRequest{Path: filepath.Join(root, "demo/ping/02-00000000000000aa.json")})
	if err != nil || one.Files != 1 || len(one.Problems) != 2 {
		t.Errorf("single file: %+v, %v", one, err)
	}
}

// TestDoctorLeavesTapesToTheTapeChecks: a directory of cassette-fn tapes is
// not a broken dryfire cassette tree.
func TestDoctorLeavesTapesToTheTapeChecks(t *testing.T) {
	rep, err := runDoctor(context.Background(), DoctorRequest{Path: filepath.Join("..", "testdata", "golden", "tapes", "tapes")})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Files == 0 {
		t.Fatal("no files checked")
	}
	if len(rep.Problems) != 0 || len(rep.Notes) != 0 {
		t.Errorf("tapes reported as dryfire problems: %+v %+v", rep.Problems, rep.Notes)
	}
}

func response(text string) string {
	return `{"text":"` + text + `","tool_calls":[],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2},"latency_ms":0,"raw":{}}`
}

// writeTree writes files (relative path → content) under a new
// temporary directory.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	fsys := fstest.MapFS{}
	for rel, data := range files {
		fsys[rel] = &fstest.MapFile{Data: []byte(data), Mode: 0o644}
	}
	root := t.TempDir()
	if err := os.CopyFS(root, fsys); err != nil {
		t.Fatal(err)
	}
	return root
}

// TestDoctorMasksSecretsItQuotes: a problem message quotes what it found (a
// repeated key, a body's fingerprint); a secret there is masked as every
// other output masks it.
func TestDoctorMasksSecretsItQuotes(t *testing.T) {
	t.Parallel()
	secret := fmt.Sprintf("AKIA%016X", rand.New(rand.NewPCG(11, 16)).Uint64())
	body := `{"schema_version": 1, "fingerprint": "` + secret + `", "response": {"text": "x", "` + secret + `": 1, "` + secret + `": 2}}`
	root := writeTree(t, map[string]string{"s/c/00-cea902a92f6075d1.json": body})
	rep, err := runDoctor(context.Background(), DoctorRequest{Path: root})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) == 0 {
		t.Fatal("no problem found")
	}
	for _, p := range rep.Problems {
		if strings.Contains(p.Message, secret) {
			t.Errorf("%s problem prints the secret: %s", p.Kind, p.Message)
		}
	}
}
