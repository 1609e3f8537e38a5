# Records projects/support with dryfire's own compare (composition.compare,
# --cassette-mode record --yes) through a scripted provider answering from
# book.json: for the model axis, by the request's model; for the prompt
# axis, by the system prompt (the prompt file's text, as dryfire reads it).
# Run in the project's directory:
#   DRYFIRE_ORACLE=<directory of dfharness.py> "$PY" ../../record.py ../../book.json
import io
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.environ["DRYFIRE_ORACLE"])
import dfharness as h  # noqa: E402
from dryfire import composition  # noqa: E402

book = json.load(open(sys.argv[1], encoding="utf-8"))


class ByRequest:
    """One ScriptedProvider per model, and per prompt file: each keeps its
    own turn and repetition counts."""

    name = "anthropic"

    def __init__(self):
        self.by_model = {m: h.ScriptedProvider("anthropic", b, salt=m) for m, b in book["models"].items()}
        self.by_system = {Path(p).read_text(encoding="utf-8"): h.ScriptedProvider("anthropic", b, salt=p)
                          for p, b in book["prompts"].items()}

    def is_retryable(self, exc):
        return False

    async def complete(self, request):
        scripted = self.by_system.get(request.system) or self.by_model[request.model]
        return await scripted.complete(request)


gateway = ByRequest()
composition.make_gateway = lambda provider: gateway
for axis in ("models", "prompts"):
    out, err = io.StringIO(), io.StringIO()
    code = composition.compare([], cassette_mode="record", yes=True, concurrency=1, out=out, err=err,
                               **{axis: list(book[axis])})
    print(axis, "exit", code)
    print(out.getvalue())
    print(err.getvalue())
