package cli

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// reportDeviations are the runs of testdata/report where report differs
// from dryfire on purpose (docs/compatibility.md): the exit code it gives.
var reportDeviations = map[string]int{
	// A case whose "passed" is the string "yes": dryfire shows it as
	// passed, this tool refuses the document, naming the field.
	"passed-text": exitUsage,
}

// TestReportMatchesDryfire: for every run of testdata/report/runs.txt,
// report exits as dryfire's did, prints what dryfire printed on stdout (a
// page, "wrote F", or nothing) and leaves the same files; an error is
// said on stderr.
func TestReportMatchesDryfire(t *testing.T) {
	base, err := filepath.Abs("testdata/report")
	if err != nil {
		t.Fatal(err)
	}
	runs, err := os.ReadFile(filepath.Join(base, "runs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(runs)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		name, args, _ := strings.Cut(line, "|")
		name = strings.TrimSpace(name)
		t.Run(name, func(t *testing.T) {
			want := filepath.Join(base, "golden", name)
			dir := copyInputs(t, filepath.Join(base, "inputs"))
			t.Chdir(dir)
			out, errOut, code := runCmd(t, append([]string{"report"}, strings.Fields(args)...)...)
			wantCode, _ := strconv.Atoi(strings.TrimSpace(readText(t, filepath.Join(want, "exit_code"))))
			if c, ok := reportDeviations[name]; ok {
				wantCode = c
			}
			if code != wantCode {
				t.Errorf("exit %d, dryfire %d\nstderr: %s", code, wantCode, errOut)
			}
			if code != 0 && errOut == "" {
				t.Error("an error with nothing on stderr")
			}
			wantOut := readText(t, filepath.Join(want, "stdout.txt"))
			if _, deviates := reportDeviations[name]; deviates {
				wantOut = ""
			}
			switch {
			case strings.HasPrefix(wantOut, "<!doctype html>"):
				if !strings.HasPrefix(out, "<!doctype html>\n") || !strings.HasSuffix(out, "</html>\n") {
					t.Errorf("stdout is not a page: %.80q", out)
				}
			case out != wantOut:
				t.Errorf("stdout %q, dryfire %q", out, wantOut)
			}
			if got, want := newFiles(t, dir, filepath.Join(base, "inputs")), readText(t, filepath.Join(want, "files.txt")); got != want {
				t.Errorf("files written %q, dryfire %q", got, want)
			}
		})
	}
}

// copyInputs copies the inputs into a new directory, with dir.json, a
// directory.
func copyInputs(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dst, "dir.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	return dst
}

// newFiles lists the files of dir that are not inputs, one a line.
func newFiles(t *testing.T, dir, inputs string) string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if _, err := os.Stat(filepath.Join(inputs, rel)); err != nil {
			files = append(files, filepath.ToSlash(rel)+"\n")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return strings.Join(files, "")
}
