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
	"testing"

	"github.com/dryfire-tui/dryfire-tui/tape"
)

// This file is the program docs/tape.md quotes: a Go user's test and the
// examples, written against the public API only (a user's module cannot
// import this module's internal packages).

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

// stripAPIKey keeps the API key out of what is hashed and stored, so that
// the tape can be committed; the wrapped function still gets the key.
func stripAPIKey(args, kwargs tape.Value) (tape.Value, tape.Value) {
	args.Items[0].Delete("api_key")
	return args, kwargs
}

// TestChat is a test as a Go user writes it. The first run records the
// provider's answer into testdata/tapes/TestChat.json (beside this file);
// every later run replays it offline, without a key.
func TestChat(t *testing.T) {
	tp := tape.OpenTest(t, tape.Options{Normalize: stripAPIKey})
	chat := tape.WrapContext(tp, func(ctx context.Context, req ChatRequest) (ChatReply, error) {
		return complete(ctx, providerURL(t), req) // the real call, made only while recording
	})
	reply, err := chat(t.Context(), ChatRequest{APIKey: os.Getenv("PROVIDER_API_KEY"), Model: "claude-opus-5", MaxTokens: 256, Prompt: "Say hello in French"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(reply.Text, "Bonjour") {
		t.Errorf("reply %q, want a French greeting", reply.Text)
	}
}

// providerURL is the provider's base URL. Here it is a fake provider on
// 127.0.0.1, so that the tape can be recorded again without the network
// (CASSETTE_FN_MODE=record go test ./tape -run TestChat); a real test
// returns the provider's URL.
func providerURL(t *testing.T) string {
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"id": "msg_01", "text": "Bonjour ! 🎉"}`)
	}))
	t.Cleanup(provider.Close)
	return provider.URL
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

	run := func(apiKey string) {
		// auto mode: record when the tape file is missing, replay when it exists.
		tp, err := tape.Open(dir, "chat", tape.Options{Normalize: stripAPIKey})
		if err != nil {
			panic(err)
		}
		chat := tape.Wrap(tp, func(req ChatRequest) (ChatReply, error) {
			return complete(context.Background(), provider.URL, req)
		})
		reply, err := chat(ChatRequest{APIKey: apiKey, Model: "claude-opus-5", MaxTokens: 256, Prompt: "Say hello in French"})
		s := tp.Stats()
		fmt.Printf("%s: %s %v (hits %d, misses %d, recorded %d)\n", tp.Mode(), reply.Text, err, s.Hits, s.Misses, s.Recorded)
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
	// record: Bonjour ! 🎉 <nil> (hits 0, misses 0, recorded 1)
	// replay: Bonjour ! 🎉 <nil> (hits 1, misses 0, recorded 0)
	// provider calls: 1
	// key in the tape: false
}

// Normalize keeps what changes from run to run out of the key and the
// tape: here a request id is dropped and a timestamp replaced, so that the
// second call replays the first one's recording.
func ExampleOptions_normalize() {
	normalize := func(args, kwargs tape.Value) (tape.Value, tape.Value) {
		if opts := &args.Items[1]; opts.Kind == tape.Object {
			opts.Delete("request_id")
			if opts.Has("sent_at") {
				opts.Set("sent_at", tape.StringValue("<time>"))
			}
		}
		return args, kwargs
	}
	dir, err := os.MkdirTemp("", "tapes")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)

	tp, err := tape.Open(dir, "send", tape.Options{Mode: tape.Record, Normalize: normalize})
	if err != nil {
		panic(err)
	}
	send := tape.Wrap2(tp, func(prompt string, opts map[string]string) (string, error) { return "sent", nil })
	send("hi", map[string]string{"request_id": "req_01", "sent_at": "2026-08-01T10:00:00Z"})
	send("hi", map[string]string{"request_id": "req_02", "sent_at": "2026-08-01T10:00:07Z"})
	if err := tp.Save(); err != nil {
		panic(err)
	}
	data, _ := os.ReadFile(tp.Path())
	fmt.Println(len(tp.Keys()), "key")
	fmt.Println(string(data))
	// Output:
	// 1 key
	// {
	//   "version": 1,
	//   "name": "send",
	//   "entries": {
	//     "b204f45cdf4397e8": [
	//       {
	//         "args": [
	//           "hi",
	//           {
	//             "sent_at": "<time>"
	//           }
	//         ],
	//         "result": "sent"
	//       },
	//       {
	//         "args": [
	//           "hi",
	//           {
	//             "sent_at": "<time>"
	//           }
	//         ],
	//         "result": "sent"
	//       }
	//     ]
	//   }
	// }
}
