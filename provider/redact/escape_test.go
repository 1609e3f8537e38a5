package redact

import "testing"

func TestUnescapeJSONMapsBack(t *testing.T) {
	t.Parallel()
	in := `a\u00e9\"\ud83d\ude00\n\ud800x\q\u12`
	got, from := unescapeJSON(in, true)
	if want := "aé\"😀\n\uFFFDx\\q\\u12"; got != want {
		t.Errorf("unescapeJSON(%q) = %q, want %q", in, got, want)
	}
	if len(from) != len(got)+1 || from[len(got)] != int32(len(in)) {
		t.Fatalf("map of %d offsets for %d bytes", len(from), len(got))
	}
	for i, want := range map[int]int32{0: 0, 1: 1, 2: 1, 3: 7, 4: 9, 8: 21, 9: 23} {
		if from[i] != want {
			t.Errorf("byte %d maps to %d, want %d", i, from[i], want)
		}
	}
}
