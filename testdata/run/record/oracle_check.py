"""Compare one recording made by dryfire-tui with what the real dryfire did.

    python3 oracle_check.py FIXTURE WORK FAIL_FIRST TUI_EXIT DRYFIRE_EXIT

FIXTURE is a record fixture (../../golden/record/<name>). WORK holds what oracle.sh made:
project/ (recorded by dryfire-tui), requests.jsonl (the fake provider's log), tui-run.json
(dryfire-tui's run document of the recording), tui-replay.json (of its replay of the
recording), dryfire-run.json and counts.json (the real dryfire's replay of the recording: its
run document and its cassette lookups). Prints one
JSON object: the figures, and the verdicts dryfire's replay gave, case by case; and a line
saying the same on stderr.
"""

import hashlib
import json
import pathlib
import re
import sys

LATENCY = re.compile(r'"latency_ms": \d+')
RECORDED_AT = re.compile(r'"recorded_at": "[^"]*"')
PINNED_AT = '"recorded_at": "2026-08-01T12:00:00Z"'


def normalised(text: str) -> str:
    """A cassette with its two varying fields at the fixtures' pinned values."""
    return LATENCY.sub('"latency_ms": 0', RECORDED_AT.sub(PINNED_AT, text))


def tree(root: pathlib.Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): normalised(p.read_text(encoding="utf-8"))
            for p in sorted(root.rglob("*")) if p.is_file()}


def digest(files: dict[str, str]) -> str:
    h = hashlib.sha256()
    for rel in sorted(files):
        h.update(rel.encode() + b"\0" + files[rel].encode() + b"\0")
    return h.hexdigest()


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def requests(work: pathlib.Path, fixture: pathlib.Path) -> tuple[bool, int, int]:
    """Whether the answered requests are dryfire's (path and body as JSON, as many times
    each), and how many requests were answered and injected as failures."""
    sent, injected = [], 0
    for line in (work / "requests.jsonl").read_text(encoding="utf-8").splitlines():
        rec = json.loads(line)
        if rec.get("injected"):
            injected += 1
            continue
        sent.append(rec["path"] + " " + canonical(rec["body"]))
    want = [json.loads(line) for line in
            (fixture / "expected-requests.jsonl").read_text(encoding="utf-8").splitlines()]
    want = [r["path"] + " " + canonical(r["body"]) for r in want]
    return sorted(sent) == sorted(want), len(sent), injected


def verdicts(run: dict, messages: bool = True) -> list[dict]:
    """Each case's verdict: passed, error, termination, pass rate, every assertion's
    kind, verdict and message (unless not messages), every judge's score and verdict."""
    out = []
    for suite in run["suites"]:
        for case in suite["cases"]:
            trace = case.get("trace") or {}
            v = {
                "suite": case["suite_name"], "case": case["case_name"], "passed": case["passed"],
                "error": case["error"], "termination": trace.get("termination"),
                "assertions": [[a["kind"], a["passed"]] + ([a.get("message")] if messages else [])
                               for a in case["assertions"]],
                "judges": [[k, j.get("score"), j.get("passed"), j.get("error")]
                           for k, j in sorted((trace.get("judge_verdicts") or {}).items())],
            }
            if "pass_rate" in case:
                v["pass_rate"] = case["pass_rate"]
            out.append(v)
    return out


def untimed(value):
    """A run document without what truly varies between two runs of the same tree:
    times, measured latencies, and whether a cassette served a turn."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items()
                if k not in ("generated_at", "duration_ms", "latency_ms", "cache_hit")}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def main() -> None:
    fixture, work = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    fail_first, tui_exit, dryfire_exit = (int(a) for a in sys.argv[3:6])
    info = json.loads((fixture / "fixture.json").read_text(encoding="utf-8"))
    expected = json.loads((fixture / "expected.json").read_text(encoding="utf-8"))
    written = tree(work / "project" / info["cassette_dir"])
    same_requests, answered, injected = requests(work, fixture)
    counts = json.loads((work / "counts.json").read_text(encoding="utf-8"))
    tui_run = json.loads((work / "tui-run.json").read_text(encoding="utf-8"))
    tui_replay = json.loads((work / "tui-replay.json").read_text(encoding="utf-8"))
    df_run = json.loads((work / "dryfire-run.json").read_text(encoding="utf-8"))
    result = {
        "fixture": info["name"],
        "fail_first": fail_first,
        "record": {
            "exit_code": tui_exit,
            "dryfire_record_exit_code": expected["record_exit_code"],
            "cassettes": len(written),
            "tree_sha256": digest(written),
            "tree_equals_dryfires": written == tree(fixture / "expected-cassettes"),
            "requests_answered": answered,
            "requests_injected": injected,
            "requests_equal_dryfires": same_requests,
        },
        "dryfire_replay": {
            "exit_code": dryfire_exit,
            "lookups": counts["lookups"],
            "hits": counts["hits"],
            "missed": counts["missed"],
            # A recording run reports tool arguments in the provider's key order, a replay
            # in the cassette's (sorted), in dryfire as in dryfire-tui: the messages that
            # quote arguments differ between the two, never a verdict.
            "verdicts_equal_recording_run": verdicts(df_run, False) == verdicts(tui_run, False),
            "run_document_equals_dryfire_tui_replay": untimed(df_run) == untimed(tui_replay),
        },
        "verdicts": verdicts(df_run),
    }
    print(json.dumps(result, ensure_ascii=False, indent=1))
    r, p = result["record"], result["dryfire_replay"]
    print(f"{info['name']} fail-first {fail_first}: dryfire-tui exit {tui_exit}, {r['cassettes']} cassettes, "
          f"tree as dryfire's {r['tree_equals_dryfires']}, requests as dryfire's {r['requests_equal_dryfires']} "
          f"({answered} answered, {injected} failed on purpose); dryfire replay exit {dryfire_exit}, "
          f"{p['hits']}/{p['lookups']} lookups hit, verdicts as the recording run's "
          f"{p['verdicts_equal_recording_run']}, run document as "
          f"dryfire-tui's replay of it equal {p['run_document_equals_dryfire_tui_replay']}", file=sys.stderr)


if __name__ == "__main__":
    main()
