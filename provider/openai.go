package provider

import (
	"context"
	"net/url"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// openAIErrorPrefix marks an error tool result: Chat Completions has no
// is_error flag, so dryfire writes it into the content.
const openAIErrorPrefix = "[tool_error] "

// OpenAI is the gateway to an OpenAI Chat Completions endpoint
// (POST <base>/chat/completions, Authorization: Bearer): OpenAI itself,
// the OpenAI-compatible providers dryfire knows, and the providers:
// entries of dryfire.yaml. They differ only in name, base URL and key.
type OpenAI struct {
	name string
	c    *caller
	url  *url.URL
}

// Name returns the provider name: "openai", "xai", … or the providers:
// entry's name. It keys pricing and is written into cassettes.
func (g *OpenAI) Name() string { return g.name }

// String names the gateway; it never shows a credential.
func (g *OpenAI) String() string { return g.name + " gateway" }

// GoString is String, so %#v shows no credential either.
func (g *OpenAI) GoString() string { return g.String() }

// Complete sends the request and returns the normalised response.
func (g *OpenAI) Complete(ctx context.Context, req *Request) (cassette.Response, error) {
	body, err := encodeBody(g.name, openAIPayload(req))
	if err != nil {
		return cassette.Response{}, err
	}
	return g.c.answer(ctx, g.url, body, "openai", func(raw jsonv.Value, ms int64) (cassette.Response, error) { return openAIResponse(g.name, raw, ms) })
}

// openAIPayload is dryfire's openai to_wire: the system prompt as a system
// message, each tool result its own "tool" message, arguments as
// json.dumps text, stop_sequences as "stop".
func openAIPayload(r *Request) jsonv.Value {
	wire := make([]jsonv.Value, 0, len(r.Messages)+1)
	if r.System != "" {
		wire = append(wire, obj(jsonv.M("role", str("system")), jsonv.M("content", str(r.System))))
	}
	for _, m := range r.Messages {
		switch {
		case m.Role == "assistant":
			wire = append(wire, openAIAssistant(m))
		case len(m.ToolResults) > 0:
			for _, res := range m.ToolResults {
				content := resultText(res.Content)
				if res.IsError {
					content = openAIErrorPrefix + content
				}
				wire = append(wire, obj(
					jsonv.M("role", str("tool")),
					jsonv.M("tool_call_id", str(res.CallID)),
					jsonv.M("content", str(content)),
				))
			}
		default:
			wire = append(wire, obj(jsonv.M("role", str("user")), jsonv.M("content", m.Content)))
		}
	}
	p := obj(jsonv.M("model", str(r.Model)), jsonv.M("messages", jsonv.ArrayValue(wire...)))
	p.Members = appendSampling(p.Members, r.Params, "temperature", "top_p")
	if r.Params.MaxTokens != nil {
		p.Members = append(p.Members, jsonv.M("max_tokens", jsonv.IntValue(*r.Params.MaxTokens)))
	}
	if len(r.Params.StopSequences) > 0 {
		p.Members = append(p.Members, jsonv.M("stop", strList(r.Params.StopSequences)))
	}
	if len(r.Tools) > 0 {
		tools := make([]jsonv.Value, 0, len(r.Tools))
		for _, t := range r.Tools {
			tools = append(tools, obj(jsonv.M("type", str("function")), jsonv.M("function", obj(
				jsonv.M("name", str(t.Name)),
				jsonv.M("description", str(t.Description)),
				jsonv.M("parameters", t.InputSchema),
			))))
		}
		p.Members = append(p.Members, jsonv.M("tools", jsonv.ArrayValue(tools...)))
	}
	return p
}

// openAIAssistant rebuilds an assistant turn from its neutral fields (the
// OpenAI wire needs no raw echo).
func openAIAssistant(m Message) jsonv.Value {
	entry := obj(jsonv.M("role", str("assistant")), jsonv.M("content", m.Content))
	if len(m.ToolCalls) > 0 {
		calls := make([]jsonv.Value, 0, len(m.ToolCalls))
		for _, c := range m.ToolCalls {
			calls = append(calls, obj(
				jsonv.M("id", str(c.ID)),
				jsonv.M("type", str("function")),
				jsonv.M("function", obj(
					jsonv.M("name", str(c.Name)),
					jsonv.M("arguments", str(jsonv.PyJSONDumps(arguments(c)))),
				)),
			))
		}
		entry.Members = append(entry.Members, jsonv.M("tool_calls", jsonv.ArrayValue(calls...)))
	}
	return entry
}

// openAIResponse is dryfire's openai from_wire: the first choice's message,
// tool-call arguments parsed from their JSON text (kept in
// malformed_arguments when they do not parse to an object), finish_reason
// mapped, cached prompt tokens as cache reads.
func openAIResponse(name string, raw jsonv.Value, latency int64) (cassette.Response, error) {
	f := fields{provider: name}
	choices := f.list(or(raw.Field("choices"), jsonv.ArrayValue(emptyObject())), "choices")
	choice := emptyObject()
	if len(choices) > 0 {
		choice = f.object(choices[0], "choices[0]")
	}
	message := f.object(or(choice.Field("message"), emptyObject()), "choices[0].message")
	calls := []cassette.ToolCall{}
	for i, c := range f.list(or(message.Field("tool_calls"), jsonv.ArrayValue()), "message.tool_calls") {
		loc := at("message.tool_calls", i)
		c = f.object(c, loc)
		fn := f.object(or(c.Field("function"), emptyObject()), loc+".function")
		args, malformed := openAIArguments(fn.Field("arguments"))
		calls = append(calls, call(f.string(getOr(c, "id"), loc+".id"),
			f.string(getOr(fn, "name"), loc+".function.name"), args, malformed))
	}
	usage := f.object(or(raw.Field("usage"), emptyObject()), "usage")
	details := f.object(or(usage.Field("prompt_tokens_details"), emptyObject()), "usage.prompt_tokens_details")
	resp := cassette.Response{
		Text:       f.text(message.Field("content"), "message.content"),
		StopReason: stopReason("openai", or(choice.Field("finish_reason"), str(""))),
		ToolCalls:  calls,
		Usage: cassette.Usage{
			InputTokens:     f.count(usage, "prompt_tokens", "usage"),
			OutputTokens:    f.count(usage, "completion_tokens", "usage"),
			CacheReadTokens: f.count(details, "cached_tokens", "usage.prompt_tokens_details"),
		},
		Raw:       raw,
		LatencyMS: latency,
	}
	if f.err != nil {
		return cassette.Response{}, f.err
	}
	return resp, nil
}

// openAIArguments parses function.arguments as dryfire does: null gives
// {}; text that is not a JSON object gives {} and the text as
// malformed_arguments; a non-string gives {} and its json.dumps.
func openAIArguments(v jsonv.Value) (args, malformed jsonv.Value) {
	switch v.Kind {
	case jsonv.Null:
		return emptyObject(), jsonv.NullValue()
	case jsonv.String:
		parsed, err := jsonv.DecodeWith([]byte(v.Text), jsonv.DecodeOptions{AllowNonFinite: true})
		if err != nil || parsed.Kind != jsonv.Object {
			return emptyObject(), v
		}
		return parsed, jsonv.NullValue()
	default:
		return emptyObject(), str(jsonv.PyJSONDumps(v))
	}
}

// getOr is Python's dict.get(key, "").
func getOr(o jsonv.Value, key string) jsonv.Value {
	if v, ok := o.Get(key); ok {
		return v
	}
	return str("")
}
