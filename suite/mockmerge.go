package suite

// MergeMocks returns the rule lists a case resolves against: the suite's,
// with every tool the case mocks replaced by the case's list (dryfire's
// dict union, case wins per tool name).
func MergeMocks(suite, caseMocks []ToolMocks) []ToolMocks {
	out := make([]ToolMocks, 0, len(suite)+len(caseMocks))
	for _, tm := range suite {
		if i := indexTool(caseMocks, tm.Tool); i >= 0 {
			out = append(out, caseMocks[i])
			continue
		}
		out = append(out, tm)
	}
	for _, tm := range caseMocks {
		if indexTool(suite, tm.Tool) < 0 {
			out = append(out, tm)
		}
	}
	return out
}

func indexTool(list []ToolMocks, tool string) int {
	for i := range list {
		if list[i].Tool == tool {
			return i
		}
	}
	return -1
}
