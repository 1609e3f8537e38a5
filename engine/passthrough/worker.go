package passthrough

// workerScript is the Python side of [PythonInvoker]: it reads one JSON
// request per line on stdin and answers one JSON line on stdout. What the
// callables print goes to stderr, so it never mixes with the answers.
//
// {"op": "call", "target", "arguments"} calls target(arguments) as dryfire
// does (a coroutine function is awaited; a sync result that is awaitable
// is awaited) and answers {"content", "is_error", "unserialisable"}: a
// raise is content "<ExcType>: <message>" with is_error; a value that is
// not None, a str or a dict becomes json.dumps(value), else str(value).
// A BaseException that is not an Exception ends the case: {"crash": repr}.
//
// It first writes {"ready": true}, so that a call's timeout never counts
// the interpreter's start.
//
// {"op": "check", "targets"} imports each target and answers {"errors":
// {target: message}} with dryfire's messages for those that do not
// resolve.
const workerScript = `
import asyncio, importlib, inspect, json, os, sys

_out = sys.stdout
sys.stdout = sys.stderr
if os.getcwd() not in sys.path:
    sys.path.insert(0, os.getcwd())


class _Unresolved(Exception):
    pass


def _resolve(target):
    if target.count(":") != 1:
        raise _Unresolved(f"impl {target!r} must be 'package.module:function' "
                          f"(one colon separating the module path from the attribute)")
    module_path, _, attr = target.partition(":")
    if not module_path or not attr:
        raise _Unresolved(f"impl {target!r} must name both a module and a function, "
                          f"e.g. 'mytools.impls:create_ticket'")
    try:
        module = importlib.import_module(module_path)
    except ImportError as exc:
        raise _Unresolved(f"impl {target!r}: cannot import module {module_path!r} ({exc})") from exc
    try:
        func = getattr(module, attr)
    except AttributeError as exc:
        raise _Unresolved(f"impl {target!r}: module {module_path!r} has no attribute {attr!r}") from exc
    if not callable(func):
        raise _Unresolved(f"impl {target!r}: {module_path}.{attr} is not callable "
                          f"(got {type(func).__name__})")
    return func


async def _await(x):
    return await x


def _coerce(value):
    if value is None or isinstance(value, (str, dict)):
        return value
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return str(value)


def _encode(content):
    try:
        return json.dumps(content, ensure_ascii=False), ""
    except (TypeError, ValueError) as exc:
        return json.dumps(content, ensure_ascii=False, default=str), str(exc)


def _call(req):
    try:
        func = _resolve(req["target"])
    except _Unresolved as exc:
        return {"content": f"passthrough resolution failed: {exc}", "is_error": True}
    args = req.get("arguments") or {}
    try:
        if inspect.iscoroutinefunction(func):
            result = asyncio.run(func(args))
        else:
            result = func(args)
            if inspect.isawaitable(result):
                result = asyncio.run(_await(result))
    except Exception as exc:
        return {"content": f"{type(exc).__name__}: {exc}", "is_error": True}
    except BaseException as exc:
        return {"crash": repr(exc)}
    return {"content": _coerce(result), "is_error": False}


def _check(req):
    errors = {}
    for target in req["targets"]:
        try:
            _resolve(target)
        except _Unresolved as exc:
            errors[target] = str(exc)
        except BaseException as exc:
            errors[target] = f"impl {target!r}: importing it raised {exc!r}"
    return {"errors": errors}


_out.write('{"ready": true}\n')
_out.flush()
for line in sys.stdin:
    req = json.loads(line)
    reply = _check(req) if req["op"] == "check" else _call(req)
    if "content" in reply:
        text, bad = _encode(reply["content"])
        reply["content"] = json.loads(text)
        if bad:
            reply["unserialisable"] = bad
    _out.write(json.dumps(reply, ensure_ascii=False) + "\n")
    _out.flush()
`
