package engine

import (
	"context"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider"
)

// WireProvider makes a [Provider] of a provider package gateway: each
// call is sent as dryfire's gateway sends it ([WireRequest]).
func WireProvider(g provider.Gateway) Provider { return wireProvider{g} }

type wireProvider struct{ g provider.Gateway }

func (w wireProvider) Complete(ctx context.Context, r conversation.Request) (cassette.Response, error) {
	for _, m := range r.Messages {
		for _, tr := range m.ToolResults {
			if _, bad := tr.WireContent(); bad != "" {
				// dryfire's adapter json.dumps a tool result that is not
				// a string, and fails on one it cannot write.
				return cassette.Response{}, &reprError{bad}
			}
		}
	}
	return w.g.Complete(ctx, WireRequest(r))
}

// reprError is a Python exception known by its repr().
type reprError struct{ repr string }

func (e *reprError) Error() string { return e.repr }

// Repr is the exception's repr().
func (e *reprError) Repr() string { return e.repr }

// WireRequest is the provider request of a call: dryfire's
// CompletionRequest, with the loop's messages as they are in memory (tool
// arguments in the model's order, mock results in the suite's), which is
// the order their JSON text takes on the wire, and each mock result as
// json.dumps writes its Python object (a key True as "true").
func WireRequest(r conversation.Request) *provider.Request {
	t := r.Temperature
	w := &provider.Request{Model: r.Model, Params: provider.Params{Temperature: &t}}
	if r.System.Kind == jsonv.String {
		w.System = r.System.Text
	}
	w.Messages = make([]provider.Message, len(r.Messages))
	for i, m := range r.Messages {
		pm := provider.Message{Role: m.Role, Content: m.Content, ToolCalls: m.ToolCalls, Raw: m.Raw}
		for _, tr := range m.ToolResults {
			content, _ := tr.WireContent()
			pm.ToolResults = append(pm.ToolResults, provider.ToolResult{CallID: tr.CallID, Content: content, IsError: tr.IsError})
		}
		w.Messages[i] = pm
	}
	for _, tool := range r.Tools {
		w.Tools = append(w.Tools, provider.Tool{Name: tool.Name, Description: tool.Description.Str(), InputSchema: tool.InputSchema})
	}
	return w
}
