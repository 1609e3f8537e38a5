# dryfire's `trace ADDRESS [--model M]` (composition.trace) with one change:
# the target case is wrapped for --cassette-mode replay exactly as dryfire's
# `run` wraps every case (composition._resolve_cassettes and _wrap_cases over
# _NoLiveGateway), so that it is served from its cassettes. Every other step,
# the printing of the trace and the exit code included, is dryfire's own code.
# Run in the project's directory:
#   "$PY" tracereplay.py ADDRESS [MODEL [PATH...]]
# (MODEL "" for the case's own; the PATHs are trace's, after the address.)
import asyncio
import io
import sys
from pathlib import Path

from dryfire import composition as c
from dryfire.application.scheduler import run_suites


def trace_replay(address, model, paths, out, err):
    try:
        suite_name, sep, case_name = address.partition("::")
        if not sep:
            raise c.ConfigError(f"trace address must be 'suite::case', got {address!r}")
        loaded = c._load(paths, cwd=Path.cwd())
        if loaded.errors:
            err.write(c._render_errors(loaded.errors))
            return c.EXIT_CONFIG
        overrides = {"model": model} if model else {}
        planned, _ = c._plan(loaded, filter_text=None, tags=(), overrides=overrides)
        target = c._find_case(planned, suite_name, case_name)
        if target is None:
            raise c.ConfigError(f"no case {address!r} found")
        mode, store = c._resolve_cassettes("replay", loaded, cwd=Path.cwd())
        one = c._wrap_cases([c.target_suite(target)], inner_for=lambda pc: c._NoLiveGateway(pc.case.provider),
                            store=store, mode=mode)
        result = asyncio.run(run_suites(one, None, price=c._make_price(),
                                        judge=c._make_judge() if c._suites_use_judge(one) else None))
        out.write(c._render_trace(result.suites[0].cases[0]))
        return c._exit_code(result)
    except c.ConfigError as exc:
        err.write(f"error: {exc}\n")
        return c.EXIT_CONFIG


if __name__ == "__main__":
    out, err = io.StringIO(), io.StringIO()
    code = trace_replay(sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else None) or None, sys.argv[3:], out, err)
    sys.stdout.write(out.getvalue())
    sys.stderr.write(err.getvalue())
    sys.exit(code)
