// Package passthrough runs the Python callables of passthrough mocks
// (impl: package.module:function) in the project's own interpreter, as a
// dryfire user's run imports them.
//
// Package engine never starts a process: a case that reaches a
// passthrough mock asks the [engine.Invoker] it was given, and without one
// it stops there, skipped (the replay behind ls and the browser never runs
// a project's code). The run command gives it a [PythonInvoker].
//
// # The Python process
//
// [NewPythonInvoker] takes the interpreter from DRYFIRE_PYTHON, else
// python3 on PATH, and imports modules from the project root. One
// long-lived process serves the whole run, so module state lives as long
// as it does under dryfire; it is started on the first call and stopped by
// [PythonInvoker.Close], which the caller defers until the run is done
// (what the callables printed then reaches Stderr before the report).
//
// The Go side and the Python side (worker.go, a script given to python
// -c) speak one JSON line each way: a call (target and arguments) answered
// with content, is_error and unserialisable; a check that imports every
// target, as dryfire's loader does, answered with dryfire's message for
// each that does not resolve ([engine.ImplErrors] asks it before a run).
// The worker says it is ready before the first request, so a call's
// timeout never counts the interpreter's start.
//
// # Results
//
// A callable that raises is a result: an error tool result
// "<ExcType>: <message>". A value that is not None, a str or a dict
// becomes json.dumps(value), else str(value), as dryfire does; a value
// that cannot be hashed fails the next request, as it does for dryfire.
// A call that outlives [PythonInvoker.Timeout] ([DefaultImplTimeout],
// dryfire's 30 s) is abandoned with dryfire's message and the process is
// replaced. An error from Invoke is for an invoker that cannot run at all
// (no Python, a process that died, a BaseException that is not an
// Exception): it ends the case.
package passthrough
