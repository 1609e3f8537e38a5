package command

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/safefile"
)

// projectWithSecrets copies project-A and leaves a token in the response
// text of both turns of refund_agent/parallel_lookups. It returns the
// project and the two files with their bytes.
func projectWithSecrets(t *testing.T) (string, []string, map[string][]byte) {
	t.Helper()
	project := t.TempDir()
	if err := os.CopyFS(project, os.DirFS(filepath.Join(golden, "project-A"))); err != nil {
		t.Fatal(err)
	}
	token := "hf_" + randomAlnum(11, 34)
	orig := map[string][]byte{}
	var files []string
	for _, rel := range twoTurns {
		p := filepath.Join(project, ".dryfire", "cassettes", rel)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		data = bytes.Replace(data, []byte(`"text": "`), []byte(`"text": "token `+token+` `), 1)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
		orig[p] = data
	}
	return project, files, orig
}

func scanForRedaction(t *testing.T, project string) *secretsScan {
	t.Helper()
	rep, err := scanSecrets(context.Background(), Env{}, project)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) < 2 {
		t.Fatalf("%d findings, want the planted tokens", len(rep.Findings))
	}
	return rep
}

func TestRedactLeavesAFileEditedAfterItsRead(t *testing.T) {
	project, files, orig := projectWithSecrets(t)
	rep := scanForRedaction(t, project)
	edit := bytes.Replace(orig[files[1]], []byte(`"text": "token`), []byte(`"text": "edited meanwhile, token`), 1)
	beforeAct(t, func(p string) {
		if p == files[1] {
			if err := os.WriteFile(p, edit, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
	out, err := redactFiles(context.Background(), rep, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Files) != 1 || len(out.Skipped) != 1 || !errors.Is(out.Skipped[0], safefile.ErrChanged) {
		t.Fatalf("redacted %d, skipped %v; want one redacted and the edited file skipped", len(out.Files), out.Skipped)
	}
	if got, _ := os.ReadFile(files[1]); !bytes.Equal(got, edit) {
		t.Error("the edit was overwritten")
	}
	if got, _ := os.ReadFile(files[0]); !bytes.Contains(got, []byte("[REDACTED:")) {
		t.Error("the unchanged file was not redacted")
	}
}

func TestRedactStopsAndPutsBackWhenInterrupted(t *testing.T) {
	project, files, orig := projectWithSecrets(t)
	rep := scanForRedaction(t, project)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	beforeAct(t, func(string) { cancel() })
	out, err := redactFiles(ctx, rep, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if !out.Interrupted || len(out.Files) != 1 || len(out.NotRestored) != 0 {
		t.Fatalf("interrupted %v, redacted %d, not restored %v; want one file redacted then put back", out.Interrupted, len(out.Files), out.NotRestored)
	}
	for _, p := range files {
		if got, _ := os.ReadFile(p); !bytes.Equal(got, orig[p]) {
			t.Errorf("%s is not as before the interrupted redaction", p)
		}
	}
}

func TestRedactRefusesToWriteThroughALink(t *testing.T) {
	t.Parallel()
	project, files, orig := projectWithSecrets(t)
	target := filepath.Join(t.TempDir(), "shared.json")
	if err := os.Rename(files[0], target); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, files[0]); err != nil {
		t.Fatal(err)
	}
	out, err := redactFiles(context.Background(), scanForRedaction(t, project), nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Skipped) != 1 || !errors.Is(out.Skipped[0], safefile.ErrSymlink) || !strings.Contains(out.Skipped[0].Error(), "is a symbolic link") {
		t.Fatalf("skipped %v; want the link refused, saying so", out.Skipped)
	}
	for _, f := range out.Files {
		if strings.HasSuffix(f.Path, twoTurns[0]) {
			t.Errorf("reported %s as redacted", f.Path)
		}
	}
	if got, _ := os.ReadFile(target); !bytes.Equal(got, orig[files[0]]) {
		t.Error("the link's target changed")
	}
}

// interruptAt cancels the redaction's context at one of its points.
func interruptAt(t *testing.T, hook *func(), cancel context.CancelFunc) {
	t.Helper()
	*hook = func() { cancel() }
	t.Cleanup(func() { *hook = nil })
}

// TestRedactInterruptedBeforeItsProofPutsBack interrupts the redaction
// once every file is rewritten, before the replay that proves it: the
// replay proves nothing, so every file is put back and the report says the
// redaction was interrupted, not that it was kept.
func TestRedactInterruptedBeforeItsProofPutsBack(t *testing.T) {
	project, files, orig := projectWithSecrets(t)
	rep := scanForRedaction(t, project)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	interruptAt(t, &testOnlyBeforeProof, cancel)
	out, err := redactFiles(ctx, rep, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if !out.Interrupted || out.InterruptedAfterProof || out.Kept() || len(out.Files) != 2 || len(out.NotRestored) != 0 {
		t.Fatalf("interrupted %v, after the proof %v, kept %v, redacted %d, not restored %v; want both files put back",
			out.Interrupted, out.InterruptedAfterProof, out.Kept(), len(out.Files), out.NotRestored)
	}
	for _, p := range files {
		if got, _ := os.ReadFile(p); !bytes.Equal(got, orig[p]) {
			t.Errorf("%s is not as before the interrupted redaction", p)
		}
	}
	if d := (&openSecrets{secretsScan: rep}).Document(out); !d.Interrupted || d.InterruptedAfterProof {
		t.Errorf("document: interrupted %v, after the proof %v", d.Interrupted, d.InterruptedAfterProof)
	}
}

// TestRedactInterruptedAfterItsProofKeeps interrupts the redaction once its
// proof has passed: the redactions stand, and the report says the
// interruption came after the proof.
func TestRedactInterruptedAfterItsProofKeeps(t *testing.T) {
	project, files, _ := projectWithSecrets(t)
	rep := scanForRedaction(t, project)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	interruptAt(t, &testOnlyAfterProof, cancel)
	out, err := redactFiles(ctx, rep, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if out.Interrupted || !out.InterruptedAfterProof || !out.Kept() || out.Replay == nil || out.Replay.Restored || out.Replay.Hits == 0 {
		t.Fatalf("interrupted %v, after the proof %v, kept %v, replay %+v; want the proven redaction kept",
			out.Interrupted, out.InterruptedAfterProof, out.Kept(), out.Replay)
	}
	for _, p := range files {
		if got, _ := os.ReadFile(p); !bytes.Contains(got, []byte("[REDACTED:")) {
			t.Errorf("%s was put back", p)
		}
	}
	if d := (&openSecrets{secretsScan: rep}).Document(out); d.Interrupted || !d.InterruptedAfterProof {
		t.Errorf("document: interrupted %v, after the proof %v", d.Interrupted, d.InterruptedAfterProof)
	}
}

// TestRedactInterruptedBeforeAnythingChanges interrupts before the first
// replay: nothing is rewritten, and the report says it was interrupted.
func TestRedactInterruptedBeforeAnythingChanges(t *testing.T) {
	project, files, orig := projectWithSecrets(t)
	rep := scanForRedaction(t, project)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out, err := redactFiles(ctx, rep, nil, false)
	if err != nil || !out.Interrupted || len(out.Files) != 0 {
		t.Fatalf("Redact = %+v, %v; want an interrupted report that redacted nothing", out, err)
	}
	for _, p := range files {
		if got, _ := os.ReadFile(p); !bytes.Equal(got, orig[p]) {
			t.Errorf("%s changed", p)
		}
	}
}

// TestRedactInterruptedIsAnInterruption: a redaction interrupted before or
// after its replay proof ends the secrets command as interrupted, its
// document saying which.
func TestRedactInterruptedIsAnInterruption(t *testing.T) {
	t.Parallel()
	res := &openSecrets{secretsScan: &secretsScan{}}
	for _, red := range []*RedactReport{{Interrupted: true}, {InterruptedAfterProof: true}} {
		if o, err := redactOutcome(res, red); o != Interrupted || !errors.Is(err, context.Canceled) {
			t.Errorf("%+v: %v, %v", red, o, err)
		}
	}
}
