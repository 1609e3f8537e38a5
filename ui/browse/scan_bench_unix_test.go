//go:build unix

package browse

import (
	"os"
	"testing"

	"github.com/dryfire-tui/dryfire-tui/internal/cputime"
	"github.com/dryfire-tui/dryfire-tui/ui/backend"
	"github.com/dryfire-tui/dryfire-tui/ui/internal/uitest"
	"github.com/dryfire-tui/dryfire-tui/ui/theme"
)

// BenchmarkScanToTree is what a person waits for when the browser opens,
// on the real core: the scan (ui/backend BenchmarkCoreOpen) and every
// batch it streams added to the tree as the page adds it, until the last
// one, which holds every row classified, is in. DRYFIRE_BENCH_PROJECT
// names a project generated beforehand to use instead of the 20,000
// recordings this file's benchmarks write.
func BenchmarkScanToTree(b *testing.B) {
	root := os.Getenv("DRYFIRE_BENCH_PROJECT")
	if root == "" {
		root = benchRoot(b)
	}
	open := func() {
		m := New(Options{Path: root, Backend: backend.Core{}}, theme.New(false))
		m.SetSize(160, 45)
		msg := scanWorkspaceCmd(m.ctx, m.opts.Backend, root, m.gen)().(scanBatchMsg)
		for {
			m, _ = m.Update(msg)
			if msg.done {
				break
			}
			msg = readScan(msg.next, msg.gen).(scanBatchMsg)
		}
		if m.scanErr != nil || m.tree.Len() == 0 {
			b.Fatalf("scan: %v, %d recordings in the tree", m.scanErr, m.tree.Len())
		}
		_ = m.Render()
		m.cancel()
	}
	open() // warm the page cache
	b.ReportAllocs()
	cpu0 := cputime.Used()
	for b.Loop() {
		open()
	}
	cputime.PerOp(b, cpu0)
}

// BenchmarkPaletteCheckToFrame is the palette's check as a person sees
// it, on the real core: the command runs, its report opens in a dialog
// and is drawn, and the report is scrolled a line and drawn again. Its
// yardstick is the command line's text check (internal/cli
// BenchmarkCheckText). DRYFIRE_BENCH_PROJECT names the project, as for
// BenchmarkScanToTree.
func BenchmarkPaletteCheckToFrame(b *testing.B) {
	root := os.Getenv("DRYFIRE_BENCH_PROJECT")
	if root == "" {
		root = benchRoot(b)
	}
	down := uitest.PressKey("j")
	check := func() {
		m := New(Options{Path: root, Backend: backend.Core{}}, theme.New(false))
		m.SetSize(160, 45)
		m, cmd := m.runCommand(backend.CommandRequest{Command: backend.CommandCheck})
		m, _ = m.Update(cmd())
		if !m.Dialog.Visible() {
			b.Fatal("check: no report")
		}
		_ = m.Render()
		m, _ = m.Update(down)
		_ = m.Render()
		m.cancel()
	}
	check() // warm the page cache
	b.ReportAllocs()
	cpu0 := cputime.Used()
	for b.Loop() {
		check()
	}
	cputime.PerOp(b, cpu0)
}
