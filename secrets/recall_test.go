package secrets

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the generated tables of docs/secrets.md")

const docsFile = "../docs/secrets.md"

// recallRow is one family's line of the recall table.
type recallRow struct {
	family                           string
	rules, planted, found, lookAlike int
	flagged                          int
}

// recallTable measures every family: generated secrets planted in every
// context of both formats (three seeds), found when exactly one finding
// has the planted rule and hash; look-alikes in the same contexts, flagged
// when anything is found. Names are measured on the keyed shapes and on hex
// and base64 in every field kind, and files that do not decode on a
// merge-conflicted cassette holding every secret.
func recallTable(t *testing.T) []recallRow {
	rows := map[string]*recallRow{}
	for _, f := range Families() {
		rows[f] = &recallRow{family: f}
	}
	for _, r := range Rules() {
		rows[r.Family].rules++
	}
	for seed := range uint64(3) {
		for _, p := range newGen(seed).kinds() {
			row := rows[familyOf(p.rule)]
			for _, c := range contexts {
				fs := scanBody(c.tape, c.plant(p.text))
				row.planted++
				if len(fs) == 1 && fs[0].Rule == p.rule && fs[0].Hash == hashOf(p.secret) {
					row.found++
				}
			}
		}
	}
	for f, texts := range familyLookAlikes() {
		for _, text := range texts {
			for _, c := range contexts {
				rows[f].lookAlike++
				if len(scanBody(c.tape, c.plant(text))) > 0 {
					rows[f].flagged++
				}
			}
		}
	}
	names := rows[detect.FamilyGeneric]
	g := newGen(500)
	for _, sh := range shapes {
		for _, k := range keyedNames {
			for _, v := range g.keyedValues() {
				name := k.name
				if strings.HasPrefix(sh.name, "command flag") {
					name = flagName(name)
				}
				fs := scanOne(sh.plant(name, v))
				names.planted++
				if len(fs) == 1 && fs[0].Rule == k.rule && fs[0].Hash == hashOf(v) {
					names.found++
				}
			}
			for _, v := range append(keyedLookAlikes, g.encodedLookAlikeValues()...) {
				if strings.ContainsAny(v, "<>") && strings.HasPrefix(sh.name, "XML") {
					continue
				}
				names.lookAlike++
				if len(scanOne(sh.plant(k.name, v))) > 0 {
					names.flagged++
				}
			}
		}
		for _, name := range notCredentialNames {
			for _, v := range g.keyedValues() {
				names.lookAlike++
				if len(scanOne(sh.plant(name, v))) > 0 {
					names.flagged++
				}
			}
		}
	}
	eachEncodedPlant(g, func(_ string, k fieldKind, name, v string, fs []Finding) {
		names.planted++
		if encodedFound(fs, k, name, v) {
			names.found++
		}
	})
	eachEncodedLookAlike(g, func(_ string, fs []Finding) {
		names.lookAlike++
		if len(fs) > 0 {
			names.flagged++
		}
	})
	unseen := rows[detect.FamilyUnseen]
	for seed := range uint64(3) {
		ps := newGen(600 + seed).kinds()
		_, broken := conflicted(t, ps)
		found := map[string]bool{}
		for _, f := range ScanBytes("c.json", broken) {
			found[f.Hash] = true
		}
		for _, p := range ps {
			unseen.planted++
			if found[hashOf(p.secret)] {
				unseen.found++
			}
		}
	}
	var all []planted
	for _, texts := range familyLookAlikes() {
		for _, text := range texts {
			all = append(all, planted{text: text})
		}
	}
	_, broken := conflicted(t, all)
	unseen.lookAlike = len(all)
	unseen.flagged = len(ScanBytes("c.json", broken)) - 1 // all but the not-decoded finding
	out := make([]recallRow, 0, len(rows))
	for _, f := range Families() {
		out = append(out, *rows[f])
	}
	return out
}

func formatRecall(rows []recallRow) string {
	var b strings.Builder
	b.WriteString("| family | rules | planted | found | recall | look-alikes | flagged |\n|---|---:|---:|---:|---:|---:|---:|\n")
	var tot recallRow
	for _, r := range rows {
		family := r.family
		if r.family == detect.FamilyUnseen {
			family = "Files that do not decode (text rules)"
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %s | %d | %d |\n", family, r.rules, r.planted, r.found, percent(r.found, r.planted), r.lookAlike, r.flagged)
		tot.rules += r.rules
		tot.planted += r.planted
		tot.found += r.found
		tot.lookAlike += r.lookAlike
		tot.flagged += r.flagged
	}
	fmt.Fprintf(&b, "| **all** | %d | %d | %d | %s | %d | %d |\n", tot.rules, tot.planted, tot.found, percent(tot.found, tot.planted), tot.lookAlike, tot.flagged)
	return b.String()
}

func percent(n, d int) string {
	if d == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}

// formatRules lists the rules by family, as Rules() documents them.
func formatRules() string {
	var b strings.Builder
	last := ""
	for _, r := range Rules() {
		if r.Family != last {
			if last != "" {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "**%s**\n\n", r.Family)
			last = r.Family
		}
		fmt.Fprintf(&b, "- `%s`: %s\n", r.ID, r.Description)
	}
	return b.String()
}

// TestRecallTable measures recall and false positives per family, requires
// every planted secret found and no look-alike flagged, and keeps the
// tables of docs/secrets.md what this test measures (-update-docs rewrites
// them).
func TestRecallTable(t *testing.T) {
	rows := recallTable(t)
	for _, r := range rows {
		if r.found != r.planted || r.flagged != 0 {
			t.Errorf("%s: found %d of %d, flagged %d of %d look-alikes", r.family, r.found, r.planted, r.flagged, r.lookAlike)
		}
	}
	sections := map[string]string{"recall": formatRecall(rows), "rules": formatRules()}
	data, err := os.ReadFile(docsFile)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for name, want := range sections {
		begin, end := "<!-- "+name+": generated by go test ./secrets -run TestRecallTable -update-docs -->\n", "<!-- end of "+name+" -->"
		i, j := strings.Index(doc, begin), strings.Index(doc, end)
		if i < 0 || j < i {
			t.Fatalf("%s has no %s section", docsFile, name)
		}
		if got := doc[i+len(begin) : j]; got != want {
			if !*updateDocs {
				t.Errorf("the %s section of %s is out of date; run go test ./secrets -run TestRecallTable -update-docs\nwant:\n%s", name, docsFile, want)
				continue
			}
			doc = doc[:i+len(begin)] + want + doc[j:]
		}
	}
	if *updateDocs {
		if err := os.WriteFile(docsFile, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
