package report

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestJSONDocCoversEveryField holds docs/json.md to the documents: every
// JSON field of every document is named, in backquotes, in its command's
// section. A field added to a document without a word for its users fails
// here.
func TestJSONDocCoversEveryField(t *testing.T) {
	data, err := os.ReadFile("../docs/json.md")
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{}
	for _, part := range strings.Split(string(data), "\n## ")[1:] {
		title, body, _ := strings.Cut(part, "\n")
		sections[strings.Fields(title)[0]] = body
	}
	docs := map[string]any{
		"ls": Listing{}, "show": Show{}, "replay": Replay{}, "diff": Diff{}, "prune": Prune{},
		"secrets": Secrets{}, "doctor": Doctor{}, "check": Check{}, "review": Review{},
		"range": RangeReview{},
	}
	for section, doc := range docs {
		body, ok := sections[section]
		if !ok {
			t.Errorf("docs/json.md has no section %q", section)
			continue
		}
		for _, name := range jsonFields(reflect.TypeOf(doc), map[reflect.Type]bool{}) {
			if !strings.Contains(body, "`"+name+"`") {
				t.Errorf("docs/json.md, section %s: field %q is not described", section, name)
			}
		}
	}
}

// jsonFields are the JSON names of t's fields and of the structs they
// hold, at any depth, except those of documents described elsewhere
// (check's parts, show's recording).
func jsonFields(t reflect.Type, seen map[reflect.Type]bool) []string {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return nil
	}
	seen[t] = true
	var names []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || name == "" {
			continue
		}
		names = append(names, name)
		switch f.Type {
		case reflect.TypeFor[*Replay](), reflect.TypeFor[*Secrets](), reflect.TypeFor[*Prune](),
			reflect.TypeFor[*Doctor](), reflect.TypeFor[Recording]():
			continue
		}
		names = append(names, jsonFields(f.Type, seen)...)
	}
	return names
}
