package report

import "testing"

func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		n          int
		word, want string
	}{
		{1, "entry", "entry"}, {2, "entry", "entries"}, {2, "directory", "directories"},
		{2, "key", "keys"}, {0, "file", "files"}, {1, "file", "file"},
	} {
		if got := Plural(tc.n, tc.word); got != tc.want {
			t.Errorf("Plural(%d, %q) = %q, want %q", tc.n, tc.word, got, tc.want)
		}
	}
}
