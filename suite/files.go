package suite

import (
	"path/filepath"
	"strings"
)

// LoadFiles loads suite files as dryfire's validate, run, trace and
// compare load the files their command line names: the project config
// at cfgPath first (dryfire.yaml, found from the working directory; ""
// when there is none, and the built-in settings apply), then each file in
// the order given, read and resolved as [Project.LoadSuites] reads the
// config's. A file is named in its errors and its [Suite.Path] as it is
// given: dryfire gives the working directory joined with what the
// command line matched, and prints that. Nothing is called, nothing is
// written.
//
// An error of the config is the project's only error (dryfire stops
// there), and no file is read. The $refs of a file inside the project
// root read in the root; those of a file outside it (or of any file when
// there is no config) read in the directory of the dryfire.yaml above it,
// else in its own (see [LoadSuite]). With no config, Root and
// CassetteRoot are "": where the cassettes go is the caller's to say.
func LoadFiles(cfgPath string, files []string, lookupEnv func(string) (string, bool)) *Project {
	pr := &Project{}
	if cfgPath != "" {
		pr.Root, pr.ConfigPath = filepath.Dir(cfgPath), cfgPath
		pr.Config, pr.Errors = loadConfig(cfgPath, &pr.yaml)
		pr.CassetteRoot = cassetteRoot(pr.Root, pr.Config.CassetteDir)
		if len(pr.Errors) > 0 {
			return pr
		}
	}
	entries := make([]suiteEntry, len(files))
	for i, f := range files {
		entries[i] = suiteEntry{rel: f}
		if pr.Root == "" || !inside(pr.Root, f) {
			entries[i].refs = suiteScope(f)
		}
	}
	pr.load(entries, lookupEnv)
	return pr
}

// inside reports whether file is at or below dir (both absolute, or both
// relative to the same directory), by their names.
func inside(dir, file string) bool {
	rel, err := filepath.Rel(dir, file)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// Valid reports whether the project loaded without a spec error, and
// counts its suites and their cases: what dryfire's validate prints.
func (pr *Project) Valid() (ok bool, suites, cases int) {
	for _, s := range pr.Suites {
		cases += len(s.Cases)
	}
	return len(pr.Errors) == 0, len(pr.Suites), cases
}
