package gen

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// The files of a recorded turn: the cassette body dryfire writes, the raw
// provider payload, and where and how each file is written.

// body builds a cassette body: the request digest and a response with a
// provider payload, padded to a size between 2 and 8 KB.
func (g *caseGen) body(c *caseSpec, t int, key string, req jsonv.Value, stop string, text jsonv.Value, calls []call) jsonv.Value {
	rng := g.rng
	usageIn, usageOut := int64(300+rng.IntN(4000)), int64(10+rng.IntN(400))
	tcs := make([]jsonv.Value, len(calls))
	for i, cl := range calls {
		tcs[i] = jsonv.ObjectValue(
			jsonv.M("arguments", cl.args),
			jsonv.M("id", jsonv.StringValue(cl.id)),
			jsonv.M("malformed_arguments", jsonv.NullValue()),
			jsonv.M("name", jsonv.StringValue(cl.name)),
		)
	}
	resp := jsonv.ObjectValue(
		jsonv.M("cache_hit", jsonv.BoolValue(false)),
		jsonv.M("latency_ms", jsonv.IntValue(int64(200+rng.IntN(9000)))),
		jsonv.M("raw", jsonv.NullValue()),
		jsonv.M("stop_reason", jsonv.StringValue(stop)),
		jsonv.M("text", text),
		jsonv.M("tool_calls", jsonv.ArrayValue(tcs...)),
		jsonv.M("usage", jsonv.ObjectValue(
			jsonv.M("cache_read_tokens", jsonv.IntValue(int64(rng.IntN(3))*512)),
			jsonv.M("cache_write_tokens", jsonv.IntValue(0)),
			jsonv.M("input_tokens", jsonv.IntValue(usageIn)),
			jsonv.M("output_tokens", jsonv.IntValue(usageOut)),
		)),
	)
	model := g.s.modelFor(c)
	resp.Set("raw", g.raw(model, stop, text, calls, usageIn, usageOut))
	return jsonv.ObjectValue(
		jsonv.M("schema_version", jsonv.IntValue(1)),
		jsonv.M("fingerprint", jsonv.StringValue(key)),
		jsonv.M("suite", jsonv.StringValue(g.s.name)),
		jsonv.M("case", jsonv.StringValue(c.dir)),
		jsonv.M("turn", jsonv.IntValue(int64(t))),
		jsonv.M("provider", jsonv.StringValue(g.s.provider)),
		jsonv.M("model", jsonv.StringValue(model)),
		jsonv.M("recorded_at", jsonv.StringValue(fmt.Sprintf("2026-%02d-%02dT%02d:%02d:%02dZ",
			1+rng.IntN(9), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.IntN(60)))),
		jsonv.M("request_digest", req),
		jsonv.M("response", resp),
	)
}

// raw is the provider payload, as Anthropic's Messages API or OpenAI's Chat
// Completions API returns it.
func (g *caseGen) raw(model, stop string, text jsonv.Value, calls []call, in, out int64) jsonv.Value {
	rng := g.rng
	if g.s.provider == "openai" {
		msg := jsonv.ObjectValue(
			jsonv.M("role", jsonv.StringValue("assistant")),
			jsonv.M("content", text),
			jsonv.M("refusal", jsonv.NullValue()),
		)
		if len(calls) > 0 {
			tcs := make([]jsonv.Value, len(calls))
			for i, cl := range calls {
				args, _ := jsonv.Encode(cl.args, jsonv.EncodeOptions{})
				tcs[i] = jsonv.ObjectValue(
					jsonv.M("id", jsonv.StringValue(cl.id)),
					jsonv.M("type", jsonv.StringValue("function")),
					jsonv.M("function", jsonv.ObjectValue(
						jsonv.M("name", jsonv.StringValue(cl.name)),
						jsonv.M("arguments", jsonv.StringValue(string(args))),
					)),
				)
			}
			msg.Set("tool_calls", jsonv.ArrayValue(tcs...))
		}
		finish := map[string]string{"tool_use": "tool_calls", "end_turn": "stop", "max_tokens": "length"}[stop]
		v := jsonv.ObjectValue(
			jsonv.M("id", jsonv.StringValue("chatcmpl-"+randString(rng, base62, 29))),
			jsonv.M("object", jsonv.StringValue("chat.completion")),
			jsonv.M("created", jsonv.IntValue(int64(1780000000+rng.IntN(20000000)))),
			jsonv.M("model", jsonv.StringValue(model)),
			jsonv.M("choices", jsonv.ArrayValue(jsonv.ObjectValue(
				jsonv.M("index", jsonv.IntValue(0)),
				jsonv.M("message", msg),
				jsonv.M("logprobs", jsonv.NullValue()),
				jsonv.M("finish_reason", jsonv.StringValue(finish)),
			))),
			jsonv.M("usage", jsonv.ObjectValue(
				jsonv.M("prompt_tokens", jsonv.IntValue(in)),
				jsonv.M("completion_tokens", jsonv.IntValue(out)),
				jsonv.M("total_tokens", jsonv.IntValue(in+out)),
			)),
			jsonv.M("system_fingerprint", jsonv.StringValue("fp_"+randString(rng, "0123456789abcdef", 10))),
		)
		return v
	}
	var content []jsonv.Value
	if text.Kind == jsonv.String {
		content = append(content, jsonv.ObjectValue(
			jsonv.M("type", jsonv.StringValue("text")),
			jsonv.M("text", text),
		))
	}
	for _, cl := range calls {
		content = append(content, jsonv.ObjectValue(
			jsonv.M("type", jsonv.StringValue("tool_use")),
			jsonv.M("id", jsonv.StringValue(cl.id)),
			jsonv.M("name", jsonv.StringValue(cl.name)),
			jsonv.M("input", cl.args),
		))
	}
	return jsonv.ObjectValue(
		jsonv.M("id", jsonv.StringValue("msg_01"+randString(rng, base62, 22))),
		jsonv.M("type", jsonv.StringValue("message")),
		jsonv.M("role", jsonv.StringValue("assistant")),
		jsonv.M("model", jsonv.StringValue(model)),
		jsonv.M("content", jsonv.ArrayValue(content...)),
		jsonv.M("stop_reason", jsonv.StringValue(stop)),
		jsonv.M("stop_sequence", jsonv.NullValue()),
		jsonv.M("usage", jsonv.ObjectValue(
			jsonv.M("input_tokens", jsonv.IntValue(in)),
			jsonv.M("output_tokens", jsonv.IntValue(out)),
			jsonv.M("cache_creation_input_tokens", jsonv.IntValue(0)),
			jsonv.M("cache_read_input_tokens", jsonv.IntValue(0)),
		)),
	)
}

// fileName is <NN>-<key>.json, NN as Python's %02d.
func fileName(t int, key string) string { return fmt.Sprintf("%02d-%s.json", t, key) }

func (g *caseGen) relPath(c *caseSpec, t int, key string) string {
	return CassetteDir + "/" + cassette.Sanitise(g.s.name) + "/" + cassette.Sanitise(c.dir) + "/" + fileName(t, key)
}

// write pads the body to its target size, plants a secret when the seed
// says so, encodes and writes the file.
func (g *caseGen) write(c *caseSpec, t turn, status string) error {
	out := fileOut{rel: g.relPath(c, t.index, t.key), status: status}
	body := t.body
	if g.cfg.Secrets > 0 && g.rng.Float64() < g.cfg.Secrets {
		out.secretRule, out.secretCount = g.plantSecret(&body)
	}
	data, err := g.pad(body)
	if err != nil {
		return fmt.Errorf("encode %s: %w", out.rel, err)
	}
	return g.emit(out, data)
}

func (g *caseGen) emit(out fileOut, data []byte) error {
	path := filepath.Join(g.w.root, filepath.FromSlash(out.rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	g.res.bytes += int64(len(data))
	g.res.files = append(g.res.files, out)
	return nil
}

// pad encodes the body and, when it is smaller than a size drawn between
// 2 and 8 KB, adds reasoning text to the provider payload (never hashed).
func (g *caseGen) pad(body jsonv.Value) ([]byte, error) {
	data, err := jsonv.EncodeDryfire(body)
	if err != nil {
		return nil, err
	}
	target := 2200 + g.rng.IntN(3200)
	if len(data) >= target {
		return data, nil
	}
	resp := body.Field("response")
	resp = resp.Clone()
	raw := resp.Field("raw")
	pad := appendWords(g.rng, "", target-len(data)-120)
	if g.s.provider == "openai" {
		raw.Set("metadata", jsonv.ObjectValue(jsonv.M("transcript_note", jsonv.StringValue(pad))))
	} else {
		content := raw.Field("content")
		items := append([]jsonv.Value{jsonv.ObjectValue(
			jsonv.M("type", jsonv.StringValue("thinking")),
			jsonv.M("thinking", jsonv.StringValue(pad)),
			jsonv.M("signature", jsonv.StringValue(randString(g.rng, base62, 48))),
		)}, content.Items...)
		raw.Set("content", jsonv.ArrayValue(items...))
	}
	resp.Set("raw", raw)
	body = body.Clone()
	body.Set("response", resp)
	return jsonv.EncodeDryfire(body)
}

// extra plants a superseded or an invalid file in a case that replays fully.
func (g *caseGen) extra(c *caseSpec, first *turn, i int, invalid bool) error {
	out := fileOut{status: Superseded}
	if invalid {
		out.status = Invalid
	}
	// A repetition beyond repeat: the same request under key#N.
	if !invalid && i%2 == 0 {
		fp, _, _ := cassette.ParseStorageKey(first.key)
		key := cassette.StorageKey(fp, c.plan.reps+i/2)
		body := first.body.Clone()
		body.Set("fingerprint", jsonv.StringValue(key))
		out.rel = g.relPath(c, 0, key)
		data, err := g.pad(body)
		if err != nil {
			return err
		}
		return g.emit(out, data)
	}
	// An older recording of turn 0: the input as it was before.
	ha := first.hashArgs.Clone()
	msgs := ha.Field("messages")
	user := msgs.Items[0].Clone()
	label := "draft"
	if invalid {
		label = "broken"
	}
	user.Set("content", jsonv.StringValue(fmt.Sprintf("%s (%s %d)", c.input, label, i)))
	msgs = jsonv.ArrayValue(append([]jsonv.Value{user}, msgs.Items[1:]...)...)
	ha.Set("messages", msgs)
	req, key, err := keyOf(ha, 0)
	if err != nil {
		return err
	}
	body := first.body.Clone()
	body.Set("request_digest", req)
	body.Set("fingerprint", jsonv.StringValue(key))
	data, err := g.pad(body)
	if err != nil {
		return err
	}
	out.rel = g.relPath(c, 0, key)
	if invalid {
		if i%2 == 0 {
			data = data[:len(data)*2/3] // a write cut short
		} else {
			// The file name says one key, the body another.
			other := cassette.FingerprintBytes([]byte(key + "/renamed"))
			out.rel = g.relPath(c, 0, other)
		}
	}
	return g.emit(out, data)
}
