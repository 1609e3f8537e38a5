package safefile

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestReadLine(t *testing.T) {
	r := bufio.NewReaderSize(strings.NewReader("short\n"+strings.Repeat("x", 100)+"\nlast"), 16)
	var got []string
	for {
		line, err := ReadLine(r, 64)
		if err != nil && !errors.Is(err, io.EOF) {
			if !strings.Contains(err.Error(), "longer than the size limit of 64 B") {
				t.Fatalf("err = %v", err)
			}
			got = append(got, "too long")
			break
		}
		got = append(got, string(line))
		if err != nil {
			break
		}
	}
	if strings.Join(got, "|") != "short\n|too long" {
		t.Errorf("got %q", got)
	}
}
