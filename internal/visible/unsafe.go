package visible

import "unsafe"

// unsafeString views p as a string without copying; the string is used
// only while p is not modified (during one Write).
func unsafeString(p []byte) string {
	return unsafe.String(unsafe.SliceData(p), len(p))
}
