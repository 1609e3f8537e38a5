package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/suite"
)

func replayGolden(t testing.TB, project string) (*suite.Project, *Result) {
	t.Helper()
	p, s := loadGolden(t, project)
	return p, Replay(context.Background(), p, s, Options{})
}

// loadGolden loads a golden project and its cassette store.
func loadGolden(t testing.TB, project string) (*suite.Project, *cassette.Store) {
	t.Helper()
	p, err := suite.LoadProject(filepath.Join(dryfireGolden, project), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := cassette.LoadStore(context.Background(), p.CassetteRoot, jsonFiles(p.CassetteRoot), cassette.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return p, s
}

// visitKeys groups the visited keys per suite::case, one list per repetition.
func visitKeys(res *Result) map[string][][]string {
	out := map[string][][]string{}
	for _, c := range res.Cases {
		id := c.Suite + "::" + c.Case
		if c.Outcome == OutcomeSkipped && len(c.Visits) == 0 {
			if _, ok := out[id]; !ok {
				out[id] = [][]string{}
			}
			continue
		}
		keys := []string{}
		for _, v := range c.Visits {
			keys = append(keys, v.Key)
		}
		out[id] = append(out[id], keys)
	}
	return out
}

func TestReplayProjectAVisitsDryfiresKeys(t *testing.T) {
	t.Parallel()
	p, res := replayGolden(t, "project-A")
	if len(p.Errors) > 0 {
		t.Fatalf("spec errors: %v", p.Errors)
	}
	var expected struct {
		Sequences map[string][][]string `json:"replay_key_sequences"`
	}
	readJSON(t, filepath.Join(dryfireGolden, "project-A", "expected.json"), &expected)
	got := visitKeys(res)
	if !reflect.DeepEqual(got, expected.Sequences) {
		for id, want := range expected.Sequences {
			if !reflect.DeepEqual(got[id], want) {
				t.Errorf("%s: visited %v, dryfire %v", id, got[id], want)
			}
		}
		for id := range got {
			if _, ok := expected.Sequences[id]; !ok {
				t.Errorf("unexpected case %s", id)
			}
		}
	}
	if res.ExitCode != 0 {
		t.Errorf("exit code %d, want 0", res.ExitCode)
	}
	for _, c := range res.Cases {
		if c.Outcome != OutcomeHit && c.Suite != "hello_fake" {
			t.Errorf("%s::%s#%d: %s %s", c.Suite, c.Case, c.RepeatIndex, c.Outcome, c.Message)
		}
		for _, v := range c.Visits {
			if v.File == nil || v.File.Fingerprint != v.Key {
				t.Errorf("%s::%s: visit %s served by %+v", c.Suite, c.Case, v.Key, v.File)
			}
		}
	}
}

type goldenMiss struct {
	Suite       string `json:"suite"`
	Case        string `json:"case"`
	RepeatIndex int    `json:"repeat_index"`
	Turn        int    `json:"turn"`
	Key         string `json:"key"`
	Error       string `json:"error"`
}

type goldenReplay struct {
	ExitCode int          `json:"exit_code"`
	Misses   []goldenMiss `json:"misses"`
	Cases    []struct {
		Suite       string `json:"suite"`
		Case        string `json:"case"`
		Repetitions []struct {
			RepeatIndex int    `json:"repeat_index"`
			Termination string `json:"termination"`
			Visits      []struct {
				Turn    int    `json:"turn"`
				Key     string `json:"key"`
				Outcome string `json:"outcome"`
			} `json:"cassette_visits"`
		} `json:"repetitions"`
	} `json:"cases"`
}

func TestReplayMutatedProjectsMissAsDryfire(t *testing.T) {
	t.Parallel()
	dirs, _ := filepath.Glob(filepath.Join(dryfireGolden, "project-[B-Z]*"))
	if len(dirs) == 0 {
		t.Fatal("no mutated projects")
	}
	for _, dir := range dirs {
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var want goldenReplay
			readJSON(t, filepath.Join(dir, "expected-replay.json"), &want)
			_, res := replayGolden(t, name)
			var gotMisses []goldenMiss
			for _, c := range res.Cases {
				if v, ok := c.Miss(); ok {
					gotMisses = append(gotMisses, goldenMiss{c.Suite, c.Case, c.RepeatIndex, v.Turn, v.Key, c.Message})
				}
			}
			sortMisses(gotMisses)
			sortMisses(want.Misses)
			if !reflect.DeepEqual(gotMisses, want.Misses) && (len(gotMisses) != 0 || len(want.Misses) != 0) {
				t.Errorf("misses:\n got %+v\nwant %+v", gotMisses, want.Misses)
			}
			wantVisits := map[string][]string{}
			for _, c := range want.Cases {
				for _, r := range c.Repetitions {
					id := fmt.Sprintf("%s::%s#%d", c.Suite, c.Case, r.RepeatIndex)
					wantVisits[id] = []string{}
					for _, v := range r.Visits {
						wantVisits[id] = append(wantVisits[id], fmt.Sprintf("%d:%s:%s", v.Turn, v.Key, v.Outcome))
					}
				}
			}
			gotVisits := map[string][]string{}
			for _, c := range res.Cases {
				id := fmt.Sprintf("%s::%s#%d", c.Suite, c.Case, c.RepeatIndex)
				gotVisits[id] = []string{}
				for _, v := range c.Visits {
					outcome := "miss"
					if v.Hit {
						outcome = "hit"
					}
					gotVisits[id] = append(gotVisits[id], fmt.Sprintf("%d:%s:%s", v.Turn, v.Key, outcome))
				}
			}
			for id, w := range wantVisits {
				if !reflect.DeepEqual(gotVisits[id], w) {
					t.Errorf("%s visits:\n got %v\nwant %v", id, gotVisits[id], w)
				}
			}
			if len(gotVisits) != len(wantVisits) {
				t.Errorf("%d repetitions replayed, dryfire ran %d", len(gotVisits), len(wantVisits))
			}
			if want.ExitCode == 3 && res.ExitCode != 3 || want.ExitCode == 0 && res.ExitCode != 0 {
				t.Errorf("exit code %d, dryfire %d", res.ExitCode, want.ExitCode)
			}
		})
	}
}

func sortMisses(m []goldenMiss) {
	sort.Slice(m, func(i, j int) bool {
		return fmt.Sprint(m[i].Suite, m[i].Case, m[i].RepeatIndex) < fmt.Sprint(m[j].Suite, m[j].Case, m[j].RepeatIndex)
	})
}

func readJSON(t testing.TB, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

// jsonFiles yields the *.json files under root, as the workspace's walk
// hands them to LoadStore.
func jsonFiles(root string) iter.Seq[string] {
	return func(yield func(string) bool) {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
				return nil
			}
			if !yield(p) {
				return fs.SkipAll
			}
			return nil
		})
	}
}
