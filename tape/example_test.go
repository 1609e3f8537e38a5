package tape_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/tape"
)

// ChatRequest is what the code under test sends to a model provider.
type ChatRequest struct {
	APIKey    string `json:"api_key"`
	Model     string `json:"model"`
	MaxTokens int    `json:"max_tokens"`
	Prompt    string `json:"prompt"`
}

// ChatReply is the part of the provider's answer the code keeps.
type ChatReply struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// complete is an ordinary HTTP client for the provider.
func complete(ctx context.Context, baseURL string, req ChatRequest) (ChatReply, error) {
	body, err := json.Marshal(map[string]any{"model": req.Model, "max_tokens": req.MaxTokens, "prompt": req.Prompt})
	if err != nil {
		return ChatReply{}, err
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, baseURL+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return ChatReply{}, err
	}
	hr.Header.Set("x-api-key", req.APIKey)
	resp, err := http.DefaultClient.Do(hr)
	if err != nil {
		return ChatReply{}, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return ChatReply{}, fmt.Errorf("provider: %s", resp.Status)
	}
	var reply ChatReply
	err = json.NewDecoder(resp.Body).Decode(&reply)
	return reply, err
}

// A test records one real provider call the first time it runs and replays
// it offline afterwards: no network, no API key. Normalize strips the key
// from what is hashed and stored, so the tape can be committed.
func ExampleOpen() {
	var calls atomic.Int32
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("x-api-key") == "" {
			http.Error(w, "missing key", http.StatusUnauthorized)
			return
		}
		calls.Add(1)
		fmt.Fprint(w, `{"id": "msg_01", "text": "Bonjour ! 🎉"}`)
	}))

	dir, err := os.MkdirTemp("", "tapes")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)

	stripKey := func(args, kwargs jsonv.Value) (jsonv.Value, jsonv.Value) {
		args.Items[0].Delete("api_key")
		return args, kwargs
	}
	run := func(apiKey string) {
		// auto mode: record when the tape file is missing, replay when it exists.
		tp, err := tape.Open(dir, "chat", tape.Options{Normalize: stripKey})
		if err != nil {
			panic(err)
		}
		chat := tape.Wrap(tp, func(req ChatRequest) (ChatReply, error) {
			return complete(context.Background(), provider.URL, req)
		})
		reply, err := chat(ChatRequest{APIKey: apiKey, Model: "claude-opus-5", MaxTokens: 256, Prompt: "Say hello in French"})
		fmt.Println(tp.Mode(), reply.Text, err)
		if err := tp.Save(); err != nil {
			panic(err)
		}
	}

	run("sk-ant-api03-live-key") // first run: calls the provider and records
	provider.Close()             // from now on we are offline
	run("")                      // later runs: replayed from the tape

	data, _ := os.ReadFile(filepath.Join(dir, "chat.json"))
	fmt.Println("provider calls:", calls.Load())
	fmt.Println("key in the tape:", strings.Contains(string(data), "sk-ant"))
	// Output:
	// record Bonjour ! 🎉 <nil>
	// replay Bonjour ! 🎉 <nil>
	// provider calls: 1
	// key in the tape: false
}
