package gen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// TapeDir is where generated projects keep their cassette-fn tapes.
const TapeDir = "tapes"

// tapes writes n cassette-fn tapes as the JavaScript package writes them:
// keys are the first 16 hex digits of the SHA-256 of JSON.stringify(args),
// entries in call order, two-space indentation, no trailing newline.
func (w *writer) tapes(cfg Config, n int, m *Manifest) error {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x7a9e5))
	dir := filepath.Join(w.root, TapeDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i := range n {
		name := fmt.Sprintf("chat_%03d", i)
		var entries []jsonv.Member
		for k := range 3 + rng.IntN(6) {
			prompt := fmt.Sprintf("%s #%d: %s", name, k, sentence(rng, 6+rng.IntN(10)))
			args := jsonv.ArrayValue(
				jsonv.StringValue(prompt),
				jsonv.ObjectValue(
					jsonv.M("model", jsonv.StringValue("claude-sonnet-4-6")),
					jsonv.M("max_tokens", jsonv.IntValue(1024)),
					jsonv.M("temperature", jsonv.FloatValue(0.5)),
				),
			)
			payload, err := jsonv.Encode(args, jsonv.EncodeOptions{Dialect: jsonv.JS})
			if err != nil {
				return err
			}
			key := cassette.FingerprintBytes(payload)
			var list []jsonv.Value
			for range 1 + rng.IntN(2) {
				e := jsonv.ObjectValue(jsonv.M("args", args))
				if rng.IntN(6) == 0 {
					e.Set("error", jsonv.ObjectValue(
						jsonv.M("message", jsonv.StringValue("429 rate limited, retry later")),
						jsonv.M("name", jsonv.StringValue("RateLimitError")),
					))
				} else {
					e.Set("result", tapeResult(rng))
				}
				list = append(list, e)
				m.TapeEntries++
			}
			entries = append(entries, jsonv.M(key, jsonv.ArrayValue(list...)))
			m.TapeKeys++
		}
		tape := jsonv.ObjectValue(
			jsonv.M("version", jsonv.IntValue(1)),
			jsonv.M("name", jsonv.StringValue(name)),
			jsonv.M("entries", jsonv.ObjectValue(entries...)),
		)
		data, err := jsonv.Encode(tape, jsonv.EncodeOptions{Dialect: jsonv.JS, Indent: true})
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name+".json"), data, 0o644); err != nil {
			return err
		}
		m.Bytes += int64(len(data))
		m.TapeFiles++
	}
	return nil
}

func tapeResult(rng *rand.Rand) jsonv.Value {
	v := jsonv.ObjectValue(
		jsonv.M("id", jsonv.StringValue("msg_"+randString(rng, base62, 20))),
		jsonv.M("model", jsonv.StringValue("claude-sonnet-4-6")),
		jsonv.M("content", jsonv.ArrayValue(jsonv.ObjectValue(
			jsonv.M("type", jsonv.StringValue("text")),
			jsonv.M("text", jsonv.StringValue(strings.ToUpper(sentence(rng, 1))+" "+sentence(rng, 20+rng.IntN(80))+".")),
		))),
		jsonv.M("usage", jsonv.ObjectValue(
			jsonv.M("input_tokens", jsonv.IntValue(int64(20+rng.IntN(500)))),
			jsonv.M("output_tokens", jsonv.IntValue(int64(10+rng.IntN(300)))),
		)),
		jsonv.M("stop_reason", jsonv.StringValue("end_turn")),
	)
	if rng.IntN(3) == 0 {
		v.Set("metadata", lookAlikes(rng))
	}
	return v
}
