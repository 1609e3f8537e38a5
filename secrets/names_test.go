package secrets

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/secrets/internal/detect"
)

// TestScanName finds a key in the name of a file and of a directory, one
// component at a time: the finding names the path, says which name, has
// no JSON path, and has the identity (rule and hash) the same key has in
// a file's contents.
func TestScanName(t *testing.T) {
	t.Parallel()
	g := newGen(19)
	key := awsKeyIDs(g, 1)[0]
	r := g.str(genAlnum, 30)
	gh := "ghp_" + r + detect.GitHubChecksum(r)
	content := ScanBytes("c.json", []byte(`{"response": {"text": "`+key+`"}}`))
	if len(content) != 1 {
		t.Fatalf("the key in contents: %+v", content)
	}
	for _, c := range []struct {
		rel  string
		dir  bool
		want NamePart
		rule string
	}{
		{".dryfire/cassettes/s/c/" + key + ".json", false, InFileName, RuleAWSKeyID},
		{".dryfire/cassettes/" + key, true, InDirName, RuleAWSKeyID},
		{"tapes/token-" + gh + ".json", false, InFileName, RuleGitHub},
	} {
		fs := ScanName(c.rel, c.dir)
		if len(fs) != 1 {
			t.Fatalf("%s: %d findings, want 1", c.rel, len(fs))
		}
		f := fs[0]
		if f.Path != c.rel || f.Name != c.want || f.Rule != c.rule || f.JSONPath != "" || f.AffectsTests || !strings.Contains(f.Where, c.want.String()+"'s name") {
			t.Errorf("%s: %+v", c.rel, f)
		}
		if c.rule == RuleAWSKeyID && f.Hash != content[0].Hash {
			t.Errorf("%s: hash %s, the key's in contents is %s", c.rel, f.Hash, content[0].Hash)
		}
	}
	// A key in a directory above is that directory's, not the file's.
	if fs := ScanName(".dryfire/cassettes/"+key+"/c/00-0123456789abcdef.json", false); len(fs) != 0 {
		t.Errorf("a file's findings hold its directory's name: %+v", fs)
	}
	if fs := ScanPath(".dryfire/cassettes/" + key + "/c/" + key + ".json"); len(fs) != 2 || fs[0].Name != InDirName || fs[1].Name != InFileName {
		t.Errorf("ScanPath: %+v", fs)
	}
}

// TestMaskPath masks the secret of each component as its mask, keeps the
// separators and every other byte, and returns a path without one as it
// is.
func TestMaskPath(t *testing.T) {
	t.Parallel()
	keys := awsKeyIDs(newGen(20), 2)
	mask := func(k string) string { return Mask(ScanName(k, false)[0]) }
	for in, want := range map[string]string{
		".dryfire/cassettes/refund_agent/parallel_lookups/00-3d3d451719dd1a54.json": ".dryfire/cassettes/refund_agent/parallel_lookups/00-3d3d451719dd1a54.json",
		".dryfire/cassettes/" + keys[0] + "/c/" + keys[1] + ".json":                 ".dryfire/cassettes/" + mask(keys[0]) + "/c/" + mask(keys[1]) + ".json",
		keys[0]:                          mask(keys[0]),
		"/abs/" + keys[0] + "/":          "/abs/" + mask(keys[0]) + "/",
		"x-" + keys[0] + "-y/" + keys[1]: "x-" + mask(keys[0]) + "-y/" + mask(keys[1]),
		"":                               "",
	} {
		got := MaskPath(in)
		if got != want {
			t.Errorf("MaskPath(%q) = %q, want %q", in, got, want)
		}
		if strings.Contains(got, keys[0][4:16]) || strings.Contains(got, keys[1][4:16]) {
			t.Errorf("MaskPath(%q) shows a key: %q", in, got)
		}
	}
	if p := filepath.Join("a", keys[0], "b"); strings.Contains(MaskPath(p), keys[0]) {
		t.Errorf("MaskPath(%q) = %q", p, MaskPath(p))
	}
	msg := "open " + filepath.Join("/p", keys[0], "00-0123456789abcdef.json") + ": permission denied"
	if got := MaskNames(msg); strings.Contains(got, keys[0][4:]) || !strings.HasSuffix(got, "/00-0123456789abcdef.json: permission denied") {
		t.Errorf("MaskNames(%q) = %q", msg, got)
	}
}

// TestBaselineAcceptsANameFinding accepts a key in a name by its rule and
// hash, as any other finding, and writes where it was seen masked.
func TestBaselineAcceptsANameFinding(t *testing.T) {
	t.Parallel()
	key := awsKeyIDs(newGen(21), 1)[0]
	fs := ScanName(".dryfire/cassettes/"+key, true)
	b := NewBaseline(fs, "")
	if !b.AcceptsFinding(fs[0]) || len(b.Findings) != 1 || strings.Contains(b.Findings[0].SeenIn[0], key) {
		t.Errorf("baseline %+v does not accept %+v, or shows the key", b.Findings, fs[0])
	}
}
