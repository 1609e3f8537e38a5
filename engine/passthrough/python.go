package passthrough

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/dryfire-tui/dryfire-tui/cassette"
	"github.com/dryfire-tui/dryfire-tui/engine"
	"github.com/dryfire-tui/dryfire-tui/engine/conversation"
	"github.com/dryfire-tui/dryfire-tui/internal/jsonv"
)

// DefaultImplTimeout is how long dryfire waits for a passthrough callable.
const DefaultImplTimeout = 30 * time.Second

// startTimeout bounds the start of the Python process (not counted in a
// call's timeout).
const startTimeout = time.Minute

// PythonInvoker runs passthrough callables in one long-lived Python
// process of the project's interpreter (DRYFIRE_PYTHON, else python3 on
// PATH), started in the project root, as a dryfire user's run would
// import them: module state lives for the whole run. Calls are answered
// one at a time. A call that outlives the timeout is abandoned: the
// process is stopped and a fresh one serves the next call.
type PythonInvoker struct {
	// Python is the interpreter; Dir the directory modules are imported
	// from (the project root).
	Python, Dir string
	Timeout     time.Duration
	// Stderr receives what the callables print (nil: discarded).
	Stderr io.Writer

	mu     sync.Mutex
	worker *pyWorker
}

var _ engine.Invoker = (*PythonInvoker)(nil)

// NewPythonInvoker returns an invoker for the project at dir, with the
// interpreter from getenv("DRYFIRE_PYTHON") or python3.
func NewPythonInvoker(dir string, getenv func(string) string, stderr io.Writer) *PythonInvoker {
	py := ""
	if getenv != nil {
		py = getenv("DRYFIRE_PYTHON")
	}
	if py == "" {
		py = "python3"
	}
	return &PythonInvoker{Python: py, Dir: dir, Timeout: DefaultImplTimeout, Stderr: stderr}
}

type pyWorker struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

type pyRequest struct {
	Op        string          `json:"op"`
	Target    string          `json:"target,omitempty"`
	Targets   []string        `json:"targets,omitempty"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

type pyReply struct {
	Content        json.RawMessage   `json:"content"`
	IsError        bool              `json:"is_error"`
	Unserialisable string            `json:"unserialisable"`
	Crash          string            `json:"crash"`
	Errors         map[string]string `json:"errors"`
}

// Invoke runs target with the call's arguments.
func (p *PythonInvoker) Invoke(ctx context.Context, target string, call cassette.ToolCall) (engine.ImplResult, error) {
	args, err := jsonv.Encode(call.Arguments, jsonv.EncodeOptions{AllowNonFinite: true})
	if err != nil {
		return engine.ImplResult{}, fmt.Errorf("passthrough impl %s: arguments cannot be sent to Python: %w", jsonv.PyRepr(target), err)
	}
	timeout := p.Timeout
	if timeout <= 0 {
		timeout = DefaultImplTimeout
	}
	reply, err := p.roundTrip(ctx, pyRequest{Op: "call", Target: target, Arguments: args}, timeout)
	if errors.Is(err, errTimedOut) {
		return engine.ImplResult{Result: conversation.ToolResult{CallID: call.ID, IsError: true, Content: jsonv.StringValue(fmt.Sprintf(
			"passthrough impl %s timed out after %ss (the call was abandoned; a sync impl may still be running)",
			jsonv.PyRepr(target), engine.PyFormatG(timeout.Seconds())))}}, nil
	}
	if err != nil {
		return engine.ImplResult{}, fmt.Errorf("passthrough impl %s: %w", jsonv.PyRepr(target), err)
	}
	if reply.Crash != "" {
		// A BaseException that is not an Exception ends the case; its
		// repr is what dryfire reports.
		return engine.ImplResult{}, errors.New(reply.Crash)
	}
	content, err := jsonv.DecodeWith(reply.Content, jsonv.DecodeOptions{AllowNonFinite: true})
	if err != nil {
		return engine.ImplResult{}, fmt.Errorf("passthrough impl %s: unreadable answer from Python: %w", jsonv.PyRepr(target), err)
	}
	return engine.ImplResult{Result: conversation.ToolResult{CallID: call.ID, Content: content, IsError: reply.IsError},
		Unserialisable: reply.Unserialisable}, nil
}

// Check resolves targets in the worker.
func (p *PythonInvoker) Check(ctx context.Context, targets []string) (map[string]string, error) {
	if len(targets) == 0 {
		return nil, nil
	}
	reply, err := p.roundTrip(ctx, pyRequest{Op: "check", Targets: targets}, p.Timeout)
	if err != nil {
		return nil, err
	}
	return reply.Errors, nil
}

var errTimedOut = errors.New("timed out")

// roundTrip sends one request and waits for its reply, stopping the
// worker when the wait is over.
func (p *PythonInvoker) roundTrip(ctx context.Context, req pyRequest, timeout time.Duration) (pyReply, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	w, err := p.start()
	if err != nil {
		return pyReply{}, err
	}
	line, _ := json.Marshal(req)
	type answer struct {
		reply pyReply
		err   error
	}
	done := make(chan answer, 1)
	go func() {
		if _, err := w.in.Write(append(line, '\n')); err != nil {
			done <- answer{err: fmt.Errorf("the Python process stopped: %w", err)}
			return
		}
		text, err := w.out.ReadBytes('\n')
		if err != nil {
			done <- answer{err: fmt.Errorf("the Python process stopped: %w", err)}
			return
		}
		var r pyReply
		done <- answer{reply: r, err: json.Unmarshal(text, &r)}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case a := <-done:
		if a.err != nil {
			p.stop()
		}
		return a.reply, a.err
	case <-timer.C:
		p.stop()
		return pyReply{}, errTimedOut
	case <-ctx.Done():
		p.stop()
		return pyReply{}, ctx.Err()
	}
}

// start returns the running worker, starting one when there is none.
func (p *PythonInvoker) start() (*pyWorker, error) {
	if p.worker != nil {
		return p.worker, nil
	}
	py, err := exec.LookPath(p.Python)
	if err != nil {
		return nil, fmt.Errorf("needs Python to run, and %s was not found (install Python 3 or set DRYFIRE_PYTHON to the project's interpreter)", p.Python)
	}
	cmd := exec.Command(py, "-u", "-c", workerScript)
	cmd.Dir = p.Dir
	cmd.Env = append(os.Environ(), "PYTHONIOENCODING=utf-8")
	if p.Stderr != nil {
		// Only Write: a writer's ReadFrom (a bytes.Buffer's) would
		// hold the buffer while the callables are silent.
		cmd.Stderr = writeOnly{p.Stderr}
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start %s: %w", py, err)
	}
	w := &pyWorker{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 64<<10)}
	ready := make(chan error, 1)
	go func() {
		line, err := w.out.ReadBytes('\n')
		if err == nil && !strings.Contains(string(line), `"ready"`) {
			err = fmt.Errorf("it said %q", line)
		}
		ready <- err
	}()
	timer := time.NewTimer(startTimeout)
	defer timer.Stop()
	select {
	case err = <-ready:
	case <-timer.C:
		err = fmt.Errorf("no answer in %s", startTimeout)
	}
	if err != nil {
		in.Close()
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, fmt.Errorf("%s did not start the passthrough worker: %w", py, err)
	}
	p.worker = w
	return p.worker, nil
}

// stop ends the worker (the next call starts a fresh one).
func (p *PythonInvoker) stop() {
	if p.worker == nil {
		return
	}
	p.worker.in.Close()
	_ = p.worker.cmd.Process.Kill()
	_ = p.worker.cmd.Wait()
	p.worker = nil
}

// Close stops the Python process.
func (p *PythonInvoker) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stop()
	return nil
}

type writeOnly struct{ w io.Writer }

func (w writeOnly) Write(p []byte) (int, error) { return w.w.Write(p) }
