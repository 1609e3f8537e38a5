package provider_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider"
)

// A run resolves one gateway per provider, skips the cases whose key is
// missing, and calls Complete once per turn.
func ExampleResolve() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"content":[{"type":"text","text":"Refunded."}],"stop_reason":"end_turn","usage":{"input_tokens":12,"output_tokens":3}}`)
	}))
	defer srv.Close()
	env := map[string]string{"ANTHROPIC_API_KEY": "sk-ant-example", "ANTHROPIC_BASE_URL": srv.URL}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }

	if _, err := provider.Resolve("gemini", lookup, provider.Options{}); err != nil {
		var missing *provider.MissingKeyError
		if errors.As(err, &missing) {
			fmt.Println(missing.Skip("refunds", "late order"))
		}
	}

	gw, err := provider.Resolve("anthropic", lookup, provider.Options{MaxRetries: provider.DefaultMaxRetries})
	if err != nil {
		fmt.Println(err)
		return
	}
	temperature := 0.0
	resp, err := gw.Complete(context.Background(), &provider.Request{
		Model:    "claude-sonnet-4-6",
		System:   "You are a support agent.",
		Messages: []provider.Message{{Role: "user", Content: jsonv.StringValue("Refund order A-1.")}},
		Params:   provider.Params{Temperature: &temperature},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(gw.Name(), resp.StopReason, resp.Text.Str(), resp.Usage.InputTokens, resp.Usage.OutputTokens)
	// Output:
	// skipped refunds::late order (needs GEMINI_API_KEY)
	// anthropic end_turn Refunded. 12 3
}
