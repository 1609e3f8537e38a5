package main

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var updateScripts = flag.Bool("update", false, "rewrite the testscripts' expected output with what the commands print")

// TestMain lets the test binary be dryfire-tui itself: the scripts run the
// real main, exit codes and all.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"dryfire-tui": main})
}

// TestScript runs the CLI contract in testdata/script: one script per
// command and per fixed regression, each headed by what it guards. The
// scripts read the golden projects and the demo through $GOLDEN and $DEMO;
// copytree copies one to change it.
func TestScript(t *testing.T) {
	t.Parallel()
	repo, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       *updateScripts,
		Setup: func(env *testscript.Env) error {
			env.Setenv("GOLDEN", filepath.Join(repo, "testdata", "golden"))
			env.Setenv("DEMO", filepath.Join(repo, "examples", "demo"))
			env.Setenv("NO_COLOR", "1")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"action":   runAction,
			"copytree": copyTree,
			"plant":    plantSecret,
		},
	})
}

// plantSecret is the script command "plant FILE PLACEHOLDER": it replaces
// PLACEHOLDER in FILE with a made-up AWS access key id, generated from a
// fixed seed, and sets $SECRET to it. The repository never holds a
// realistic-looking key: scanners and push protection would flag it.
func plantSecret(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: plant FILE PLACEHOLDER")
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	r := rand.New(rand.NewPCG(20261201, 17))
	key := []byte("AKIA")
	for range 16 {
		key = append(key, alphabet[r.IntN(len(alphabet))])
	}
	file := ts.MkAbs(args[0])
	data, err := os.ReadFile(file)
	ts.Check(err)
	if !bytes.Contains(data, []byte(args[1])) {
		ts.Fatalf("%s does not hold %s", args[0], args[1])
	}
	ts.Check(os.WriteFile(file, bytes.ReplaceAll(data, []byte(args[1]), key), 0o644))
	ts.Setenv("SECRET", string(key))
}

// copyTree is the script command "copytree SRC DST": it copies the
// directory SRC, hidden files included, to DST (relative to the script's
// working directory).
func copyTree(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: copytree SRC DST")
	}
	dst := ts.MkAbs(args[1])
	ts.Check(os.MkdirAll(dst, 0o755))
	ts.Check(os.CopyFS(dst, os.DirFS(ts.MkAbs(args[0]))))
}
