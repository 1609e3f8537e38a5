package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

// writeReplayText prints one line per case repetition, the miss message
// under a miss, and a summary line.
func writeReplayText(w io.Writer, res *engine.Result) {
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
		if c.Outcome == engine.OutcomeMiss || c.Outcome == engine.OutcomeError {
			fmt.Fprintf(w, "    %s\n", c.Message)
		}
	}
	fmt.Fprintf(w, "\n%d repetitions: %d hit, %d miss, %d error, %d skipped", len(res.Cases),
		counts[engine.OutcomeHit], counts[engine.OutcomeMiss], counts[engine.OutcomeError], counts[engine.OutcomeSkipped])
	if len(res.Errors) > 0 {
		fmt.Fprintf(w, "; %d spec error(s)", len(res.Errors))
	}
	fmt.Fprintln(w)
}

func replayLabel(c engine.CaseResult) string {
	label := c.Suite + "::" + c.Case
	if c.RepeatIndex > 0 {
		label += " #" + strconv.Itoa(c.RepeatIndex)
	}
	return label
}

func replayDetail(c engine.CaseResult) string {
	switch c.Outcome {
	case engine.OutcomeHit:
		d := fmt.Sprintf("%d turn(s), %s", len(c.Visits), c.Termination)
		if c.Termination == "unmocked_tool" {
			d += ": " + c.Message
		}
		return d
	case engine.OutcomeMiss:
		v, _ := c.Miss()
		return fmt.Sprintf("at turn %d, key %s", v.Turn, v.Key)
	case engine.OutcomeError:
		return fmt.Sprintf("after %d turn(s)", len(c.Visits))
	}
	return c.Message
}

// writeReplayJSON prints the replay as DESIGN.md's replay --json document.
func writeReplayJSON(w io.Writer, p *suite.Project, res *engine.Result) error {
	str := jsonv.StringValue
	num := func(i int) jsonv.Value { return jsonv.IntValue(int64(i)) }
	cases := jsonv.ArrayValue()
	misses := jsonv.ArrayValue()
	for _, c := range res.Cases {
		visits := jsonv.ArrayValue()
		for _, v := range c.Visits {
			file := jsonv.NullValue()
			if v.File != nil {
				file = str(projectRel(p.Root, v.File.Path))
			}
			visits.Items = append(visits.Items, jsonv.ObjectValue(
				jsonv.M("turn", num(v.Turn)), jsonv.M("key", str(v.Key)),
				jsonv.M("hit", jsonv.BoolValue(v.Hit)), jsonv.M("file", file)))
		}
		reason := jsonv.NullValue()
		if c.Message != "" {
			reason = str(c.Message)
		}
		cases.Items = append(cases.Items, jsonv.ObjectValue(
			jsonv.M("suite", str(c.Suite)), jsonv.M("case", str(c.Case)),
			jsonv.M("repeat_index", num(c.RepeatIndex)), jsonv.M("outcome", str(c.Outcome)),
			jsonv.M("termination", str(c.Termination)), jsonv.M("visits", visits),
			jsonv.M("reason", reason)))
		if v, ok := c.Miss(); ok {
			misses.Items = append(misses.Items, jsonv.ObjectValue(
				jsonv.M("suite", str(c.Suite)), jsonv.M("case", str(c.Case)),
				jsonv.M("repeat_index", num(c.RepeatIndex)), jsonv.M("turn", num(v.Turn)),
				jsonv.M("key", str(v.Key)), jsonv.M("message", str(c.Message))))
		}
	}
	errs := jsonv.ArrayValue()
	for _, se := range res.Errors {
		errs.Items = append(errs.Items, jsonv.ObjectValue(
			jsonv.M("file", str(se.File)), jsonv.M("line", num(se.Line)),
			jsonv.M("column", num(se.Column)), jsonv.M("message", str(se.Message))))
	}
	doc := jsonv.ObjectValue(jsonv.M("exit_code", num(res.ExitCode)), jsonv.M("cases", cases),
		jsonv.M("misses", misses), jsonv.M("errors", errs))
	out, err := jsonv.Encode(doc, jsonv.EncodeOptions{Indent: true})
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
