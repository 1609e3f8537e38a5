"""Make the pull requests of the range review's tests with the real dryfire.

Each pull request starts from golden project-A and changes it the way a
person would, then lets dryfire itself record what the change needs
(composition.run through the harness's scripted provider, the cassette
clock pinned). Only the files dryfire wrote or the person edited are kept,
each under the directory of its pull request, at its path in the project:

  tool-description/  project-B's one-character edit of lookup_order's
                     description, then `dryfire run --cassette-mode auto`:
                     the five refund_agent cases re-recorded under new keys
                     (the old recordings stay, superseded). parallel_lookups
                     answers differently this time.
  same-request/      no suite change: `dryfire run --cassette-mode record
                     --filter unknown_order_apologises`, the model answering
                     turn 1 differently: the same keys, new answers.
  case-added/        a case added to refund_agent (gold_customer_refund) and
                     unknown_order_apologises removed from it, then
                     `dryfire run --cassette-mode auto`: the new case
                     recorded. (The test prunes the removed case itself.)

Run from this directory with the oracle's environment (PYTHONPATH holding
dryfire's source and the harness):

    python3 make_prs.py ../project-A

It rewrites the three directories and expected.json.
"""

from __future__ import annotations

import io
import json
import shutil
import sys
import tempfile
from pathlib import Path

import dfharness
from dryfire import composition

HERE = Path(__file__).resolve().parent


def book_of(project: Path) -> dict[str, dict]:
    """The scripted model's answers: what project-A's cassettes recorded,
    by the first message of the case, turn by turn (repetition 0)."""
    cases: dict[tuple[str, str], dict[int, dict]] = {}
    firsts: dict[tuple[str, str], tuple[str, int]] = {}
    for path in sorted((project / ".dryfire/cassettes").rglob("*.json")):
        body = json.loads(path.read_text(encoding="utf-8"))
        key = path.stem.split("-", 1)[1]
        if "#" in key:
            continue
        msgs = body["request_digest"]["messages"]
        first = msgs[0]["content"]
        if not isinstance(first, str):
            first = json.dumps(first, sort_keys=True)
        resp = body["response"]
        spec = {"text": resp.get("text"),
                "calls": [{"name": c["name"], "arguments": c["arguments"]} for c in resp.get("tool_calls", [])],
                "stop_reason": resp.get("stop_reason")}
        cases.setdefault((body["suite"], body["case"]), {})[body["turn"]] = spec
        if body["turn"] == 0:
            firsts[(body["suite"], body["case"])] = (first, len(msgs))
    book = {}
    for sc, turns in cases.items():
        if sc not in firsts:
            continue
        first, n0 = firsts[sc]
        book[first] = {"n0": n0, "turns": [turns[t] for t in sorted(turns)]}
    return book


def files_of(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def run(project: Path, book: dict, mode: str, salt: str, filter_text: str | None = None) -> int:
    provider = dfharness.ScriptedProvider("anthropic", book, salt=salt)
    composition.make_gateway = lambda name: provider  # dryfire's own test seam
    out, err = io.StringIO(), io.StringIO()
    with dfharness.chdir(project):
        code = composition.run([], cassette_mode=mode, filter_text=filter_text, concurrency=1,
                               out=out, err=err, now=dfharness.FIXED_NOW)
    if code not in (0, 1):
        sys.exit(f"dryfire run exited {code}:\n{out.getvalue()}\n{err.getvalue()}")
    return code


def keep(name: str, before: dict[str, bytes], after: dict[str, bytes], extra: list[str]) -> list[str]:
    dst = HERE / name
    shutil.rmtree(dst, ignore_errors=True)
    kept = []
    for rel, data in sorted(after.items()):
        if before.get(rel) == data and rel not in extra:
            continue
        (dst / rel).parent.mkdir(parents=True, exist_ok=True)
        (dst / rel).write_bytes(data)
        kept.append(rel)
    return kept


def main() -> None:
    project_a = Path(sys.argv[1]).resolve()
    book = book_of(project_a)
    expected = {}
    with tempfile.TemporaryDirectory() as tmp:
        # 1. The tool description, re-recorded.
        p = Path(tmp) / "tool-description"
        shutil.copytree(project_a, p)
        suite = p / "evals/support/refund_agent.eval.yaml"
        suite.write_text(suite.read_text(encoding="utf-8").replace(
            "Retrieve order details by order ID.", "Retrieve order details by order id."), encoding="utf-8")
        before = files_of(project_a)
        b = json.loads(json.dumps(book))
        b["Compare my orders A-991 and B-100 please."]["turns"][1]["text"] = (
            "A-991 ($780.00) and B-100 ($20) were both delivered.")
        code = run(p, b, "auto", "pr-tool-description")
        expected["tool-description"] = {"exit_code": code, "files": keep("tool-description", before, files_of(p), [])}

        # 2. The same request, another answer.
        p = Path(tmp) / "same-request"
        shutil.copytree(project_a, p)
        b = json.loads(json.dumps(book))
        b["Where is my order Z-000?"]["turns"][1]["text"] = (
            "Sorry, I could not find order Z-000. Could you check the number on your receipt?")
        code = run(p, b, "record", "pr-same-request", filter_text="unknown_order_apologises")
        expected["same-request"] = {"exit_code": code, "files": keep("same-request", before, files_of(p), [])}

        # 3. A case added, another removed.
        p = Path(tmp) / "case-added"
        shutil.copytree(project_a, p)
        suite = p / "evals/support/refund_agent.eval.yaml"
        text = suite.read_text(encoding="utf-8")
        start = text.index("  - name: unknown_order_apologises")
        end = text.index("  - name: parallel_lookups")
        text = text[:start] + text[end:] + (
            "  - name: gold_customer_refund\n"
            "    input: \"I am a gold customer: refund order B-100.\"\n"
            "    expect:\n"
            "      - calls_tool: lookup_order\n"
            "      - final_contains: refund\n")
        suite.write_text(text, encoding="utf-8")
        b = json.loads(json.dumps(book))
        b["I am a gold customer: refund order B-100."] = {"n0": 1, "turns": [
            {"text": None, "calls": [{"name": "lookup_order", "arguments": {"order_id": "B-100"}}]},
            {"text": "Order B-100 qualifies: I have asked for a refund.", "calls": []},
        ]}
        code = run(p, b, "auto", "pr-case-added")
        expected["case-added"] = {"exit_code": code, "files": keep("case-added", before, files_of(p), [])}
    (HERE / "expected.json").write_text(json.dumps(expected, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
