package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/cassette"
)

// writeReplayText prints one line per case repetition, the miss message
// under a miss, and a summary line.
func writeReplayText(w io.Writer, p *cassette.Project, res *cassette.ReplayResult) {
	width := 0
	for _, c := range res.Cases {
		width = max(width, len([]rune(replayLabel(c))))
	}
	counts := map[string]int{}
	for _, c := range res.Cases {
		counts[c.Outcome]++
		label := replayLabel(c)
		pad := width - len([]rune(label))
		fmt.Fprintf(w, "%s%*s  %-7s  %s\n", label, pad, "", c.Outcome, replayDetail(c))
		if c.Outcome == cassette.OutcomeMiss || c.Outcome == cassette.OutcomeError {
			fmt.Fprintf(w, "    %s\n", c.Message)
		}
	}
	fmt.Fprintf(w, "\n%d repetitions: %d hit, %d miss, %d error, %d skipped", len(res.Cases),
		counts[cassette.OutcomeHit], counts[cassette.OutcomeMiss], counts[cassette.OutcomeError], counts[cassette.OutcomeSkipped])
	if len(res.Errors) > 0 {
		fmt.Fprintf(w, "; %d spec error(s)", len(res.Errors))
	}
	fmt.Fprintln(w)
}

func replayLabel(c cassette.CaseResult) string {
	label := c.Suite + "::" + c.Case
	if c.RepeatIndex > 0 {
		label += " #" + strconv.Itoa(c.RepeatIndex)
	}
	return label
}

func replayDetail(c cassette.CaseResult) string {
	switch c.Outcome {
	case cassette.OutcomeHit:
		d := fmt.Sprintf("%d turn(s), %s", len(c.Visits), c.Termination)
		if c.Termination == "unmocked_tool" {
			d += ": " + c.Message
		}
		return d
	case cassette.OutcomeMiss:
		v, _ := c.Miss()
		return fmt.Sprintf("at turn %d, key %s", v.Turn, v.Key)
	case cassette.OutcomeError:
		return fmt.Sprintf("after %d turn(s)", len(c.Visits))
	}
	return c.Message
}

// writeReplayJSON prints the replay as DESIGN.md's replay --json document.
func writeReplayJSON(w io.Writer, p *cassette.Project, res *cassette.ReplayResult) error {
	str := cassette.StringValue
	num := func(i int) cassette.Value { return cassette.IntValue(int64(i)) }
	cases := cassette.ArrayValue()
	misses := cassette.ArrayValue()
	for _, c := range res.Cases {
		visits := cassette.ArrayValue()
		for _, v := range c.Visits {
			file := cassette.NullValue()
			if v.File != nil {
				file = str(projectRel(p.Root, v.File.Path))
			}
			visits.Items = append(visits.Items, cassette.ObjectValue(
				cassette.M("turn", num(v.Turn)), cassette.M("key", str(v.Key)),
				cassette.M("hit", cassette.BoolValue(v.Hit)), cassette.M("file", file)))
		}
		reason := cassette.NullValue()
		if c.Message != "" {
			reason = str(c.Message)
		}
		cases.Items = append(cases.Items, cassette.ObjectValue(
			cassette.M("suite", str(c.Suite)), cassette.M("case", str(c.Case)),
			cassette.M("repeat_index", num(c.RepeatIndex)), cassette.M("outcome", str(c.Outcome)),
			cassette.M("termination", str(c.Termination)), cassette.M("visits", visits),
			cassette.M("reason", reason)))
		if v, ok := c.Miss(); ok {
			misses.Items = append(misses.Items, cassette.ObjectValue(
				cassette.M("suite", str(c.Suite)), cassette.M("case", str(c.Case)),
				cassette.M("repeat_index", num(c.RepeatIndex)), cassette.M("turn", num(v.Turn)),
				cassette.M("key", str(v.Key)), cassette.M("message", str(c.Message))))
		}
	}
	errs := cassette.ArrayValue()
	for _, se := range res.Errors {
		errs.Items = append(errs.Items, cassette.ObjectValue(
			cassette.M("file", str(se.File)), cassette.M("line", num(se.Line)),
			cassette.M("column", num(se.Column)), cassette.M("message", str(se.Message))))
	}
	doc := cassette.ObjectValue(cassette.M("exit_code", num(res.ExitCode)), cassette.M("cases", cases),
		cassette.M("misses", misses), cassette.M("errors", errs))
	out, err := cassette.Encode(doc, cassette.EncodeOptions{Indent: true})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", out)
	return err
}

// projectRel is path relative to the project root, slash-separated.
func projectRel(root, path string) string {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}
