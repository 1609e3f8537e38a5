package loaderdiff

import "strings"

// Case is a hand-written document for one construct of the issue that
// brought the fuzzer (issue 15), named class/what: every kind of
// disagreement the fuzzer found, written small. `loaderdiff -cases` has
// the real dryfire observe them all and writes each as a golden vector
// under testdata/loaderdiff/named, whatever the two loaders then made of
// it; TestNamedCasesAgreeWithDryfire checks them without Python.
type Case struct {
	Name string
	// Why says what dryfire does with the construct (the vector holds the
	// detail).
	Why   string
	Suite string
	// Files are the other files, by slash path from the suite's directory.
	Files map[string]string
	Env   map[string]string
	Calls []Call
}

// Doc is the case as a document for Observe and the oracle.
func (c Case) Doc() Doc {
	class, _, _ := strings.Cut(c.Name, "/")
	d := Doc{ID: c.Name, Class: class, Files: map[string][]byte{SuiteFile: []byte(c.Suite)}, Env: c.Env, Calls: c.Calls}
	for k, v := range c.Files {
		d.Files[k] = []byte(v)
	}
	return d
}

// withInput is a suite of one case whose input is the YAML value input.
func withInput(input string) string {
	return "name: s\ncases:\n- name: c\n  input: " + input + "\n  expect: [{final_contains: x}]\n"
}

// withSchema is a suite with one tool whose input_schema is the flow
// YAML value schema, hashed into every request.
func withSchema(schema string) string {
	return "name: s\ntools:\n- name: lookup\n  description: d\n  input_schema: " + schema +
		"\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"
}

// twoTools is a suite with two tools whose input_schemas are the flow
// YAML values a and b (b may use a's anchors).
func twoTools(a, b string) string {
	return "name: s\ntools:\n- name: one\n  description: d\n  input_schema: " + a +
		"\n- name: two\n  description: d\n  input_schema: " + b +
		"\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"
}

// withMock is a suite whose tool lookup has the mock rule rule (a flow
// mapping), and whose case's model first calls lookup with args (JSON).
func withMock(rule, args string) (string, []Call) {
	return "name: s\ntools:\n- name: lookup\n  description: d\n  input_schema: {type: object}\nmocks:\n  lookup:\n  - " + rule +
			"\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n",
		[]Call{{ID: "toolu_1", Name: "lookup", Arguments: args}}
}

func mockCase(name, why, rule, args string) Case {
	s, calls := withMock(rule, args)
	return Case{Name: name, Why: why, Suite: s, Calls: calls}
}

// Cases are the named cases, by class.
var Cases = []Case{
	// Merge keys: ruamel's round-trip constructor puts the mapping's own
	// keys first and the merged ones after, own keys winning, and keeps no
	// position for a merged key: dryfire's ${VAR} pass then fails with a
	// KeyError on a merged string in a mapping that has keys of its own,
	// and so does its validation when it needs a merged key's position.
	{Name: "merge/own-key-wins", Why: "own key wins over the merged one; merged keys come after",
		Suite: twoTools("{type: object, properties: &p {a: {type: string}, b: {type: integer}}}", "{type: object, properties: {<<: *p, b: {type: number}}}")},
	{Name: "merge/own-key-first", Why: "the same with the own key written before <<",
		Suite: twoTools("{type: object, properties: &p {a: {type: string}, b: {type: integer}}}", "{type: object, properties: {b: {type: number}, <<: *p}}")},
	{Name: "merge/list-of-anchors", Why: "in <<: [*a, *b] the earlier mapping wins",
		Suite: twoTools("{type: object, properties: &a {x: {type: string}}, required: &b {x: 1, y: 2}}", "{type: object, properties: {<<: [*a, *b]}}")},
	{Name: "merge/only-merged", Why: "a mapping of merged keys alone: strings are fine",
		Suite: twoTools("&s {type: object, title: t}", "{<<: *s}")},
	{Name: "merge/merged-strings-crash", Why: "merged strings in a mapping with keys of its own: dryfire fails with KeyError",
		Suite: twoTools("&s {type: object, title: t}", "{<<: *s, minProperties: 1}")},
	{Name: "merge/case-defaults", Why: "cases built from another case with <<: the merged strings crash dryfire",
		Suite: "name: s\ncases:\n- &c {name: one, input: shared, max_turns: 3, expect: [{final_contains: x}]}\n- {<<: *c, name: two}\n"},
	{Name: "merge/case-settings", Why: "merged settings that are not strings",
		Suite: "name: s\ncases:\n- {name: one, input: a, expect: [{final_contains: x}], max_turns: &t 3}\n- name: two\n  input: b\n  expect: [{final_contains: x}]\n  <<: {max_turns: *t, repeat: 2}\n"},
	{Name: "merge/twice", Why: "two << keys in one mapping: a constructor error",
		Suite: twoTools("&a {type: object}", "{<<: *a, <<: *a}")},
	{Name: "merge/not-a-mapping", Why: "merging a scalar: a constructor error",
		Suite: twoTools("{type: object, x: &a 5}", "{<<: *a}")},
	{Name: "merge/at-root", Why: "a merge into the top-level mapping",
		Suite: "<<: {max_turns: 2, temperature: 0.5}\nname: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"},
	{Name: "merge/in-mock-when", Why: "a merged when matches the merged arguments",
		Suite: "name: s\ntools:\n- name: lookup\n  description: d\n  input_schema: {type: object}\nmocks:\n  lookup:\n  - {when: &w {q: 1}, return: one}\n  - {when: {<<: *w, r: 2}, return: two}\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n",
		Calls: []Call{{ID: "toolu_1", Name: "lookup", Arguments: `{"q": 1, "r": 2}`}}},
	{Name: "merge/env-in-merged-string", Why: "${VAR} in a merged string of a mapping alone",
		Suite: twoTools("&s {type: object, title: '${T}'}", "{<<: *s}"), Env: map[string]string{"T": "set"}},

	// Byte-order marks: the reader skips one at the start and gives it no
	// column; elsewhere it is a character of the text.
	{Name: "bom/suite-start", Why: "a BOM before the first key", Suite: "\ufeff" + withInput("hi")},
	{Name: "bom/before-directive", Why: "a BOM before %YAML", Suite: "\ufeff%YAML 1.2\n---\n" + withInput("hi")},
	{Name: "bom/in-scalar", Why: "a BOM inside a value is kept", Suite: withInput("a\ufeffb")},
	{Name: "bom/positions", Why: "a BOM takes no column: spec errors on line 1 are where an editor shows them",
		Suite: "\ufeffmax_turns: many\nname: s\ncases:\n- name: c\n  input: hi\n"},
	{Name: "bom/ref-yaml", Why: "a BOM at the start of a $ref'd YAML file",
		Suite: withSchema("{$ref: schema.yaml}"), Files: map[string]string{"schema.yaml": "\ufefftype: object\n"}},
	{Name: "bom/ref-json", Why: "a BOM at the start of a $ref'd JSON file: dryfire reads the file as YAML, which skips it",
		Suite: withSchema("{$ref: schema.json}"), Files: map[string]string{"schema.json": "\ufeff{\"type\": \"object\"}"}},

	// White space in quoted scalars.
	{Name: "quoted-whitespace/tab-double", Why: "a literal tab in double quotes", Suite: withInput("\"a\tb\"")},
	{Name: "quoted-whitespace/tab-single", Why: "a literal tab in single quotes", Suite: withInput("'a\tb'")},
	{Name: "quoted-whitespace/folded-tabs", Why: "tabs around a folded line break are dropped",
		Suite: withInput("\"one \t\n  \t two\"")},
	{Name: "quoted-whitespace/trailing-spaces", Why: "spaces before a line break in quotes are dropped",
		Suite: withInput("'one   \n   two'")},
	{Name: "quoted-whitespace/empty-lines", Why: "an empty line in quotes is a line break",
		Suite: withInput("\"one\n\n  two\"")},
	{Name: "quoted-whitespace/escaped-break", Why: "a backslash at the end of a line joins the lines",
		Suite: withInput("\"one \\\n   two\"")},
	{Name: "quoted-whitespace/escapes", Why: "\\t, \\_ (NBSP), \\N (NEL), \\L, \\P, \\e",
		Suite: withInput("\"a\\tb\\_c\\Nd\\Le\\Pf\\eg\"")},
	{Name: "quoted-whitespace/tab-indent-block", Why: "a tab before a block key is an error",
		Suite: "name: s\ncases:\n- name: c\n\tinput: hi\n"},
	{Name: "quoted-whitespace/tab-in-flow", Why: "tabs between flow tokens are separators",
		Suite: "name: s\ncases:\n- {name: c,\tinput:\thi}\n"},

	// Line breaks other than LF: CR and CR LF are read as LF (the file
	// is opened in text mode); NEL, LS and PS are line breaks to ruamel
	// inside scalars but do not start a new line for positions.
	{Name: "line-breaks/crlf", Why: "a CR LF file", Suite: strings.ReplaceAll(withInput("'one\n  two'"), "\n", "\r\n")},
	{Name: "line-breaks/cr", Why: "a CR-only file", Suite: strings.ReplaceAll(withInput("hi"), "\n", "\r")},
	{Name: "line-breaks/nel-plain", Why: "NEL inside a plain scalar", Suite: withInput("one\u0085two")},
	{Name: "line-breaks/ls-plain", Why: "LS inside a plain scalar", Suite: withInput("one\u2028two")},
	{Name: "line-breaks/ps-double", Why: "PS inside double quotes", Suite: withInput("\"one\u2029two\"")},
	{Name: "line-breaks/nel-single", Why: "NEL inside single quotes", Suite: withInput("'one\u0085two'")},
	{Name: "line-breaks/ls-literal", Why: "LS inside a literal block ends the line for ruamel's scanner: a parser error", Suite: withInput("|\n    one\u2028two\n")},
	{Name: "line-breaks/nel-folded-continuation", Why: "NEL then a continuation line",
		Suite: withInput("\"one\u0085\n  two\"")},
	{Name: "line-breaks/error-after-ls", Why: "a spec error's position on a line holding LS",
		Suite: "name: s\u2028x\nmax_turns: many\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"},

	// Numbers, as YAML 1.2's core schema (ruamel's) spells them, and
	// 1.1's in a %YAML 1.1 document.
	{Name: "numbers/leading-dot", Why: "+.5, -.5, .5 are floats",
		Suite: withSchema("{type: object, x: [+.5, -.5, .5, +1, -0, +0.0, 1., 1.e2, 1e3, .1e-2]}")},
	{Name: "numbers/bases", Why: "0o17, 0x1F and 0b101 (ruamel's 1.2 resolver has binary) are ints, 012 is decimal 12, underscores are dropped",
		Suite: withSchema("{type: object, x: [0o17, 0x1F, 012, 0b101, 0x_1F, 1_000, 1__0, 1_000.5]}")},
	{Name: "numbers/special", Why: ".inf, -.Inf, .NaN: floats json.dumps refuses to hash",
		Suite: withSchema("{type: object, x: [.inf]}")},
	mockCase("numbers/nan-in-mock", "a NaN mock result cannot be sent back", "{return: .nan}", "{}"),
	{Name: "numbers/yaml11", Why: "YAML 1.1: 0b101, 012 (octal), 1:20 (base 60), yes, 1_0",
		Suite: "%YAML 1.1\n---\n" + withSchema("{type: object, x: [0b101, 012, '1:20', 1:20, yes, No, 1_0, +.5]}")},
	{Name: "numbers/temperature-spellings", Why: "temperature: +.5 is a float setting",
		Suite: "name: s\ntemperature: +.5\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n- name: d\n  input: hi\n  expect: [{final_contains: x}]\n  temperature: 0x1\n"},
	{Name: "numbers/temperature-string", Why: "temperature: '0.5' (a string) is coerced by pydantic",
		Suite: "name: s\ntemperature: ' 0.5 '\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"},
	{Name: "numbers/repeat-float", Why: "repeat: 2.0 is accepted, 2.5 refused",
		Suite: "name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n  repeat: 2.0\n- name: d\n  input: hi\n  expect: [{final_contains: x}]\n  repeat: 2.5\n"},
	{Name: "numbers/repeat-float-alone", Why: "repeat: 2.0 is 2",
		Suite: "name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n  repeat: 2.0\n"},
	{Name: "numbers/max-turns-bool", Why: "max_turns: true",
		Suite: "name: s\nmax_turns: true\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"},

	// Anchored and aliased scalars: ruamel keeps an anchored scalar as its
	// own type (ScalarInt, ScalarFloat, ScalarBoolean, …), which json.dumps
	// then writes as its base type does: an anchored boolean is an int.
	{Name: "anchors/bool", Why: "&t true hashes as 1", Suite: withSchema("{type: object, x: &t true, y: *t}")},
	{Name: "anchors/int-float", Why: "anchored ints and floats keep their value",
		Suite: withSchema("{type: object, x: &i 0x10, y: *i, z: &f 1.50, w: *f}")},
	{Name: "anchors/null-string", Why: "anchored null and strings", Suite: withSchema("{type: object, x: &n ~, y: *n, z: &s 'q', w: *s}")},
	{Name: "anchors/bool-setting", Why: "an anchored boolean as a setting", Suite: "name: s\ntemperature: &t true\nmax_turns: *t\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"},
	mockCase("anchors/bool-when", "an anchored true in when matches the argument true",
		"{when: {ok: &t true}, return: found}", `{"ok": true}`),
	{Name: "anchors/shared-mapping", Why: "one aliased mapping in two places", Suite: withSchema("{type: object, a: &m {k: [1, 2]}, b: *m}")},
	{Name: "anchors/recursive-mapping", Why: "an alias inside the mapping it names is None",
		Suite: withSchema("&a {type: object, self: *a}")},
	{Name: "anchors/recursive-sequence", Why: "an alias inside the sequence it names (in a mapping) is None",
		Suite: withSchema("{type: object, x: &l [1, *l]}")},
	{Name: "anchors/recursive-root", Why: "an alias to the root mapping: the value contains itself (dryfire-tui refuses it, a limit)",
		Suite: "&r\nname: s\nx: *r\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"},
	{Name: "anchors/merge-itself", Why: "a merge key merging the mapping that holds it (dryfire-tui refuses it, a limit)",
		Suite: withSchema("{type: object, x: &m {a: 1, <<: *m}}")},
	{Name: "anchors/name-runs-through-ps", Why: "PS and LS are name characters to ruamel: *a<PS> names the anchor 'a<PS>', undefined",
		Suite: "name: s\nx: &a 1\ncases:\n- name: c\n  input: *a\u2029  expect: [{final_contains: x}]\n"},
	{Name: "anchors/name-stops-at-bom", Why: "a byte-order mark ends an anchor's name, and may not follow it: a scanner error",
		Suite: "name: s\nx: &a\ufeff 1\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"},
	{Name: "anchors/name-non-ascii", Why: "an anchor named in any printable characters",
		Suite: withSchema("{type: object, x: &été 1, y: *été}")},
	{Name: "anchors/undefined", Why: "an alias to no anchor: a composer error", Suite: withSchema("{type: object, a: *nope}")},

	// Dates and timestamps: ruamel makes datetime.date and datetime (or
	// its TimeStamp); dryfire keeps them, so they never equal a JSON
	// argument, and a request holding one cannot be hashed.
	mockCase("dates/when-date", "a date in when never matches the string argument",
		"{when: {d: 2024-01-02}, return: found}", `{"d": "2024-01-02"}`),
	{Name: "dates/in-schema", Why: "a date in a tool schema: the request cannot be hashed",
		Suite: withSchema("{type: object, since: 2024-01-02}")},
	{Name: "dates/timestamp-in-schema", Why: "a timestamp in a tool schema",
		Suite: withSchema("{type: object, at: 2024-01-02T03:04:05Z}")},
	mockCase("dates/return-date", "a date as a mock's return value", "{return: {d: 2024-01-02}}", `{}`),
	{Name: "dates/invalid", Why: "2024-02-30 looks like a date: loading fails", Suite: withInput("2024-02-30")},
	{Name: "dates/as-input", Why: "a date where the input's text should be", Suite: withInput("2024-01-02")},
	{Name: "dates/spellings", Why: "single-digit months, lower-case t, space-separated, fractions, offsets",
		Suite: withSchema("{type: object, x: ['2024-1-2', 2024-1-2, 2024-01-02t03:04:05.5+01:00, 2024-01-02 03:04:05 -5]}")},

	// Escapes in $ref'd files.
	{Name: "ref-escapes/json-surrogate-pair", Why: "a $ref'd .json file is read as YAML: \\ud83d\\ude00 stays two lone surrogates, which hashing cannot encode",
		Suite: withSchema("{$ref: s.json}"), Files: map[string]string{"s.json": `{"type": "object", "title": "\ud83d\ude00"}`}},
	{Name: "ref-escapes/json-lone-surrogate", Why: "a lone surrogate in JSON: the request cannot be hashed",
		Suite: withSchema("{$ref: s.json}"), Files: map[string]string{"s.json": `{"type": "object", "title": "\ud800"}`}},
	{Name: "ref-escapes/yaml-surrogate-pair", Why: "\\ud83d\\ude00 in double-quoted YAML stays two surrogates",
		Suite: withSchema("{$ref: s.yaml}"), Files: map[string]string{"s.yaml": "{type: object, title: \"\\ud83d\\ude00\"}\n"}},
	{Name: "ref-escapes/yaml-astral", Why: "\\U0001F600 in YAML is one character",
		Suite: withSchema("{$ref: s.yaml}"), Files: map[string]string{"s.yaml": "{type: object, title: \"\\U0001F600\"}\n"}},
	{Name: "ref-escapes/beyond-unicode", Why: "\\U00110000: Python's chr fails while loading",
		Suite: withSchema("{$ref: s.yaml}"), Files: map[string]string{"s.yaml": "{type: object, title: \"\\U00110000\"}\n"}},
	{Name: "ref-escapes/json-escapes", Why: "\\/, \\b, \\f, \\u0000 are YAML escapes too",
		Suite: withSchema("{$ref: s.json}"), Files: map[string]string{"s.json": `{"type": "object", "title": "a\/b\b\f\u0000"}`}},
	{Name: "ref-escapes/in-input", Why: "a $ref'd input message",
		Suite: withInput("[{$ref: m.json}]"), Files: map[string]string{"m.json": `{"role": "user", "content": "\u00e9\ud83d\ude00"}`}},

	// Encoding: the file must be UTF-8 and hold only characters YAML
	// allows; the error comes when dryfire's chunked read meets it.
	{Name: "encoding/latin1", Why: "a byte that is not UTF-8", Suite: withInput("caf\xe9")},
	{Name: "encoding/nul", Why: "a NUL", Suite: withInput("a\x00b")},
	{Name: "encoding/nul-escaped", Why: "\\0 is fine", Suite: withInput("\"a\\0b\"")},
	{Name: "encoding/c1", Why: "a C1 control character", Suite: withInput("a\u0090b")},
	{Name: "encoding/fffe", Why: "U+FFFE", Suite: withInput("a\ufffeb")},
	{Name: "encoding/ref-nul", Why: "a NUL in a $ref'd YAML file",
		Suite: withSchema("{$ref: s.yaml}"), Files: map[string]string{"s.yaml": "type: obj\x00ect\n"}},
	{Name: "encoding/ref-latin1-json", Why: "a $ref'd JSON file that is not UTF-8",
		Suite: withSchema("{$ref: s.json}"), Files: map[string]string{"s.json": "{\"type\": \"caf\xe9\"}"}},
	{Name: "encoding/syntax-error-first", Why: "a syntax error early, a NUL after 8,192 characters: the syntax error",
		Suite: "name: s\nx: [\ncases: }\n#" + strings.Repeat("a", 9000) + "\x00\n"},
	{Name: "encoding/nul-in-first-chunks", Why: "a syntax error early, a NUL in the first 8,192 characters: the NUL",
		Suite: "name: s\nx: [\ncases: }\n#" + strings.Repeat("a", 5000) + "\x00\n"},
	{Name: "encoding/truncated-utf8", Why: "a file ending inside a UTF-8 sequence", Suite: withInput("caf\xc3")},

	// Integers past Python's 4,300-digit limit.
	{Name: "big-ints/in-schema", Why: "a 4,301-digit int in a schema cannot be hashed",
		Suite: withSchema("{type: object, x: " + strings.Repeat("9", 4301) + "}")},
	{Name: "big-ints/limit", Why: "4,300 digits are fine", Suite: withSchema("{type: object, x: " + strings.Repeat("9", 4300) + "}")},
	{Name: "big-ints/repeat", Why: "a 4,301-digit repeat", Suite: "name: s\ncases:\n- name: c\n  input: hi\n  repeat: " + strings.Repeat("9", 4301) + "\n"},
	{Name: "big-ints/hex", Why: "a long hexadecimal int", Suite: withSchema("{type: object, x: 0x" + strings.Repeat("f", 4000) + "}")},
	{Name: "big-ints/key", Why: "a 4,301-digit key next to another key: comparing them fails while loading",
		Suite: withSchema("{type: object, " + strings.Repeat("9", 4301) + ": a, b: c}")},
	{Name: "big-ints/ref-json", Why: "a 4,301-digit int in a $ref'd .json file (read as YAML): int() fails while loading",
		Suite: withSchema("{$ref: s.json}"), Files: map[string]string{"s.json": `{"type": "object", "x": ` + strings.Repeat("9", 4301) + `}`}},

	// Keys.
	{Name: "keys/int-and-string", Why: "1 and '1' are two keys of the mapping, one key of the hash",
		Suite: withSchema("{type: object, properties: {'1': {type: string}, 1: {type: number}}}")},
	{Name: "keys/duplicate", Why: "a duplicate key: a constructor error", Suite: "name: s\nname: t\n" + withInput("hi")[len("name: s\n"):]},
	{Name: "keys/python-equal", Why: "1 and 1.0 and true are equal keys in Python",
		Suite: withSchema("{type: object, x: {1: a, 1.0: b}}")},
	{Name: "keys/inf-twice", Why: "inf equals inf in Python: two .inf keys are a duplicate key",
		Suite: withSchema("{type: object, x: {.inf: a, .Inf: b}}")},
	{Name: "keys/nan-twice", Why: "ruamel makes every .nan one float object, which a dict finds by identity: two .nan keys are a duplicate key",
		Suite: withSchema("{type: object, x: {.nan: a, .NaN: b}}")},
	{Name: "keys/nan-alias", Why: "an aliased NaN key is the same object: a duplicate key",
		Suite: withSchema("{type: object, x: {&n .nan: a, *n : b}}")},
	{Name: "keys/inf-and-minus-inf", Why: ".inf and -.inf are two keys",
		Suite: withSchema("{type: object, x: {.inf: a, -.inf: b}}")},
	{Name: "keys/complex", Why: "a sequence as a key", Suite: withSchema("{type: object, x: {? [a, b] : c}}")},
	{Name: "keys/null-and-bool", Why: "null, true and a date as keys", Suite: withSchema("{type: object, x: {~: a, true: b, 2024-01-02: c}}")},
	{Name: "keys/non-string-field", Why: "a non-string key among a case's fields: pydantic's \"Keys should be strings\"",
		Suite: "name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n  1: x\n"},
	{Name: "keys/null-key-in-case", Why: "a null key among a case's fields: pydantic names it 'None', which dryfire does not find, so the error is at the case",
		Suite: "name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n  : orphan\n"},
	{Name: "keys/null-key-at-root", Why: "a null key at the top: the error is at the start of the file, sorted with the others",
		Suite: "name: s\nmax_turns: many\n? \n: x\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"},
	{Name: "keys/bool-key-in-case", Why: "false as a key: pydantic names it 0, which dryfire finds (0 == False): the error is at the key",
		Suite: "name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n  false: x\n"},
	{Name: "keys/repr-spelled-by-a-string-key", Why: "a null key next to the string key 'None': dryfire places the null key's error at 'None'",
		Suite: "name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n  ~: x\n  None: y\n"},
	{Name: "keys/date-key-in-mocks", Why: "a date key in mocks (a dict of str): pydantic names it datetime.date(…), dryfire points at the field",
		Suite: "name: s\nmocks:\n  '2024-01-02': []\n  2024-01-02: []\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"},
	{Name: "keys/tagged-field-name", Why: "!!str name is no field name: name is missing, and the key is not a string",
		Suite: "!!str name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n"},

	{Name: "keys/assertion-kind-not-a-string", Why: "an expect entry whose one key is 1: dryfire writes the kind with repr(), unquoted",
		Suite: "name: s\ncases:\n- name: c\n  input: hi\n  expect: [{1: x}, {~: y}]\n"},
	{Name: "keys/assertion-kind-mapping", Why: "an expect entry whose key is a mapping: repr() of ruamel's ordereddict",
		Suite: "name: s\ncases:\n- name: c\n  input: hi\n  expect:\n  - ? {final_contains: x}\n    : y\n"},

	// Tags.
	{Name: "tags/str", Why: "!!str 5 is ruamel's TaggedScalar in ruamel 0.18 and later", Suite: withInput("!!str 5")},
	{Name: "tags/int-on-string", Why: "!!int \"5\"", Suite: withSchema("{type: object, x: !!int \"5\"}")},
	{Name: "tags/float", Why: "!!float 1", Suite: withSchema("{type: object, x: !!float 1}")},
	{Name: "tags/custom", Why: "a local tag: a TaggedScalar", Suite: withSchema("{type: object, x: !thing 5}")},
	{Name: "tags/binary", Why: "!!binary: bytes", Suite: withSchema("{type: object, x: !!binary aGVsbG8=}")},
	{Name: "tags/set-omap", Why: "!!set and !!omap", Suite: withSchema("{type: object, x: !!set {a, b}, y: !!omap [a: 1, b: 2]}")},
	{Name: "tags/python", Why: "!!python/name: an unknown tag in round-trip mode", Suite: withSchema("{type: object, x: !!python/name:os.system ''}")},

	// Block scalars.
	{Name: "block-scalars/keep-strip", Why: "|+ and >- chomping", Suite: withInput("|+\n    a\n\n")},
	{Name: "block-scalars/indent-indicator", Why: "|2 with a more-indented first line", Suite: withInput("|2\n     a\n    b\n")},
	{Name: "block-scalars/folded-more-indented", Why: "> with more-indented lines", Suite: withInput(">\n    a\n      b\n    c\n")},

	// ${VAR}.
	{Name: "env/set", Why: "a set variable is interpolated", Suite: withInput("'${V}-${V}'"), Env: map[string]string{"V": "x"}},
	{Name: "env/unset", Why: "an unset variable is a spec error", Suite: withInput("'${NOPE}'")},
	{Name: "env/in-key", Why: "keys are not interpolated", Suite: withSchema("{type: object, '${V}': 1}"), Env: map[string]string{"V": "x"}},
	{Name: "env/alias", Why: "an aliased string is interpolated where each alias is", Suite: withSchema("{type: object, a: &s '${V}', b: *s}"), Env: map[string]string{"V": "x"}},

	// Directives and the YAML version, which leaks from one file to the
	// next through dryfire's one YAML instance.
	{Name: "directives/yaml-1.1", Why: "%YAML 1.1: yes is a boolean", Suite: "%YAML 1.1\n---\n" + withSchema("{type: object, x: yes}")},
	{Name: "directives/version-leaks-to-ref", Why: "a %YAML 1.1 file makes the next file read as 1.1",
		Suite: withSchema("{type: object, a: {$ref: one.yaml}, b: {$ref: two.yaml}}"),
		Files: map[string]string{"one.yaml": "%YAML 1.1\n---\nx: 1\n", "two.yaml": "y: yes\n"}},
	{Name: "directives/yaml-1.3", Why: "%YAML 1.3: ruamel's version check fails (AssertionError), an internal error of dryfire", Suite: "%YAML 1.3\n---\n" + withInput("hi")},
	{Name: "directives/tag", Why: "%TAG with a handle", Suite: "%TAG !e! tag:example.com,2024:\n---\n" + withSchema("{type: object, x: !e!thing 5}")},
	{Name: "directives/two-documents", Why: "two documents in a suite: a composer error", Suite: withInput("hi") + "---\nname: t\n"},

	// Settings: dryfire-tui's own limits are intended differences.
	{Name: "settings/repeat-over-limit", Why: "repeat: 2000000000 (dryfire-tui refuses it: over its limit of 1,000)",
		Suite: "name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n  repeat: 2000000000\n"},
	{Name: "settings/on-unmocked", Why: "on_unmocked: null is the default", Suite: "name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n  on_unmocked: null\n"},
	{Name: "settings/pass-rate", Why: "require_pass_rate: .nan fails its bounds", Suite: "name: s\ncases:\n- name: c\n  input: hi\n  expect: [{final_contains: x}]\n  require_pass_rate: .nan\n"},
	{Name: "settings/unknown-field", Why: "an unknown field of a case", Suite: "name: s\ncases:\n- name: c\n  input: hi\n  inptu: x\n"},

	// Comments and structure.
	{Name: "comments/after-value", Why: "comments everywhere", Suite: "# c\nname: s # c\ncases: # c\n# c\n- name: c # c\n  input: hi #c\n  expect: [{final_contains: x}] # c\n# c"},
	{Name: "structure/flow-suite", Why: "a suite written in flow style", Suite: "{name: s, cases: [{name: c, input: hi, expect: [{final_contains: x}]}]}\n"},
	{Name: "structure/document-markers", Why: "--- and ... around the suite", Suite: "---\n" + withInput("hi") + "...\n"},
	{Name: "structure/empty", Why: "an empty file", Suite: ""},
	{Name: "structure/scalar", Why: "a file that is one scalar", Suite: "hello\n"},

	// Where dryfire says an error is: its location, and the nearest
	// enclosing node when a part of it is not in the document.
	{Name: "structure/script-steps", Why: "each field of a script step is checked, the exactly-one check only when they are valid",
		Suite: "name: s\nprovider: fake\ncases:\n- name: c\n  input: hi\n  expect: []\n  script:\n  - text: 5\n  - tool_call: {name: 3, x: 1, arguments: 4}\n  - 7\n" +
			"  - {parallel: [{}, 5], fails: 3}\n  - {}\n  - {text: a, fails: b}\n  - {tool_call: {name: t, arguments: {1: x}}}\n"},
	{Name: "structure/input-union", Why: "an input of neither shape: each branch's error, at the input key, placed at the nearest enclosing node",
		Suite: "name: s\ncases:\n- name: c\n  input: 5\n  expect: []\n- name: d\n  input: [1, {2: x}, {role: user}]\n  expect: [3]\n"},
	{Name: "structure/dict-keys", Why: "keys that are not strings in a dict field ([key], never found) and a model ('Keys should be strings')",
		Suite: "name: s\nnull: 1\ntrue: 2\n3: 4\ntools:\n- name: t\n  input_schema: {1: a, 2.5: b, [1, 2]: c, {k: v}: d}\nmocks:\n  9: [{return: 1}]\n  t: [{when: {2020-01-01: x}, return: 1}]\ncases: []\n"},
	{Name: "structure/missing-fields", Why: "required fields missing at every level: placed at the mapping that lacks them",
		Suite: "description: x\ntools:\n- description: t\n- {name: u}\nmocks:\n  u: [{when: {a: 1}}]\ncases:\n- {}\n- name: c\n"},
	{Name: "ref-escapes/set-in-target", Why: "a $ref'd file holding a !!set loads",
		Suite: withSchema("{$ref: set.yaml}"), Files: map[string]string{"set.yaml": "type: object\nenum: !!set {x, y}\n"}},
	// Python objects a suite writes, as dryfire's surfaces show them.
	mockCase("pyvalues/number-keys-stored", "a recording's digest sorts number keys as numbers (json.dumps sort_keys): -3, true, 2.5, 7, 10, 100",
		"{return: {r: {10: a, 100: b, 2.5: c, true: d, -3: e, 7: f}, s: [{11: x, 9: y}]}}", `{}`),
	mockCase("pyvalues/store-errors", "the store's json.dumps (indent=2) is Python's encoder: 'compliant: nan', 'not date'",
		"{return: {r: .nan}}", `{}`),
	mockCase("pyvalues/store-key-type", "the store's json.dumps names a refused key's type by its bare name",
		"{return: {r: {2020-01-01: x}}}", `{}`),
	mockCase("pyvalues/bytes-key-top", "a bytes key at the top of a dict[str, Any] becomes the str it holds; below, it stays bytes",
		"{return: {!!binary aGk=: 1, r: {!!binary aGk=: 2}}}", `{}`),
	mockCase("pyvalues/sort-names-scalarint", "a sort error names an anchored or hex int key by ruamel's class",
		"{return: {r: {&n 7: x, s: y}, q: {0x1f: a, t: b}}}", `{}`),
	{Name: "pyvalues/set-key", Why: "a set (an alias to one too) as a mapping key: ruamel's 'found unhashable key'",
		Suite: withSchema("{type: object, enum: &s !!set {x}, x: {*s : 1}}")},
	{Name: "pyvalues/schema-bytes-key", Why: "a bytes key at the top of input_schema is hashed as the str it holds",
		Suite: withSchema("{type: object, !!binary aGk=: 1}")},
	{Name: "pyvalues/collapsed-keys-hash", Why: "keys whose str() is one: only the last value is hashed, so a date before it does not fail",
		Suite: withSchema("{type: object, properties: {!k x: {description: 2020-01-01}, !k x: {type: integer}}}")},
	mockCase("big-ints/repr-raises", "repr() of an int of more than 4,300 digits raises (-v stops), and so does the run document's json.dumps",
		"{return: {r: 0x"+strings.Repeat("f", 3600)+"}}", `{}`),
	{Name: "ref-escapes/locations", Why: "the location of a $ref error, and of an error in what a $ref brought in",
		Suite: "name: s\ntools:\n- $ref: nope.json\n- name: t\n  input_schema: {$ref: ./t.yaml}\n- {$ref: tool.yaml}\nsystem: {$ref: ./missing.txt}\ncases:\n- name: c\n  input: {$ref: sub/m.yaml}\n  expect: []\n",
		Files: map[string]string{"t.yaml": "type: object\n", "tool.yaml": "name: x\ndescrption: y\ninput_schema: 5\n"}},
}
