// Command loaderdiff runs the differential test of the suite loader: it
// generates documents, has dryfire load and hash them through the oracle
// script beside the loaderdiff package, does the same with this project's
// loader, and reports every disagreement.
//
//	loaderdiff -seed 1 -n 20000 -python "$PY" [-vectors DIR] [-keep N]
//
// The Python interpreter must be able to import dryfire (PYTHONPATH). With
// -vectors, up to -keep disagreeing documents per class and part are
// written there as golden vectors (with dryfire's observation), and -sample
// agreeing documents per class as well; `go test ./tools/loaderdiff`
// checks them without Python.
package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
	"github.com/dryfire-tui/dryfire-tui/tools/loaderdiff"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loaderdiff:", err)
		os.Exit(1)
	}
}

type options struct {
	seed         uint64
	n, first     int
	python       string
	oracle       string
	vectors      string
	keep, sample int
	only         string
	verbose      bool
	dump         bool
	records      string
	cases        bool
	rerecord     bool
}

func run(args []string, stdout io.Writer) error {
	var o options
	fs := flag.NewFlagSet("loaderdiff", flag.ContinueOnError)
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the document stream")
	fs.IntVar(&o.n, "n", 1000, "number of documents")
	fs.IntVar(&o.first, "first", 0, "index of the first document")
	fs.StringVar(&o.python, "python", "python3", "Python interpreter that can import dryfire")
	fs.StringVar(&o.oracle, "oracle", filepath.Join("internal", "loaderdiff", "dryfire_oracle.py"), "the oracle script")
	fs.StringVar(&o.vectors, "vectors", "", "directory to write golden vectors to")
	fs.IntVar(&o.keep, "keep", 3, "disagreeing documents kept per class and part")
	fs.IntVar(&o.sample, "sample", 0, "agreeing documents kept per class")
	fs.StringVar(&o.only, "class", "", "generate only documents of this class")
	fs.BoolVar(&o.verbose, "v", false, "print every disagreement")
	fs.StringVar(&o.records, "records", "", "file of dryfire's observations: read it when it exists, else write it (saves rerunning dryfire while the Go side changes)")
	fs.BoolVar(&o.dump, "dump", false, "with -v, print the disagreeing documents and both loads in full")
	fs.BoolVar(&o.cases, "cases", false, "observe the named cases (loaderdiff.Cases) instead of generated documents; with -vectors, write them all to DIR/cases.jsonl")
	fs.BoolVar(&o.rerecord, "rerecord", false, "have dryfire observe again the documents of every vector in -vectors DIR and rewrite their records (after a change of dryfire or of the oracle script)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.cases {
		return runCases(o, stdout)
	}
	if o.rerecord {
		return rerecord(o, stdout)
	}
	docs := make([]loaderdiff.Doc, 0, o.n)
	for i := o.first; len(docs) < o.n; i++ {
		d := loaderdiff.Generate(o.seed, i)
		if o.only == "" || d.Class == o.only {
			docs = append(docs, d)
		}
	}
	records, err := cachedOracle(o, docs)
	if err != nil {
		return err
	}
	return compareAll(o, docs, records, stdout)
}

// cachedOracle reads dryfire's observations from o.records when that file
// exists (and answers these documents), else runs the oracle and saves them.
func cachedOracle(o options, docs []loaderdiff.Doc) ([]jsonv.Value, error) {
	sum := sha256.New()
	enc := json.NewEncoder(sum)
	for _, d := range docs {
		if err := enc.Encode(d); err != nil {
			return nil, err
		}
	}
	digest := hex.EncodeToString(sum.Sum(nil))
	if o.records != "" {
		if data, err := os.ReadFile(o.records); err == nil {
			head, rest, _ := strings.Cut(string(data), "\n")
			if head == digest {
				if recs, err := parseRecords([]byte(rest)); err == nil && len(recs) == len(docs) {
					return recs, nil
				}
			}
		}
	}
	recs, err := oracle(o, docs)
	if err != nil || o.records == "" {
		return recs, err
	}
	var b strings.Builder
	b.WriteString(digest + "\n")
	for _, r := range recs {
		b.WriteString(jsonv.PyJSONDumps(r))
		b.WriteByte('\n')
	}
	return recs, os.WriteFile(o.records, []byte(b.String()), 0o644)
}

func parseRecords(data []byte) ([]jsonv.Value, error) {
	var recs []jsonv.Value
	for line := range strings.SplitSeq(strings.TrimSpace(string(data)), "\n") {
		v, err := jsonv.Decode([]byte(line))
		if err != nil {
			return nil, fmt.Errorf("oracle output: %w", err)
		}
		recs = append(recs, v)
	}
	return recs, nil
}

// oracle runs the oracle script over the documents and returns dryfire's
// observations in document order.
func oracle(o options, docs []loaderdiff.Doc) ([]jsonv.Value, error) {
	in, err := os.CreateTemp("", "loaderdiff-*.jsonl")
	if err != nil {
		return nil, err
	}
	defer os.Remove(in.Name())
	w := bufio.NewWriter(in)
	enc := json.NewEncoder(w)
	for _, d := range docs {
		if err := enc.Encode(d); err != nil {
			return nil, err
		}
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	if _, err := in.Seek(0, 0); err != nil {
		return nil, err
	}
	cmd := exec.Command(o.python, o.oracle)
	cmd.Stdin, cmd.Stderr = in, os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("oracle: %w", err)
	}
	recs, err := parseRecords(out)
	if err != nil {
		return nil, err
	}
	if len(recs) != len(docs) {
		return nil, fmt.Errorf("oracle answered %d documents of %d", len(recs), len(docs))
	}
	return recs, nil
}

// Vector is one golden vector: a document and dryfire's observation of it.
type Vector = loaderdiff.Vector

func compareAll(o options, docs []loaderdiff.Doc, recs []jsonv.Value, stdout io.Writer) error {
	tally := map[string]int{}
	perClass := map[string]int{}
	kept := map[string]int{}
	var vectors []Vector
	disagreeing, limited := 0, 0
	scratch, err := os.MkdirTemp("", "loaderdiff-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	for i, d := range docs {
		perClass[d.Class]++
		dir := filepath.Join(scratch, fmt.Sprint(i))
		ours, err := loaderdiff.Observe(d, dir)
		if err != nil {
			return err
		}
		os.RemoveAll(dir)
		diffs := loaderdiff.Compare(ours, recs[i])
		if len(diffs) == 1 && diffs[0].Part == "limit" {
			tally[d.Class+"/limit"]++
			limited++
			continue
		}
		if len(diffs) > 0 {
			disagreeing++
		}
		for _, df := range diffs {
			key := d.Class + "/" + df.Part
			tally[key]++
			if o.verbose {
				a, b := around(df.Ours, df.Dryfire)
				fmt.Fprintf(stdout, "%s %s\n  ours:    %s\n  dryfire: %s\n", d.ID, key, a, b)
				if o.dump {
					fmt.Fprintf(stdout, "  ours load:    %s\n  dryfire load: %s\n", jsonv.PyJSONDumps(ours.Field("load")), jsonv.PyJSONDumps(recs[i].Field("load")))
					for name, data := range d.Files {
						fmt.Fprintf(stdout, "  --- %s\n%s\n", name, data)
					}
				}
			}
			if kept[key] < o.keep {
				kept[key]++
				vectors = append(vectors, Vector{Name: key + "/" + d.ID, Doc: d, Dryfire: json.RawMessage(jsonv.PyJSONDumps(recs[i]))})
			}
		}
		if len(diffs) == 0 && kept[d.Class+"/agree"] < o.sample {
			kept[d.Class+"/agree"]++
			vectors = append(vectors, Vector{Name: d.Class + "/agree/" + d.ID, Doc: d, Dryfire: json.RawMessage(jsonv.PyJSONDumps(recs[i]))})
		}
	}
	fmt.Fprintf(stdout, "seed %d: %d documents, %d disagree, %d refused by dryfire-tui's own limits (intended)\n", o.seed, len(docs), disagreeing, limited)
	classes := make([]string, 0, len(perClass))
	for c := range perClass {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	for _, c := range classes {
		var parts []string
		for _, p := range []string{"load", "tree", "errors", "cases", "views", "limit"} {
			if n := tally[c+"/"+p]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", p, n))
			}
		}
		fmt.Fprintf(stdout, "  %-18s %5d documents  %s\n", c, perClass[c], strings.Join(parts, ", "))
	}
	if o.vectors != "" && len(vectors) > 0 {
		return loaderdiff.AppendVectors(o.vectors, vectors)
	}
	return nil
}

// around shows two long texts from a little before where they differ.
func around(a, b string) (string, string) {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	start := max(0, i-150)
	cut := func(s string) string {
		if start > len(s) {
			return ""
		}
		prefix := ""
		if start > 0 {
			prefix = "…"
		}
		return prefix + clip(s[start:])
	}
	return cut(a), cut(b)
}

func clip(s string) string {
	if len(s) > 400 {
		return s[:400] + "…"
	}
	return s
}

// runCases has dryfire observe every named case, compares, and writes
// them all as vectors named by the case (the file is rewritten whole).
func runCases(o options, stdout io.Writer) error {
	docs := make([]loaderdiff.Doc, len(loaderdiff.Cases))
	for i, c := range loaderdiff.Cases {
		docs[i] = c.Doc()
	}
	recs, err := cachedOracle(o, docs)
	if err != nil {
		return err
	}
	scratch, err := os.MkdirTemp("", "loaderdiff-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(scratch)
	vectors := make([]Vector, len(docs))
	disagreeing := 0
	for i, d := range docs {
		ours, err := loaderdiff.Observe(d, filepath.Join(scratch, fmt.Sprint(i)))
		if err != nil {
			return err
		}
		for _, df := range loaderdiff.Compare(ours, recs[i]) {
			if df.Part == "limit" {
				fmt.Fprintf(stdout, "%s: %s (dryfire-tui's own limit, intended)\n", d.ID, df.Part)
				continue
			}
			disagreeing++
			a, b := around(df.Ours, df.Dryfire)
			fmt.Fprintf(stdout, "%s %s\n  ours:    %s\n  dryfire: %s\n", d.ID, df.Part, a, b)
		}
		if o.verbose {
			fmt.Fprintf(stdout, "%s\n  dryfire: %s\n", d.ID, clip(jsonv.PyJSONDumps(recs[i])))
		}
		vectors[i] = Vector{Name: d.ID, Doc: d, Dryfire: json.RawMessage(jsonv.PyJSONDumps(recs[i]))}
	}
	fmt.Fprintf(stdout, "%d named cases, %d disagreements\n", len(docs), disagreeing)
	if o.vectors == "" {
		return nil
	}
	return loaderdiff.WriteVectors(filepath.Join(o.vectors, "cases.jsonl"), vectors)
}

// rerecord has dryfire observe the documents of the vectors in o.vectors
// again and rewrites each file with the new records, names kept.
func rerecord(o options, stdout io.Writer) error {
	if o.vectors == "" {
		return fmt.Errorf("-rerecord needs -vectors DIR")
	}
	files, err := filepath.Glob(filepath.Join(o.vectors, "*.jsonl"))
	if err != nil {
		return err
	}
	for _, f := range files {
		vs, err := loaderdiff.ReadVectorFile(f)
		if err != nil {
			return err
		}
		docs := make([]loaderdiff.Doc, len(vs))
		for i, v := range vs {
			docs[i] = v.Doc
		}
		recs, err := oracle(o, docs)
		if err != nil {
			return err
		}
		for i := range vs {
			vs[i].Dryfire = json.RawMessage(jsonv.PyJSONDumps(recs[i]))
		}
		if err := loaderdiff.WriteVectors(f, vs); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %d vectors recorded again\n", f, len(vs))
	}
	return nil
}
