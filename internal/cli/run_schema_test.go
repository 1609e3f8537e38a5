package cli

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The run documents and JUnit files dryfire-tui writes are held to
// dryfire's own schemas (testdata/run/schema): TestRunMatchesDryfire
// checks every file each golden run writes.

var (
	runSchemaOnce sync.Once
	runSchema     *jsonschema.Schema
	junitSchema   *xsd
	schemaErr     error
)

// loadRunSchemas reads dryfire's two schemas once.
func loadRunSchemas(t *testing.T) (*jsonschema.Schema, *xsd) {
	t.Helper()
	runSchemaOnce.Do(func() {
		c := jsonschema.NewCompiler()
		runSchema, schemaErr = c.Compile(filepath.Join("testdata", "run", "schema", "run_schema.json"))
		if schemaErr == nil {
			junitSchema, schemaErr = readXSD(filepath.Join("testdata", "run", "schema", "junit.xsd"))
		}
	})
	if schemaErr != nil {
		t.Fatal(schemaErr)
	}
	return runSchema, junitSchema
}

// checkRunSchemas validates the run document and the JUnit file in dir,
// when the run wrote them, against dryfire's schemas. A JUnit file is
// held to junit.xsd when dryfire's of the same run (in golden) is XML at
// all: where a suite's text holds a character XML 1.0 forbids (an ESC),
// dryfire writes it as it is and its file is not well-formed, and the
// file here is dryfire's bytes (hostile-text).
func checkRunSchemas(t *testing.T, dir, golden string) {
	t.Helper()
	js, xs := loadRunSchemas(t)
	if data, err := os.ReadFile(filepath.Join(dir, "run.json")); err == nil {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("run.json: %v", err)
		}
		if err := js.Validate(v); err != nil {
			t.Errorf("run.json is not valid against dryfire's run_schema.json: %v", err)
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, "junit.xml")); err == nil {
		if theirs, err := os.ReadFile(filepath.Join(golden, "junit.xml")); err == nil {
			if _, err := parseXML(theirs); err != nil {
				t.Logf("dryfire's junit.xml is not XML (%v): not held to junit.xsd", err)
				return
			}
		}
		if err := xs.validate(data); err != nil {
			t.Errorf("junit.xml is not valid against dryfire's junit.xsd: %v", err)
		}
	}
}

// TestSchemaValidatorsRefuse: both validators say no to what the schemas
// forbid, so that a pass means something.
func TestSchemaValidatorsRefuse(t *testing.T) {
	js, xs := loadRunSchemas(t)
	for _, doc := range []string{
		`{"schema_version": 2, "generated_at": "2026-01-01T00:00:00Z", "complete": true}`,
		`{"schema_version": 1, "generated_at": "2026-01-01T00:00:00Z", "complete": true, "suites": []}`,
		`{"schema_version": 2, "generated_at": "now", "complete": true, "suites": []}`,
		`{"schema_version": 2, "generated_at": "2026-01-01T00:00:00Z", "complete": true, "suites": [], "extra": 1}`,
	} {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		if js.Validate(v) == nil {
			t.Errorf("run_schema.json takes %s", doc)
		}
	}
	ok := `<testsuites tests="1"><testsuite name="s" tests="1"><testcase name="c" time="0.5"><failure message="m">x</failure></testcase></testsuite></testsuites>`
	if err := xs.validate([]byte(ok)); err != nil {
		t.Fatalf("junit.xsd refuses a valid file: %v", err)
	}
	// Every global element of the schema may be the root, as in XML Schema
	// (dryfire's files start with testsuites).
	if err := xs.validate([]byte(`<testsuite name="s"/>`)); err != nil {
		t.Errorf("a testsuite root: %v", err)
	}
	for _, doc := range []string{
		`<testsuites tests="-1"/>`,
		`<testsuites><testsuite/></testsuites>`,
		`<testsuites><testsuite name="s"><testcase name="c"><system-out/><failure/></testcase></testsuite></testsuites>`,
		`<testsuites><testsuite name="s"><testcase name="c" time="fast"/></testsuite></testsuites>`,
		`<testsuites><testsuite name="s" color="red"/></testsuites>`,
		`<testsuites><testsuite name="s"><testcase name="c"><skipped/><skipped/></testcase></testsuite></testsuites>`,
		`<testsuites><testsuite name="s"><testcase name="c"><failure><b/></failure></testcase></testsuite></testsuites>`,
		`<testsuites><bogus/></testsuites>`,
		`<testsuites>text</testsuites>`,
	} {
		if xs.validate([]byte(doc)) == nil {
			t.Errorf("junit.xsd takes %s", doc)
		}
	}
}

// xsd is the part of an XML Schema junit.xsd uses: global elements and
// named complex types, each complex type a sequence of elements with
// their counts, attributes with their types and use, or text content with
// attributes (simpleContent), and elements of a simple type (text only).
type xsd struct {
	elements map[string]*xsdElement
	types    map[string]*xsdType
}

type xsdElement struct {
	name, ref, typ string
	min, max       int // max -1: unbounded
	complex        *xsdType
}

type xsdType struct {
	sequence []*xsdElement
	attrs    map[string]xsdAttr
	text     bool // simpleContent: text, no element
}

type xsdAttr struct {
	typ      string
	required bool
}

// xmlNode is an element of a document: its attributes, children and
// text.
type xmlNode struct {
	name     string
	attrs    map[string]string
	children []*xmlNode
	text     string
}

func parseXML(data []byte) (*xmlNode, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	var stack []*xmlNode
	var root *xmlNode
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &xmlNode{name: tok.Name.Local, attrs: map[string]string{}}
			for _, a := range tok.Attr {
				n.attrs[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(tok)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("no root element")
	}
	return root, nil
}

// readXSD reads the schema's elements and types.
func readXSD(path string) (*xsd, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	root, err := parseXML(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s := &xsd{elements: map[string]*xsdElement{}, types: map[string]*xsdType{}}
	for _, c := range root.children {
		switch c.name {
		case "element":
			e, err := s.element(c)
			if err != nil {
				return nil, err
			}
			s.elements[e.name] = e
		case "complexType":
			ct, err := s.complexType(c)
			if err != nil {
				return nil, err
			}
			s.types[c.attrs["name"]] = ct
		default:
			return nil, fmt.Errorf("%s: xs:%s is not read here", path, c.name)
		}
	}
	return s, nil
}

func (s *xsd) element(n *xmlNode) (*xsdElement, error) {
	e := &xsdElement{name: n.attrs["name"], ref: n.attrs["ref"], typ: n.attrs["type"], min: 1, max: 1}
	if v, ok := n.attrs["minOccurs"]; ok {
		e.min, _ = strconv.Atoi(v)
	}
	switch v := n.attrs["maxOccurs"]; v {
	case "":
	case "unbounded":
		e.max = -1
	default:
		e.max, _ = strconv.Atoi(v)
	}
	for _, c := range n.children {
		if c.name != "complexType" {
			return nil, fmt.Errorf("element %s: xs:%s is not read here", e.name, c.name)
		}
		ct, err := s.complexType(c)
		if err != nil {
			return nil, err
		}
		e.complex = ct
	}
	return e, nil
}

func (s *xsd) complexType(n *xmlNode) (*xsdType, error) {
	ct := &xsdType{attrs: map[string]xsdAttr{}}
	for _, c := range n.children {
		switch c.name {
		case "sequence":
			for _, el := range c.children {
				if el.name != "element" {
					return nil, fmt.Errorf("sequence: xs:%s is not read here", el.name)
				}
				e, err := s.element(el)
				if err != nil {
					return nil, err
				}
				ct.sequence = append(ct.sequence, e)
			}
		case "attribute":
			ct.attrs[c.attrs["name"]] = xsdAttr{typ: c.attrs["type"], required: c.attrs["use"] == "required"}
		case "simpleContent":
			ct.text = true
			for _, ext := range c.children {
				if ext.name != "extension" || ext.attrs["base"] != "xs:string" {
					return nil, fmt.Errorf("simpleContent: xs:%s is not read here", ext.name)
				}
				for _, a := range ext.children {
					ct.attrs[a.attrs["name"]] = xsdAttr{typ: a.attrs["type"], required: a.attrs["use"] == "required"}
				}
			}
		default:
			return nil, fmt.Errorf("complexType: xs:%s is not read here", c.name)
		}
	}
	return ct, nil
}

// validate checks a document against the schema.
func (s *xsd) validate(data []byte) error {
	root, err := parseXML(data)
	if err != nil {
		return err
	}
	e, ok := s.elements[root.name]
	if !ok {
		return fmt.Errorf("root <%s> is not an element of the schema", root.name)
	}
	return s.check(root, e, root.name)
}

var xsdValues = map[string]*regexp.Regexp{
	"xs:nonNegativeInteger": regexp.MustCompile(`^\s*\+?[0-9]+\s*$`),
	"xs:decimal":            regexp.MustCompile(`^\s*[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)\s*$`),
}

// check validates the element n against its declaration e; at names it.
func (s *xsd) check(n *xmlNode, e *xsdElement, at string) error {
	if e.ref != "" {
		e = s.elements[e.ref]
	}
	ct := e.complex
	if ct == nil {
		ct = s.types[e.typ]
	}
	if ct == nil { // a simple type: text only
		if len(n.children) > 0 || len(n.attrs) > 0 {
			return fmt.Errorf("%s: a text-only element has elements or attributes", at)
		}
		return nil
	}
	for name, v := range n.attrs {
		a, ok := ct.attrs[name]
		if !ok {
			return fmt.Errorf("%s: attribute %s is not in the schema", at, name)
		}
		if re := xsdValues[a.typ]; re != nil && !re.MatchString(v) {
			return fmt.Errorf("%s: attribute %s=%q is not an %s", at, name, v, a.typ)
		}
	}
	for name, a := range ct.attrs {
		if _, ok := n.attrs[name]; a.required && !ok {
			return fmt.Errorf("%s: attribute %s is required", at, name)
		}
	}
	if ct.text {
		if len(n.children) > 0 {
			return fmt.Errorf("%s: a text-only element has elements", at)
		}
		return nil
	}
	if strings.TrimSpace(n.text) != "" {
		return fmt.Errorf("%s: text where only elements go", at)
	}
	return s.sequence(n, ct.sequence, at)
}

// sequence matches n's children to the declarations in order, each as
// often as its counts allow (greedily: junit.xsd's sequences never name an
// element twice in a row).
func (s *xsd) sequence(n *xmlNode, seq []*xsdElement, at string) error {
	i := 0
	for _, d := range seq {
		name := d.name
		if d.ref != "" {
			name = d.ref
		}
		count := 0
		for i < len(n.children) && n.children[i].name == name && (d.max < 0 || count < d.max) {
			if err := s.check(n.children[i], d, at+"/"+name); err != nil {
				return err
			}
			i, count = i+1, count+1
		}
		if count < d.min {
			return fmt.Errorf("%s: %d <%s>, at least %d", at, count, name, d.min)
		}
	}
	if i < len(n.children) {
		return fmt.Errorf("%s: <%s> is not in the schema's sequence there", at, n.children[i].name)
	}
	return nil
}
