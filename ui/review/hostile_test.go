package review

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// hx is the hostile text of every value, as JSON can hold it (its
// invalid bytes left out); hn the hostile text as a file name can hold it
// (no NUL, invalid bytes kept).
var (
	hx = strings.ToValidUTF8(uitest.Hostile, "")
	hn = strings.ReplaceAll(uitest.Hostile, "\x00", "")
)

// hostileRecording is a dryfire cassette whose every string, key and
// tool call holds hx, and whose text also says what extra holds.
func hostileRecording(turn int, key, extra string) []byte {
	s, m, arr, obj := jsonv.StringValue, jsonv.M, jsonv.ArrayValue, jsonv.ObjectValue
	h := s(hx)
	call := obj(m("arguments", obj(m(hx, h))), m("id", h), m("malformed_arguments", jsonv.NullValue()), m("name", h))
	body := obj(
		m("case", h), m("fingerprint", s(key)), m("model", h), m("provider", h), m("recorded_at", h),
		m("request_digest", obj(m("messages", arr(obj(m("content", h), m("role", h)))), m("tools", arr(obj(m("name", h)))))),
		m("response", obj(m("cache_hit", jsonv.BoolValue(false)), m("latency_ms", jsonv.IntValue(12)), m("raw", obj(m(hx, h))),
			m("stop_reason", h), m("text", s(hx+extra)), m("tool_calls", arr(call, call)),
			m("usage", obj(m("cache_read_tokens", jsonv.IntValue(0)), m("cache_write_tokens", jsonv.IntValue(0)),
				m("input_tokens", jsonv.IntValue(int64(10+turn))), m("output_tokens", jsonv.IntValue(20)))))),
		m("schema_version", jsonv.IntValue(1)), m("suite", h), m("turn", jsonv.IntValue(int64(turn))))
	data, err := jsonv.EncodeDryfire(body)
	if err != nil {
		panic(err)
	}
	return data
}

// hostileFixture is a repository whose project directory, suite, case
// and file names hold hn, with a change of every kind: a modified
// recording that adds a secret, one added and untracked, one renamed,
// one deleted, a tape edited and another file.
func hostileFixture(t *testing.T) uitest.Fixture {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := filepath.Join(t.TempDir(), "project "+hn)
	f := uitest.Fixture{Dir: dir, Dirs: []string{filepath.Join(dir, ".dryfire", "cassettes"), filepath.Join(dir, "tapes")}}
	c := ".dryfire/cassettes/" + hn + "/" + hn + "/"
	uitest.WriteFile(t, dir, "dryfire.yaml", []byte("suites: evals/*.eval.yaml\n"))
	uitest.WriteFile(t, dir, c+"00-1111111111111111.json", hostileRecording(0, "1111111111111111", ""))
	uitest.WriteFile(t, dir, c+"01-2222222222222222.json", hostileRecording(1, "2222222222222222", ""))
	uitest.WriteFile(t, dir, ".dryfire/cassettes/"+hn+"/moving "+hn+"/00-4444444444444444.json", hostileRecording(0, "4444444444444444", ""))
	uitest.WriteFile(t, dir, c+"03-5555555555555555.json", hostileRecording(3, "5555555555555555", ""))
	uitest.WriteFile(t, dir, ".dryfire/cassettes/"+hn+".json", []byte(`{"note": "first"}`))
	uitest.WriteFile(t, dir, "tapes/"+hn+".json", []byte(uitest.Tape("first")))
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"config", "user.email", "test@example.com"},
		{"config", "user.name", "test"}, {"config", "commit.gpgsign", "false"}, {"add", "-A"}, {"commit", "-q", "-m", "record"}} {
		f.Git(t, args...)
	}
	key := "sk-ant-api03-" + secrettest.New(7).Alnum(93) + "AA"
	uitest.WriteFile(t, dir, c+"01-2222222222222222.json", hostileRecording(1, "2222222222222222", " debug key "+key))
	uitest.WriteFile(t, dir, c+"02-3333333333333333.json", hostileRecording(2, "3333333333333333", ""))
	uitest.WriteFile(t, dir, ".dryfire/cassettes/"+hn+".json", []byte(`{"note": "`+jsonEscape(hx)+`"}`))
	uitest.WriteFile(t, dir, "tapes/"+hn+".json", []byte(uitest.Tape(jsonEscape(hx))))
	f.Git(t, "mv", ".dryfire/cassettes/"+hn+"/moving "+hn, ".dryfire/cassettes/"+hn+"/moved "+hn)
	f.Git(t, "rm", "-q", c+"03-5555555555555555.json")
	return f
}

func jsonEscape(s string) string {
	b, err := jsonv.Encode(jsonv.StringValue(s), jsonv.EncodeOptions{Dialect: jsonv.JS})
	if err != nil {
		panic(err)
	}
	return string(b[1 : len(b)-1])
}

// shot checks the page as it is now, and each of its parts before the
// screen's last guard.
func shot(t *testing.T, m Page, what string) {
	t.Helper()
	l := m.Layout
	what = fmt.Sprintf("%dx%d %s", l.Width, l.Height, what)
	covered := m.Overlay()
	uitest.CheckHostile(t, what, m.Render(), l, !covered && m.list.Len() > 0)
	for name, view := range map[string]string{"header": m.headerView(), "status": m.statusView(), "key line": m.footerView()} {
		uitest.CheckPane(t, what+": "+name, view, l.Width, 1)
	}
	switch {
	case m.Help.Visible():
		uitest.CheckPane(t, what+": help", m.Help.View(), l.Width, l.BodyH)
	case m.Dialog.Visible():
		uitest.CheckPane(t, what+": dialog", m.Dialog.View(), l.Width, l.BodyH)
	case m.list.Len() == 0:
		uitest.CheckPane(t, what+": empty", strings.Join(m.emptyView(), "\n"), l.Width, l.BodyH)
	default:
		uitest.CheckPane(t, what+": list", m.list.View(), l.ListW, l.BodyH)
		uitest.CheckPane(t, what+": detail", m.Detail.View(), l.DetailW, l.BodyH)
	}
}

// TestHostileReviewScreens walks every view of the review page (each
// change, revealed and with the detail focused, every dialog, help, the
// results of actions and their errors) on a repository whose every name
// and value holds hostile text, at three sizes.
func TestHostileReviewScreens(t *testing.T) {
	f := hostileFixture(t)
	for _, size := range [][2]int{{200, 50}, {120, 35}, {80, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := newPage(t, f, size[0], size[1])
			if m.list.Len() < 6 {
				t.Fatalf("the review lists %d changes, want 6", m.list.Len())
			}
			shot(t, m, "first screen")
			m = keys(t, m, "?")
			shot(t, m, "help")
			m = keys(t, m, "esc")
			for i, p := range m.list.Items() {
				m = reviewSelect(t, m, p)
				what := fmt.Sprint("change ", i)
				shot(t, m, what)
				m = keys(t, m, "R")
				shot(t, m, what+" revealed")
				m = keys(t, m, "R", "tab")
				shot(t, m, what+" detail focused")
				m = keys(t, m, "tab")
				for _, k := range []string{"a", "x", "d", "b"} {
					m = keys(t, m, k)
					shot(t, m, what+" "+k)
					if m.Dialog.Visible() {
						m = keys(t, m, "n")
						shot(t, m, what+" "+k+" cancelled")
					}
					if m.Tally().Left < m.Tally().Changed {
						m = keys(t, m, "u")
						shot(t, m, what+" "+k+" undone")
					}
				}
			}
			for _, k := range []string{"A", "X"} {
				m = keys(t, m, k)
				shot(t, m, k)
				m = keys(t, m, "n")
			}
			m = keys(t, m, "r")
			shot(t, m, "reloaded")
			m = m.handleActed(actedMsg{gen: m.gen, err: errors.New(hx)})
			shot(t, m, "action failed")
		})
	}
}

// TestHostileEmptyReview: the screen of a review with nothing changed,
// whose project and directories looked at are named with hostile text.
func TestHostileEmptyReview(t *testing.T) {
	f := hostileFixture(t)
	f.Git(t, "add", "-A")
	f.Git(t, "commit", "-q", "-m", "all of it")
	r, err := gitreview.OpenReview(context.Background(), f.Dir, f.Dirs)
	if err != nil {
		t.Fatal(err)
	}
	looked := append(f.Dirs, filepath.Join(f.Dir, hn), "/"+hn)
	for _, size := range [][2]int{{120, 35}, {80, 24}} {
		m := New(Options{Context: context.Background(), Review: r, LookedAt: looked}, theme.New(false))
		m.SetSize(size[0], size[1])
		shot(t, m, "empty")
	}
}
