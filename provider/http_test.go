package provider

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

func ptr[T any](v T) *T { return &v }

// chatRequest is a two-turn conversation: the user asks, the model called a
// tool (its raw payload given per wire), the tool answered.
func chatRequest(model string, raw jsonv.Value) *Request {
	schema, _ := jsonv.Decode([]byte(`{"type":"object","properties":{"order_id":{"type":"string"},"amount":{"type":"number","minimum":1.0}},"required":["order_id"]}`))
	return &Request{
		Model:  model,
		System: "You are a support agent.",
		Messages: []Message{
			{Role: "user", Content: str("Refund A-1 — déjà vu")},
			{Role: "assistant", Content: jsonv.NullValue(), Raw: raw, ToolCalls: []cassette.ToolCall{
				{ID: "id-1", Name: "lookup", Arguments: obj(jsonv.M("order_id", str("A-1"))), MalformedArguments: jsonv.NullValue()},
			}},
			ToolMessage([]ToolResult{{CallID: "id-1", Content: obj(jsonv.M("total", jsonv.NumberValue("42.0")))}}),
		},
		Tools:  []Tool{{Name: "lookup", Description: "Find an order.", InputSchema: schema}},
		Params: Params{Temperature: ptr(0.0)},
	}
}

type wireCase struct {
	name     string
	provider string
	req      *Request
	reply    string
	path     string
	headers  map[string]string // must be present with this value
	absent   []string          // headers that must not be sent
	body     string            // the exact bytes posted
	text     string            // "<nil>" for null
	stop     string
	calls    []string // id:name, with "!" + malformed text when malformed
}

func TestWireExchanges(t *testing.T) {
	t.Parallel()
	anthropicRaw, _ := jsonv.Decode([]byte(`{"content":[{"type":"tool_use","id":"id-1","name":"lookup","input":{"order_id":"A-1"}}],"stop_reason":"tool_use"}`))
	geminiRaw, _ := jsonv.Decode([]byte(`{"candidates":[{"content":{"parts":[{"functionCall":{"name":"lookup","args":{"order_id":"A-1"},"id":"id-1"},"thoughtSignature":"c2ln"}],"role":"model"}}]}`))
	cases := []wireCase{
		{
			name: "anthropic text", provider: "anthropic",
			req:   &Request{Model: "claude-x", System: "Be brief.", Messages: []Message{{Role: "user", Content: str("Hi")}}, Params: Params{Temperature: ptr(0.0)}},
			reply: `{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"text","text":"Hello"}],"stop_reason":"end_turn","usage":{"input_tokens":9,"output_tokens":1,"cache_read_input_tokens":4,"cache_creation_input_tokens":2}}`,
			path:  "/v1/messages", headers: map[string]string{"X-Api-Key": anthropicKey, "Anthropic-Version": "2023-06-01", "Content-Type": "application/json"},
			absent: []string{"Authorization", "X-Goog-Api-Key"},
			body:   `{"model":"claude-x","messages":[{"role":"user","content":"Hi"}],"max_tokens":4096,"system":"Be brief.","temperature":0.0}`,
			text:   "Hello", stop: "end_turn",
		},
		{
			name: "anthropic parallel tool calls after a tool round", provider: "anthropic", req: chatRequest("claude-x", anthropicRaw),
			reply: `{"content":[{"type":"text","text":"Two lookups."},{"type":"tool_use","id":"toolu_2","name":"lookup","input":{"order_id":"A-2"}},{"type":"tool_use","id":"toolu_3","name":"lookup","input":{"order_id":"A-3"}}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1}}`,
			path:  "/v1/messages",
			body:  `{"model":"claude-x","messages":[{"role":"user","content":"Refund A-1 — déjà vu"},{"role":"assistant","content":[{"type":"tool_use","id":"id-1","name":"lookup","input":{"order_id":"A-1"}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"id-1","content":"{\"total\": 42.0}","is_error":false}]}],"max_tokens":4096,"system":"You are a support agent.","temperature":0.0,"tools":[{"name":"lookup","description":"Find an order.","input_schema":{"type":"object","properties":{"order_id":{"type":"string"},"amount":{"type":"number","minimum":1.0}},"required":["order_id"]}}]}`,
			text:  "Two lookups.", stop: "tool_use", calls: []string{"toolu_2:lookup", "toolu_3:lookup"},
		},
		{
			name: "anthropic max_tokens", provider: "anthropic",
			req:   &Request{Model: "claude-x", Messages: []Message{{Role: "user", Content: str("Hi")}}, Params: Params{MaxTokens: ptr(int64(5))}},
			reply: `{"content":[{"type":"text","text":"Cut of"}],"stop_reason":"max_tokens","usage":{"input_tokens":1,"output_tokens":5}}`,
			path:  "/v1/messages", body: `{"model":"claude-x","messages":[{"role":"user","content":"Hi"}],"max_tokens":5}`,
			text: "Cut of", stop: "max_tokens",
		},
		{
			name: "anthropic refusal", provider: "anthropic",
			req:   &Request{Model: "claude-x", Messages: []Message{{Role: "user", Content: str("Hi")}}},
			reply: `{"content":[],"stop_reason":"refusal","usage":{"input_tokens":1,"output_tokens":0}}`,
			path:  "/v1/messages", body: `{"model":"claude-x","messages":[{"role":"user","content":"Hi"}],"max_tokens":4096}`,
			text: "<nil>", stop: "refusal",
		},
		{
			name: "openai text", provider: "openai",
			req:   &Request{Model: "gpt-x", System: "Be brief.", Messages: []Message{{Role: "user", Content: str("Hi")}}, Params: Params{TopP: ptr(0.5), StopSequences: []string{"END"}}},
			reply: `{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"Hello","refusal":null},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":1,"prompt_tokens_details":{"cached_tokens":3}}}`,
			path:  "/v1/chat/completions", headers: map[string]string{"Authorization": "Bearer " + openAIKey, "Content-Type": "application/json"},
			absent: []string{"X-Api-Key", "Anthropic-Version", "OpenAI-Organization"},
			body:   `{"model":"gpt-x","messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"Hi"}],"top_p":0.5,"stop":["END"]}`,
			text:   "Hello", stop: "end_turn",
		},
		{
			name: "openai parallel tool calls after a tool round", provider: "openai", req: chatRequest("gpt-x", jsonv.NullValue()),
			reply: `{"choices":[{"message":{"content":null,"tool_calls":[{"id":"call_2","type":"function","function":{"name":"lookup","arguments":"{\"order_id\":\"A-2\"}"}},{"id":"call_3","type":"function","function":{"name":"lookup","arguments":"{\"order_id\":\"A-3\"}"}}]},"finish_reason":"tool_calls"}]}`,
			path:  "/v1/chat/completions",
			body:  `{"model":"gpt-x","messages":[{"role":"system","content":"You are a support agent."},{"role":"user","content":"Refund A-1 — déjà vu"},{"role":"assistant","content":null,"tool_calls":[{"id":"id-1","type":"function","function":{"name":"lookup","arguments":"{\"order_id\": \"A-1\"}"}}]},{"role":"tool","tool_call_id":"id-1","content":"{\"total\": 42.0}"}],"temperature":0.0,"tools":[{"type":"function","function":{"name":"lookup","description":"Find an order.","parameters":{"type":"object","properties":{"order_id":{"type":"string"},"amount":{"type":"number","minimum":1.0}},"required":["order_id"]}}}]}`,
			text:  "<nil>", stop: "tool_use", calls: []string{"call_2:lookup", "call_3:lookup"},
		},
		{
			name: "openai truncated arguments on length", provider: "openai",
			req:   &Request{Model: "gpt-x", Messages: []Message{{Role: "user", Content: str("Hi")}}},
			reply: `{"choices":[{"message":{"content":"Cut","tool_calls":[{"id":"call_9","type":"function","function":{"name":"lookup","arguments":"{\"order_id\":\"A-"}}]},"finish_reason":"length"}]}`,
			path:  "/v1/chat/completions", body: `{"model":"gpt-x","messages":[{"role":"user","content":"Hi"}]}`,
			text: "Cut", stop: "max_tokens", calls: []string{`call_9:lookup!{"order_id":"A-`},
		},
		{
			name: "openai content filter", provider: "openai",
			req:   &Request{Model: "gpt-x", Messages: []Message{{Role: "user", Content: str("Hi")}}},
			reply: `{"choices":[{"message":{"content":""},"finish_reason":"content_filter"}]}`,
			path:  "/v1/chat/completions", body: `{"model":"gpt-x","messages":[{"role":"user","content":"Hi"}]}`,
			text: "", stop: "refusal",
		},
		{
			name: "custom providers: entry", provider: "local",
			req:   &Request{Model: "qwen", Messages: []Message{{Role: "user", Content: str("Hi")}}},
			reply: `{"choices":[{"message":{"content":"Hi!"},"finish_reason":"stop"}]}`,
			path:  "/compat/v1/chat/completions", headers: map[string]string{"Authorization": "Bearer " + customKey},
			body: `{"model":"qwen","messages":[{"role":"user","content":"Hi"}]}`, text: "Hi!", stop: "end_turn",
		},
		{
			name: "gemini text", provider: "gemini",
			req:   &Request{Model: "gemini-2.5-flash", System: "Be brief.", Messages: []Message{{Role: "user", Content: str("Hi")}}, Params: Params{Temperature: ptr(0.2), MaxTokens: ptr(int64(64))}},
			reply: `{"candidates":[{"content":{"parts":[{"text":"Hello","thoughtSignature":"c2ln"}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":9,"candidatesTokenCount":1,"thoughtsTokenCount":20,"totalTokenCount":30},"responseId":"r1"}`,
			path:  "/v1beta/models/gemini-2.5-flash:generateContent", headers: map[string]string{"X-Goog-Api-Key": geminiKey, "Content-Type": "application/json"},
			absent: []string{"Authorization", "X-Api-Key"},
			body:   `{"contents":[{"role":"user","parts":[{"text":"Hi"}]}],"systemInstruction":{"parts":[{"text":"Be brief."}]},"generationConfig":{"temperature":0.2,"maxOutputTokens":64}}`,
			text:   "Hello", stop: "end_turn",
		},
		{
			name: "gemini parallel function calls after a tool round", provider: "gemini", req: chatRequest("gemini-2.5-flash", geminiRaw),
			reply: `{"candidates":[{"content":{"parts":[{"functionCall":{"name":"lookup","args":{"order_id":"A-2"},"id":"g2"},"thoughtSignature":"c2ln"},{"functionCall":{"name":"lookup","args":{"order_id":"A-3"},"id":"g3"}}],"role":"model"},"finishReason":"STOP"}]}`,
			path:  "/v1beta/models/gemini-2.5-flash:generateContent",
			body:  `{"contents":[{"role":"user","parts":[{"text":"Refund A-1 — déjà vu"}]},{"parts":[{"functionCall":{"name":"lookup","args":{"order_id":"A-1"},"id":"id-1"},"thoughtSignature":"c2ln"}],"role":"model"},{"role":"user","parts":[{"functionResponse":{"name":"lookup","response":{"total":42.0},"id":"id-1"}}]}],"systemInstruction":{"parts":[{"text":"You are a support agent."}]},"tools":[{"functionDeclarations":[{"name":"lookup","description":"Find an order.","parameters":{"type":"object","properties":{"order_id":{"type":"string"},"amount":{"type":"number","minimum":1.0}},"required":["order_id"]}}]}],"generationConfig":{"temperature":0.0}}`,
			text:  "<nil>", stop: "tool_use", calls: []string{"g2:lookup", "g3:lookup"},
		},
		{
			name: "gemini max tokens", provider: "gemini",
			req:   &Request{Model: "gemini-2.5-flash", Messages: []Message{{Role: "user", Content: str("Hi")}}},
			reply: `{"candidates":[{"content":{"parts":[{"text":"Cut"}],"role":"model"},"finishReason":"MAX_TOKENS"}]}`,
			path:  "/v1beta/models/gemini-2.5-flash:generateContent", body: `{"contents":[{"role":"user","parts":[{"text":"Hi"}]}]}`,
			text: "Cut", stop: "max_tokens",
		},
		{
			name: "gemini prompt blocked", provider: "gemini",
			req:   &Request{Model: "gemini-2.5-flash", Messages: []Message{{Role: "user", Content: str("Hi")}}},
			reply: `{"promptFeedback":{"blockReason":"SAFETY"},"usageMetadata":{"promptTokenCount":3}}`,
			path:  "/v1beta/models/gemini-2.5-flash:generateContent", body: `{"contents":[{"role":"user","parts":[{"text":"Hi"}]}]}`,
			text: "<nil>", stop: "refusal",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := newFake(t, reply{status: 200, body: tc.reply})
			g, _ := f.resolve(t, tc.provider, DefaultMaxRetries, nil)
			resp, err := g.Complete(context.Background(), tc.req)
			if err != nil {
				t.Fatal(err)
			}
			checkExchange(t, f.requests(), tc)
			raw, _ := jsonv.Decode([]byte(tc.reply))
			if !jsonv.Equal(resp.Raw, raw) {
				t.Errorf("raw is not the answer as received:\n got %s\nwant %s", enc(resp.Raw), tc.reply)
			}
			text := resp.Text.Str()
			if resp.Text.IsNull() {
				text = "<nil>"
			}
			if text != tc.text || resp.StopReason != tc.stop {
				t.Errorf("text %q stop %q, want %q %q", text, resp.StopReason, tc.text, tc.stop)
			}
			var calls []string
			for _, c := range resp.ToolCalls {
				s := c.ID + ":" + c.Name
				if !c.MalformedArguments.IsNull() {
					s += "!" + c.MalformedArguments.Str()
				}
				calls = append(calls, s)
			}
			if strings.Join(calls, ",") != strings.Join(tc.calls, ",") {
				t.Errorf("tool calls %q, want %q", calls, tc.calls)
			}
		})
	}
}

func checkExchange(t *testing.T, got []exchange, tc wireCase) {
	t.Helper()
	if len(got) != 1 {
		t.Fatalf("%d requests, want 1", len(got))
	}
	x := got[0]
	if x.Method != "POST" || x.Path != tc.path || x.Query != "" {
		t.Errorf("request %s %s?%s, want POST %s", x.Method, x.Path, x.Query, tc.path)
	}
	if string(x.Body) != tc.body {
		t.Errorf("body\n got %s\nwant %s", x.Body, tc.body)
	}
	for k, v := range tc.headers {
		if x.Header.Get(k) != v {
			t.Errorf("header %s = %q, want %q", k, x.Header.Get(k), v)
		}
	}
	for _, k := range tc.absent {
		if x.Header.Get(k) != "" {
			t.Errorf("header %s sent (%q), want none", k, x.Header.Get(k))
		}
	}
}

// One gateway serves every case of a run, from several workers at once.
func TestGatewayIsSafeForConcurrentUse(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"anthropic", "openai", "gemini"} {
		f := newFake(t, fail(529), reply{status: 200, body: okBody[p]})
		g, _ := f.resolve(t, p, DefaultMaxRetries, nil)
		errs := make(chan error, 8)
		for range 8 {
			go func() {
				resp, err := g.Complete(context.Background(), hi())
				if err == nil && resp.Text.Str() != "ok" {
					err = fmt.Errorf("text %q", resp.Text.Str())
				}
				errs <- err
			}()
		}
		for range 8 {
			if err := <-errs; err != nil {
				t.Errorf("%s: %v", p, err)
			}
		}
		if n := len(f.requests()); n != 9 {
			t.Errorf("%s: %d requests, want 9 (one failed and retried)", p, n)
		}
	}
}
