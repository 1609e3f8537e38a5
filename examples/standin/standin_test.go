package standin

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/provider"
)

const demoCassettes = "../demo/.dryfire/cassettes"

// TestEachRecordingAnswersItsOwnRequest: the request a demo cassette was
// recorded for, sent through the Anthropic gateway, gets that cassette's
// response back, for every cassette the stand-in reads.
func TestEachRecordingAnswersItsOwnRequest(t *testing.T) {
	t.Parallel()
	st, err := New(demoCassettes)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.recordings) < 40 {
		t.Fatalf("the stand-in reads %d of the demo's cassettes", len(st.recordings))
	}
	env := func(name string) (string, bool) { return Key, name == KeyEnv }
	g, err := provider.Resolve("anthropic", env, provider.Options{Client: &http.Client{Transport: st}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range st.recordings {
		data, err := os.ReadFile(r.path)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := jsonv.Decode(data)
		req, err := provider.FromHashArgs(c.Field("request_digest"))
		if err != nil {
			t.Fatal(err)
		}
		resp, err := g.Complete(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", r.path, err)
		}
		// Repetitions of a case send the same request: any of theirs will do.
		got := resp.Raw.Field("id").Str()
		if got != c.Field("response").Field("raw").Field("id").Str() && !sameRequestAnswers(st, r, got) {
			t.Errorf("%s: answered with %s, the response of another request", filepath.Base(r.path), got)
		}
	}
	if st.Calls() != len(st.recordings) {
		t.Errorf("%d calls answered for %d sent", st.Calls(), len(st.recordings))
	}
}

// sameRequestAnswers reports whether a recording of the same request as
// r has the response id.
func sameRequestAnswers(st *Transport, r recording, id string) bool {
	for _, o := range st.recordings {
		if distance(o.sent, r.sent) == 0 {
			v, _ := jsonv.Decode(o.reply)
			if v.Field("id").Str() == id {
				return true
			}
		}
	}
	return false
}

// TestOnlyMessages: a call that is not a Messages call is refused, and a
// directory without Anthropic cassettes gives no stand-in.
func TestOnlyMessages(t *testing.T) {
	t.Parallel()
	st, err := New(demoCassettes)
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, "https://api.anthropic.com/v1/complete", http.NoBody)
	resp, err := st.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("a call to /v1/complete: %s", resp.Status)
	}
	if _, err := New(t.TempDir()); err == nil {
		t.Error("a stand-in with nothing to answer from")
	}
}
