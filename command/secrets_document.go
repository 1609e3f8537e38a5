package command

import (
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Document is the secrets document of the findings left open; red is what
// a redaction did (nil when none ran).
func (s *openSecrets) Document(red *RedactReport) *report.Secrets {
	d := &report.Secrets{
		Findings: report.NewFindings(s.Open), Suppressed: s.Suppressed, Root: s.Root, Files: s.Files,
		Redacted: red != nil,
	}
	if s.Baseline != "" {
		b := s.Baseline
		d.Baseline = &b
	}
	if red != nil {
		d.RedactedFiles = report.NewRedactions(red.Files)
		for _, err := range red.Skipped {
			d.NotRedacted = append(d.NotRedacted, secrets.MaskNames(err.Error()))
		}
		for _, err := range red.NotRestored {
			d.NotRestored = append(d.NotRestored, secrets.MaskNames(err.Error()))
		}
		d.Interrupted, d.InterruptedAfterProof = red.Interrupted, red.InterruptedAfterProof
		if p := red.Replay; p != nil {
			d.Replay = &report.ReplayProof{Cases: p.Cases, Hits: p.Hits, Lost: append([]string{}, p.Lost...), Restored: p.Restored}
		}
	}
	return d
}
