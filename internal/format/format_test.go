package format

import "testing"

func TestDetect(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		data string
		want Kind
	}{
		"js tape":               {`{"version":1,"name":"chat","entries":{}}`, Tape},
		"python tape with NaN":  {`{"version": 1, "entries": {"k": [{"args": [NaN], "result": 1}]}}`, Tape},
		"cassette":              {`{"fingerprint":"0e410f456f63bd03","schema_version":1,"response":{}}`, Dryfire},
		"cassette, digest only": {`{"request_digest":{"messages":[]}}`, Dryfire},
		"both keys: a cassette": {`{"entries":{},"fingerprint":"x"}`, Dryfire},
		"other object":          {`{"name":"package.json"}`, Unknown},
		"array":                 {`[1,2]`, Unknown},
		"not JSON":              {`<<<<<<< HEAD`, Unknown},
		"empty":                 {``, Unknown},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := Detect([]byte(tc.data)); got != tc.want {
				t.Errorf("Detect(%q) = %v, want %v", tc.data, got, tc.want)
			}
		})
	}
}

func TestKindText(t *testing.T) {
	t.Parallel()
	for _, k := range []Kind{Unknown, Dryfire, Tape} {
		b, err := k.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Kind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("%v: MarshalText %q read back as %v (%v)", k, b, back, err)
		}
	}
	if got := [...]string{Unknown.String(), Dryfire.String(), Tape.String()}; got != [...]string{"other", "dryfire", "tape"} {
		t.Errorf("names %q", got)
	}
	var k Kind
	if err := k.UnmarshalText([]byte("cassette")); err == nil {
		t.Error("an unknown name was read")
	}
}
