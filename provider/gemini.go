package provider

import (
	"context"
	"net/url"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// geminiErrorKey holds an error tool result in a functionResponse: Gemini
// has no is_error flag either.
const geminiErrorKey = "error"

// Gemini is the gateway to the Gemini generateContent API
// (POST <base>/v1beta/models/<model>:generateContent, x-goog-api-key),
// which dryfire calls with its own HTTP code rather than an SDK.
type Gemini struct {
	c    *caller
	base *url.URL
}

// Name returns "gemini".
func (g *Gemini) Name() string { return "gemini" }

// String names the gateway; it never shows a credential.
func (g *Gemini) String() string { return "gemini gateway" }

// GoString is String, so %#v shows no credential either.
func (g *Gemini) GoString() string { return g.String() }

// Complete sends the request and returns the normalised response.
func (g *Gemini) Complete(ctx context.Context, req *Request) (cassette.Response, error) {
	payload, err := geminiPayload(req)
	if err != nil {
		return cassette.Response{}, err
	}
	body, err := encodeBody(g.Name(), payload)
	if err != nil {
		return cassette.Response{}, err
	}
	return g.c.answer(ctx, joinPath(g.base, "v1beta/models/"+req.Model+":generateContent"), body, "gemini", geminiResponse)
}

// geminiPayload is dryfire's gemini to_wire: roles user and model, tool
// results as functionResponse parts of a user turn (named through the
// calls that asked for them), an assistant turn echoed from its raw
// candidate content, the parameters in generationConfig.
func geminiPayload(r *Request) (jsonv.Value, error) {
	nameByID := map[string]string{}
	for _, m := range r.Messages {
		for _, c := range m.ToolCalls {
			nameByID[c.ID] = c.Name
		}
	}
	contents := make([]jsonv.Value, 0, len(r.Messages))
	for i, m := range r.Messages {
		switch {
		case m.Role == "assistant":
			c, err := geminiModelContent(m, i)
			if err != nil {
				return jsonv.Value{}, err
			}
			contents = append(contents, c)
		case len(m.ToolResults) > 0:
			parts := make([]jsonv.Value, 0, len(m.ToolResults))
			for _, res := range m.ToolResults {
				parts = append(parts, obj(jsonv.M("functionResponse", geminiFunctionResponse(res, nameByID))))
			}
			contents = append(contents, obj(jsonv.M("role", str("user")), jsonv.M("parts", jsonv.ArrayValue(parts...))))
		default:
			contents = append(contents, obj(jsonv.M("role", str("user")),
				jsonv.M("parts", jsonv.ArrayValue(obj(jsonv.M("text", m.Content))))))
		}
	}
	p := obj(jsonv.M("contents", jsonv.ArrayValue(contents...)))
	if r.System != "" {
		p.Members = append(p.Members, jsonv.M("systemInstruction",
			obj(jsonv.M("parts", jsonv.ArrayValue(obj(jsonv.M("text", str(r.System))))))))
	}
	if len(r.Tools) > 0 {
		decls := make([]jsonv.Value, 0, len(r.Tools))
		for _, t := range r.Tools {
			decls = append(decls, obj(
				jsonv.M("name", str(t.Name)),
				jsonv.M("description", str(t.Description)),
				jsonv.M("parameters", t.InputSchema),
			))
		}
		p.Members = append(p.Members, jsonv.M("tools", jsonv.ArrayValue(obj(jsonv.M("functionDeclarations", jsonv.ArrayValue(decls...))))))
	}
	config := appendSampling(nil, r.Params, "temperature", "topP")
	if r.Params.MaxTokens != nil {
		config = append(config, jsonv.M("maxOutputTokens", jsonv.IntValue(*r.Params.MaxTokens)))
	}
	if len(r.Params.StopSequences) > 0 {
		config = append(config, jsonv.M("stopSequences", strList(r.Params.StopSequences)))
	}
	if len(config) > 0 {
		p.Members = append(p.Members, jsonv.M("generationConfig", obj(config...)))
	}
	return p, nil
}

// geminiModelContent echoes raw.candidates[0].content verbatim when there is
// one (Gemini rejects a tool turn without its thoughtSignatures) and
// rebuilds text and functionCall parts otherwise.
func geminiModelContent(m Message, i int) (jsonv.Value, error) {
	if m.Raw.Kind != jsonv.Null {
		candidates := or(m.Raw.Field("candidates"), jsonv.ArrayValue(emptyObject()))
		if candidates.Kind != jsonv.Array || candidates.Items[0].Kind != jsonv.Object {
			return jsonv.Value{}, requestErr("gemini", "messages[%d]: the assistant turn's raw candidates are not a list of objects", i)
		}
		if content := candidates.Items[0].Field("content"); content.Kind != jsonv.Null {
			return content, nil
		}
	}
	parts := []jsonv.Value{}
	if truthy(m.Content) {
		parts = append(parts, obj(jsonv.M("text", m.Content)))
	}
	for _, c := range m.ToolCalls {
		fn := obj(jsonv.M("name", str(c.Name)), jsonv.M("args", arguments(c)))
		if c.ID != "" {
			fn.Members = append(fn.Members, jsonv.M("id", str(c.ID)))
		}
		parts = append(parts, obj(jsonv.M("functionCall", fn)))
	}
	return obj(jsonv.M("role", str("model")), jsonv.M("parts", jsonv.ArrayValue(parts...))), nil
}

// geminiFunctionResponse wraps a result into the object Gemini requires:
// an error under "error", an object as is, anything else under "result".
func geminiFunctionResponse(res ToolResult, nameByID map[string]string) jsonv.Value {
	var response jsonv.Value
	switch {
	case res.IsError:
		response = obj(jsonv.M(geminiErrorKey, res.Content))
	case res.Content.Kind == jsonv.Object:
		response = res.Content
	default:
		response = obj(jsonv.M("result", res.Content))
	}
	fr := obj(jsonv.M("name", str(nameByID[res.CallID])), jsonv.M("response", response))
	if res.CallID != "" {
		fr.Members = append(fr.Members, jsonv.M("id", str(res.CallID)))
	}
	return fr
}

// geminiResponse is dryfire's gemini from_wire: text parts joined,
// functionCall parts as calls (args parsed by Gemini, so never malformed),
// tool_use whenever there is a call, thoughts counted as output tokens. An
// answer without candidates is a refusal when promptFeedback names a
// blockReason, an error otherwise.
func geminiResponse(raw jsonv.Value, latency int64) (cassette.Response, error) {
	f := fields{provider: "gemini"}
	resp := cassette.Response{Text: jsonv.NullValue(), ToolCalls: []cassette.ToolCall{}, Raw: raw, LatencyMS: latency}
	candidates := f.list(or(raw.Field("candidates"), jsonv.ArrayValue()), "candidates")
	if len(candidates) == 0 {
		feedback := f.object(or(raw.Field("promptFeedback"), emptyObject()), "promptFeedback")
		resp.StopReason = "error"
		if truthy(feedback.Field("blockReason")) {
			resp.StopReason = "refusal"
		}
	} else {
		candidate := f.object(candidates[0], "candidates[0]")
		content := f.object(or(candidate.Field("content"), emptyObject()), "candidates[0].content")
		var texts []string
		for i, p := range f.list(or(content.Field("parts"), jsonv.ArrayValue()), "content.parts") {
			loc := at("content.parts", i)
			p = f.object(p, loc)
			if t, ok := p.Get("text"); ok {
				texts = append(texts, f.string(t, loc+".text"))
			} else if fn, ok := p.Get("functionCall"); ok {
				fn = f.object(fn, loc+".functionCall")
				resp.ToolCalls = append(resp.ToolCalls, call(f.string(getOr(fn, "id"), loc+".functionCall.id"),
					f.string(getOr(fn, "name"), loc+".functionCall.name"),
					f.arguments(fn.Field("args"), loc+".functionCall.args"), jsonv.NullValue()))
			}
		}
		resp.Text = joined(texts)
		resp.StopReason = "tool_use"
		if len(resp.ToolCalls) == 0 {
			resp.StopReason = stopReason("gemini", or(candidate.Field("finishReason"), str("")))
		}
	}
	resp.Usage = geminiUsage(&f, f.object(or(raw.Field("usageMetadata"), emptyObject()), "usageMetadata"))
	if f.err != nil {
		return cassette.Response{}, f.err
	}
	return resp, nil
}

// geminiUsage bills thoughts as output: output = candidatesTokenCount +
// thoughtsTokenCount, so input + output = totalTokenCount.
func geminiUsage(f *fields, um jsonv.Value) cassette.Usage {
	for _, k := range []string{"candidatesTokenCount", "thoughtsTokenCount"} {
		if um.Field(k).Kind == jsonv.String {
			f.fail("usageMetadata.%s should be a number, not a string", k)
		}
	}
	return cassette.Usage{
		InputTokens:     f.count(um, "promptTokenCount", "usageMetadata"),
		OutputTokens:    f.count(um, "candidatesTokenCount", "usageMetadata") + f.count(um, "thoughtsTokenCount", "usageMetadata"),
		CacheReadTokens: f.count(um, "cachedContentTokenCount", "usageMetadata"),
	}
}
