package safefile

import (
	"bufio"
	"fmt"
)

// ReadLine reads up to and including the next newline, refusing a line
// longer than limit: an endless stream without newlines (a pipe from
// /dev/zero) would otherwise fill the memory.
func ReadLine(r *bufio.Reader, limit int64) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if int64(len(line)+len(chunk)) > limit {
			return nil, fmt.Errorf("a line is longer than the size limit of %s (raise it with %s)", FormatSize(limit), MaxSizeEnv)
		}
		line = append(line, chunk...)
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}
