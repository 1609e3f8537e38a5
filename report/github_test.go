package report

import "testing"

func TestAnnotationEscaping(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		a    Annotation
		want string
	}{
		"plain": {
			a:    Annotation{Level: "error", File: "evals/a.eval.yaml", Line: 3, Title: "cassette miss", Message: "a::b misses"},
			want: "::error file=evals/a.eval.yaml,line=3,title=cassette miss::a::b misses",
		},
		"message keeps : and , but not % CR LF": {
			a:    Annotation{Level: "warning", Message: "100% sure,\r\nreally: yes"},
			want: "::warning::100%25 sure,%0D%0Areally: yes",
		},
		"properties escape : and , too": {
			a:    Annotation{Level: "error", File: "we,ird:dir/50%.json", Line: 2, Col: 7, Title: "doctor: parse, line\n2", Message: "x"},
			want: "::error file=we%2Cird%3Adir/50%25.json,line=2,col=7,title=doctor%3A parse%2C line%0A2::x",
		},
		"no line, no column": {
			a:    Annotation{Level: "error", File: "f.json", Col: 4, Message: "m"},
			want: "::error file=f.json::m",
		},
		"percent first": {
			a:    Annotation{Level: "error", Title: "%0A", Message: "%3A"},
			want: "::error title=%250A::%253A",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := tc.a.String(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
