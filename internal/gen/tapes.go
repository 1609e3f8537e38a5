package gen

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/cassette"
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
		var entries []cassette.Member
		for k := range 3 + rng.IntN(6) {
			prompt := fmt.Sprintf("%s #%d: %s", name, k, sentence(rng, 6+rng.IntN(10)))
			args := cassette.ArrayValue(
				cassette.StringValue(prompt),
				cassette.ObjectValue(
					cassette.M("model", cassette.StringValue("claude-sonnet-4-6")),
					cassette.M("max_tokens", cassette.IntValue(1024)),
					cassette.M("temperature", cassette.FloatValue(0.5)),
				),
			)
			payload, err := cassette.Encode(args, cassette.EncodeOptions{Dialect: cassette.JS})
			if err != nil {
				return err
			}
			key := cassette.FingerprintBytes(payload)
			var list []cassette.Value
			for range 1 + rng.IntN(2) {
				e := cassette.ObjectValue(cassette.M("args", args))
				if rng.IntN(6) == 0 {
					e.Set("error", cassette.ObjectValue(
						cassette.M("message", cassette.StringValue("429 rate limited, retry later")),
						cassette.M("name", cassette.StringValue("RateLimitError")),
					))
				} else {
					e.Set("result", tapeResult(rng))
				}
				list = append(list, e)
				m.TapeEntries++
			}
			entries = append(entries, cassette.M(key, cassette.ArrayValue(list...)))
			m.TapeKeys++
		}
		tape := cassette.ObjectValue(
			cassette.M("version", cassette.IntValue(1)),
			cassette.M("name", cassette.StringValue(name)),
			cassette.M("entries", cassette.ObjectValue(entries...)),
		)
		data, err := cassette.Encode(tape, cassette.EncodeOptions{Dialect: cassette.JS, Indent: true})
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

func tapeResult(rng *rand.Rand) cassette.Value {
	return cassette.ObjectValue(
		cassette.M("id", cassette.StringValue("msg_"+randString(rng, base62, 20))),
		cassette.M("model", cassette.StringValue("claude-sonnet-4-6")),
		cassette.M("content", cassette.ArrayValue(cassette.ObjectValue(
			cassette.M("type", cassette.StringValue("text")),
			cassette.M("text", cassette.StringValue(strings.ToUpper(sentence(rng, 1))+" "+sentence(rng, 20+rng.IntN(80))+".")),
		))),
		cassette.M("usage", cassette.ObjectValue(
			cassette.M("input_tokens", cassette.IntValue(int64(20+rng.IntN(500)))),
			cassette.M("output_tokens", cassette.IntValue(int64(10+rng.IntN(300)))),
		)),
		cassette.M("stop_reason", cassette.StringValue("end_turn")),
	)
}
