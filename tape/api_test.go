package tape

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

type chatOptions struct {
	Model       string  `json:"model"`
	MaxTokens   int     `json:"max_tokens"`
	Temperature float64 `json:"temperature,omitempty"`
}

type chatReply struct {
	ID      string `json:"id"`
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
}

// copyTape copies a golden tape into dir under name.json.
func copyTape(t *testing.T, golden, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../testdata/golden/tapes/tapes", golden))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name+".json")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func mustOpen(t *testing.T, dir, name string, o Options) *Tape {
	t.Helper()
	tp, err := Open(dir, name, o)
	if err != nil {
		t.Fatal(err)
	}
	return tp
}

func neverCalled[A, R any](t *testing.T) func(A) (R, error) {
	return func(A) (R, error) {
		t.Error("wrapped function called in replay mode")
		var zero R
		return zero, nil
	}
}

func TestTapeRecordThenReplay(t *testing.T) {
	dir := t.TempDir()
	calls := 0
	echo := func(s string) (map[string]any, error) {
		calls++
		return map[string]any{"echo": s, "n": calls}, nil
	}
	rec := mustOpen(t, dir, "echo", Options{})
	if rec.Mode() != Record {
		t.Fatalf("auto without a file resolved to %s", rec.Mode())
	}
	f := Wrap(rec, echo)
	for _, s := range []string{"hello", "café", "hello"} {
		if _, err := f(s); err != nil {
			t.Fatal(err)
		}
	}
	if got := rec.Stats(); got != (Stats{Recorded: 3, Mode: Record}) {
		t.Errorf("record stats %+v", got)
	}
	if got := strings.Join(rec.Keys(), ","); got != "c7a0f7154e64cd96,da4f2d52419ca8d3" {
		t.Errorf("keys %s", got)
	}
	if err := rec.Save(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "echo.json"))
	want := "{\n  \"version\": 1,\n  \"name\": \"echo\",\n  \"entries\": {\n    \"c7a0f7154e64cd96\": [\n      {\n        \"args\": [\n          \"hello\"\n        ],\n        \"result\": {\n          \"echo\": \"hello\",\n          \"n\": 1\n        }\n      },\n      {\n        \"args\": [\n          \"hello\"\n        ],\n        \"result\": {\n          \"echo\": \"hello\",\n          \"n\": 3\n        }\n      }\n    ],\n    \"da4f2d52419ca8d3\": [\n      {\n        \"args\": [\n          \"café\"\n        ],\n        \"result\": {\n          \"echo\": \"café\",\n          \"n\": 2\n        }\n      }\n    ]\n  }\n}"
	if string(data) != want {
		t.Errorf("saved tape:\n%s\nwant:\n%s", data, want)
	}

	rep := mustOpen(t, dir, "echo", Options{})
	if rep.Mode() != Replay {
		t.Fatalf("auto with a file resolved to %s", rep.Mode())
	}
	g := Wrap(rep, neverCalled[string, map[string]any](t))
	var ns []any
	for range 3 {
		r, err := g("hello")
		if err != nil {
			t.Fatal(err)
		}
		ns = append(ns, r["n"])
	}
	// In recorded order, then the last entry repeats.
	if fmt.Sprint(ns) != "[1 3 3]" {
		t.Errorf("replayed n = %v, want [1 3 3]", ns)
	}
	if got := rep.Stats(); got != (Stats{Hits: 3, Mode: Replay}) {
		t.Errorf("replay stats %+v", got)
	}
	if got := rep.Unused(); len(got) != 1 || got[0] != "da4f2d52419ca8d3" {
		t.Errorf("unused %v", got)
	}
	before, _ := os.ReadFile(filepath.Join(dir, "echo.json"))
	if err := rep.Save(); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "echo.json"))
	if string(before) != string(after) {
		t.Error("Save in replay mode changed the file")
	}
}

func TestTapeModes(t *testing.T) {
	dir := t.TempDir()
	existing := copyTape(t, "js-llm-chat.json", dir, "chat")
	cases := []struct {
		env  string
		mode Mode
		name string
		want Mode
		err  string
	}{
		{mode: "", name: "new", want: Record},
		{mode: Auto, name: "chat", want: Replay},
		{env: "off", mode: Record, name: "chat", want: Off},
		{env: "", mode: Record, name: "chat", want: Record},
		{env: "replay", mode: Record, name: "chat", want: Replay},
		{env: "REPLAY", name: "chat", err: `invalid tape mode "REPLAY"`},
		{mode: "Record", name: "chat", err: `invalid tape mode "Record"`},
		{mode: Replay, name: "nope", err: "nope.json"},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("env=%q,mode=%q,%s", c.env, c.mode, c.name), func(t *testing.T) {
			t.Setenv(ModeEnv, c.env)
			tp, err := Open(dir, c.name, Options{Mode: c.mode})
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tp.Mode() != c.want || tp.Stats().Mode != c.want {
				t.Errorf("mode %s, want %s", tp.Mode(), c.want)
			}
		})
	}
	// auto is resolved once: a file appearing later does not switch modes.
	t.Setenv(ModeEnv, "")
	tp := mustOpen(t, dir, "later", Options{})
	os.WriteFile(filepath.Join(dir, "later.json"), []byte(`{"version":1,"name":"later","entries":{}}`), 0o644)
	if tp.Mode() != Record {
		t.Errorf("mode changed to %s", tp.Mode())
	}
	// A directory at the path counts as existing, then fails to load.
	os.Mkdir(filepath.Join(dir, "isdir.json"), 0o755)
	if _, err := Open(dir, "isdir", Options{}); err == nil {
		t.Error("a directory opened as a tape")
	}
	// Replay of a malformed file fails at open, naming it.
	os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{"version":1,"entries":[]}`), 0o644)
	if _, err := Open(dir, "bad", Options{}); err == nil || !strings.Contains(err.Error(), "bad.json") {
		t.Errorf("malformed tape: %v", err)
	}
	_ = existing
}

func TestTapeOff(t *testing.T) {
	dir := t.TempDir()
	tp := mustOpen(t, dir, "off", Options{Mode: Off})
	n := 0
	f := Wrap(tp, func(x int) (int, error) { n++; return x * 2, nil })
	for range 2 {
		if r, err := f(21); err != nil || r != 42 {
			t.Fatalf("off: %d, %v", r, err)
		}
	}
	if n != 2 || tp.Stats() != (Stats{Mode: Off}) || len(tp.Keys()) != 0 {
		t.Errorf("off: calls %d, stats %+v, keys %v", n, tp.Stats(), tp.Keys())
	}
	if err := tp.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "off.json")); !os.IsNotExist(err) {
		t.Error("off mode wrote a file")
	}
}

// The golden JS tape replays through Go structs: options struct in field
// order, the recorded retry after an error, the last entry repeating.
func TestTapeReplayGoldenJS(t *testing.T) {
	dir := t.TempDir()
	copyTape(t, "js-llm-chat.json", dir, "chat")
	tp := mustOpen(t, dir, "chat", Options{})
	chat := Wrap2(tp, func(string, chatOptions) (chatReply, error) {
		t.Error("called through in replay")
		return chatReply{}, nil
	})
	opts := chatOptions{Model: "claude-opus-5", MaxTokens: 256, Temperature: 0.7}
	var ids []string
	for range 3 {
		r, err := chat("Bonjour, ça va ?", opts)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.ID)
	}
	if strings.Join(ids, ",") != "msg_001,msg_002,msg_002" {
		t.Errorf("ids %v", ids)
	}
	r, err := chat("Bonjour, ça va ?", opts)
	if err != nil || !strings.Contains(r.Content[0].Text, "Bonjour") {
		t.Errorf("content %+v, %v", r, err)
	}

	overload := chatOptions{Model: "claude-opus-5", MaxTokens: 256}
	_, err = chat("trigger overload", overload)
	var te *CallError
	if !errors.As(err, &te) || te.Name != "OverloadedError" || te.Message != "529 overloaded_error: the API is temporarily overloaded" {
		t.Fatalf("recorded error: %v", err)
	}
	for range 2 {
		if r, err := chat("trigger overload", overload); err != nil || r.ID != "msg_005" {
			t.Errorf("after the error: %+v, %v", r, err)
		}
	}

	// Key order inside the options decides the key: this one was never recorded.
	_, err = Call(tp, []any{"日本語で挨拶して", jsonv.ObjectValue(jsonv.M("model", jsonv.StringValue("claude-opus-5")), jsonv.M("max_tokens", jsonv.IntValue(256)))},
		func() (chatReply, error) { return chatReply{}, nil })
	var miss *MissError
	if !errors.As(err, &miss) || !errors.Is(err, ErrMiss) || miss.Path != filepath.Join(dir, "chat.json") ||
		!strings.Contains(err.Error(), miss.Key) || !strings.Contains(err.Error(), "chat.json") {
		t.Errorf("miss: %v", err)
	}
	if got := tp.Stats(); got.Hits != 7 || got.Misses != 1 {
		t.Errorf("stats %+v", got)
	}
}

// The golden Python tape replays through keyword calls in the Python
// dialect, where temperature 1.0 must stay a float.
func TestTapeReplayGoldenPython(t *testing.T) {
	dir := t.TempDir()
	copyTape(t, "py-llm-chat.json", dir, "chat")
	tp := mustOpen(t, dir, "chat", Options{Python: true})
	kw := jsonv.ObjectValue(jsonv.M("model", jsonv.StringValue("claude-opus-5")), jsonv.M("max_tokens", jsonv.IntValue(256)), jsonv.M("temperature", jsonv.FloatValue(1)))
	var ids []string
	for range 3 {
		r, err := CallKw(tp, []any{"Bonjour, ça va ?"}, kw, func() (jsonv.Value, error) { return jsonv.Value{}, nil })
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.Field("id").Str())
	}
	if strings.Join(ids, ",") != "msg_001,msg_002,msg_002" {
		t.Errorf("ids %v", ids)
	}
	// A map: sorted names, which is what the key sorts to anyway.
	_, err := CallKw(tp, []any{"trigger overload"}, map[string]any{"model": "claude-opus-5", "max_tokens": 256},
		func() (jsonv.Value, error) { return jsonv.Value{}, nil })
	var te *CallError
	if !errors.As(err, &te) || te.Name != "OverloadedError" {
		t.Errorf("recorded error: %v", err)
	}
	// The same call in the JS dialect cannot reach it: JS spells 1.0 as 1.
	js := mustOpen(t, dir, "chat", Options{})
	_, err = CallKw(js, []any{"Bonjour, ça va ?"}, kw, func() (jsonv.Value, error) { return jsonv.Value{}, nil })
	if !errors.Is(err, ErrMiss) {
		t.Errorf("JS dialect: %v, want a miss", err)
	}
}

type overloaded struct{ msg string }

func (e *overloaded) Error() string     { return e.msg }
func (e *overloaded) ErrorName() string { return "OverloadedError" }

func TestTapeErrorRecordAndReplay(t *testing.T) {
	dir := t.TempDir()
	rec := mustOpen(t, dir, "err", Options{Mode: Record})
	attempt := 0
	f := Wrap(rec, func(p string) (string, error) {
		attempt++
		switch attempt {
		case 1:
			return "", &overloaded{"529 overloaded"}
		case 2:
			return "", errors.New("plain failure")
		}
		return "ok " + p, nil
	})
	_, err1 := f("x")
	var ov *overloaded
	if !errors.As(err1, &ov) {
		t.Errorf("record mode returned %v, want the original error", err1)
	}
	f("x")
	f("x")
	if err := rec.Save(); err != nil {
		t.Fatal(err)
	}
	tape, err := Load(filepath.Join(dir, "err.json"))
	if err != nil {
		t.Fatal(err)
	}
	es := tape.Keys[0].Entries
	if len(es) != 3 || es[0].Error.Name != "OverloadedError" || es[1].Error.Name != "Error" || es[1].Error.Message != "plain failure" || es[2].Result.Str() != "ok x" {
		t.Fatalf("entries %+v", es)
	}
	rep := mustOpen(t, dir, "err", Options{})
	g := Wrap(rep, neverCalled[string, string](t))
	_, err = g("x")
	var te *CallError
	if !errors.As(err, &te) || te.Name != "OverloadedError" || te.Message != "529 overloaded" || err.Error() != "OverloadedError: 529 overloaded" {
		t.Errorf("replayed %v", err)
	}
	// Re-recording a replayed error keeps its recorded name.
	if got := recordedError(fmt.Errorf("wrapped: %w", te)); got.Name != "OverloadedError" || got.Message != "529 overloaded" {
		t.Errorf("re-recorded %+v", got)
	}
}

func TestTapeNormalize(t *testing.T) {
	dir := t.TempDir()
	type req struct {
		Prompt string `json:"prompt"`
		APIKey string `json:"api_key"`
		Seed   int64  `json:"seed"`
	}
	var seen []req
	strip := func(args, kwargs jsonv.Value) (jsonv.Value, jsonv.Value) {
		args.Items[0].Delete("api_key")
		kwargs.Delete("request_id")
		return args, kwargs
	}
	rec := mustOpen(t, dir, "n", Options{Mode: Record, Python: true, Normalize: strip})
	call := func(tp *Tape, key string, id string) (string, error) {
		r := req{Prompt: "hi", APIKey: key, Seed: 7}
		return CallKw(tp, []any{r}, map[string]string{"request_id": id, "user": "u1"}, func() (string, error) {
			seen = append(seen, r)
			return "hello", nil
		})
	}
	if _, err := call(rec, "sk-secret-1", "r1"); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || seen[0].APIKey != "sk-secret-1" {
		t.Errorf("wrapped fn got %+v, want the raw arguments", seen)
	}
	if err := rec.Save(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "n.json"))
	if strings.Contains(string(data), "sk-secret") || strings.Contains(string(data), "r1") {
		t.Errorf("secret stored:\n%s", data)
	}
	tape, _ := Decode(data)
	e := tape.Keys[0].Entries[0]
	wantKey, _ := Key(e.Args, e.Kwargs, jsonv.Python)
	if tape.Keys[0].Key != wantKey || e.KeyCheck != KeyPython && e.KeyCheck != KeyBoth {
		t.Errorf("key %s, stored args hash to %s (%s)", tape.Keys[0].Key, wantKey, e.KeyCheck)
	}
	// Another key and request id replay the same recording.
	rep := mustOpen(t, dir, "n", Options{Python: true, Normalize: strip})
	if r, err := call(rep, "sk-other", "r2"); err != nil || r != "hello" {
		t.Errorf("replay: %q, %v", r, err)
	}
	if len(seen) != 1 {
		t.Error("called through in replay")
	}
	// Normalize that breaks the shape is an error, before the call.
	bad := mustOpen(t, dir, "bad", Options{Mode: Record, Normalize: func(a, k jsonv.Value) (jsonv.Value, jsonv.Value) { return jsonv.StringValue("x"), k }})
	if _, err := Call(bad, []any{1}, func() (int, error) { t.Error("called"); return 0, nil }); err == nil {
		t.Error("normalize returning a string accepted")
	}
}

func TestTapeConcurrentCallOrder(t *testing.T) {
	dir := t.TempDir()
	tp := mustOpen(t, dir, "order", Options{Mode: Record})
	entered, release := make(chan struct{}), make(chan struct{})
	first := true
	var mu sync.Mutex
	f := Wrap(tp, func(p string) (string, error) {
		mu.Lock()
		isFirst := first
		first = false
		mu.Unlock()
		if isFirst {
			close(entered)
			<-release
			return "first-call", nil
		}
		return "second-call", nil
	})
	done := make(chan struct{})
	go func() {
		defer close(done)
		f("same")
	}()
	<-entered
	if r, _ := f("same"); r != "second-call" {
		t.Fatalf("second call got %q", r)
	}
	close(release)
	<-done
	if err := tp.Save(); err != nil {
		t.Fatal(err)
	}
	rep := mustOpen(t, dir, "order", Options{})
	g := Wrap(rep, neverCalled[string, string](t))
	a, _ := g("same")
	b, _ := g("same")
	if a != "first-call" || b != "second-call" {
		t.Errorf("replayed %q, %q; want call order first-call, second-call", a, b)
	}
}

func TestTapeConcurrentStress(t *testing.T) {
	dir := t.TempDir()
	tp := mustOpen(t, dir, "stress", Options{Mode: Record})
	f := Wrap2(tp, func(k string, i int) (int, error) { return i, nil })
	var wg sync.WaitGroup
	const workers, calls = 8, 200
	for w := range workers {
		wg.Go(func() {
			for i := range calls {
				f(fmt.Sprint("k", i%5), w)
				if i%50 == 0 {
					tp.Keys()
					tp.Stats()
				}
			}
		})
	}
	wg.Wait()
	if s := tp.Stats(); s.Recorded != workers*calls || s.Misses != 0 {
		t.Errorf("stats %+v", s)
	}
	if err := tp.Save(); err != nil {
		t.Fatal(err)
	}
	tape, err := Load(filepath.Join(dir, "stress.json"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range tape.Keys {
		n += len(g.Entries)
	}
	if n != workers*calls || len(tape.Keys) != 5*workers {
		t.Errorf("%d entries under %d keys", n, len(tape.Keys))
	}
	rep := mustOpen(t, dir, "stress", Options{})
	g := Wrap2(rep, neverCalled2[string, int, int](t))
	for w := range workers {
		wg.Go(func() {
			for i := range calls {
				if r, err := g(fmt.Sprint("k", i%5), w); err != nil || r != w {
					t.Errorf("replay %d: %d, %v", w, r, err)
					return
				}
			}
		})
	}
	wg.Wait()
	if s := rep.Stats(); s.Hits != workers*calls {
		t.Errorf("replay stats %+v", s)
	}
}

func neverCalled2[A, B, R any](t *testing.T) func(A, B) (R, error) {
	return func(A, B) (R, error) {
		t.Error("wrapped function called in replay mode")
		var zero R
		return zero, nil
	}
}

func TestTapeReplayFreshCopies(t *testing.T) {
	dir := t.TempDir()
	copyTape(t, "js-tools-normalize.json", dir, "tools")
	tp := mustOpen(t, dir, "tools", Options{})
	args := []any{"東京 天気", map[string]any{}}
	for range 2 {
		v, err := Call(tp, args, func() (jsonv.Value, error) { return jsonv.Value{}, nil })
		if err != nil {
			t.Fatal(err)
		}
		if v.Field("query").Str() != "東京 天気" {
			t.Fatalf("got %v", v)
		}
		v.Members[0].Value = jsonv.StringValue("mutated")
		m, err := Call(tp, args, func() (map[string]any, error) { return nil, nil })
		if err != nil || m["query"] != "東京 天気" {
			t.Fatalf("got %v, %v", m, err)
		}
		m["query"] = "mutated"
	}
	// An entry without a result replays as the zero value; "error": {} as
	// an error with empty name and message.
	r, err := Call(tp, []any{"log-only", map[string]any{}}, func() (*chatReply, error) { return nil, nil })
	if err != nil || r != nil {
		t.Errorf("log-only: %v, %v", r, err)
	}
	_, err = Call(tp, []any{"", map[string]any{}}, func() (string, error) { return "", nil })
	var te *CallError
	if !errors.As(err, &te) || te.Name != "" || te.Message != "" {
		t.Errorf(`"error": {}: %v`, err)
	}
}

func TestTapeDropUnused(t *testing.T) {
	dir := t.TempDir()
	p := copyTape(t, "js-llm-chat.json", dir, "chat")
	tp := mustOpen(t, dir, "chat", Options{})
	call := func(prompt string, o any) {
		t.Helper()
		if _, err := Call(tp, []any{prompt, o}, func() (jsonv.Value, error) { return jsonv.Value{}, nil }); err != nil {
			t.Fatal(err)
		}
	}
	call("Bonjour, ça va ?", chatOptions{Model: "claude-opus-5", MaxTokens: 256, Temperature: 0.7})
	if got := tp.Unused(); len(got) != 3 {
		t.Errorf("unused %v", got)
	}
	if err := tp.Save(); err != nil {
		t.Fatal(err)
	}
	if err := tp.SaveWith(SaveOptions{DropUnused: true}); err != nil {
		t.Fatal(err)
	}
	tape, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	// One key left, holding only the entry that was replayed.
	if len(tape.Keys) != 1 || tape.Keys[0].Key != "204fa65b677b2cc8" || len(tape.Keys[0].Entries) != 1 ||
		tape.Keys[0].Entries[0].Result.Field("id").Str() != "msg_001" {
		t.Errorf("after drop: %+v", tape.Keys)
	}
}

func TestTapeSaveAtomic(t *testing.T) {
	dir := t.TempDir()
	// A Python-written tape with a bare NaN, rewritten in the Python
	// dialect: the encoder refuses NaN, and the old file stays as it was
	// (Python's port leaves a truncated file here).
	old := "{\n  \"version\": 1,\n  \"name\": \"nan\",\n  \"entries\": {\n    \"c7a0f7154e64cd96\": [\n      {\n        \"args\": [\n          \"hello\"\n        ],\n        \"result\": NaN\n      }\n    ],\n    \"da4f2d52419ca8d3\": [\n      {\n        \"args\": [\n          \"café\"\n        ],\n        \"result\": 1\n      }\n    ]\n  }\n}"
	p := filepath.Join(dir, "nan.json")
	os.WriteFile(p, []byte(old), 0o644)
	tp := mustOpen(t, dir, "nan", Options{Python: true})
	if _, err := Call(tp, []any{"hello"}, func() (jsonv.Value, error) { return jsonv.Value{}, nil }); err != nil {
		t.Fatal(err)
	}
	if err := tp.SaveWith(SaveOptions{DropUnused: true}); !errors.Is(err, jsonv.ErrNonFinite) {
		t.Errorf("save: %v, want ErrNonFinite", err)
	}
	if data, _ := os.ReadFile(p); string(data) != old {
		t.Error("failed save changed the file")
	}

	// A write that fails at the file system leaves the old file too.
	rec := mustOpen(t, dir, "nan", Options{Mode: Record})
	Call(rec, []any{"x"}, func() (int, error) { return 1, nil })
	if os.Geteuid() != 0 {
		os.Chmod(dir, 0o555)
		err := rec.Save()
		os.Chmod(dir, 0o755)
		if err == nil {
			t.Error("save into a read-only directory succeeded")
		}
		if data, _ := os.ReadFile(p); string(data) != old {
			t.Error("failed save changed the file")
		}
	}
	if err := rec.Save(); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}

	// A Python-dialect result that the file cannot hold is an error for the
	// caller and is not recorded.
	py := mustOpen(t, dir, "py", Options{Mode: Record, Python: true})
	if _, err := Call(py, []any{"x"}, func() (float64, error) { return nanValue(), nil }); !errors.Is(err, jsonv.ErrNonFinite) {
		t.Errorf("NaN result: %v", err)
	}
	if s := py.Stats(); s.Recorded != 0 || s.Misses != 0 {
		t.Errorf("stats %+v", s)
	}
}

func nanValue() float64 { var z float64; return z / z }

func TestTapeGoValues(t *testing.T) {
	dir := t.TempDir()
	key := func(py bool, args ...any) string {
		t.Helper()
		tp := mustOpen(t, dir, "k", Options{Mode: Record, Python: py})
		if _, err := Call(tp, args, func() (int, error) { return 0, nil }); err != nil {
			t.Fatal(err)
		}
		return tp.Keys()[0]
	}
	// Go float64 is a Python float, Go int a Python int (vectors float-1.0, int-1).
	if k := key(true, 1.0); k != "c2272c0a862f11de" {
		t.Errorf("py 1.0: %s", k)
	}
	if k := key(true, 1); k != "080a9ed428559ef6" {
		t.Errorf("py 1: %s", k)
	}
	if k := key(false, 1.0); k != "080a9ed428559ef6" {
		t.Errorf("js 1.0: %s", k)
	}
	// Integers beyond 2^53: exact in Python, refused in JS.
	if k := key(true, uint64(9007199254740993)); k != "ee825a6b803b8c55" {
		t.Errorf("py 2^53+1: %s", k)
	}
	if k := key(true, json.Number("123456789012345678901234")); k != "91ef7172e156a4b1" {
		t.Errorf("py big json.Number: %s", k)
	}
	js := mustOpen(t, dir, "k", Options{Mode: Record})
	for _, big := range []any{int64(1<<53 + 1), json.Number("-9007199254740993"), []any{map[string]uint64{"n": 1 << 60}}} {
		if _, err := Call(js, []any{big}, func() (int, error) { t.Error("called"); return 0, nil }); !errors.Is(err, ErrUnsafeInteger) {
			t.Errorf("JS %v: %v, want ErrUnsafeInteger", big, err)
		}
	}
	if _, err := Call(js, []any{1}, func() (int64, error) { return 1 << 60, nil }); !errors.Is(err, ErrUnsafeInteger) {
		t.Errorf("JS big result: %v", err)
	}
	if _, err := Call(js, []any{int64(1<<53 - 1)}, func() (int, error) { return 0, nil }); err != nil {
		t.Errorf("2^53-1: %v", err)
	}
	// Int-like keys of a Go map: sorted, then hoisted by the JS dialect
	// (vector obj-int-like-keys is {"b":1,"2":2,"1":3} in JS order 1,2,b).
	if k := key(false, map[string]int{"b": 1, "2": 2, "1": 3}); k != "e2e59e9254dadf20" {
		t.Errorf("js map: %s", k)
	}
	// Lone surrogates have no Python key; channels no JSON.
	py := mustOpen(t, dir, "k", Options{Mode: Record, Python: true})
	if _, err := Call(py, []any{"\xed\xbf\xbf"}, func() (int, error) { return 0, nil }); !errors.Is(err, jsonv.ErrLoneSurrogate) {
		t.Errorf("surrogate: %v", err)
	}
	if _, err := Call(py, []any{make(chan int)}, func() (int, error) { return 0, nil }); err == nil {
		t.Error("channel accepted")
	}
}

func TestTapeKwargsVectors(t *testing.T) {
	dir := t.TempDir()
	n := 0
	for _, vec := range loadTapeVectors(t) {
		if vec.Kwargs.Kind != jsonv.Object {
			continue
		}
		n++
		args := make([]any, len(vec.Args.Items))
		for i, a := range vec.Args.Items {
			args[i] = a
		}
		for _, py := range []bool{true, false} {
			want := vec.PyKey
			if !py {
				want = vec.JSPayloadKey
			}
			tp := mustOpen(t, dir, vec.ID, Options{Mode: Record, Python: py})
			if _, err := CallKw(tp, args, vec.Kwargs, func() (int, error) { return 0, nil }); err != nil {
				t.Fatalf("%s: %v", vec.ID, err)
			}
			if got := tp.Keys(); len(got) != 1 || got[0] != want {
				t.Errorf("%s python=%v: key %v, want %s", vec.ID, py, got, want)
			}
		}
	}
	if n < 6 {
		t.Errorf("only %d kwargs vectors", n)
	}
}

func TestMarshalValue(t *testing.T) {
	type inner struct {
		Z int `json:"z"`
		A int `json:"a,omitempty"`
	}
	type Embedded struct {
		E      string `json:"e"`
		Shadow string `json:"shadow"`
	}
	type outer struct {
		Embedded
		Name     string         `json:"name"`
		Skip     string         `json:"-"`
		Shadow   string         `json:"shadow"`
		Inner    inner          `json:"inner"`
		Map      map[string]int `json:"map"`
		Num      json.Number    `json:"num"`
		Raw      jsonv.Value    `json:"raw"`
		Bytes    []byte         `json:"bytes"`
		Nil      []int          `json:"nil"`
		Ptr      *inner         `json:"ptr,omitempty"`
		F32      float32        `json:"f32"`
		Quoted   int            `json:"quoted,string"`
		private  int
		Untagged bool
	}
	v, err := Marshal(outer{
		Embedded: Embedded{E: "e", Shadow: "hidden"},
		Name:     "n", Skip: "s", Shadow: "outer",
		Inner: inner{Z: 1},
		Map:   map[string]int{"b": 2, "a": 1, "10": 3},
		Num:   "1.50", Raw: jsonv.ObjectValue(jsonv.M("y", jsonv.IntValue(1)), jsonv.M("x", jsonv.IntValue(2))),
		Bytes: []byte("hi"), F32: 0.1, Quoted: 5, private: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := jsonv.Encode(v, jsonv.EncodeOptions{Dialect: jsonv.Python})
	want := `{"e":"e","name":"n","shadow":"outer","inner":{"z":1},"map":{"10":3,"a":1,"b":2},"num":1.50,"raw":{"y":1,"x":2},"bytes":"aGk=","nil":null,"f32":0.1,"quoted":"5","Untagged":false}`
	if string(got) != strings.Replace(want, `"num":1.50`, `"num":1.5`, 1) {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if v.Field("num").Text != "1.50" {
		t.Errorf("json.Number literal %q", v.Field("num").Text)
	}
	var back outer
	if err := Unmarshal(v, &back); err != nil || back.Inner.Z != 1 || back.Map["10"] != 3 || string(back.Bytes) != "hi" || back.Quoted != 5 {
		t.Errorf("unmarshal: %+v, %v", back, err)
	}
	var n int
	if err := Unmarshal(jsonv.FloatValue(3), &n); err != nil || n != 3 {
		t.Errorf("1.0 into int: %d, %v", n, err)
	}
}
