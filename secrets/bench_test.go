package secrets

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/internal/cputime"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

var benchWords = strings.Fields(`the order was shipped on monday and the customer asked about a refund
because the package arrived damaged please check the status of order and look up the
tracking number before you answer said assistant tool result returned shipping address
street city postal code country total amount currency EUR USD items quantity price sku
warehouse should be escalated support ticket priority high severity low user wants to
know whether it is possible to change the delivery date instead they asked for a callback
https://example.com/orders/8812 at 14:00 sorry for the inconvenience we have issued a
voucher; "quoted" (parenthesised) api key secret token bearer basic authorization skip risk
task-based answers: 1. first 2. second — résumé naïve café 東京 emoji 🎉`)

// transcript returns a dryfire cassette of a long agent conversation:
// prose, tool calls and JSON tool results, as real recordings look.
func transcript(seed uint64, turns int) []byte {
	r := rand.New(rand.NewPCG(seed, seed))
	prose := func(n int) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(benchWords[r.IntN(len(benchWords))])
		}
		return b.String()
	}
	var msgs []jsonv.Value
	for i := range turns {
		msgs = append(msgs,
			Obj(M("content", S(prose(120))), M("role", S("user")), M("tool_calls", Arr()), M("tool_results", Arr())),
			Obj(M("content", S(prose(60))), M("role", S("assistant")),
				M("tool_calls", Arr(Obj(M("arguments", Obj(M("order_id", S(fmt.Sprint(8000+i))), M("note", S(prose(12))))),
					M("id", S(fmt.Sprintf("call_%d", i))), M("name", S("get_order"))))),
				M("tool_results", Arr(Obj(M("call_id", S(fmt.Sprintf("call_%d", i))),
					M("content", Obj(M("status", S("shipped")), M("items", Arr(S(prose(8)), S(prose(8)))), M("total", jsonv.FloatValue(41.5)))),
					M("is_error", jsonv.BoolValue(false)))))),
		)
	}
	body := Obj(
		M("case", S("long_conversation")), M("fingerprint", S("3d3d451719dd1a54")), M("model", S("claude-opus-4-1")),
		M("provider", S("anthropic")), M("recorded_at", S("2026-08-01T12:00:00Z")),
		M("request_digest", Obj(M("messages", Arr(msgs...)), M("system", S(prose(200))),
			M("tools", Arr(Obj(M("description", S(prose(30))), M("name", S("get_order"))))))),
		M("response", Obj(M("raw", Obj(M("content", Arr(Obj(M("text", S(prose(300))), M("type", S("text"))))))),
			M("stop_reason", S("end_turn")), M("text", S(prose(300))))),
		M("schema_version", jsonv.IntValue(1)), M("suite", S("orders")), M("turn", jsonv.IntValue(3)),
	)
	data, err := jsonv.EncodeDryfire(body)
	if err != nil {
		panic(err)
	}
	return data
}

// BenchmarkScanCassette measures the scanner over a decoded transcript, in
// bytes of the file per second.
func BenchmarkScanCassette(b *testing.B) {
	data := transcript(1, 40)
	c, err := cassette.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	if fs := ScanCassette("c.json", c); len(fs) != 0 {
		b.Fatalf("transcript has findings: %+v", fs[0])
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := cputime.Used()
	for b.Loop() {
		ScanCassette("c.json", c)
	}
	reportCPUThroughput(b, start, int64(len(data)))
}

// BenchmarkScanCassetteWithDecode includes decoding the file, which the
// store does anyway when it loads a cassette.
func BenchmarkScanCassetteWithDecode(b *testing.B) {
	data := transcript(1, 40)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		c, err := cassette.Decode(data)
		if err != nil {
			b.Fatal(err)
		}
		ScanCassette("c.json", c)
	}
}

// BenchmarkScanText measures the text scan of a file that does not decode
// (the same transcript's bytes), in bytes of the file per second.
func BenchmarkScanText(b *testing.B) {
	data := transcript(1, 40)
	if fs := ScanText("c.json", data); len(fs) != 0 {
		b.Fatalf("transcript has findings: %+v", fs[0])
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := cputime.Used()
	for b.Loop() {
		ScanText("c.json", data)
	}
	reportCPUThroughput(b, start, int64(len(data)))
}

// toolResults returns a dryfire cassette of an agent that calls tools
// whose results are JSON with ids, digests and credential names holding
// no secret: request ids, trace ids, commits, checksums and ETags in hex,
// masked and templated credentials, a UUID session token. The results sit
// in the request digest decoded and, as OpenAI's tool messages carry them,
// as JSON inside a string.
func toolResults(seed uint64, turns int) []byte {
	r := rand.New(rand.NewPCG(seed, seed))
	hexs := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = "0123456789abcdef"[r.IntN(16)]
		}
		return string(b)
	}
	uuid := func() string {
		h := hexs(32)
		return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
	}
	result := func(i int) jsonv.Value {
		return Obj(
			M("order", Obj(M("id", S(fmt.Sprint(8000+i))), M("status", S("shipped")),
				M("audit", Obj(M("request_id", S(uuid())), M("trace_id", S(hexs(32))), M("commit", S(hexs(40))),
					M("sha256", S(hexs(64))), M("checksum", S("sha256:"+hexs(64))), M("etag", S(`"`+hexs(32)+`"`)),
					M("fingerprint", S(hexs(16))))))),
			M("auth", Obj(M("session_token", S(uuid())), M("access_token", S("[REDACTED]")),
				M("api_key", S("${ORDERS_API_KEY}")), M("password", S("********")), M("client_secret", S(strings.Repeat("0", 64))))),
		)
	}
	var msgs []jsonv.Value
	for i := range turns {
		res := result(i)
		enc, err := jsonv.EncodeDryfire(res)
		if err != nil {
			panic(err)
		}
		msgs = append(msgs,
			Obj(M("content", S("Where is order "+fmt.Sprint(8000+i)+"?")), M("role", S("user")), M("tool_calls", Arr()), M("tool_results", Arr())),
			Obj(M("content", jsonv.NullValue()), M("role", S("tool")), M("tool_calls", Arr()),
				M("tool_results", Arr(Obj(M("call_id", S(fmt.Sprintf("call_%d", i))), M("content", res), M("is_error", jsonv.BoolValue(false))),
					Obj(M("call_id", S(fmt.Sprintf("call_%db", i))), M("content", S(string(enc))), M("is_error", jsonv.BoolValue(false)))))),
		)
	}
	body := Obj(
		M("case", S("tool_results")), M("fingerprint", S("3d3d451719dd1a54")), M("model", S("gpt-4.1-mini")),
		M("provider", S("openai")), M("recorded_at", S("2026-08-01T12:00:00Z")),
		M("request_digest", Obj(M("messages", Arr(msgs...)))),
		M("response", Obj(M("raw", Obj(M("id", S("chatcmpl-"+hexs(29))))), M("stop_reason", S("end_turn")), M("text", S("Shipped.")))),
		M("schema_version", jsonv.IntValue(1)), M("suite", S("orders")), M("turn", jsonv.IntValue(3)),
	)
	data, err := jsonv.EncodeDryfire(body)
	if err != nil {
		panic(err)
	}
	return data
}

// BenchmarkScanToolResults measures the scanner over tool results full of
// names and hex digests, where the decisions on names do their work.
func BenchmarkScanToolResults(b *testing.B) {
	data := toolResults(1, 40)
	c, err := cassette.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	if fs := ScanCassette("c.json", c); len(fs) != 0 {
		b.Fatalf("tool results have findings: %+v", fs[0])
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	start := cputime.Used()
	for b.Loop() {
		ScanCassette("c.json", c)
	}
	reportCPUThroughput(b, start, int64(len(data)))
}

// BenchmarkScanRecordings measures the scanner over the real dryfire's
// recordings of the golden projects, decoded once, one pass over all of
// them an operation: the same names and short values recur from file to
// file, as in a project's store.
func BenchmarkScanRecordings(b *testing.B) {
	paths, _ := filepath.Glob("../testdata/golden/dryfire/project-*/.dryfire/cassettes/*/*/*.json")
	var cs []*cassette.Cassette
	size := 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		if c, err := cassette.Decode(data); err == nil {
			cs = append(cs, c)
			size += len(data)
		}
	}
	if len(cs) < 100 {
		b.Fatalf("only %d recordings", len(cs))
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	start := cputime.Used()
	for b.Loop() {
		for _, c := range cs {
			ScanCassette("c.json", c)
		}
	}
	reportCPUThroughput(b, start, int64(size))
}
