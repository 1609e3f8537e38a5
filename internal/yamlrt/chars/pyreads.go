package chars

import "unicode/utf8"

// pyReads replays how dryfire's loader reads a file: ruamel's Reader
// (determine_encoding, update, update_raw asking for 4,096 characters)
// over Python's TextIOWrapper (read(n) decoding chunks of at least 8,192
// bytes, more when the bytes per character of the last chunk say so, a CR
// at the end of a chunk held back until the next one shows whether LF
// follows). It counts characters only: the text is decoded already.
type pyReads struct {
	data []byte
	// failAt is the byte at which decoding fails (-1: never), decodeErr
	// that error; badChar the first forbidden character (-1: none),
	// badErr its error.
	failAt    int
	decodeErr *Error
	// faultAt and faultEnd are the bytes the decoding error names, reason
	// its words; its positions count from the start of the input of the
	// decode that fails (see decodeChunk).
	faultAt, faultEnd int
	reason            string
	badChar           int
	badErr            *Error

	// Python's text layer: bytes read, the byte up to which whole
	// characters are decoded, a CR held back, characters decoded but not
	// yet returned, and the bytes per character of the last chunk.
	bytePos, scanPos int
	pendingCR        bool
	avail            int
	ratio            float64

	// ruamel's reader: characters in its raw buffer, characters taken
	// into its buffer, where the scanner is, end of file seen, and done
	// (raw buffer None: nothing more is ever read).
	raw, taken, pos int
	eof, done, none bool
}

// decodeChunk is TextIOWrapper's read_chunk: it reads size bytes (fewer
// at the end of the file) and decodes them.
func (p *pyReads) decodeChunk(size int) (bool, error) {
	end := min(p.bytePos+size, len(p.data))
	nbytes := end - p.bytePos
	eof := nbytes == 0
	// Python's decoder waits for more input on a chunk that ends in the
	// first two bytes of an encoded surrogate (ED A0–BF), as on any
	// incomplete character, and fails on them with the next chunk.
	stop := end
	if p.surrogateAt(end) && !eof {
		stop = p.faultAt
	} else if p.failAt >= 0 && (p.failAt < end || eof) {
		// The decoder's input is the bytes of a character the last chunk
		// left incomplete, then this chunk: its error counts from there.
		p.decodeErr.Problem = decodeProblem(p.data[p.faultAt], p.faultAt-p.scanPos, p.faultEnd-p.scanPos, p.reason)
		return false, p.decodeErr
	}
	p.bytePos = end
	nchars := 0
	for p.scanPos < stop {
		c, n := rune(p.data[p.scanPos]), 1
		if c >= utf8.RuneSelf {
			if !utf8.FullRune(p.data[p.scanPos:stop]) {
				break // an incomplete character waits for the next chunk
			}
			c, n = utf8.DecodeRune(p.data[p.scanPos:stop])
		}
		p.scanPos += n
		if p.pendingCR {
			p.pendingCR = false
			nchars++
			if c == '\n' {
				continue
			}
		}
		if c == '\r' {
			p.pendingCR = true
			continue
		}
		nchars++
	}
	if eof && p.pendingCR {
		p.pendingCR = false
		nchars++
	}
	if nchars > 0 {
		p.ratio = float64(nbytes) / float64(nchars)
		eof = false
	} else {
		p.ratio = 0
	}
	p.avail = nchars
	return !eof, nil
}

// surrogateAt reports whether the decoding fault is the first two bytes
// of an encoded surrogate, ending at end.
func (p *pyReads) surrogateAt(end int) bool {
	i := p.faultAt
	return p.failAt >= 0 && i+2 == end && p.data[i] == 0xED && p.data[i+1] >= 0xA0 && p.data[i+1] <= 0xBF
}

// read is TextIOWrapper.read(n): the number of characters it returns.
func (p *pyReads) read(n int) (int, error) {
	got := min(n, p.avail)
	p.avail -= got
	remaining := n - got
	for remaining > 0 {
		size := max(8192, int(max(p.ratio, 1)*float64(remaining)))
		more, err := p.decodeChunk(size)
		if err != nil {
			return 0, err
		}
		if !more {
			break
		}
		k := min(remaining, p.avail)
		p.avail -= k
		remaining -= k
	}
	return n - remaining, nil
}

// updateRaw is ruamel's Reader.update_raw.
func (p *pyReads) updateRaw() error {
	k, err := p.read(4096)
	if err != nil {
		return err
	}
	p.raw += k
	p.none = false
	if k == 0 {
		p.eof = true
	}
	return nil
}

// open is ruamel's Reader.determine_encoding, run when the stream is set.
func (p *pyReads) open() error {
	p.none = true
	for !p.eof && (p.none || p.raw < 2) {
		if err := p.updateRaw(); err != nil {
			return err
		}
	}
	return p.update(1)
}

// update is ruamel's Reader.update(length): it makes length characters
// past the scanner's position available, checking each piece it takes.
func (p *pyReads) update(length int) error {
	if p.done {
		return nil
	}
	for p.taken-p.pos < length {
		if !p.eof {
			if err := p.updateRaw(); err != nil {
				return err
			}
		}
		if p.badChar >= 0 && p.badChar < p.taken+p.raw {
			return p.badErr
		}
		p.taken += p.raw
		p.raw = 0
		if p.eof {
			p.done = true
			break
		}
	}
	return nil
}
