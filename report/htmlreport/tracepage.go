package htmlreport

import (
	"math"
	"strconv"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// judges writes a trace's llm_judge verdicts: score against threshold,
// the judge, its reasoning and its error.
func (p *runPage) judges(t *trace) {
	if len(t.verdicts) == 0 {
		return
	}
	p.m.raw("<section><h4>Judges</h4>\n<div class=\"judges\">\n")
	for _, v := range t.verdicts {
		p.judge(v)
	}
	p.m.raw("</div></section>\n")
}

func (p *runPage) judge(v verdict) {
	class, word := "judge ok", "passed"
	if !v.passed {
		class, word = "judge bad", "failed"
	}
	p.m.raw(`<div class="` + class + `"><div class="top"><span><strong>llm_judge</strong> <span class="chip ` + word + `">` + word + "</span></span>")
	p.m.raw(`<span><span class="score">` + score(v.score) + `</span> <span class="note">threshold ` + score(v.threshold) + "</span></span></div>\n")
	p.m.raw(`<div class="meter" role="img" aria-label="score ` + score(v.score) + ", threshold " + score(v.threshold) + `">`)
	p.m.raw(`<span class="fill" style="width:` + share(v.score) + `"></span><span class="threshold" style="left:` + share(v.threshold) + `"></span></div>`)
	p.m.raw(`<div class="who">judged by <span class="mono">`)
	p.m.text(v.model)
	p.m.raw("</span>")
	if v.modelVersion != "" && v.modelVersion != v.model {
		p.m.raw(" (")
		p.m.text(v.modelVersion)
		p.m.raw(")")
	}
	p.m.raw(` · rubric <span class="mono">`)
	p.m.text(short(v.rubricHash, 12))
	p.m.raw("</span>")
	if n := v.usage.total(); n > 0 {
		p.m.raw(" · " + thousands(n) + " tokens")
	}
	p.m.raw("</div>")
	if v.err != nil && *v.err != "" {
		p.m.raw(`<div class="error-box"><strong>The judge failed</strong>`)
		p.m.pre("", *v.err)
		p.m.raw("</div>")
	}
	if v.reasoning != "" {
		p.m.pre("", v.reasoning)
	}
	p.m.raw("</div>\n")
}

// share is a score as a width from 0% to 100%.
func share(f float64) string {
	if math.IsNaN(f) {
		f = 0
	}
	return strconv.FormatFloat(math.Max(0, math.Min(1, f))*100, 'f', 1, 64) + "%"
}

// short cuts a text to n characters, with an ellipsis.
func short(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// traceBlock writes a trace: its figures, then every turn with what was
// sent, the response, each tool call with its result, and the final text.
func (p *runPage) traceBlock(t *trace) {
	p.m.raw("<section><h4>Trace</h4>\n<dl class=\"tracefacts\">")
	if t.model != nil {
		p.fact("model", *t.model, true)
	}
	p.fact("ended", t.termination, true)
	tokens := thousands(t.usage.in) + " in · " + thousands(t.usage.out) + " out"
	if t.usage.cacheRead+t.usage.cacheWrite > 0 {
		tokens += " · cache " + thousands(t.usage.cacheRead) + " read, " + thousands(t.usage.cacheWrite) + " written"
	}
	p.fact("tokens", tokens, false)
	p.fact("cost", optDollars(t.cost), false)
	p.fact("time", seconds(t.durationMS), false)
	if len(t.verdicts) > 0 {
		p.fact("judges", thousands(t.judgeUsage.total())+" tokens · "+optDollars(t.judgeCost), false)
	}
	p.m.raw("</dl>\n")
	if len(t.turns) == 0 {
		p.m.raw("<p class=\"note\">No model call was made.</p>\n")
	} else {
		p.m.raw("<ol class=\"turns\">\n")
		for i := range t.turns {
			var prev *turn
			if i > 0 {
				prev = &t.turns[i-1]
			}
			p.turnBlock(&t.turns[i], prev)
		}
		p.m.raw("</ol>\n")
	}
	if t.finalText != nil && *t.finalText != "" {
		p.m.raw(`<div class="final"><span class="note">final text</span>`)
		p.m.pre("", *t.finalText)
		p.m.raw("</div>\n")
	}
	p.m.raw("</section>\n")
}

// fact writes a term of the trace's figures; a text of the document when
// doc is set, the page's own otherwise.
func (p *runPage) fact(term, value string, doc bool) {
	p.m.raw("<div><dt>" + term + "</dt><dd>")
	if doc {
		p.m.text(value)
	} else {
		p.m.raw(value)
	}
	p.m.raw("</dd></div>")
}

func (p *runPage) turnBlock(t, prev *turn) {
	r := t.response
	p.m.raw(`<li class="turn"><div class="turn-head"><strong>turn ` + strconv.FormatInt(t.index, 10) + "</strong>")
	p.m.raw(`<span class="chip">`)
	p.m.text(r.stop)
	p.m.raw("</span><span>" + thousands(r.usage.in) + " in · " + thousands(r.usage.out) + " out</span><span>" + millis(r.latencyMS) + "</span>")
	if r.cacheHit {
		p.m.raw(`<span title="served from its cassette">⚡ cassette</span>`)
	}
	p.m.raw("</div>\n<div class=\"turn-body\">\n")
	p.sent(t, prev)
	if r.text != nil && *r.text != "" {
		p.m.raw(`<div class="reply"><span class="note">response</span>`)
		p.m.pre("", *r.text)
		p.m.raw("</div>\n")
	}
	p.calls(r.calls, t.results)
	p.m.raw("</div></li>\n")
}

// sent writes the messages a turn sent that the page has not shown yet:
// all of the first turn's, and of a later turn's those beyond the
// previous request, but for the previous response and its tool results,
// which are shown with that turn.
func (p *runPage) sent(t, prev *turn) {
	msgs := t.request
	if prev != nil {
		if len(prev.request) > len(msgs) {
			msgs = nil
		} else {
			msgs = msgs[len(prev.request):]
		}
		if len(msgs) > 0 && msgs[0].role == "assistant" {
			msgs = msgs[1:]
		}
		if len(msgs) > 0 && msgs[0].role == "tool" {
			msgs = msgs[1:]
		}
	}
	if len(msgs) == 0 {
		return
	}
	p.m.raw("<div class=\"msgs\">\n")
	for _, m := range msgs {
		p.messageBlock(m)
	}
	p.m.raw("</div>\n")
}

func (p *runPage) messageBlock(m message) {
	p.m.raw(`<div class="m ` + roleClass(m.role) + `"><span class="who">`)
	p.m.text(m.role)
	p.m.raw("</span>")
	if m.content.Kind != jsonv.Null {
		p.m.pre("", jsonBlock(m.content))
	}
	for _, c := range m.calls {
		p.m.raw(`<pre>→ `)
		p.m.block(c.name + "(" + jsonLine(c.args) + ")")
		p.m.raw("</pre>")
	}
	for _, r := range m.results {
		p.m.raw(`<pre>← `)
		if r.isError {
			p.m.raw("[error] ")
		}
		p.m.block(jsonBlock(r.content))
		p.m.raw("</pre>")
	}
	p.m.raw("</div>\n")
}

// roleClass is the class of a message's role (one of dryfire's three).
func roleClass(role string) string {
	if roles[role] {
		return role
	}
	return "other"
}

// calls writes a response's tool calls, each with the result the loop
// gave it, then any result that answers no call of the response.
func (p *runPage) calls(calls []toolCall, results []toolResult) {
	used := make([]bool, len(results))
	for _, c := range calls {
		p.m.raw(`<div class="call"><span class="arrow" title="tool call">→</span><pre class="name">`)
		p.m.block(c.name + "(" + callArgs(c.args) + ")")
		p.m.raw(`</pre><span class="cid">`)
		p.m.text(c.id)
		p.m.raw("</span>")
		if c.malformed != nil {
			p.m.raw(`<span></span><div class="malformed"><span class="note">the model's arguments were not valid JSON; as sent:</span>`)
			p.m.pre("", *c.malformed)
			p.m.raw("</div><span></span>")
		}
		for i, r := range results {
			if !used[i] && r.callID == c.id {
				used[i] = true
				p.result(r, false)
				break
			}
		}
		p.m.raw("</div>\n")
	}
	for i, r := range results {
		if !used[i] {
			p.m.raw(`<div class="call">`)
			p.result(r, true)
			p.m.raw("</div>\n")
		}
	}
}

// callArgs is a call's arguments as the page shows them between the
// parentheses: on the line when short, else indented on their own lines.
func callArgs(v jsonv.Value) string {
	s := jsonShown(v)
	if strings.Contains(s, "\n") {
		return "\n  " + strings.ReplaceAll(s, "\n", "\n  ") + "\n"
	}
	return s
}

// result writes a tool result under its call; alone (a result that
// answers no call of the turn) it names the call it answers.
func (p *runPage) result(r toolResult, alone bool) {
	class, title := "res", "tool result"
	if r.isError {
		class, title = "res iserr", "tool result: an error"
	}
	p.m.raw(`<span class="arrow" title="` + title + `">←</span><pre class="` + class + `">`)
	if r.isError {
		p.m.raw(`<span class="chip errored">error</span> `)
	}
	p.m.block(jsonBlock(r.content))
	p.m.raw("</pre><span class=\"cid\">")
	if alone {
		p.m.text(r.callID)
	}
	p.m.raw("</span>")
}
