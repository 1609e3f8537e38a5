"""Differential oracle: has the real dryfire load and hash generated suites.

Reads documents (JSON lines, as written by `loaderdiff gen`) on stdin and
writes one observation per document (JSON lines) on stdout, in the shape the
Go side of the comparison produces (tools/loaderdiff/observe.go).

For each document it writes the files into a scratch directory and calls
dryfire's own functions, nothing re-implemented:

  * load_positioned + resolve_refs + interpolate_env: the tree the loader
    validates, written with every scalar's Python type;
  * load_suite: the positioned spec errors, or the exception that escapes it
    (dryfire reports such an exception as an internal error, exit 2);
  * resolve + merge_mocks + run_case behind a gateway that fingerprints
    every request with dryfire's _hash_args and fingerprint, as the caching
    gateway does in replay mode, and answers from the document's script.

dryfire is imported from PYTHONPATH; run it in the environment of a dryfire
installation, with the ruamel.yaml that installing dryfire brings
(testdata/loaderdiff/README.md says how the vectors were made).
"""

from __future__ import annotations

import asyncio
import base64
import datetime
import json
import os
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError
from ruamel.yaml.reader import ReaderError

from dryfire.adapters.driven.providers.caching import _hash_args
from dryfire.adapters.driven.spec.config import resolve
from dryfire.adapters.driven.spec.loader import interpolate_env, load_suite, resolve_refs
from dryfire.adapters.driven.spec import positions
from dryfire.adapters.driven.spec.mocks import map_mocks
from dryfire.adapters.driven.spec.positions import load_positioned
from dryfire.application.loop import run_case
from dryfire.domain.fingerprint import fingerprint
from dryfire.domain.mocking.resolver import MockResolver, merge_mocks
from dryfire.domain.model.message import ModelResponse, Usage
from dryfire.domain.model.tooling import ToolCall

SUITE = "suite.eval.yaml"
MAX_DIGITS = 4300


def typed(x: Any) -> Any:
    """A scalar or container with its Python type, as JSON."""
    if isinstance(x, dict):
        return {"m": [[typed(k), typed(v)] for k, v in x.items()]}
    if isinstance(x, (list, tuple)) and not isinstance(x, str):
        return {"l": [typed(v) for v in x]}
    if x is None:
        return None
    if x is True or x is False:
        return {"b": x}
    if isinstance(x, str):
        return {"s": str(x)}
    if isinstance(x, int):
        try:
            return {"i": int.__repr__(x)}
        except ValueError:
            return {"ix": hex(x)}
    if isinstance(x, float):
        return {"f": float.__repr__(x)}
    if isinstance(x, datetime.datetime):
        return {"dt": type(x).__name__}
    if isinstance(x, datetime.date):
        return {"d": str(x)}
    return {"o": type(x).__name__}


def text_of(data: bytes) -> str:
    """A file as dryfire reads it: UTF-8 text with universal newlines."""
    return data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")


def line_col(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of a character index, counted as ruamel's
    reader counts them: LF and a CR not before LF end a line, a byte-order
    mark takes no column."""
    line, col = 1, 1
    for i in range(min(index, len(text))):
        ch = text[i]
        if ch == "\n" or (ch == "\r" and text[i + 1 : i + 2] != "\n"):
            line, col = line + 1, 1
        elif ch != "\ufeff":
            col += 1
    return line, col


def failure(exc: BaseException, files: dict[str, bytes], root: Path) -> dict[str, Any]:
    """The exception that escapes the loader, with a position when it has one."""
    out: dict[str, Any] = {"kind": "crash", "type": type(exc).__name__, "message": str(exc)}
    if isinstance(exc, MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        out["kind"] = "yaml"
        if mark is not None:
            out["file"] = Path(mark.name).name if mark.name else ""
            out["line"], out["column"] = mark.line + 1, mark.column + 1
    elif isinstance(exc, ReaderError):
        out["kind"] = "reader"
        name = Path(exc.name).name if exc.name else ""
        out["file"] = name
        out["character"] = exc.character if isinstance(exc.character, int) else None
        # The file by its path (two files may share a name: schemas/t0.yaml
        # and tools/t0.yaml).
        rel = Path(os.path.relpath(exc.name, root)).as_posix() if exc.name else ""
        data = files.get(rel, b"")
        out["line"], out["column"] = line_col(text_of(data), exc.position)
    elif isinstance(exc, UnicodeDecodeError):
        out["kind"] = "decode"
    return out


def first_bad_utf8(files: dict[str, bytes], name: str) -> dict[str, Any]:
    """Where a file stops being UTF-8 (dryfire reports no position)."""
    data = files.get(name, b"")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        prefix = text_of(data[: exc.start])
        line, col = line_col(prefix, len(prefix))
        return {"file": Path(name).name, "offset": exc.start, "line": line, "column": col}
    return {}


def utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


class Gateway:
    """Fingerprints each request as dryfire's caching gateway does and answers
    from a script: the document's tool calls first, then end_turn."""

    def __init__(self, provider: str, calls: list[dict[str, Any]]) -> None:
        self.name = provider
        self.calls = calls
        self.visits: list[str] = []

    async def complete(self, request: Any) -> ModelResponse:
        fp = fingerprint(**_hash_args(request, self.name))
        self.visits.append(fp)
        turn = len(self.visits) - 1
        usage = Usage(input_tokens=0, output_tokens=0)
        if turn == 0 and self.calls:
            tcs = [ToolCall(id=c["id"], name=c["name"], arguments=json.loads(c["arguments"])) for c in self.calls]
            return ModelResponse(text=None, tool_calls=tcs, stop_reason="tool_use", usage=usage, latency_ms=0, raw={})
        return ModelResponse(text="done", tool_calls=[], stop_reason="end_turn", usage=usage, latency_ms=0, raw={})


def result_views(trace: Any) -> list[list[str]]:
    """How each tool result of a trace shows on dryfire's surfaces: repr()
    (what -v prints), pydantic's JSON mode (the run document), json.dumps
    (what the provider adapter sends) and what the cassette store's
    json.dumps writes of it in a request digest (keys sorted, number keys
    as numbers). An exception is "!" and its text (JSON mode) or repr()
    (json.dumps, the store)."""
    out = []
    for turn in trace.turns:
        for r in turn.tool_results:
            try:
                doc = json.dumps(r.model_dump(mode="json")["content"])
            except Exception as exc:  # noqa: BLE001
                doc = "!" + str(exc)
            try:
                dumps = json.dumps(r.content)
            except Exception as exc:  # noqa: BLE001
                dumps = "!" + repr(exc)
            try:
                store = json.dumps(r.model_dump()["content"], indent=2, sort_keys=True,
                                   ensure_ascii=False, allow_nan=False)
            except Exception as exc:  # noqa: BLE001
                store = "!" + repr(exc)
            out.append([repr(r.content), doc, dumps, store])
    return out


def run(suite: Any, path: Path, calls: list[dict[str, Any]], views: list[Any]) -> list[dict[str, Any]]:
    out = []
    for case in suite.cases:
        resolved = resolve(suite=suite, case=case, suite_path=path)
        c: dict[str, Any] = {
            "name": case.name,
            "provider": resolved.provider,
            "model": resolved.model,
            "max_turns": resolved.max_turns,
            "temperature": float.__repr__(float(resolved.temperature)),
            "repeat": resolved.repeat,
            "on_unmocked": resolved.on_unmocked,
        }
        if resolved.provider == "fake":
            c["outcome"] = "fake"
            out.append(c)
            views.append([])
            continue
        mocks = merge_mocks(map_mocks(suite.mocks or {}), map_mocks(case.mocks or {}))
        gw = Gateway(resolved.provider, calls)
        try:
            trace = asyncio.run(run_case(resolved, gw, MockResolver(mocks)))
            c["outcome"] = "run"
            c["termination"] = trace.termination
            c["error"] = trace.error
        except Exception:
            c["outcome"] = "crash"
            trace = None
        try:
            views.append(result_views(trace) if trace is not None else [])
        except Exception as exc:  # noqa: BLE001 - a value no view can show
            views.append([["!" + repr(exc)]])
        c["visits"] = gw.visits
        out.append(c)
    return out


def fresh_loader() -> None:
    """Each document is a project of its own: give dryfire's loader module
    the fresh YAML instance a new process would have (ruamel's instance
    carries the YAML version of the last explicit document to the next
    file)."""
    positions._yaml = YAML(typ="rt")


def observe(doc: dict[str, Any]) -> dict[str, Any]:
    files = {
        name: b.encode("utf-8") if isinstance(b, str) else base64.b64decode(b["base64"])
        for name, b in doc["files"].items()
    }
    rec: dict[str, Any] = {"id": doc["id"]}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, data in files.items():
            p = root / name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data)
        path = root / SUITE
        saved = {k: os.environ.get(k) for k in doc.get("env", {})}
        os.environ.update(doc.get("env", {}))
        try:
            fresh_loader()
            try:
                tree = load_positioned(path)
                scratch: list[Any] = []
                tree = resolve_refs(tree, path.parent, path, scratch)
                interpolate_env(tree, path, scratch)
                rec["tree"] = typed(tree)
            except Exception as exc:
                rec["tree"] = None
            fresh_loader()
            try:
                suite, errors = load_suite(path)
            except Exception as exc:
                rec["load"] = failure(exc, files, root)
                # The scratch directory's name changes every run: leave it
                # out, so that recording again changes only what dryfire did.
                rec["load"]["message"] = rec["load"]["message"].replace(tmp + os.sep, "")
                if rec["load"]["kind"] == "decode":
                    bad = [n for n in [SUITE, *sorted(files)] if not utf8(files[n])]
                    rec["load"].update(first_bad_utf8(files, bad[0]) if bad else {})
                return rec
            rec["load"] = {"kind": "ok"}
            rec["errors"] = [
                [e.position.line if e.position else 0, e.position.col if e.position else 0, e.message]
                for e in errors
            ]
            # Where dryfire says each error is: its location, whether the
            # position is the nearest enclosing node's, and its hint.
            rec["where"] = [
                [e.loc_str, bool(e.position and not e.position.exact), e.hint or ""] for e in errors
            ]
            if suite is not None:
                views: list[Any] = []
                rec["suite"] = {"name": suite.name, "cases": run(suite, path, doc.get("calls", []), views)}
                rec["views"] = views
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
    return rec


def main() -> None:
    warnings.simplefilter("ignore")
    for line in sys.stdin:
        if line.strip():
            doc = json.loads(line)
            try:
                rec = observe(doc)
            except RecursionError:
                rec = {"id": doc["id"], "load": {"kind": "crash", "type": "RecursionError"}}
            sys.stdout.write(json.dumps(rec, ensure_ascii=True) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
