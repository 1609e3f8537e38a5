package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math/big"
	"strings"
	"sync"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/engine/internal/pyjson"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/suite/casemodel"
)

// JudgeSystem is the system prompt of every judge call.
const JudgeSystem = "You are a strict evaluator grading an AI agent's behaviour against a rubric. " +
	"Respond with ONLY a JSON object: {\"score\": <number>, \"reasoning\": <string>}. " +
	"The score must follow the rubric's scale. Do not add any text outside the JSON."

// JudgeVerdict is one judge's grading of a case repetition.
type JudgeVerdict struct {
	// Key is the judge's identity: the judge model, a newline, the rubric
	// hash. Identical llm_judge assertions share one verdict.
	Key       string
	Score     float64
	Passed    bool
	Reasoning string
	// Model is the judge model asked; ModelVersion the one that answered
	// (the response's raw model, else Model).
	Model, ModelVersion string
	RubricHash          string
	Threshold           float64
	// Error is set when the judge could not grade (a failed call, an
	// answer that is not a score); the assertion then fails as a judge
	// error, never as a low score.
	Error    string
	HasError bool
	Usage    cassette.Usage
}

// judgeRequest is one distinct judge a case calls.
type judgeRequest struct {
	key, rubric, model, hash string
	threshold                float64
}

// RubricHash is the provenance of a rubric: the SHA-256 of its canonical
// JSON ({"examples": [], "text", "threshold"}), the way dryfire hashes
// cassette requests.
func RubricHash(text string, threshold float64) string {
	b, err := jsonv.Canonical(jsonv.ObjectValue(
		jsonv.M("text", jsonv.StringValue(text)),
		jsonv.M("threshold", jsonv.FloatValue(threshold)),
		jsonv.M("examples", jsonv.ArrayValue()),
	))
	if err != nil {
		// A non-finite threshold cannot be hashed by dryfire either;
		// hash its spelling so the verdict still has a provenance.
		b = []byte(text + "\x00" + jsonv.PyFloatRepr(threshold))
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// JudgeKey is the key of a verdict: the judge model and the rubric hash.
func JudgeKey(model, rubricHash string) string { return model + "\n" + rubricHash }

// judgeRequests are the distinct judges of a case's expect list, in order
// of first appearance; model is the case's resolved model.
func judgeRequests(as []casemodel.Assertion, model string) []judgeRequest {
	var out []judgeRequest
	for _, a := range as {
		if a.Kind != "llm_judge" || a.Err != "" {
			continue
		}
		m := model
		if a.JudgeModel != nil && *a.JudgeModel != "" {
			m = *a.JudgeModel
		}
		h := RubricHash(a.Rubric, a.Threshold)
		key := JudgeKey(m, h)
		dup := false
		for _, r := range out {
			dup = dup || r.key == key
		}
		if !dup {
			out = append(out, judgeRequest{key: key, rubric: a.Rubric, model: m, hash: h, threshold: a.Threshold})
		}
	}
	return out
}

// JudgePrompt is the user message of a judge call for a trace.
func JudgePrompt(rubric string, t *Trace) string {
	final := "None"
	if t.HasFinal {
		final = jsonv.PyRepr(t.FinalText)
	}
	tools := strings.Join(t.ToolNames(), " → ")
	if tools == "" {
		tools = "(none)"
	}
	return "# Rubric\n" + rubric + "\n\n# Agent transcript to grade\nFinal response: " + final +
		"\nTools called: " + tools + "\n\nGrade the transcript against the rubric."
}

// JudgeConcurrency is how many judge calls a run that calls providers
// makes at once, across every case: dryfire's one semaphore of 4 for the
// whole run, whatever --concurrency says.
const JudgeConcurrency = 4

// judge grades the trace with every judge of the case, through the case's
// gateway (so judge calls are cassettes, numbered after the loop's calls),
// and attaches the verdicts, their usage and their cost. As in dryfire, a
// case's judges are asked at once when the gateway calls a provider, the
// run's judge calls bounded by [JudgeConcurrency]; their turn numbers are
// still given in order, before any call.
func (e *runner) judge(ctx context.Context, x *rep, t *Trace) {
	reqs := judgeRequests(x.p.c.Assertions, x.p.r.Model)
	if len(reqs) == 0 {
		return
	}
	verdicts := make([]JudgeVerdict, len(reqs))
	calls := make([]*Call, len(reqs))
	for i, jr := range reqs {
		verdicts[i], calls[i] = e.judgeCall(x, t, jr)
	}
	replies := make([]judgeReply, len(reqs))
	if callsProviders(x.gw) && e.judgeSlots != nil && len(reqs) > 1 {
		var wg sync.WaitGroup
		for i, call := range calls {
			if call == nil {
				continue
			}
			wg.Go(func() {
				e.judgeSlots <- struct{}{}
				defer func() { <-e.judgeSlots }()
				replies[i].reply, replies[i].err = x.gw.Complete(ctx, call)
			})
		}
		wg.Wait()
	} else {
		for i, call := range calls {
			if call != nil {
				replies[i].reply, replies[i].err = x.gw.Complete(ctx, call)
			}
		}
	}
	var cost *big.Rat
	for i, call := range calls {
		v := verdicts[i]
		if call != nil {
			v = e.grade(x, call, replies[i], v)
		}
		t.Verdicts = append(t.Verdicts, v)
		t.JudgeUsage = addUsage(t.JudgeUsage, v.Usage)
		if c := e.pricing.Cost(x.p.r.Provider, v.Model, v.Usage); c != nil {
			if cost == nil {
				cost = new(big.Rat)
			}
			cost.Add(cost, c)
		}
	}
	t.JudgeCost = cost
}

// judgeReply is a judge call's answer.
type judgeReply struct {
	reply Reply
	err   error
}

// judgeCall is the call of one judge, its turn number taken; a nil call
// comes with the failed verdict of a request that cannot be hashed.
func (e *runner) judgeCall(x *rep, t *Trace, jr judgeRequest) (JudgeVerdict, *Call) {
	v := JudgeVerdict{Key: jr.key, Model: jr.model, ModelVersion: jr.model, RubricHash: jr.hash, Threshold: jr.threshold}
	req := conversation.Request{Provider: x.p.r.Provider, Model: jr.model, System: jsonv.StringValue(JudgeSystem),
		Messages:    []conversation.Message{{Role: "user", Content: jsonv.StringValue(JudgePrompt(jr.rubric, t))}},
		Temperature: 0}
	call := &Call{Suite: x.p.c.Suite.Name, Case: x.p.c.Name, RepeatIndex: x.index, Request: req, Judge: true, NeedRaw: true}
	if x.keyed {
		fp, err := cassette.Fingerprint(req.HashArgs())
		if err != nil {
			v.fail("judge provider call failed: " + pyRepr(err))
			return v, nil
		}
		call.Key = cassette.StorageKey(fp, x.index)
		call.Turn = x.calls
		x.calls++
	}
	return v, call
}

// grade reads a judge's verdict from its call's answer.
func (e *runner) grade(x *rep, call *Call, r judgeReply, v JudgeVerdict) JudgeVerdict {
	if x.keyed {
		e.visit(x, call, r.reply, r.err)
	}
	if r.err != nil {
		v.fail("judge provider call failed: " + pyRepr(r.err))
		return v
	}
	resp := r.reply.Response
	if served := resp.Raw.Field("model"); pyjson.Truthy(served) {
		v.ModelVersion = pyjson.Str(served)
	}
	v.Usage = resp.Usage
	score, reasoning, perr := parseJudgeAnswer(resp.Text.Str())
	if perr != "" {
		v.fail("unparseable judge response: " + perr)
		return v
	}
	v.Score, v.Reasoning, v.Passed = score, reasoning, score >= v.Threshold
	return v
}

func (v *JudgeVerdict) fail(msg string) {
	v.Error, v.HasError, v.Score, v.Passed, v.Reasoning = msg, true, 0, false, ""
}

// parseJudgeAnswer reads {score, reasoning} from a judge's text as dryfire
// does: a ```json fence or prose around the object is tolerated; the error
// is the repr of the exception dryfire would catch.
func parseJudgeAnswer(text string) (score float64, reasoning, errRepr string) {
	obj, err := extractJSONObject(text)
	if err != nil {
		return 0, "", err.Repr()
	}
	s, ok := obj.Get("score")
	if !ok {
		return 0, "", "KeyError('score')"
	}
	score, errRepr = pyjson.Float(s)
	if errRepr != "" {
		return 0, "", errRepr
	}
	r, ok := obj.Get("reasoning")
	if !ok {
		return score, "", ""
	}
	return score, pyjson.Str(r), ""
}

// extractJSONObject is dryfire's _extract_json: strip, drop a leading
// ``` fence (and a json tag), take the text from the first { to the last
// }, parse it, require an object.
func extractJSONObject(text string) (jsonv.Value, *pyjson.DecodeError) {
	stripped := strings.TrimFunc(text, casemodel.IsPySpace)
	if strings.HasPrefix(stripped, "```") {
		parts := strings.SplitN(stripped, "```", 3)
		if len(parts) >= 2 {
			stripped = parts[1]
		}
		stripped = strings.TrimPrefix(stripped, "json")
		stripped = strings.TrimFunc(strings.TrimRight(strings.TrimFunc(stripped, casemodel.IsPySpace), "`"), casemodel.IsPySpace)
	}
	start, end := strings.IndexByte(stripped, '{'), strings.LastIndexByte(stripped, '}')
	if start < 0 || end < 0 || end < start {
		return jsonv.Value{}, &pyjson.DecodeError{Msg: "no JSON object found", Doc: stripped}
	}
	v, err := pyjson.Loads(stripped[start : end+1])
	if err != nil {
		return jsonv.Value{}, err
	}
	if v.Kind != jsonv.Object {
		return jsonv.Value{}, &pyjson.DecodeError{Msg: "judge response is not a JSON object", Doc: stripped}
	}
	return v, nil
}
