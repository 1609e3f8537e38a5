package report

import (
	"errors"
	"strings"
	"testing"
)

func TestReviewActWriteText(t *testing.T) {
	const p = ".dryfire/cassettes/s/c/00-0000000000000000.json"
	refusal := errors.New(p + ": adds 1 secret")
	tests := []struct {
		name           string
		act            ReviewAct
		stdout, stderr string
		failed         bool
	}{
		{"accepted with secrets", ReviewAct{Files: []ReviewActFile{{Path: p, Kind: "modified", Verb: "accepted", Secrets: 2}}},
			"accepted " + p + " (modified, with 2 secrets)\n", "", false},
		{"rejected", ReviewAct{Files: []ReviewActFile{{Path: p, Kind: "added", Verb: "rejected"}}},
			"rejected " + p + " (added)\n", "", false},
		{"unknown and nothing to redact", ReviewAct{Unknown: []string{"a\x1b.json"}, NothingToRedact: true},
			"no new secret to redact\n", "dryfire-tui: error: a\\x1b.json: not among the changed recordings\n", true},
		{"baseline", ReviewAct{Baseline: &BaselineAdd{File: ".dryfire-tui-secrets.json", Added: 3, Files: 2}},
			"accepted 3 new secrets of 2 files in .dryfire-tui-secrets.json: commit it with the recordings\n", "", false},
		{"refused for secrets", ReviewAct{Files: []ReviewActFile{{Path: p, Kind: "added", Verb: "accepted", Err: refusal, AddsSecrets: true}}},
			"", "dryfire-tui: error: " + refusal.Error() + "\n" +
				"dryfire-tui: hint: redact it (dryfire-tui review --redact " + p + "), accept it as a known fake (dryfire-tui review --add-to-baseline " + p + "), or accept the change as it is with --allow-secrets\n", true},
		{"needs confirmation", ReviewAct{Files: []ReviewActFile{{Path: p, Kind: "added", Verb: "rejected", Err: errors.New("x"), NeedsConfirm: true}}},
			"", "dryfire-tui: error: " + p + " is added and git has no copy of it: rejecting removes it\ndryfire-tui: hint: add --yes to remove it\n", true},
		{"other error", ReviewAct{Files: []ReviewActFile{{Path: p, Kind: "deleted", Verb: "rejected", Err: errors.New("git failed")}}},
			"", "dryfire-tui: error: " + p + ": git failed\n", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut strings.Builder
			if err := tt.act.WriteText(&out, &errOut); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.stdout {
				t.Errorf("stdout:\n got %q\nwant %q", out.String(), tt.stdout)
			}
			if errOut.String() != tt.stderr {
				t.Errorf("stderr:\n got %q\nwant %q", errOut.String(), tt.stderr)
			}
			if got := tt.act.Failed(); got != tt.failed {
				t.Errorf("Failed() = %v, want %v", got, tt.failed)
			}
		})
	}
}

func TestReviewActRedactionRestored(t *testing.T) {
	for _, tt := range []struct {
		act  ReviewAct
		want bool
	}{
		{ReviewAct{}, false},
		{ReviewAct{Redaction: &Secrets{}}, false},
		{ReviewAct{Redaction: &Secrets{Replay: &ReplayProof{Restored: false}}}, false},
		{ReviewAct{Redaction: &Secrets{Replay: &ReplayProof{Restored: true}}}, true},
	} {
		if got := tt.act.RedactionRestored(); got != tt.want {
			t.Errorf("RedactionRestored() of %+v = %v, want %v", tt.act, got, tt.want)
		}
	}
}
