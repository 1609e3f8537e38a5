package runreport

import (
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/internal/visible"
	"github.com/dryfire-tui/dryfire-tui/secrets"
	"github.com/dryfire-tui/dryfire-tui/secrets/secrettest"
)

// TestMaskKeysInValues: a key is masked in every string and object key of
// a recorded value; a value that holds none is shared, not copied.
func TestMaskKeysInValues(t *testing.T) {
	t.Parallel()
	keys := visible.NewKeys(visible.Key{Name: "OPENAI_API_KEY", Value: "KEYVALUE-0123456789"})
	clean := jsonv.ObjectValue(jsonv.M("a", jsonv.ArrayValue(jsonv.StringValue("x"), jsonv.IntValue(1))))
	v := jsonv.ObjectValue(
		jsonv.M("clean", clean),
		jsonv.M("KEYVALUE-0123456789", jsonv.StringValue("Bearer KEYVALUE-0123456789")),
		jsonv.M("list", jsonv.ArrayValue(jsonv.StringValue("KEYVALUE-0123456789"))),
	)
	got := Mask{Keys: keys}.value(v)
	want := jsonv.ObjectValue(
		jsonv.M("clean", clean),
		jsonv.M("[$OPENAI_API_KEY]", jsonv.StringValue("Bearer [$OPENAI_API_KEY]")),
		jsonv.M("list", jsonv.ArrayValue(jsonv.StringValue("[$OPENAI_API_KEY]"))),
	)
	if jsonv.PyJSONDumps(got) != jsonv.PyJSONDumps(want) {
		t.Errorf("masked %s\nwant   %s", jsonv.PyJSONDumps(got), jsonv.PyJSONDumps(want))
	}
	if v.Members[1].Key != "KEYVALUE-0123456789" {
		t.Error("the value itself was modified")
	}
	if &got.Members[0].Value.Members[0] != &clean.Members[0] {
		t.Error("a part with no key was copied")
	}
	if !same(Mask{Keys: keys}.value(clean), clean) {
		t.Error("a value with no key is not returned as it is")
	}
}

// TestMaskText: the stream's mask hides the keys and what the rules find;
// the files' mask hides the keys only; the zero mask hides nothing.
func TestMaskText(t *testing.T) {
	t.Parallel()
	keys := visible.NewKeys(visible.Key{Name: "K_API_KEY", Value: "KEYVALUE-0123456789"})
	recorded := secrettest.New(24).Anthropic()
	in := "key KEYVALUE-0123456789, recorded " + recorded.Text
	if got := (Mask{Keys: keys, Secrets: &secrets.Masker{}}).text(in); !strings.HasPrefix(got, "key [$K_API_KEY], recorded [anthropic-api-key sk-ant-") ||
		strings.Contains(got, recorded.Random) {
		t.Errorf("stream mask: %q", got)
	}
	if got := FileMask(keys).text(in); got != "key [$K_API_KEY], recorded "+recorded.Text {
		t.Errorf("file mask: %q", got)
	}
	if got := (Mask{}).text(in); got != in {
		t.Errorf("zero mask: %q", got)
	}
}
