package provider

import (
	"context"
	"net/url"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// anthropicDefaultMaxTokens is what dryfire sends when the request leaves
// max_tokens unset: the Messages API requires it.
const anthropicDefaultMaxTokens = 4096

// anthropicVersion is the anthropic-version header the SDK sends.
const anthropicVersion = "2023-06-01"

// The Anthropic SDK refuses a non-streaming request that may run past ten
// minutes: at 128,000 tokens an hour, more than 21,333 tokens; and more than
// 8,192 for the models listed here. dryfire never streams, so it meets the
// same refusal.
var anthropicNonStreamingTokens = map[string]int64{
	"claude-opus-4-20250514":                  8192,
	"claude-opus-4-0":                         8192,
	"claude-4-opus-20250514":                  8192,
	"anthropic.claude-opus-4-20250514-v1:0":   8192,
	"claude-opus-4@20250514":                  8192,
	"claude-opus-4-1-20250805":                8192,
	"anthropic.claude-opus-4-1-20250805-v1:0": 8192,
	"claude-opus-4-1@20250805":                8192,
}

// Anthropic is the gateway to the Anthropic Messages API
// (POST <base>/v1/messages, x-api-key and anthropic-version headers).
type Anthropic struct {
	c   *caller
	url *url.URL
}

// Name returns "anthropic".
func (g *Anthropic) Name() string { return "anthropic" }

// String names the gateway; it never shows a credential.
func (g *Anthropic) String() string { return "anthropic gateway" }

// GoString is String, so %#v shows no credential either.
func (g *Anthropic) GoString() string { return g.String() }

// Complete sends the request and returns the normalised response.
func (g *Anthropic) Complete(ctx context.Context, req *Request) (cassette.Response, error) {
	payload, err := anthropicPayload(req)
	if err != nil {
		return cassette.Response{}, err
	}
	if err := anthropicCheckNonStreaming(req.Model, anthropicMaxTokens(req)); err != nil {
		return cassette.Response{}, err
	}
	body, err := encodeBody(g.Name(), payload)
	if err != nil {
		return cassette.Response{}, err
	}
	return g.c.answer(ctx, g.url, body, "anthropic", anthropicResponse)
}

// anthropicPayload is dryfire's anthropic to_wire: tool results become
// tool_result blocks of one user message, an assistant turn is echoed from
// its raw content when it has one.
func anthropicPayload(r *Request) (jsonv.Value, error) {
	messages := make([]jsonv.Value, 0, len(r.Messages))
	for i, m := range r.Messages {
		switch {
		case m.Role == "assistant":
			am, err := anthropicAssistant(m, i)
			if err != nil {
				return jsonv.Value{}, err
			}
			messages = append(messages, am)
		case len(m.ToolResults) > 0:
			blocks := make([]jsonv.Value, 0, len(m.ToolResults))
			for _, res := range m.ToolResults {
				blocks = append(blocks, obj(
					jsonv.M("type", str("tool_result")),
					jsonv.M("tool_use_id", str(res.CallID)),
					jsonv.M("content", str(resultText(res.Content))),
					jsonv.M("is_error", jsonv.BoolValue(res.IsError)),
				))
			}
			messages = append(messages, obj(jsonv.M("role", str("user")), jsonv.M("content", jsonv.ArrayValue(blocks...))))
		default:
			messages = append(messages, obj(jsonv.M("role", str("user")), jsonv.M("content", m.Content)))
		}
	}
	p := obj(
		jsonv.M("model", str(r.Model)),
		jsonv.M("messages", jsonv.ArrayValue(messages...)),
		jsonv.M("max_tokens", jsonv.IntValue(anthropicMaxTokens(r))),
	)
	if r.System != "" {
		p.Members = append(p.Members, jsonv.M("system", str(r.System)))
	}
	p.Members = appendSampling(p.Members, r.Params, "temperature", "top_p")
	if len(r.Params.StopSequences) > 0 {
		p.Members = append(p.Members, jsonv.M("stop_sequences", strList(r.Params.StopSequences)))
	}
	if len(r.Tools) > 0 {
		tools := make([]jsonv.Value, 0, len(r.Tools))
		for _, t := range r.Tools {
			tools = append(tools, obj(
				jsonv.M("name", str(t.Name)),
				jsonv.M("description", str(t.Description)),
				jsonv.M("input_schema", t.InputSchema),
			))
		}
		p.Members = append(p.Members, jsonv.M("tools", jsonv.ArrayValue(tools...)))
	}
	return p, nil
}

// anthropicAssistant echoes raw["content"] verbatim when the turn has a raw
// payload (Anthropic rejects a reconstructed tool_use turn), and rebuilds
// text and tool_use blocks otherwise.
func anthropicAssistant(m Message, i int) (jsonv.Value, error) {
	if m.Raw.Kind != jsonv.Null {
		content, ok := m.Raw.Get("content")
		if !ok {
			return jsonv.Value{}, requestErr("anthropic", "messages[%d]: the assistant turn's raw payload has no content to echo", i)
		}
		return obj(jsonv.M("role", str("assistant")), jsonv.M("content", content)), nil
	}
	blocks := []jsonv.Value{}
	if truthy(m.Content) {
		blocks = append(blocks, obj(jsonv.M("type", str("text")), jsonv.M("text", m.Content)))
	}
	for _, c := range m.ToolCalls {
		blocks = append(blocks, obj(
			jsonv.M("type", str("tool_use")),
			jsonv.M("id", str(c.ID)),
			jsonv.M("name", str(c.Name)),
			jsonv.M("input", arguments(c)),
		))
	}
	return obj(jsonv.M("role", str("assistant")), jsonv.M("content", jsonv.ArrayValue(blocks...))), nil
}

func anthropicMaxTokens(r *Request) int64 {
	if r.Params.MaxTokens != nil {
		return *r.Params.MaxTokens
	}
	return anthropicDefaultMaxTokens
}

func anthropicCheckNonStreaming(model string, maxTokens int64) error {
	limit, listed := anthropicNonStreamingTokens[model]
	if float64(maxTokens)*3600/128000 > 600 || (listed && maxTokens > limit) {
		return requestErr("anthropic", "max_tokens %d needs streaming (the call may take longer than 10 minutes), which dryfire does not use", maxTokens)
	}
	return nil
}

// appendSampling adds temperature and top_p under the wire's names.
func appendSampling(ms []jsonv.Member, p Params, temperature, topP string) []jsonv.Member {
	if p.Temperature != nil {
		ms = append(ms, jsonv.M(temperature, jsonv.FloatValue(*p.Temperature)))
	}
	if p.TopP != nil {
		ms = append(ms, jsonv.M(topP, jsonv.FloatValue(*p.TopP)))
	}
	return ms
}

func strList(ss []string) jsonv.Value {
	items := make([]jsonv.Value, len(ss))
	for i, s := range ss {
		items[i] = str(s)
	}
	return jsonv.ArrayValue(items...)
}

// anthropicResponse is dryfire's anthropic from_wire: text blocks joined,
// tool_use blocks as calls (Anthropic sends parsed input, so arguments are
// never malformed), stop_reason mapped, usage with the cache counts.
func anthropicResponse(raw jsonv.Value, latency int64) (cassette.Response, error) {
	f := fields{provider: "anthropic"}
	var texts []string
	calls := []cassette.ToolCall{}
	content, ok := raw.Get("content")
	if !ok {
		content = jsonv.ArrayValue()
	}
	for i, b := range f.list(content, "content") {
		b = f.object(b, at("content", i))
		switch b.Field("type").Str() {
		case "text":
			t, ok := b.Get("text")
			if !ok {
				t = str("")
			}
			texts = append(texts, f.string(t, at("content", i)+".text"))
		case "tool_use":
			id, hasID := b.Get("id")
			name, hasName := b.Get("name")
			if !hasID || !hasName {
				f.fail("%s: a tool_use block needs an id and a name", at("content", i))
			}
			calls = append(calls, call(f.string(id, at("content", i)+".id"), f.string(name, at("content", i)+".name"),
				f.arguments(b.Field("input"), at("content", i)+".input"), jsonv.NullValue()))
		}
	}
	usage := f.object(or(raw.Field("usage"), emptyObject()), "usage")
	resp := cassette.Response{
		Text:       joined(texts),
		StopReason: stopReason("anthropic", or(raw.Field("stop_reason"), str(""))),
		ToolCalls:  calls,
		Usage: cassette.Usage{
			InputTokens:      f.count(usage, "input_tokens", "usage"),
			OutputTokens:     f.count(usage, "output_tokens", "usage"),
			CacheReadTokens:  f.count(usage, "cache_read_input_tokens", "usage"),
			CacheWriteTokens: f.count(usage, "cache_creation_input_tokens", "usage"),
		},
		Raw:       raw,
		LatencyMS: latency,
	}
	if f.err != nil {
		return cassette.Response{}, f.err
	}
	return resp, nil
}
