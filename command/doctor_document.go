package command

import (
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/report"
	"github.com/dryfire-tui/dryfire-tui/secrets"
)

// Document is the doctor document of the report.
func (r *doctorReport) Document() *report.Doctor {
	return &report.Doctor{
		Root: r.Base, Files: r.Files, Problems: r.problems(r.Problems), Notes: r.problems(r.Notes),
		Remaining: r.Remaining(), Checks: checkDocs(r.Checks), Interrupted: r.Interrupted,
	}
}

func (r *doctorReport) problems(ps []cassette.Problem) []report.Problem {
	out := make([]report.Problem, 0, len(ps))
	for _, p := range ps {
		rp := report.Problem{
			Kind: p.Kind.String(), Message: p.Message, Line: p.Line, Column: p.Column,
			Fixable: p.Fixable, Fixed: p.Fixed,
		}
		if p.Kind != cassette.ProblemWalk {
			// Printed paths show the secrets of their names masked.
			rp.Path = secrets.MaskPath(r.Show(p.Path))
			rp.File = secrets.MaskPath(filepath.Join(r.Dir, filepath.FromSlash(p.Path)))
		}
		out = append(out, rp)
	}
	return out
}

func checkDocs(cs []doctorCheck) []report.DoctorCheck {
	out := make([]report.DoctorCheck, 0, len(cs))
	for _, c := range cs {
		c.Path, c.Message = secrets.MaskPath(c.Path), secrets.MaskNames(c.Message)
		out = append(out, report.DoctorCheck(c))
	}
	return out
}
