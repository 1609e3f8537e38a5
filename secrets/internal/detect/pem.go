package detect

import "strings"

// maxKeyBlock bounds how far a private key block is read: the largest RSA
// keys in PEM are under 7 KB, a PGP secret key block rarely above 16 KB.
const maxKeyBlock = 24 << 10

var blanks = newCharset(" \t")

// matchPEM finds private key blocks: "-----BEGIN <kind> PRIVATE KEY-----"
// for every kind (RSA, EC, DSA, PKCS#8, ENCRYPTED, OPENSSH, …), "PGP
// PRIVATE KEY BLOCK", and the SSH2 format's "---- BEGIN SSH2 ENCRYPTED
// PRIVATE KEY ----". Newlines may be real, JSON-escaped (\n as two
// characters) or escaped more than once, when the block sat in a string that
// was itself JSON. The block runs to its END line; without one, to the end of
// the base64 body.
func matchPEM(s string, i int) (Match, bool) {
	var dashes string
	switch {
	case strings.HasPrefix(s[i:], "-----BEGIN "):
		dashes = "-----"
	case strings.HasPrefix(s[i:], "---- BEGIN "):
		dashes = "----"
	default:
		return Match{}, false
	}
	h := i + len(dashes) + len(" BEGIN ")
	if dashes == "-----" {
		h--
	}
	hend := strings.Index(s[h:min(len(s), h+64)], dashes)
	if hend < 0 {
		return Match{}, false
	}
	label := strings.TrimSpace(s[h : h+hend])
	if !strings.HasSuffix(label, "PRIVATE KEY") && !strings.HasSuffix(label, "PRIVATE KEY BLOCK") {
		return Match{}, false
	}
	bodyStart := h + hend + len(dashes)
	limit := s[bodyStart:min(len(s), bodyStart+maxKeyBlock)]
	var body string
	var end int
	endMark := "-----END "
	if dashes == "----" {
		endMark = "---- END "
	}
	if k := strings.Index(limit, endMark); k >= 0 {
		body = limit[:k]
		end = bodyStart + k + len(endMark)
		if t := strings.Index(s[end:min(len(s), end+64)], dashes); t >= 0 {
			end += t + len(dashes)
		}
	} else {
		body = limit[:pemBodyEnd(limit)]
		end = bodyStart + len(body)
	}
	if b := KeyBase64(body); len(b) < 64 || !denseBody(b, 20) {
		return Match{}, false
	}
	return Match{Rule: RulePrivateKey, Start: i, End: end, Keep: bodyStart - i}, true
}

// pemBodyEnd returns the length of the base64 body at the start of s:
// base64, whitespace, escaped newlines and the header lines of an
// encrypted key (Proc-Type: 4,ENCRYPTED).
func pemBodyEnd(s string) int {
	j := 0
	for j < len(s) {
		c := s[j]
		switch {
		case b64body[c], c == '\n', c == '\r', c == ' ', c == '\t', c == ':', c == ',':
			j++
		case c == '-' && !strings.HasPrefix(s[j:], "----"):
			j++
		case c == '\\':
			k := j
			for k < len(s) && s[k] == '\\' {
				k++
			}
			if k >= len(s) || (s[k] != 'n' && s[k] != 'r') {
				return j
			}
			j = k + 1
		default:
			return j
		}
	}
	return j
}

// KeyBase64 keeps the base64 characters of a key body, dropping header
// lines ("Proc-Type: …", "Version: …", "Comment: …") and the n and r of
// escaped newlines, which end lines as real ones do.
func KeyBase64(body string) string {
	var b, line strings.Builder
	flush := func() {
		l := line.String()
		line.Reset()
		if strings.Contains(l, ": ") {
			return
		}
		for k := 0; k < len(l); k++ {
			if b64body[l[k]] {
				b.WriteByte(l[k])
			}
		}
	}
	for k := 0; k < len(body); k++ {
		c := body[k]
		switch c {
		case '\n':
			flush()
		case '\\':
			for k+1 < len(body) && body[k+1] == '\\' {
				k++
			}
			if k+1 < len(body) && (body[k+1] == 'n' || body[k+1] == 'r') {
				k++
				flush()
			}
		default:
			line.WriteByte(c)
		}
	}
	flush()
	return b.String()
}

// matchPuTTY finds a PuTTY private key file (.ppk, versions 2 and 3): from
// its first line to its Private-MAC line.
func matchPuTTY(s string, i int) (Match, bool) {
	if !strings.HasPrefix(s[i:], "PuTTY-User-Key-File-") {
		return Match{}, false
	}
	limit := s[i:min(len(s), i+maxKeyBlock/2)]
	p := strings.Index(limit, "Private-Lines:")
	if p < 0 {
		return Match{}, false
	}
	rest := limit[p+len("Private-Lines:"):]
	mac := strings.Index(rest, "Private-MAC:")
	if mac < 0 {
		return Match{}, false
	}
	body := rest[:mac]
	if b := KeyBase64(skipFirstLine(body)); len(b) < 64 || !denseBody(b, 20) {
		return Match{}, false
	}
	end := p + len("Private-Lines:") + mac + len("Private-MAC:")
	end = run(limit, end, blanks)
	end = run(limit, end, hexAny)
	return Match{Rule: RulePrivateKey, Start: i, End: i + end, Keep: len("PuTTY-User-Key-File-")}, true
}

// skipFirstLine drops the rest of the "Private-Lines: N" line, escaped
// newline or not.
func skipFirstLine(s string) string {
	for k := 0; k < len(s); k++ {
		if s[k] == '\n' {
			return s[k+1:]
		}
		if s[k] == '\\' && k+1 < len(s) && s[k+1] == 'n' {
			return s[k+2:]
		}
	}
	return ""
}
