package ui

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/vt"

	"github.com/dryfire-tui/dryfire-tui/gitreview"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
)

// Nothing secret is on screen until R. The test plants generated secrets in
// every kind of field of both formats (and in the environment a suite
// reads), walks every tab of every planted recording on the browse page and
// every change on the review page, scrolling each to its end, and reads
// the screen as a terminal emulator shows it.

const (
	stalePath  = ".dryfire/cassettes/refund_agent/parallel_lookups/00-6e943a4a4125d90d.json"
	headerPath = ".dryfire/cassettes/travel_booking/no_flights_found/00-225140c869a31cc2.json"
	screenTape = "tapes/chat.json"
)

func screenTapeBytes(t *testing.T, args, kwargs, result, errv jsonv.Value) []byte {
	t.Helper()
	ok := jsonv.ObjectValue(jsonv.M("args", args), jsonv.M("kwargs", kwargs), jsonv.M("result", result))
	bad := jsonv.ObjectValue(jsonv.M("args", jsonv.ArrayValue()), jsonv.M("error", errv))
	body := jsonv.ObjectValue(jsonv.M("version", jsonv.IntValue(1)), jsonv.M("name", jsonv.StringValue("chat")),
		jsonv.M("entries", jsonv.ObjectValue(jsonv.M("9c3e5a1d2b4f6081", jsonv.ArrayValue(ok, bad)))))
	data, err := jsonv.Encode(body, jsonv.EncodeOptions{Dialect: jsonv.Python, Indent: true})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// plantedProject is golden project-A and a tape committed to git, then
// re-recorded with secrets in a request digest (system prompt, a
// message), a response (text, tool call arguments, raw payload value and
// object key), another cassette's header fields, the tape's args, kwargs,
// result, an object key and an error; and a suite that reads a credential
// from the environment.
func plantedProject(t *testing.T) (dir string, all []secrettest.Secret) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir = filepath.Join(t.TempDir(), "project")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "testdata", "golden", "dryfire", "project-A"))); err != nil {
		t.Fatal(err)
	}
	str := jsonv.StringValue
	uitest.WriteFile(t, dir, screenTape, screenTapeBytes(t, jsonv.ArrayValue(str("hi")), jsonv.ObjectValue(jsonv.M("model", str("m"))),
		str("ok"), jsonv.ObjectValue(jsonv.M("message", str("boom")), jsonv.M("name", str("Error")))))
	f := uitest.Fixture{Dir: dir}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"config", "user.email", "t@example.com"}, {"config", "user.name", "t"},
		{"config", "commit.gpgsign", "false"}, {"add", "-A"}, {"commit", "-q", "-m", "record"}} {
		f.Git(t, args...)
	}
	g := secrettest.New(61)
	s := []secrettest.Secret{g.Anthropic(), g.Anthropic(), g.Password(10), g.PEM(300), g.Anthropic(), g.Anthropic()}
	secrettest.EditCassette(t, dir, stalePath, func(b *jsonv.Value) {
		d := b.Field("request_digest")
		d.Set("system", str(d.Field("system").Str()+"Key: "+s[0].Text+"\n"))
		msgs := d.Field("messages")
		msgs.Items[0].Set("content", str("Use "+s[1].Text+" please"))
		d.Set("messages", msgs)
		b.Set("request_digest", d)
		r := b.Field("response")
		r.Set("text", str("Done. "+s[2].Text+" is the password"))
		calls := r.Field("tool_calls")
		args := calls.Items[0].Field("arguments")
		args.Set("password", str(s[2].Text))
		calls.Items[0].Set("arguments", args)
		r.Set("tool_calls", calls)
		raw := r.Field("raw")
		raw.Set("metadata", jsonv.ObjectValue(jsonv.M("deploy_key", str(s[3].Text)), jsonv.M(s[4].Text, jsonv.BoolValue(true))))
		r.Set("raw", raw)
		b.Set("response", r)
	})
	secrettest.EditCassette(t, dir, headerPath, func(b *jsonv.Value) { b.Set("note", str("token "+s[5].Text)) })
	t1, t2, t3, t4, t5 := g.Anthropic(), g.Anthropic(), g.Password(10), g.Anthropic(), g.Anthropic()
	uitest.WriteFile(t, dir, screenTape, screenTapeBytes(t, jsonv.ArrayValue(str("prompt "+t1.Text)), jsonv.ObjectValue(jsonv.M("api_key", str(t3.Text))),
		jsonv.ObjectValue(jsonv.M("text", str(t2.Text)), jsonv.M(t4.Text, str("k"))),
		jsonv.ObjectValue(jsonv.M("message", str("401 for "+t5.Text)), jsonv.M("name", str("AuthError")))))
	env := "x" + g.Alnum(31)
	t.Setenv("SUPPORT_API_TOKEN", env)
	suite := filepath.Join(dir, "evals", "support", "refund_agent.eval.yaml")
	data, err := os.ReadFile(suite)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), "  Never issue a refund over $500 without escalating to a human first.\n",
		"  Never issue a refund over $500 without escalating to a human first.\n  Escalations go through desk ${SUPPORT_API_TOKEN} only.\n", 1))
	if err := os.WriteFile(suite, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, append(append(s, t1, t2, t3, t4, t5), secrettest.Secret{Text: env, Random: env})
}

// onScreen is what a terminal emulator of w × h shows for the model.
func onScreen(m Model, w, h int) string {
	emu := vt.NewEmulator(w, h)
	go func() { _, _ = io.Copy(io.Discard, emu) }()
	_, _ = emu.Write(bytes.ReplaceAll([]byte(m.render()), []byte("\n"), []byte("\r\n")))
	return emu.String()
}

// scrolled collects the screens of the detail scrolled from its top to its
// end.
func scrolled(t *testing.T, m Model, w, h int) (Model, string) {
	t.Helper()
	var b strings.Builder
	for range 40 {
		b.WriteString(onScreen(m, w, h))
		before := m.render()
		m = keys(t, m, "pgdown")
		if m.render() == before {
			break
		}
	}
	return m, b.String()
}

func TestScreensMaskSecrets(t *testing.T) {
	const w, h = 200, 50
	dir, all := plantedProject(t)
	m := New(Options{Path: dir, Backend: backend.Core{}, IsDark: true})
	m = send(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	m = run(t, m, m.Init())

	var screens, revealed strings.Builder
	for _, ref := range []string{"6e943a4a", "225140c8", "9c3e5a1d"} {
		m = keys(t, m, "/")
		for _, r := range ref {
			m = keys(t, m, string(r))
		}
		m = keys(t, m, "enter", "g")
		for range 40 { // down every row the filter leaves, until j moves no more
			if _, leaf := m.browse.Selected(); leaf {
				for _, tab := range []string{"1", "2", "3", "4", "5"} {
					m = keys(t, m, tab, "tab")
					var s string
					m, s = scrolled(t, m, w, h)
					screens.WriteString(s)
					m = keys(t, m, "g", "R")
					m, s = scrolled(t, m, w, h)
					revealed.WriteString(s)
					m = keys(t, m, "g", "R", "tab")
				}
			}
			before := m.render()
			if m = keys(t, m, "j"); m.render() == before {
				break
			}
		}
		m = keys(t, m, "esc")
	}
	if got := secrettest.Leaked(screens.String(), all); len(got) > 0 {
		t.Errorf("the browse page shows %d secret(s): %v", len(got), got)
	}
	if !strings.Contains(screens.String(), "[anthropic-api-key sk-ant-api03-") || !strings.Contains(screens.String(), "[env:SUPPORT_API_TOKEN x") {
		t.Errorf("no masks on the browse page")
	}
	if got := secrettest.Leaked(revealed.String(), all); len(got) < len(all) {
		t.Errorf("R reveals only %d of %d secrets: %v", len(got), len(all), got)
	}

	// The review page: every change, its summary scrolled to the end, and
	// the dialogs of a and A.
	load := func(ctx context.Context) (*gitreview.Review, []string, error) {
		r, err := gitreview.Open(ctx, dir)
		return r, nil, err
	}
	r, _, err := load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rm := New(Options{Page: PageReview, Review: r, Reload: load, IsDark: true})
	rm = send(t, rm, tea.WindowSizeMsg{Width: w, Height: h})
	screens.Reset()
	revealed.Reset()
	for _, p := range []string{stalePath, headerPath, screenTape} {
		rm = reviewSelect(t, rm, p)
		if !strings.Contains(onScreen(rm, w, h), "⚠") {
			t.Errorf("%s: no secret glyph", p)
		}
		rm = keys(t, rm, "tab")
		var s string
		rm, s = scrolled(t, rm, w, h)
		screens.WriteString(s)
		rm = keys(t, rm, "g", "R")
		rm, s = scrolled(t, rm, w, h)
		revealed.WriteString(s)
		rm = keys(t, rm, "R", "tab", "a")
		dlg := onScreen(rm, w, h)
		if !strings.Contains(dlg, "Accept a change that adds secrets?") || !strings.Contains(dlg, "anthropic-api-key") {
			t.Errorf("%s: a does not ask, naming the rule:\n%s", p, dlg)
		}
		screens.WriteString(dlg)
		rm = keys(t, rm, "n")
	}
	rm = keys(t, rm, "A")
	all2 := onScreen(rm, w, h)
	screens.WriteString(all2)
	if !strings.Contains(all2, "add secrets: they are staged") && !strings.Contains(all2, "adds secrets: it is staged") {
		t.Errorf("A does not list the changes that add secrets:\n%s", all2)
	}
	if got := secrettest.Leaked(screens.String(), all); len(got) > 0 {
		t.Errorf("the review page shows %d secret(s): %v", len(got), got)
	}
	if len(secrettest.Leaked(revealed.String(), all)) == 0 {
		t.Errorf("R on the review page reveals nothing")
	}
}

// reviewSelect moves the review page's cursor to the item with path p,
// with the keys.
func reviewSelect(t *testing.T, m Model, p string) Model {
	t.Helper()
	m = keys(t, m, "g")
	for prev := ""; m.review.Selected() != p; {
		if m.review.Selected() == prev {
			t.Fatalf("no item %s; the cursor stopped at %s", p, prev)
		}
		prev = m.review.Selected()
		m = keys(t, m, "j")
	}
	return m
}
