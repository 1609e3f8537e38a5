package report

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/provider"
)

func TestRunProgress(t *testing.T) {
	var w strings.Builder
	p := NewRunProgress(&w)
	p.most = 3
	p.Call(engine.CallEvent{Suite: "s", Case: "c", Key: "k", Turn: 1, File: "s/c/01-k.json"})
	p.Call(engine.CallEvent{Suite: "s", Case: "c", RepeatIndex: 2, Key: "k", Served: true})
	p.Call(engine.CallEvent{Suite: "s", Case: "c", Judge: true})
	p.Retry(provider.Retry{Wait: 1234 * time.Millisecond, Err: errors.New("429 too many requests")})
	p.Retry(provider.Retry{Wait: provider.MaxRetryAfter, RetryAfter: "999999", Err: errors.New("429 too many requests")})
	p.Call(engine.CallEvent{Suite: "s", Case: "d", Err: errors.New("no key")})
	want := "  [1/3] s::c turn 01 recorded\n" +
		"  s::c #2 turn 00 replayed\n" +
		"  [2/3] s::c (judge) called\n" +
		"  retrying in 1.2s: 429 too many requests\n" +
		"  retrying in 1m0s (the provider's Retry-After is 999999 s; dryfire-tui waits at most 1m0s): 429 too many requests\n" +
		"  [3/3] s::d failed: no key\n"
	if w.String() != want {
		t.Errorf("progress:\n got %q\nwant %q", w.String(), want)
	}
}

// TestRunProgressRetriesNameTheirCall: a retry line names the call it
// retries (suite::case and turn, from the call's context) and which layer
// retries, the SDK's inside one attempt or dryfire's (--max-retries), so
// that the lines of calls made at once can be told apart. Before, every
// line read "retrying in 1.0s: …", eleven of them for one call with
// --max-retries 3 and no word of which.
func TestRunProgressRetriesNameTheirCall(t *testing.T) {
	var w strings.Builder
	p := NewRunProgress(&w)
	call := engine.CallEvent{Suite: "refund_agent", Case: "parallel_lookups", Turn: 1, Key: "3d3d4517"}
	other := engine.CallEvent{Suite: "travel", Case: "books", RepeatIndex: 1, Key: "ab12"}
	p.Retry(provider.Retry{Provider: "anthropic", Wait: 500 * time.Millisecond, Err: errors.New("HTTP 529"), Retry: 1, Of: 2, Transport: true, Call: call})
	p.Retry(provider.Retry{Provider: "anthropic", Wait: time.Second, Err: errors.New("HTTP 529"), Retry: 1, Of: 2, Transport: true, Call: other})
	p.Retry(provider.Retry{Provider: "anthropic", Wait: time.Second, Err: errors.New("HTTP 529"), Retry: 1, Of: 3, Call: call})
	p.Retry(provider.Retry{Provider: "anthropic", Wait: time.Second, Err: errors.New("HTTP 529"), Retry: 2, Of: 3})
	want := "  refund_agent::parallel_lookups turn 01: retrying in 500ms (the SDK's retry 1 of 2 inside one attempt): HTTP 529\n" +
		"  travel::books #1 turn 00: retrying in 1s (the SDK's retry 1 of 2 inside one attempt): HTTP 529\n" +
		"  refund_agent::parallel_lookups turn 01: retrying in 1s (retry 1 of 3, --max-retries): HTTP 529\n" +
		"  anthropic: retrying in 1s (retry 2 of 3, --max-retries): HTTP 529\n"
	if w.String() != want {
		t.Errorf("retries:\n got %q\nwant %q", w.String(), want)
	}
}

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0 calls"}, {1, "1 call"}, {2, "2 calls"}} {
		if got := count(tt.n, "call"); got != tt.want {
			t.Errorf("count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
